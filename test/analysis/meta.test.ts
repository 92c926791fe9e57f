/** The meta analysis on payoff matrices whose answer is known (exact payoffs) or whose noise is known. */
import { describe, expect, it } from 'vitest';
import { analyseMeta, dominates, findCycles } from '../../src/analysis/meta.js';
import { exploitability } from '../../src/analysis/lp.js';
import { payoffMatrix, type PairCounts } from '../../src/analysis/payoff.js';

/** Exact outcome probabilities from "i beats j with probability p" tables (no draws). */
function exactFrom(names: string[], winP: number[][]) {
  const counts = (i: number, j: number): PairCounts => ({ aWins: winP[i]![j]!, bWins: 1 - winP[i]![j]!, draws: 0 });
  return payoffMatrix(names, counts, true);
}

const TRIANGLE = ['sword', 'axe', 'spear', 'peasant'];
// sword beats axe, axe beats spear, spear beats sword, each 70:30 in either order; the peasant loses 90:10 to all.
const WIN = [
  [0.5, 0.7, 0.3, 0.9],
  [0.3, 0.5, 0.7, 0.9],
  [0.7, 0.3, 0.5, 0.9],
  [0.1, 0.1, 0.1, 0.5],
];

describe('payoff matrix', () => {
  it('is P(win) + 1/2 P(draw) - 1/2 over both orders, antisymmetric', () => {
    // x as a: 0.5 / 0.3 / 0.2; y as a: 0.4 / 0.4 / 0.2 -> x scores (0.5 + 0.1 + 0.4 + 0.1) / 2 = 0.55.
    const c: PairCounts[][] = [[{ aWins: 0, bWins: 0, draws: 0 }, { aWins: 0.5, bWins: 0.3, draws: 0.2 }], [{ aWins: 0.4, bWins: 0.4, draws: 0.2 }, { aWins: 0, bWins: 0, draws: 0 }]];
    const p = payoffMatrix(['x', 'y'], (i, j) => c[i]![j]!, true);
    expect(p.m[0]![1]).toBeCloseTo(0.05, 15);
    expect(p.m[1]![0]).toBe(-p.m[0]![1]!);
    expect(p.se[0]![1]).toBe(0);
  });

  it('gives simulated entries the standard error of the mean score', () => {
    // 100 fights each order; x wins 60 as a and 40 as b: score 0.5; within each order the variance is 0.24.
    const c = [[null, { aWins: 60, bWins: 40, draws: 0 }], [{ aWins: 60, bWins: 40, draws: 0 }, null]];
    const p = payoffMatrix(['x', 'y'], (i, j) => c[i]![j]!, false);
    expect(p.m[0]![1]).toBeCloseTo(0, 15);
    expect(p.se[0]![1]).toBeCloseTo(Math.sqrt(100 * 0.24 + 100 * 0.24) / 200, 15);
    expect(p.trials[0]![1]).toBe(200);
    expect(p.record[0]![1]).toEqual({ wins: 100, losses: 100, draws: 0 });
  });
});

