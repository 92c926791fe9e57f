/**
 * Properties of solved duels over random profiles (fast-check, fixed seed; small duels so the
 * suite stays fast): best response and minimax bracket the named value, and a mirror duel with a
 * fair roll-off has optimal value exactly 1/2.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duelSpec } from '../../../helpers/duel.js';
import { randomSpec } from '../../../helpers/duel-random.js';
import { solveDuel } from '../../../../src/systems/skirmish/duel/solve.js';
import type { DuelSpec } from '../../../../src/systems/skirmish/duel/setup.js';
import type { Loadout } from '../../../../src/systems/skirmish/profile.js';
import { quickOr } from '../../../helpers/sample.js';

const EPS = 1e-12;

/** A random duel kept small: 1 Wound each, 2 rounds. */
function small(seed: number): DuelSpec {
  const r = randomSpec(seed, 2);
  const one = (l: Loadout): Loadout => ({ ...l, fighter: { ...l.fighter, wounds: 1 } });
  return { ...r, a: one(r.a), b: one(r.b) };
}
// The quick suite runs the first of the full suite's 4 cases (the same seed).
const RUNS = { seed: 15, numRuns: quickOr(1, 4) };

describe('solved duel properties (fast-check)', () => {
  it('value(BR a vs named b) >= value(named) >= value(named a vs BR b), and minimax lies between the best responses', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
      const spec = small(seed);
      const named = solveDuel(spec, ['named', 'named']).value;
      const brA = solveDuel(spec, ['solved', 'named']).value;
      const brB = solveDuel(spec, ['named', 'solved']).value;
      const opt = solveDuel(spec, ['solved', 'solved']).value;
      expect(brA).toBeGreaterThanOrEqual(named - EPS);
      expect(named).toBeGreaterThanOrEqual(brB - EPS);
      expect(opt).toBeGreaterThanOrEqual(brB - EPS);
      expect(opt).toBeLessThanOrEqual(brA + EPS);
    }), RUNS);
  });

  it('a mirror duel with a fair roll-off has optimal value exactly 1/2 (1e-12)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
      const r = small(seed);
      const spec = duelSpec(r.a, r.a, { policies: [r.policies[0], r.policies[0]], knobs: { ...r.knobs, initiative: 'roll-off' }, settings: r.settings });
      expect(Math.abs(solveDuel(spec, ['solved', 'solved']).value - 0.5)).toBeLessThanOrEqual(1e-12);
    }), RUNS);
  });
});
