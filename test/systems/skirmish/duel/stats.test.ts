/** Whole duels, statistically: symmetry, mirroring, the two engines, and that every fight ends. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../helpers/cli.js';
import { expectRateNear, expectRatesAgree } from '../../../helpers/se.js';
import { simulate } from '../../../../src/batch/engine.js';
import { parseStudy } from '../../../../src/config/load.js';
import { validate } from '../../../../src/config/validate.js';
import { skirmishDuel } from '../../../../src/systems/skirmish/duel/mode.js';
import type { DuelSpec } from '../../../../src/systems/skirmish/duel/setup.js';
import type { DuelStudy } from '../../../../src/systems/skirmish/duel/schema.js';
import type { PlannedTask } from '../../../../src/systems/types.js';

/** The shared duel fixture with this test's matchups: mirrored pairs and each policy. */
const STUDY = readFileSync(join(ROOT, 'test/fixtures/keen-stout-duel.yaml'), 'utf8').replace('trials: 25000', 'trials: 20000').replace(/matchups:[\s\S]*?variants:/, `matchups:
  - { a: keen-sword, b: keen-sword }
  - { a: keen-sword, b: stout-axe-medium }
  - { a: stout-axe-medium, b: keen-sword }
  - { a: archer, b: stout-axe-medium, policyA: shooter, policyB: aggressive }
  - { a: stout-axe-medium, b: archer, policyA: aggressive, policyB: shooter }
  - { a: archer, b: stout-axe-medium, policyA: kite }
variants:`);

function tasks(text = STUDY): PlannedTask<DuelSpec>[] {
  const study = validate(parseStudy('duel.yaml', text), skirmishDuel.schema) as DuelStudy;
  expect(skirmishDuel.check(study)).toEqual([]);
  return skirmishDuel.plan(study, study.trials);
}

const rate = (t: Float64Array, i: number): number => t[i]! / (t[0]! + t[1]! + t[2]!);

describe('duels, statistically (fixed seeds)', async () => {
  const ts = tasks();
  const tallies = await simulate(skirmishDuel, ts, { seed: 11, engine: 'table', workers: 0 });
  const n = 20000;

  it('identical loadouts with roll-off initiative: a and b win equally often (within 4 SE)', () => {
    const row = skirmishDuel.rows(ts[0]!, tallies[0]!, false).summary;
    expect(row.slice(1, 3)).toEqual(['keen-sword', 'keen-sword']);
    const decided = (row[4] as number) + (row[5] as number);
    expectRateNear((row[4] as number) / decided, 0.5, decided, 'a wins among decided duels');
  });

  it('swapping a and b mirrors the win rates (within 4 SE) and the rounds', () => {
    for (const [i, j] of [[1, 2], [3, 4]] as const) {
      const p = rate(tallies[i]!, 0);
      const q = rate(tallies[j]!, 1);
      expectRatesAgree(p, n, q, n, 'mirrored wins');
      expectRatesAgree(rate(tallies[i]!, 2), n, rate(tallies[j]!, 2), n, 'mirrored draws');
    }
  });

  it('every duel is counted once: wins + draws = trials, rounds within 1..maxRounds', () => {
    tallies.forEach((t, k) => {
      const row = skirmishDuel.rows(ts[k]!, t, false).summary;
      expect((row[4] as number) + (row[5] as number) + (row[6] as number)).toBe(row[3]);
      expect(row[3]).toBe(n);
      expect(row[10] as number).toBeGreaterThanOrEqual(1);
      expect(row[10] as number).toBeLessThanOrEqual(20);
    });
  });

  it('the per-die engine (which rolls every rule) agrees with the table engine within 4 SE', async () => {
    const few = ts.slice(0, 6).map((t) => ({ ...t, trials: 10000 }));
    const dice = await simulate(skirmishDuel, few, { seed: 12, engine: 'dice', workers: 0 });
    few.forEach((_, k) => {
      const p = rate(tallies[k]!, 0);
      const q = rate(dice[k]!, 0);
      expectRatesAgree(p, n, q, 10000, `task ${k}`);
    });
  });

  it('a fight that cannot finish ends at maxRounds and is counted as a draw', async () => {
    const stuck = tasks(STUDY.replace('movement: 5', 'movement: 0').replace('movement: 4', 'movement: 0').replace('maxRounds: 20', 'maxRounds: 3'));
    const [t] = await simulate(skirmishDuel, [{ ...stuck[1]!, trials: 500 }], { seed: 1, engine: 'table', workers: 0 });
    expect(t![2]).toBe(500);
  });
});