describe('meta analysis, exact payoffs', () => {
  it('the triangle shares exactly a third each; the loadout that loses to all gets 0 and dominated_by', async () => {
    const r = await analyseMeta(exactFrom(TRIANGLE, WIN), { resamples: 50, seed: 1, key: 'base' });
    const [sword, axe, spear, peasant] = r.loadouts;
    for (const l of [sword!, axe!, spear!]) {
      expect(l.share).toBeCloseTo(1 / 3, 12);
      expect(l.shareLow).toBe(l.share);
      expect(l.pInSupport).toBe(1);
      expect(l.dominatedBy).toBe('');
    }
    expect(peasant!.share).toBe(0);
    expect(peasant!.pInSupport).toBe(0);
    expect(['sword', 'axe', 'spear']).toContain(peasant!.dominatedBy);
    expect(r.exploitability).toBeLessThanOrEqual(1e-9);
    expect(exploitability(r.payoff.m, r.loadouts.map((l) => l.share))).toBeLessThanOrEqual(1e-9);
    expect(r.resamples).toBe(0);
    expect(r.cycles).toEqual([['sword', 'axe', 'spear']]);
    expect(sword!.bestCounter).toBe('spear');
    expect(axe!.bestCounter).toBe('sword');
    expect(sword!.vsField).toBeCloseTo((0.7 + 0.3 + 0.9) / 3, 12);
    expect(peasant!.sentence).toMatch(/never in the equilibrium; \w+ does better against every loadout/);
    expect(sword!.sentence).toMatch(/^sword: 33% of the equilibrium; beats axe, peasant; countered by spear\.$/);
  });

  it('dominance is strict: an identical copy is not dominated, and dominance needs every column', () => {
    const m = [[0, 0, 0.2], [0, 0, 0.2], [-0.2, -0.2, 0]];
    expect(dominates(m, 0, 1, 1e-12)).toBe(false);
    expect(dominates(m, 0, 2, 1e-12)).toBe(true);
    const n = [[0, 0.1, -0.1], [-0.1, 0, 0.3], [0.1, -0.3, 0]];
    expect(dominates(n, 0, 1, 1e-12)).toBe(false); // 1 does better against 2
  });

  it('says "loses to everything X beats" for a loadout that is not dominated but covered', async () => {
    // a > b > c > a (a cycle); d beats a but loses to b, the only loadout a beats (and to c).
    const names = ['a', 'b', 'c', 'd'];
    const win = [
      [0.5, 0.8, 0.3, 0.4],
      [0.2, 0.5, 0.8, 0.8],
      [0.7, 0.2, 0.5, 0.8],
      [0.6, 0.2, 0.2, 0.5],
    ];
    const r = await analyseMeta(exactFrom(names, win), { resamples: 0, seed: 1, key: 'x' });
    const d = r.loadouts[3]!;
    expect(d.share).toBe(0);
    expect(d.dominatedBy).toBe('');
    expect(r.exploitability).toBeLessThanOrEqual(1e-9);
    expect(d.sentence).toBe('d: never in the equilibrium; loses to everything a beats, and a does that job.');
  });

  it('finds no cycle in a transitive roster', () => {
    const r = exactFrom(['x', 'y', 'z'], [[0.5, 0.6, 0.7], [0.4, 0.5, 0.6], [0.3, 0.4, 0.5]]);
    expect(findCycles(r)).toEqual([]);
  });
});

describe('meta analysis, simulated payoffs', () => {
  const counts = (n: number) => (i: number, j: number): PairCounts => {
    const w = Math.round(WIN[i]![j]! * n);
    return { aWins: w, bWins: n - w, draws: 0 };
  };

  it('resampled intervals are deterministic for a seed and cover the point', async () => {
    const p = payoffMatrix(TRIANGLE, counts(2000), false);
    const one = await analyseMeta(p, { resamples: 100, seed: 9, key: 'base' });
    const two = await analyseMeta(p, { resamples: 100, seed: 9, key: 'base' });
    const other = await analyseMeta(p, { resamples: 100, seed: 10, key: 'base' });
    expect(two).toEqual(one);
    expect(other.loadouts[0]!.shareLow).not.toBe(one.loadouts[0]!.shareLow);
    for (const l of one.loadouts.slice(0, 3)) {
      expect(l.shareLow).toBeLessThan(1 / 3);
      expect(l.shareHigh).toBeGreaterThan(1 / 3);
      expect(l.pInSupport).toBe(1);
    }
    expect(one.loadouts[3]!.share).toBe(0);
    expect(one.loadouts[3]!.dominatedBy).not.toBe('');
  });

  it('claims dominance only with 95% confidence: a near-tie is not dominance', async () => {
    // y is worse than x against z by a hair, far inside the noise of 200 fights.
    const win = [[0.5, 0.5, 0.6], [0.5, 0.5, 0.595], [0.4, 0.405, 0.5]];
    const p = payoffMatrix(['x', 'y', 'z'], (i, j) => ({ aWins: Math.round(win[i]![j]! * 200), bWins: 200 - Math.round(win[i]![j]! * 200), draws: 0 }), false);
    const r = await analyseMeta(p, { resamples: 200, seed: 2, key: 'v' });
    expect(r.loadouts[1]!.dominatedBy).toBe('');
  });
});
