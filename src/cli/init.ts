/**
 * `balance init [--system S] [--mode M] FILE`: writes a commented starting study (valid and
 * runnable, each section explained) from templates/, never overwriting a file. The study starts
 * with a yaml-language-server line pointing at the package's JSON Schema, so editors complete it.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { inputError } from '../config/problems.js';
import { balanceCommand } from './command-name.js';
import { packageRoot } from './package-root.js';
import type { RunIo } from './run.js';

export const SCHEMA_FILE = 'schemas/study.schema.json';

/** Templates by `system-mode`. */
export function templates(): string[] {
  return readdirSync(join(packageRoot(), 'templates'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.slice(0, -'.yaml'.length))
    .sort();
}

export function initCommand(opts: { file: string; system: string; mode: string | undefined }, io: RunIo): void {
  const available = templates();
  const systems = [...new Set(available.map((t) => t.split('-')[0]!))];
  if (!systems.includes(opts.system)) throw inputError('--system', `expected one of ${systems.join(', ')}, received ${JSON.stringify(opts.system)}`);
  const modes = available.filter((t) => t.startsWith(`${opts.system}-`)).map((t) => t.slice(opts.system.length + 1));
  const mode = opts.mode ?? modes[0]!;
  if (!modes.includes(mode)) throw inputError('--mode', `${opts.system} has modes ${modes.join(', ')}, received ${JSON.stringify(mode)}`);
  const target = resolve(opts.file);
  if (existsSync(target)) throw inputError('FILE', `${opts.file} already exists; balance init never overwrites a file (choose another name)`);
  if (!existsSync(dirname(target))) throw inputError('FILE', `the folder ${dirname(opts.file)} does not exist`);
  const schema = relative(dirname(target), join(packageRoot(), SCHEMA_FILE)).split('\\').join('/');
  // The templates' comments say `npx balance`; outside a project that has the package, plain `balance`.
  const how = balanceCommand(process.cwd(), packageRoot(), process.env['PATH']);
  const body = readFileSync(join(packageRoot(), 'templates', `${opts.system}-${mode}.yaml`), 'utf8')
    .replaceAll('THIS_FILE', opts.file)
    .replaceAll('npx balance ', `${how.command} `);
  try {
    writeFileSync(target, `# yaml-language-server: $schema=${schema}\n${body}`, { flag: 'wx' });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw inputError('FILE', e.code === 'EEXIST' ? `${opts.file} already exists; balance init never overwrites a file` : `cannot write ${opts.file}: ${e.message}`);
  }
  io.stdout.write(`wrote ${opts.file} (${opts.system} ${mode}): edit it, then run  ${how.command} run ${opts.file}\n(${how.why})\n`);
}
