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

/** Files of src/ and the src/ files each imports at run time (`import type` lines left out: they vanish when compiled). */
function runtimeGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files(SRC)) {
    const text = readFileSync(file, 'utf8');
    const deps: string[] = [];
    for (const m of text.matchAll(/^(?:import|export)(?!\s+type\b)[^'"]*?from\s*'(\.[^']+)'/gm)) {
      deps.push(resolve(dirname(file), m[1]!).replace(/\.js$/, '.ts'));
    }
    graph.set(file, deps);
  }
  return graph;
}

/** One import circle per strongly connected part of the graph with more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        on.delete(w);
        part.push(relative(SRC, w));
        if (w === v) break;
      }
      if (part.length > 1) out.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('layout', () => {
  it('has no import circles in src/', () => {
    expect(circles(runtimeGraph())).toEqual([]);
  });

  it('finds a circle when there is one (the check can fail)', () => {
    const a = join(SRC, 'a.ts');
    const b = join(SRC, 'b.ts');
    expect(circles(new Map([[a, [b]], [b, [a]], [join(SRC, 'c.ts'), [a]]]))).toEqual([['a.ts', 'b.ts']]);
  });

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
