/**
 * Writing a run's files all or nothing: every file goes to a temporary name first and is renamed
 * into place only when all were written, so a failed run leaves no partial CSV behind.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inputError } from '../config/problems.js';

/** Creates the output directory and proves it writable, before any work is done. */
export function ensureWritableDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.balance-probe-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw inputError(`--out ${dir}`, `output directory is not writable (${e.code ?? e.message})`);
  }
}

export function writeAllOrNothing(dir: string, files: Readonly<Record<string, string>>): string[] {
  const temps: string[] = [];
  try {
    for (const [name, content] of Object.entries(files)) {
      const tmp = join(dir, `.${name}.tmp-${process.pid}`);
      temps.push(tmp);
      writeFileSync(tmp, content);
    }
  } catch (err) {
    for (const t of temps) rmSync(t, { force: true });
    throw err;
  }
  return Object.keys(files).map((name, i) => {
    const target = join(dir, name);
    renameSync(temps[i]!, target);
    return target;
  });
}
