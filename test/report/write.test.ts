/** writeOutputSet through claimOutput: all or nothing, a whole-directory swap or file by file. */
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimOutput } from '../../src/report/write.js';
import { tempDir } from '../helpers/cli.js';

function claimed(out: string, files: Record<string, string>): string[] {
  const c = claimOutput(out, 'test');
  try {
    return c.write(files);
  } finally {
    c.release();
  }
}

describe('claimOutput + write', () => {
  it('swaps a directory holding only the set in one rename (a new directory), and file by file otherwise', () => {
    const parent = tempDir();
    const out = join(parent, 'out');
    claimed(out, { 'summary.csv': 'a', 'compare.csv': 'old' });
    const before = statSync(out).ino;
    claimed(out, { 'summary.csv': 'b' });
    expect(statSync(out).ino).not.toBe(before);
    expect(readdirSync(out)).toEqual(['summary.csv']);
    writeFileSync(join(out, 'keep.txt'), 'mine');
    const kept = statSync(out).ino;
    claimed(out, { 'summary.csv': 'c', 'run.json': '{}' });
    expect(statSync(out).ino).toBe(kept);
    expect(readdirSync(out).sort()).toEqual(['keep.txt', 'run.json', 'summary.csv']);
    expect(readFileSync(join(out, 'summary.csv'), 'utf8')).toBe('c');
    expect(readdirSync(parent)).toEqual(['out']);
  });

  it('a write that fails part way leaves the previous set exactly as it was, and no temporaries', () => {
    for (const foreign of [false, true]) {
      const parent = tempDir();
      const out = join(parent, 'out');
      claimed(out, { 'summary.csv': 'old', 'compare.csv': 'old' });
      if (foreign) writeFileSync(join(out, 'keep.txt'), 'mine');
      // A name the temporary directory cannot hold fails after summary.csv was written.
      expect(() => claimed(out, { 'summary.csv': 'new', 'missing-dir/x.csv': 'y' })).toThrow(/ENOENT/);
      expect(readdirSync(out).sort()).toEqual(['compare.csv', ...(foreign ? ['keep.txt'] : []), 'summary.csv']);
      expect(readFileSync(join(out, 'summary.csv'), 'utf8')).toBe('old');
      expect(readdirSync(parent)).toEqual(['out']);
    }
  });

  it('writes through a symbolic link to a directory (the link stays), and refuses a dangling one before any work (exit 2)', () => {
    const parent = tempDir();
    mkdirSync(join(parent, 'real'));
    symlinkSync('real', join(parent, 'link'));
    claimed(join(parent, 'link'), { 'summary.csv': 'a' });
    claimed(join(parent, 'link'), { 'summary.csv': 'b' });
    expect(lstatSync(join(parent, 'link')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(parent, 'real', 'summary.csv'), 'utf8')).toBe('b');
    symlinkSync('nowhere', join(parent, 'dangling'));
    expect(() => claimOutput(join(parent, 'dangling'), 'test')).toThrow(/--out .*dangling: is a symbolic link to something missing/);
    expect(readdirSync(parent).sort()).toEqual(['dangling', 'link', 'real']);
  });

  it('never renames the working directory (or a directory holding it) away: --out . swaps file by file', () => {
    const dir = realpathSync(tempDir());
    claimed(dir, { 'summary.csv': 'a' });
    const before = statSync(dir).ino;
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      claimed('.', { 'summary.csv': 'b' });
      claimed('..', { 'summary.csv': 'c' });
    } finally {
      process.chdir(cwd);
    }
    expect(statSync(dir).ino).toBe(before);
    expect(readFileSync(join(dir, 'summary.csv'), 'utf8')).toBe('b');
  });

  it('a new output directory gets the umask mode (not mkdtemp 0700), a replaced one keeps its mode', () => {
    const parent = tempDir();
    const mask = process.umask();
    claimed(join(parent, 'fresh'), { 'summary.csv': 'a' });
    expect(statSync(join(parent, 'fresh')).mode & 0o777).toBe(0o777 & ~mask);
    chmodSync(join(parent, 'fresh'), 0o750);
    claimed(join(parent, 'fresh'), { 'summary.csv': 'b' });
    expect(statSync(join(parent, 'fresh')).mode & 0o777).toBe(0o750);
  });

  it('a file system error while writing the set is an --out problem (exit 2), the old set left as it was', () => {
    const parent = tempDir();
    const out = join(parent, 'out');
    claimed(out, { 'summary.csv': 'old' });
    expect(() => claimed(out, { 'summary.csv': 'new', [`${'x'.repeat(300)}.csv`]: 'y' })).toThrow(
      expect.objectContaining({ name: 'ConfigError', message: expect.stringMatching(/could not write the output set \(ENAMETOOLONG/) }),
    );
    expect(readFileSync(join(out, 'summary.csv'), 'utf8')).toBe('old');
    expect(readdirSync(parent)).toEqual(['out']);
  });

  it('a run of one command removes the files another command left (fighters.csv, meta.csv, matrix.csv, solve.csv)', () => {
    const out = join(tempDir(), 'out');
    claimed(out, { 'meta.csv': 'm', 'matrix.csv': 'x', 'fighters.csv': 'f', 'solve.csv': 's', 'run.json': '{}' });
    claimed(out, { 'summary.csv': 'a', 'run.json': '{}' });
    expect(readdirSync(out).sort()).toEqual(['run.json', 'summary.csv']);
  });
});
