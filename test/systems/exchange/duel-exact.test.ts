/**
 * Exact exchange duels (balance exact, issue #15): the walker's probabilities against the per-die
 * simulator (every tally entry: winner, end, rounds, VIT left of each side, within 4 SE on 24
 * random duels), every histogram sums to 1, mirror duels with a random opener at exactly 1/2, the
 * limits, and the refusal at distance > 1.
 */
import { describe, expect, it } from 'vitest';
import { expectRateNear } from '../../helpers/se.js';
import { randomExchangeDuel, WEAPONS } from '../../helpers/exchange-random.js';
import type { ExchangeLoadout } from '../../../src/systems/exchange/compile.js';
import { parsePolicy, type ExchangeDuelSpec } from '../../../src/systems/exchange/duel/engine.js';
import { exactExchangeDuel, ExactLimitError } from '../../../src/systems/exchange/duel/exact.js';
import { exchangeDuelDice } from '../../../src/systems/exchange/duel/kernel.js';
import { exchangeDuelLayout } from '../../../src/systems/exchange/duel/layout.js';
import { DEFAULT_EXCHANGE_KNOBS } from '../../../src/systems/exchange/rules.js';
import type { ExchangeFightSpec } from '../../../src/systems/exchange/fight/spec.js';

function simulate(spec: ExchangeDuelSpec, n: number, seed: number): Float64Array {
  const p = exchangeDuelDice.prepare(spec);
  const tally = new Float64Array(exchangeDuelDice.tallySize(spec));
  exchangeDuelDice.run(p, Int32Array.from([seed, 7, 11, 13]), n, tally);
  return tally;
}

const sum = (t: Float64Array, from: number, to: number): number => t.slice(from, to).reduce((x, y) => x + y, 0);

const duelist = (name: string, weapon: number, soak: number): ExchangeLoadout => ({
  name, soak, weapon: WEAPONS[weapon]!,
  character: { vitality: 6, magicDice: 1, strength: 2, agility: 3, cognition: 0, resilience: 2, melee: 2, ranged: 1, acrobatics: 1, athletics: 0, baseMovement: 10 },
});

const mirror = (l: ExchangeLoadout, policy: string, maxRounds = 10): ExchangeDuelSpec => ({
  a: { loadout: l, policy: parsePolicy(policy), conditions: [] },
  b: { loadout: l, policy: parsePolicy(policy), conditions: [] },
  knobs: DEFAULT_EXCHANGE_KNOBS, maxRounds,
});

describe('exact exchange duels', () => {
  it('agree with the per-die simulator on every tally entry of 24 random duels (winner, end, rounds, VIT left; 4 SE)', () => {
    const n = 3000;
    for (let k = 0; k < 24; k++) {
      const spec = randomExchangeDuel(1000 + k);
      const exact = exactExchangeDuel(spec).tally;
      const sim = simulate(spec, n, 100 + k);
      expect(sum(sim, 0, 3)).toBe(n);
      exact.forEach((p, i) => expectRateNear(sim[i]! / n, p, n, `duel ${k} entry ${i}`));
    }
  });

  it('every histogram of the exact tally sums to 1 (winner, end, rounds, VIT left of a and b)', () => {
    for (let k = 0; k < 8; k++) {
      const spec = randomExchangeDuel(2000 + k);
      const t = exactExchangeDuel(spec).tally;
      const L = exchangeDuelLayout(spec.maxRounds);
      for (const [from, to] of [[L.winner, L.end], [L.end, L.rounds], [L.rounds, L.aVit], [L.aVit, L.bVit], [L.bVit, L.size]] as const) {
        expect(sum(t, from, to)).toBeCloseTo(1, 12);
      }
    }
  });

  it('a mirror duel with a random opener is exactly 1/2 for each side (weapons, armour, policies)', () => {
    const cases = [[0, 1, 'all-in'], [1, 0, 'reserve-1'], [2, 2, 'guard-first'], [3, 1, 'reserve-2+keep-magic'], [5, 0, 'all-in']] as const;
    for (const [w, soak, policy] of cases) {
      const t = exactExchangeDuel(mirror(duelist('m', w, soak), policy)).tally;
      expect(Math.abs(t[0]! - t[1]!), `weapon ${w} ${policy}`).toBeLessThan(1e-12);
      expect(t[0]!).toBeGreaterThan(0.05);
    }
  });

  it('the opener knob is followed: opening changes a mirror duel (all-in openers spend the dice they would answer with), the same for a and b', () => {
    const l = duelist('m', 0, 1);
    const ta = exactExchangeDuel({ ...mirror(l, 'all-in'), knobs: { ...DEFAULT_EXCHANGE_KNOBS, opener: 'a' } }).tally;
    const tb = exactExchangeDuel({ ...mirror(l, 'all-in'), knobs: { ...DEFAULT_EXCHANGE_KNOBS, opener: 'b' } }).tally;
    expect(Math.abs(ta[0]! - ta[1]!)).toBeGreaterThan(0.02);
    expect(Math.abs(ta[0]! - tb[1]!)).toBeLessThan(1e-12);
  });

  it('a duel over a limit throws ExactLimitError naming the limit', () => {
    const spec = mirror(duelist('m', 0, 1), 'all-in');
    expect(() => exactExchangeDuel(spec, { states: 50, paths: 1e9 })).toThrow(ExactLimitError);
    expect(() => exactExchangeDuel(spec, { states: 50, paths: 1e9 })).toThrow(/more than 50 states \(limit MAX_EXACT_STATES\)/);
    expect(() => exactExchangeDuel(spec, { states: 1e9, paths: 100 })).toThrow(/more than 100 dice paths \(limit MAX_EXACT_PATHS\)/);
  });

  it('a duel at distance > 1 (played by the fight engine) is refused in one line naming duel.distance', () => {
    const spec = { ...mirror(duelist('m', 0, 1), 'all-in'), fight: {} as ExchangeFightSpec };
    expect(() => exactExchangeDuel(spec)).toThrow(/exact exchange duels need duel.distance 1/);
  });
});
