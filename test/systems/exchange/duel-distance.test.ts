/**
 * `duel: { distance: N }` (issue #14): default 1 is today's duel engine; farther apart the duel is
 * planned as a 1-v-1 exchange fight (same engine, same random stream as `mode: fight`).
 */
import { describe, expect, it } from 'vitest';
import { parseStudy } from '../../../src/config/load.js';
import { validate } from '../../../src/config/validate.js';
import { deriveStream } from '../../../src/dice/rng.js';
import { exchangeDuelDice } from '../../../src/systems/exchange/duel/kernel.js';
import { FIELD_DEPTH } from '../../../src/systems/exchange/duel/distance.js';
import { exchangeDuel } from '../../../src/systems/exchange/duel/mode.js';
import type { ExchangeDuelSpec } from '../../../src/systems/exchange/duel/engine.js';
import { exchangeFightDice } from '../../../src/systems/exchange/fight/kernel.js';
import type { ExchangeDuelStudy } from '../../../src/systems/exchange/schema.js';
import type { Kernel } from '../../../src/systems/types.js';
import { rateSe, SE_MULTIPLE } from '../../helpers/se.js';
import { PARTS } from './fight/helpers.js';

const N = 20_000;

function plan(duelBlock: string, a = 'sword', b = 'sword', policies = 'policyA: reserve-1, policyB: reserve-1', trials = N) {
  const yaml = `${PARTS.replace('mode: fight', 'mode: duel')}${duelBlock}\nmatchups: [{ a: ${a}, b: ${b}, ${policies} }]\n`;
  const study = validate(parseStudy('duel.yaml', yaml), exchangeDuel.schema) as ExchangeDuelStudy;
  return exchangeDuel.plan(study, trials)[0]!;
}

function tally<S>(kernel: Kernel<S, unknown>, spec: S, seed: number, n = N): Float64Array {
  const t = new Float64Array(kernel.tallySize(spec));
  kernel.run(kernel.prepare(spec), Int32Array.from(deriveStream(seed)), n, t);
  return t;
}
const duelTally = (spec: ExchangeDuelSpec, seed: number, n = N) => tally(exchangeDuelDice as Kernel<ExchangeDuelSpec, unknown>, spec, seed, n);

describe('duel.distance', () => {
  it('default 1 (or 1 given) is today\'s duel: no fight planned, the same random stream', () => {
    const today = plan('duel: { maxRounds: 30 }');
    const one = plan('duel: { maxRounds: 30, distance: 1 }');
    expect(today.spec.fight).toBeUndefined();
    expect(one.spec.fight).toBeUndefined();
    expect(one.streamKey).toBe(today.streamKey);
    expect(Array.from(duelTally(one.spec, 5, 500))).toEqual(Array.from(duelTally(today.spec, 5, 500)));
  });

  it('distance 4 plans a 1-v-1 fight: the two characters 4 Spaces apart on an open field, the duel\'s policies, conditions, opener and maxRounds', () => {
    const t = plan('duel: { maxRounds: 12, opener: b, distance: 4 }', 'spear', 'bow', 'policyA: guard-first, policyB: all-in+keep-magic, conditionsB: [slowed]');
    const f = t.spec.fight!;
    expect(f.fighters.map((c) => [c.name, c.policyName, c.conditions.join()])).toEqual([['spear', 'guard-first', ''], ['bow', 'all-in+keep-magic', 'slowed']]);
    expect([f.fighters[1]!.x - f.fighters[0]!.x, f.fighters[0]!.x, f.width - 1 - f.fighters[1]!.x, f.fighters[0]!.y, f.height - 1 - f.fighters[0]!.y])
      .toEqual([4, FIELD_DEPTH, FIELD_DEPTH, FIELD_DEPTH, FIELD_DEPTH]);
    expect([f.openerSide, f.maxRounds, f.cells.every((c) => c === 0)]).toEqual([1, 12, true]);
    expect(t.streamKey).not.toBe(plan('duel: { maxRounds: 12, opener: b }', 'spear', 'bow', 'policyA: guard-first, policyB: all-in+keep-magic, conditionsB: [slowed]').streamKey);
  });

  it('a distance duel is played by the fight engine: the same winners, ends and rounds as the fight kernel on that fight', () => {
    const t = plan('duel: { distance: 3 }', 'spear', 'sword');
    const d = duelTally(t.spec, 9, 2000);
    const f = tally(exchangeFightDice as Kernel<unknown, unknown>, t.spec.fight, 9, 2000);
    // winner (3), end (3), rounds: the first slots of both layouts
    expect(Array.from(d.slice(0, 6 + 31))).toEqual(Array.from(f.slice(0, 6 + 31)));
  });

  it('a bow against a sword fares better from 8 Spaces than engaged at distance 1 (4 SE)', () => {
    const near = duelTally(plan('duel: { maxRounds: 30, opener: a }', 'bow', 'sword').spec, 21);
    const far = duelTally(plan('duel: { maxRounds: 30, opener: a, distance: 8 }', 'bow', 'sword').spec, 21);
    const [p, q] = [far[0]! / N, near[0]! / N];
    expect(p - q).toBeGreaterThan(SE_MULTIPLE * Math.sqrt(rateSe(p, N) ** 2 + rateSe(q, N) ** 2));
  });

  it('distance beyond the field is an input error', () => {
    expect(() => plan('duel: { distance: 500 }')).toThrow(/distance/);
  });
});
