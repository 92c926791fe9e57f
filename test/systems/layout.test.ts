/**
 * The layout's arrows: the rules systems (and the games, dice and common code under them) import
 * nothing from the layers that use them, so a system can be read, tested and bundled on its own.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const LOWER = ['systems', 'games', 'dice', 'stats', 'common'];
const UPPER = ['config', 'batch', 'report', 'cli', 'serve', 'queue', 'analysis', 'plan', 'api.ts'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Every relative import of `file`, as the top folder of src/ it lands in. */
function importedLayers(file: string): { spec: string; layer: string }[] {
  const text = readFileSync(file, 'utf8');
  const out: { spec: string; layer: string }[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
    const target = relative(SRC, resolve(dirname(file), m[1]!));
    out.push({ spec: m[1]!, layer: target.split(/[\\/]/)[0]! });
  }
  return out;
}

describe('layout', () => {
  it('finds the imports it checks (the scan is not empty)', () => {
    const all = LOWER.flatMap((l) => files(join(SRC, l))).flatMap(importedLayers);
    expect(all.some((i) => i.layer === 'dice')).toBe(true);
  });

  for (const lower of LOWER) {
    it(`${lower}/ imports nothing from the layers above it`, () => {
      const upward = files(join(SRC, lower)).flatMap((f) =>
        importedLayers(f).filter((i) => UPPER.includes(i.layer)).map((i) => `${relative(SRC, f)} -> ${i.spec}`));
      expect(upward).toEqual([]);
    });
  }
});
