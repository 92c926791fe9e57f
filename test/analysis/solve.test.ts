/** The bracketing search on metrics whose crossing is known. */
import { describe, expect, it } from 'vitest';
import { bracketSearch, monotoneViolations, scanBracket, type Point } from '../../src/analysis/solve.js';

const exactPoint = (f: (i: number) => number) => async (i: number): Promise<Point> => ({ index: i, value: i, estimate: f(i), low: f(i), high: f(i), trials: null });
const opts = { target: 0.5, tolerance: 0.01, trials: 100, maxTrials: 1600 };

describe('bracketSearch (exact metrics)', () => {
  it('finds the same bracket as a scan of every value, increasing or decreasing, in few evaluations', async () => {
    for (const [n, f] of [[16, (i: number) => i / 20], [40, (i: number) => 1 - (i * i) / 900], [7, (i: number) => 0.1 * i + 0.05]] as const) {
      let calls = 0;
      const evaluate = exactPoint(f);
      const r = await bracketSearch(n, (i) => (calls++, evaluate(i)), opts);
      const all = await Promise.all(Array.from({ length: n }, (_, i) => evaluate(i)));
      const scan = scanBracket(all, 0.5)!;
      expect(r.bracket!.map((p) => p.index)).toEqual(scan);
      expect(r.monotone).toBe(true);
      expect(calls).toBeLessThanOrEqual(2 + Math.ceil(Math.log2(n)));
      expect(r.sensitivityPerStep).toBeCloseTo(f(scan[1]) - f(scan[0]), 12);
    }
  });

  it('reports a hit within the tolerance, and the closest value', async () => {
    const r = await bracketSearch(11, exactPoint((i) => i / 10 + 0.005), opts);
    expect(r.hit).toBe(true);
    expect(r.best.index).toBe(5);
    expect(r.bracket!.map((p) => p.index)).toEqual([4, 5]);
  });

  it('says when the target is out of range', async () => {
    const r = await bracketSearch(5, exactPoint((i) => 0.6 + i / 100), opts);
    expect(r.bracket).toBeNull();
    expect(r.hit).toBe(false);
    expect(r.best.index).toBe(0);
    expect(r.warnings[0]).toMatch(/not crossed/);
  });

  it('warns when the metric is not monotone over the values tried', async () => {
    // Tried: 0 and 4, then 2 (0.8: above), then 1 (0.9): 0.9 -> 0.8 goes against the rise.
    const f = (i: number): number => [0, 0.9, 0.8, 0.3, 1][i]!;
    const r = await bracketSearch(5, exactPoint(f), opts);
    expect(r.monotone).toBe(false);
    expect(r.warnings.some((w) => /not monotone/.test(w))).toBe(true);
  });
});

