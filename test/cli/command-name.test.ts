/**
 * The rule behind the commands `balance init` prints (src/cli/command-name.ts): `npx balance` in
 * the clone or in a project that installs the package, plain `balance` anywhere else. In process.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { balanceCommand, balanceOnPath, projectFolder } from '../../src/cli/command-name.js';
import { packageRoot } from '../../src/cli/package-root.js';
import { balanceIn } from '../helpers/inprocess.js';
import { ROOT, tempDir } from '../helpers/cli.js';

describe('balanceCommand', () => {
  it('is npx balance inside the clone, from any of its folders', () => {
    for (const dir of [ROOT, join(ROOT, 'configs'), join(ROOT, 'src/cli')]) {
      const c = balanceCommand(dir, ROOT, '');
      expect(c.command).toBe('npx balance');
      expect(c.why).toContain('inside the tabletop-balance clone');
    }
  });

  it('is npx balance inside a project that installs the package, balance in one that does not', () => {
    const project = tempDir();
    writeFileSync(join(project, 'package.json'), '{}\n');
    mkdirSync(join(project, 'studies'));
    expect(projectFolder(join(project, 'studies'))).toBe(project);
    expect(balanceCommand(join(project, 'studies'), ROOT, '').command).toBe('balance');
    mkdirSync(join(project, 'node_modules/.bin'), { recursive: true });
    writeFileSync(join(project, 'node_modules/.bin/balance'), '');
    expect(balanceCommand(join(project, 'studies'), ROOT, '')).toEqual({ command: 'npx balance', why: `npx balance: this folder is inside ${project}, a project that installs tabletop-balance` });
  });

  it('is balance outside any project, and says whether it is on the PATH', () => {
    const home = tempDir();
    expect(projectFolder(home)).toBeNull();
    const bin = tempDir();
    expect(balanceOnPath(bin)).toBe(false);
    const missing = balanceCommand(home, ROOT, bin);
    expect(missing.command).toBe('balance');
    expect(missing.why).toMatch(/^balance: this folder is in no npm project, where npx balance would look for another package; balance is not on your PATH yet: npm install -g \. \(or npm link\) in the tabletop-balance clone puts it there$/);
    writeFileSync(join(bin, 'balance'), '');
    expect(balanceOnPath(`/nowhere${delimiter}${bin}`)).toBe(true);
    expect(balanceCommand(home, ROOT, bin).why).toContain('balance is the command npm install -g puts on your PATH');
  });
});

describe('balance init', () => {
  it('prints and writes commands for the folder it runs in (here the clone: npx balance)', async () => {
    const file = join(tempDir(), 'mine.yaml');
    expect(packageRoot()).toBe(ROOT);
    const r = await balanceIn(['init', file, '--system', 'skirmish', '--mode', 'duel']);
    expect(r.code, r.stderr).toBe(0);
    // The test runs with the clone as its folder.
    expect(r.stdout).toBe(`wrote ${file} (skirmish duel): edit it, then run  npx balance run ${file}\n(${balanceCommand(process.cwd(), ROOT, process.env['PATH']).why})\n`);
    expect(readFileSync(file, 'utf8')).toContain(`npx balance run ${file}`);
  });
});
