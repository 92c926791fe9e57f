/**
 * How to type `balance` in the folder the user is in, for the commands `balance init` prints.
 *
 * The rule: npm's project folder for a folder is the nearest one at or above it that holds a
 * package.json or a node_modules folder. When that project is the tabletop-balance package itself
 * (the clone) or has it installed (node_modules/.bin/balance), `npx balance` runs this package's
 * bin there. Anywhere else `npx balance` would look for a package named "balance" on the registry,
 * so the command is plain `balance`, the one `npm install -g` (or `npm link`) puts on the PATH.
 */
import { existsSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';

export interface BalanceCommand {
  /** `npx balance` or `balance`. */
  readonly command: string;
  /** One sentence saying why, for the user. */
  readonly why: string;
}

/** The nearest folder at or above `dir` with a package.json or a node_modules folder (npm's local prefix), or null. */
export function projectFolder(dir: string): string | null {
  let d = resolve(dir);
  for (;;) {
    if (existsSync(join(d, 'package.json')) || existsSync(join(d, 'node_modules'))) return d;
    const up = dirname(d);
    if (up === d) return null;
    d = up;
  }
}

const real = (p: string): string => {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
};

/** Whether an executable named `balance` is in one of PATH's folders. */
export function balanceOnPath(path: string | undefined, platform: NodeJS.Platform = process.platform): boolean {
  const names = platform === 'win32' ? ['balance.cmd', 'balance.ps1', 'balance'] : ['balance'];
  return (path ?? '').split(delimiter).some((d) => d !== '' && names.some((n) => existsSync(join(d, n))));
}

/** The command for `cwd`, given this package's root and the PATH. */
export function balanceCommand(cwd: string, root: string, path: string | undefined): BalanceCommand {
  const project = projectFolder(cwd);
  if (project !== null && real(project) === real(root)) {
    return { command: 'npx balance', why: `npx balance: this folder is inside the tabletop-balance clone (${project}); from any other folder, type balance once npm install -g (or npm link) has put it on your PATH` };
  }
  if (project !== null && existsSync(join(project, 'node_modules', '.bin', 'balance'))) {
    return { command: 'npx balance', why: `npx balance: this folder is inside ${project}, a project that installs tabletop-balance` };
  }
  const where = project === null ? 'this folder is in no npm project' : `this folder's npm project (${project}) does not install tabletop-balance`;
  const onPath = balanceOnPath(path)
    ? 'the command npm install -g puts on your PATH'
    : 'not on your PATH yet: npm install -g . (or npm link) in the tabletop-balance clone puts it there';
  return { command: 'balance', why: `balance: ${where}, where npx balance would look for another package; balance is ${onPath}` };
}
