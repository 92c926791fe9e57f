/**
 * Exact duels (balance exact): the walker's probabilities against the per-die simulator (every
 * tally entry within 4 SE on 24 random duels), sums to 1, mirror duels at exactly 1/2, and the
 * state limit.
 */
import { describe, expect, it } from 'vitest';
import { expectRateNear } from '../../../helpers/se.js';
import { duelSpec } from '../../../helpers/duel.js';
import { randomSpec } from '../../../helpers/duel-random.js';
import { keen, loadout, stout, sword, battleAxe, weapon } from '../../../helpers/skirmish.js';
import { exactDuel, ExactLimitError } from '../../../../src/systems/skirmish/duel/exact.js';
import { skirmishDuelDice } from '../../../../src/systems/skirmish/duel/kernel.js';
import { DUEL_POLICY } from '../../../../src/systems/skirmish/duel/policies.js';
import { AGGRESSIVE, KITE, SHOOTER, type DuelSpec } from '../../../../src/systems/skirmish/duel/setup.js';

function simulate(spec: DuelSpec, n: number, seed: number): Float64Array {
  const p = skirmishDuelDice.prepare(spec);
  const tally = new Float64Array(skirmishDuelDice.tallySize(spec));
  skirmishDuelDice.run(p, Int32Array.from([seed, 7, 11, 13]), n, tally);
  return tally;
}

const sum = (t: Float64Array, from: number, to: number): number => t.slice(from, to).reduce((x, y) => x + y, 0);

describe('exact skirmish duels', () => {
  it('agree with the per-die simulator on every tally entry of 24 random duels (4 SE)', () => {
    const n = 4000;
    for (let k = 0; k < 24; k++) {
      const spec = randomSpec(1000 + k);
      const exact = exactDuel(spec).tally;
      const sim = simulate(spec, n, 100 + k);
      expect(sum(sim, 0, 3)).toBe(n);
      exact.forEach((p, i) => expectRateNear(sim[i]! / n, p, n, `duel ${k} entry ${i}`));
    }
  });

  it('every histogram of the exact tally sums to 1 (winner, rounds, end states, Wounds left)', () => {
    for (let k = 0; k < 6; k++) {
      const spec = randomSpec(2000 + k);
      const t = exactDuel(spec).tally;
      const R = spec.settings.maxRounds;
      const rounds = 3;
      const aState = rounds + R + 1;
      const bState = aState + 4;
      for (const [from, to] of [[0, 3], [rounds, aState], [aState, bState], [bState, bState + 4], [bState + 4, bState + 25], [bState + 25, t.length]] as const) {
        expect(sum(t, from, to)).toBeCloseTo(1, 12);
      }
    }
  });

  it('a mirror duel with a fair roll-off is exactly 1/2 for each side', () => {
    const archer = loadout(keen, [weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4', range: [3, 24] }), sword]);
    for (const [l, policy] of [[loadout(stout, battleAxe), AGGRESSIVE], [loadout(keen, sword), AGGRESSIVE], [archer, SHOOTER], [archer, KITE]] as const) {
      const t = exactDuel(duelSpec(l, l, { policies: [policy, policy], settings: { maxRounds: 8 } })).tally;
      expect(t[0]).toBeCloseTo(t[1]!, 13);
      expect(t[0]! + t[2]! / 2).toBeCloseTo(0.5, 13);
    }
  });

  it('initiative a: the walker follows the knob (a mirror duel then favours a)', () => {
    const l = loadout(keen, sword);
    const t = exactDuel(duelSpec(l, l, { knobs: { initiative: 'a' }, settings: { distance: 0 } })).tally;
    expect(t[0]! - t[1]!).toBeGreaterThan(0.05);
  });

  it('a duel over the state limit throws ExactLimitError naming the limit', () => {
    const spec = duelSpec(loadout(keen, sword), loadout(stout, battleAxe));
    expect(() => exactDuel(spec, DUEL_POLICY, { states: 50, paths: 1e9 })).toThrow(ExactLimitError);
    expect(() => exactDuel(spec, DUEL_POLICY, { states: 50, paths: 1e9 })).toThrow(/more than 50 states \(limit MAX_EXACT_STATES\)/);
    expect(() => exactDuel(spec, DUEL_POLICY, { states: 1e9, paths: 100 })).toThrow(/MAX_EXACT_PATHS/);
    // A state counts once whatever its round: the (round, state) pairs carried have their own limit.
    expect(exactDuel(spec).states).toBeLessThan(1000);
    expect(() => exactDuel(spec, DUEL_POLICY, { states: 1000, paths: 1e9, pairs: 1000 })).toThrow(/more than 1000 \(round, state\) pairs \(limit MAX_EXACT_PAIRS\)/);
  });
});
