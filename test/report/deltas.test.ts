/** The deltas charts keep at most MAX_DELTAS rows, but never let one variant's large deltas crowd another out. */
import { describe, expect, it } from 'vitest';
import { largest, MAX_DELTAS, MIN_DELTAS_PER_SERIES } from '../../src/report/charts/deltas.js';
import type { Row } from '../../src/report/data.js';

const row = (variant: string, k: number, delta: number): Row => ({ variant, matchup_a: `m${k}`, delta: String(delta) });
const byVariant = (r: Row): string => r['variant']!;

describe('largest (Variant deltas chart rows)', () => {
  it('a variant with uniformly small deltas keeps its MIN_DELTAS_PER_SERIES largest next to one with 100 large ones', () => {
    const big = Array.from({ length: 100 }, (_, k) => row('big', k, 0.5 + k / 1000));
    const small = Array.from({ length: 20 }, (_, k) => row('small', k, 0.001 + k / 100000));
    const kept = largest([...big, ...small], byVariant);
    expect(kept).toHaveLength(MAX_DELTAS);
    const smallKept = kept.filter((r) => r['variant'] === 'small');
    expect(smallKept).toHaveLength(MIN_DELTAS_PER_SERIES);
    // ... its largest ones (k = 19 down to 15), and the rest of the cap goes to the largest big deltas
    expect(smallKept.map((r) => r['matchup_a'])).toEqual(['m15', 'm16', 'm17', 'm18', 'm19']);
    const bigKept = kept.filter((r) => r['variant'] === 'big').map((r) => Number(r['delta']));
    expect(Math.min(...bigKept)).toBeCloseTo(0.5 + (100 - (MAX_DELTAS - MIN_DELTAS_PER_SERIES)) / 1000, 12);
  });

  it('sizes are |delta|, rows stay in compare.csv order, and under the cap everything is kept', () => {
    const rows = [row('a', 0, -0.3), row('b', 1, 0.1), row('a', 2, 0.2)];
    expect(largest(rows, byVariant)).toEqual(rows);
    const many = Array.from({ length: 70 }, (_, k) => row('a', k, k % 2 === 0 ? -k : k));
    const kept = largest(many, byVariant);
    expect(kept.map((r) => r['matchup_a'])).toEqual(many.slice(10).map((r) => r['matchup_a']));
  });

  it('with more series than the cap allows, each series gets its largest before any gets a second', () => {
    const rows = Array.from({ length: 40 }, (_, v) => [row(`v${v}`, 0, 10 + v), row(`v${v}`, 1, 1)]).flat();
    const kept = largest(rows, byVariant);
    expect(new Set(kept.map((r) => r['variant'])).size).toBe(40);
    expect(kept.filter((r) => r['matchup_a'] === 'm0')).toHaveLength(40);
  });
});
