/** compare.csv statistics: tests, corrections, and the variance reduction of common random numbers. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/batch/engine.js';
import { parseStudy } from '../../src/config/load.js';
import { validate } from '../../src/config/validate.js';
import { COMPARE_HEADER, compareHeader, compareRows, differenceTest, erfc, EXACT_DELTA_TOLERANCE, holm, twoSidedP } from '../../src/stats/compare.js';
import { wilson } from '../../src/stats/wilson.js';
import { skirmishAttack } from '../../src/systems/skirmish/attack/mode.js';
import type { AttackStudy } from '../../src/systems/skirmish/schema.js';
import type { TaskRows } from '../../src/systems/types.js';

describe('test statistics', () => {
  it('erfc and two-sided p-values (reference values from tables)', () => {
    expect(erfc(1)).toBeCloseTo(0.157299207, 6);
    expect(erfc(0)).toBeCloseTo(1, 6);
    expect(twoSidedP(1.959964)).toBeCloseTo(0.05, 5);
    expect(twoSidedP(3.290527)).toBeCloseTo(0.001, 6);
  });

  it('Welch z for means and the two-proportion z for rates', () => {
    const w = differenceTest({ metric: 'm', kind: 'mean', n: 100, mean: 1, sd: 2 }, { metric: 'm', kind: 'mean', n: 400, mean: 1.5, sd: 1 });
    expect(w.se).toBeCloseTo(Math.sqrt(4 / 100 + 1 / 400), 12);
    expect(w.z).toBeCloseTo(0.5 / Math.sqrt(4 / 100 + 1 / 400), 12);
    const r = differenceTest({ metric: 'r', kind: 'rate', n: 1000, successes: 500 }, { metric: 'r', kind: 'rate', n: 1000, successes: 550 });
    const pooled = 0.525;
    expect(r.z).toBeCloseTo(0.05 / Math.sqrt(pooled * (1 - pooled) * (2 / 1000)), 12);
  });

  it("Holm's step-down adjustment", () => {
    expect(holm([0.01, 0.04, 0.03, 0.005])).toEqual([0.03, 0.06, 0.06, 0.02]);
  });

  it('Wilson interval (reference: 45/100 -> [0.3560, 0.5476])', () => {
    const ci = wilson(45, 100);
    expect(ci.low).toBeCloseTo(0.356, 3);
    expect(ci.high).toBeCloseTo(0.5476, 3);
  });

  it('pairs each variant row with the baseline row of the same matchup', () => {
    const row = (variant: string, a: string, mean: number): TaskRows => ({
      summary: [], distribution: [], headline: [], matchup: { variant, a, b: 'x', situation: '' },
      stat: { metric: 'mean_wounds', kind: 'mean', n: 1e6, mean, sd: 1 },
    });
    const out = compareRows([row('base', 'p', 1), row('base', 'q', 2), row('v', 'q', 2.5), row('v', 'p', 1)], false);
    expect(out.map((r) => [r[0], r[1], r[2], r[7], r[11]])).toEqual([['v', 'base', 'q', 0.5, 'true'], ['v', 'base', 'p', 0, 'false']]);
  });
});

describe('exact runs', () => {
  const row = (variant: string, a: string, mean: number): TaskRows => ({
    summary: [], distribution: [], headline: [], matchup: { variant, a, b: 'x', situation: '' },
    stat: { metric: 'a_win_rate', kind: 'mean', n: 1, mean, sd: 0 },
  });

  it('a |delta| below EXACT_DELTA_TOLERANCE is exactly 0, with no test', () => {
    expect(EXACT_DELTA_TOLERANCE).toBe(1e-9);
    const out = compareRows([row('base', 'p', 0.24023632548746554), row('v', 'p', 0.24023632562971206)], true);
    expect(out.map((r) => [r[7], r[8], r[9], r[10], r[11], r[13]])).toEqual([[0, 0, 0, '', '', '']]);
  });

  it('a delta at or above the tolerance is kept, with its sign; an exact difference is never tested (p-values and significant empty)', () => {
    const out = compareRows([row('base', 'p', 0.5), row('v', 'p', 0.5 - 2e-9), row('base', 'q', 0.5), row('v', 'q', 0.5 + 1e-6)], true);
    expect(out.map((r) => [r[7], r[8], r[9], r[10], r[11], r[13]])).toEqual([
      [(0.5 - 2e-9) - 0.5, (0.5 - 2e-9) - 0.5, (0.5 - 2e-9) - 0.5, '', '', ''],
      [(0.5 + 1e-6) - 0.5, (0.5 + 1e-6) - 0.5, (0.5 + 1e-6) - 0.5, '', '', ''],
    ]);
  });

  it('simulated runs keep tiny deltas as they are (the tolerance is for exact runs only)', () => {
    const out = compareRows([row('base', 'p', 0.5), row('v', 'p', 0.5 + 1e-10)], false);
    expect(out[0]![7]).not.toBe(0);
  });
});

describe('common random numbers', () => {
  it('the same dice under two variants give a delta with far less variance than independent streams', async () => {
    const text = `system: skirmish
mode: attack
fighters:
  keen:  { cc: 3, rc: 3, might: 3, skill: 4, defense: 4, wounds: 3 }
  stout: { cc: 3, rc: 3, might: 4, skill: 3, defense: 4, wounds: 3 }
weapons:
  sword: { type: melee, class: sword, might: "+1", skill: "+1" }
  axe:   { type: melee, class: axe, might: "+2" }
loadouts:
  keen-sword: { fighter: keen, weapon: sword }
  stout-axe:  { fighter: stout, weapon: axe, armor: medium }
matchups: [{ attacker: keen-sword, defender: stout-axe }]
variants: { base: {}, defender-ties: { tieGoesTo: defender } }
`;
    const study = validate(parseStudy('crn.yaml', text), skirmishAttack.schema) as AttackStudy;
    const [base, variant] = skirmishAttack.plan(study, 2000);
    const deltas = async (independent: boolean): Promise<number[]> => {
      const out: number[] = [];
      for (let seed = 1; seed <= 60; seed++) {
        const tasks = [base!, independent ? { ...variant!, streamKey: variant!.streamKey + 1 } : variant!];
        const [tb, tv] = await simulate(skirmishAttack, tasks, { seed, engine: 'dice', workers: 0 });
        const mean = (t: Float64Array): number => t.reduce((s, c, code) => s + (code >> 2) * c, 0) / 2000;
        out.push(mean(tv!) - mean(tb!));
      }
      return out;
    };
    const variance = (xs: number[]): number => {
      const m = xs.reduce((a, b) => a + b, 0) / xs.length;
      return xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1);
    };
    const crn = variance(await deltas(false));
    const indep = variance(await deltas(true));
    expect(crn * 5).toBeLessThan(indep);
  });
});

describe('what compare.csv tells apart', () => {
  const duel = (variant: string, a: string, policyA: string, wins: number, deaths?: number): TaskRows => ({
    summary: [], distribution: [], headline: [],
    matchup: { variant, a, b: 'brute', situation: `${policyA} vs aggressive`, fields: [['policy_a', policyA], ['policy_b', 'aggressive']], against: JSON.stringify(['brute', 'aggressive']) },
    stat: { metric: 'a_win_rate', kind: 'rate', n: 10000, successes: wins },
    ...(deaths === undefined ? {} : { extraStats: [{ metric: 'death_rate_hero', kind: 'rate' as const, n: 10000, successes: deaths }] }),
  });

  it('a pair under two policies gives two rows, each with its policy columns', () => {
    const rows = [duel('base', 'duelist', 'aggressive', 5000), duel('base', 'duelist', 'kite', 3000), duel('v', 'duelist', 'aggressive', 5200), duel('v', 'duelist', 'kite', 3000)];
    expect(compareHeader(rows).slice(COMPARE_HEADER.length)).toEqual(['compared', 'policy_a', 'policy_b']);
    const out = compareRows(rows, false);
    expect(out).toHaveLength(2);
    expect(out.map((r) => [r[2], r[7], r[14], r[15]])).toEqual([['duelist', 5200 / 10000 - 0.5, 'variants', 'aggressive'], ['duelist', 0, 'variants', 'kite']]);
  });

  it('every extra number (a hero death rate) is its own row, in the same Holm family', () => {
    const out = compareRows([duel('base', 'heroes', 'p', 5000, 1000), duel('v', 'heroes', 'p', 5000, 1500)], false);
    expect(out.map((r) => r[4])).toEqual(['a_win_rate', 'death_rate_hero']);
    expect(out[1]![7]).toBeCloseTo(0.05, 12);
    expect(out[1]![11]).toBe('true');
    expect(out[0]![11]).toBe('false');
    // Holm over both rows: the smaller p doubled
    expect(out[1]![13]).toBeCloseTo(2 * (out[1]![10] as number), 15);
  });

  it('compare: loadouts pairs each side-a loadout with the baseline loadout against the same opponent, per variant', () => {
    const rows = [duel('base', 'sword', 'aggressive', 5000), duel('base', 'axe', 'aggressive', 5600), duel('base', 'bow', 'shooter', 4000), duel('v', 'sword', 'aggressive', 5000), duel('v', 'axe', 'aggressive', 5000)];
    const out = compareRows(rows, false, { loadouts: { baseline: 'sword' } }).filter((r) => r[14] === 'loadouts');
    expect(out.map((r) => [r[0], r[1], r[2], r[5], r[6]])).toEqual([
      ['base', 'sword', 'axe', 0.5, 0.56], ['base', 'sword', 'bow', 0.5, 0.4], ['v', 'sword', 'axe', 0.5, 0.5],
    ]);
    expect(out.map((r) => r[11])).toEqual(['true', 'true', 'false']);
  });
});
