/** writeOutputSet through claimOutput: all or nothing, a whole-directory swap or file by file. */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
});