describe('bracketSearch (simulated metrics)', () => {
  // A rate whose interval half-width is 1/sqrt(trials): at 100 trials 0.1, at 1600 0.025.
  const noisy = (truth: (i: number) => number) => {
    const calls: [number, number][] = [];
    const evaluate = async (i: number, trials: number): Promise<Point> => {
      calls.push([i, trials]);
      const h = 1 / Math.sqrt(trials);
      return { index: i, value: i, estimate: truth(i), low: truth(i) - h, high: truth(i) + h, trials };
    };
    return { calls, evaluate };
  };

  it('adds trials near the crossing until the intervals separate from the target', async () => {
    const { calls, evaluate } = noisy((i) => 0.3 + 0.04 * i);
    const r = await bracketSearch(11, evaluate, opts);
    expect(r.bracket!.map((p) => p.index)).toEqual([4, 5]); // 0.46 and 0.50 (at or above)
    // 0.46 needs a half-width below 0.03 to clear 0.49, the band's edge (1/sqrt(t) < 0.03: 1600 trials,
    // doubling from 100); 0.50 can never be told apart from the target.
    expect(r.bracket![0].trials).toBe(1600);
    expect(r.bracket![1].trials).toBe(1600);
    expect(r.confirmed).toBe(false);
    // Only the end whose interval holds the target is named.
    expect(r.warnings.filter((w) => /contains? the target/.test(w))).toEqual(['at 1600 trials the interval of 5 still contains the target: raise --max-trials to tell which side it is on']);
    expect(calls.filter(([i]) => i === 0)).toEqual([[0, 100]]); // far from the target: no refinement
  });

  it('adds trials while an interval straddles an edge of the tolerance band, so within-tolerance is decided by the interval', async () => {
    // 0.515 is within 0.02 of 0.5; at 100..400 trials its interval reaches over 0.52.
    const { calls, evaluate } = noisy((i) => [0.3, 0.475, 0.515, 0.7][i]!);
    const r = await bracketSearch(4, evaluate, { ...opts, tolerance: 0.02, maxTrials: 102400 });
    expect(r.bracket!.map((p) => p.index)).toEqual([1, 2]);
    // 1/sqrt(t) < 0.005 (0.52 - 0.515) takes 51200 trials; 0.475 clears 0.48 at the same 51200.
    expect(calls.filter(([i]) => i === 2).map(([, t]) => t)).toEqual([100, 200, 400, 800, 1600, 3200, 6400, 12800, 25600, 51200]);
    expect(r.best.index).toBe(2);
    expect([r.hit, r.undecided]).toEqual([true, []]);
    expect(r.warnings).toEqual([]);
  });

  it('says when the trial ceiling leaves within-tolerance undecided, and names only the undecided candidates', async () => {
    const { evaluate } = noisy((i) => [0.3, 0.47, 0.515, 0.7][i]!);
    const r = await bracketSearch(4, evaluate, { ...opts, tolerance: 0.02, maxTrials: 1600 });
    expect(r.undecided.map((p) => p.value)).toEqual([1, 2]);
    expect(r.warnings).toEqual([
      'at 1600 trials the interval of 2 still contains the target: raise --max-trials to tell which side it is on',
      'at 1600 trials the interval of 1 (0.4450-0.4950) still straddles 0.5 ± 0.02: whether it is within tolerance is undecided; raise --max-trials',
      'at 1600 trials the interval of 2 (0.4900-0.5400) still straddles 0.5 ± 0.02: whether it is within tolerance is undecided; raise --max-trials',
    ]);
    const { recommend } = await import('../../src/cli/solve.js');
    expect(recommend('x', 'a_win_rate', 0.5, 0.02, r)).toMatch(/^The nearest value is 2 \(0\.5150, 95% CI 0\.4900-0\.5400\), but its interval straddles 0\.5 ± 0\.02: whether it is within tolerance is undecided/);
  });

  it('confirms a bracket whose ends are clear of the target', async () => {
    const { evaluate } = noisy((i) => 0.25 + 0.1 * i);
    const r = await bracketSearch(6, evaluate, opts);
    expect(r.bracket!.map((p) => p.value)).toEqual([2, 3]);
    expect(r.confirmed).toBe(true);
  });

  it('counts a step as non-monotone only when the intervals say so', () => {
    const p = (i: number, e: number, h: number): Point => ({ index: i, value: i, estimate: e, low: e - h, high: e + h, trials: 100 });
    expect(monotoneViolations([p(0, 0.1, 0.05), p(1, 0.3, 0.05), p(2, 0.28, 0.05), p(3, 0.6, 0.05)])).toEqual([]);
    expect(monotoneViolations([p(0, 0.1, 0.01), p(1, 0.3, 0.01), p(2, 0.2, 0.01), p(3, 0.6, 0.01)])).toHaveLength(1);
  });
});

describe('setRosterField (the roster form\'s paths)', () => {
  it('gives the loadout its own copy of a shared fighter, leaving the others alone', async () => {
    const { setRosterField } = await import('../../src/analysis/solve-study.js');
    const data: Record<string, unknown> = {
      fighters: { vet: { wounds: 3, might: 3 } },
      loadouts: { sword: { fighter: 'vet', weapon: 'sword' }, axe: { fighter: 'vet', weapon: 'axe' } },
    };
    expect(setRosterField(data, ['loadouts', '*', 'fighter', 'wounds'], 'sword', 5)).toBe(true);
    expect(data['fighters']).toEqual({ vet: { wounds: 3, might: 3 }, 'vet@sword': { wounds: 5, might: 3 } });
    expect(data['loadouts']).toEqual({ sword: { fighter: 'vet@sword', weapon: 'sword' }, axe: { fighter: 'vet', weapon: 'axe' } });
    // A second change of the same loadout reuses its copy.
    setRosterField(data, ['loadouts', '*', 'fighter', 'wounds'], 'sword', 4);
    expect(Object.keys(data['fighters'] as object)).toEqual(['vet', 'vet@sword']);
    expect(setRosterField(data, ['loadouts', '*', 'helmet', 'wounds'], 'axe', 1)).toBe(false);
  });
});
