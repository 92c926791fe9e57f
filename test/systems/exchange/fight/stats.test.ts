/**
 * Exchange fights statistically (fixed seeds, 4 SE): one character a side at distance 1 with Reach 1
 * weapons plays today's exchange duel; distance and reach change it as the seed says; mirrored sides
 * split evenly; swapping a and b mirrors the result.
 */
import { describe, expect, it } from 'vitest';
import { parseStudy } from '../../../../src/config/load.js';
import { validate } from '../../../../src/config/validate.js';
import { deriveStream } from '../../../../src/dice/rng.js';
import { exchangeDuelDice } from '../../../../src/systems/exchange/duel/kernel.js';
import { exchangeDuel } from '../../../../src/systems/exchange/duel/mode.js';
import { exchangeFightDice } from '../../../../src/systems/exchange/fight/kernel.js';
import { exchangeFight } from '../../../../src/systems/exchange/fight/mode.js';
import type { ExchangeFightStudy } from '../../../../src/systems/exchange/fight/schema.js';
import type { ExchangeFightSpec } from '../../../../src/systems/exchange/fight/spec.js';
import type { ExchangeDuelStudy } from '../../../../src/systems/exchange/schema.js';
import type { Kernel } from '../../../../src/systems/types.js';
import { expectRateNear, expectRatesAgree, SE_MULTIPLE, rateSe } from '../../../helpers/se.js';
import { PARTS, tasks } from './helpers.js';

const N = 20_000;

function tally<S>(kernel: Kernel<S, unknown>, spec: S, seed: number, n = N): Float64Array {
  const t = new Float64Array(kernel.tallySize(spec));
  kernel.run(kernel.prepare(spec), Int32Array.from(deriveStream(seed)), n, t);
  return t;
}

const fightTally = (spec: ExchangeFightSpec, seed: number, n = N) => tally(exchangeFightDice as Kernel<ExchangeFightSpec, unknown>, spec, seed, n);

function oneEach(a: string, b: string, fightBlock: string, pa = 'reserve-1', pb = 'reserve-1'): ExchangeFightSpec {
  return tasks(`sides:\n  a: [{ loadout: ${a}, policy: ${pa} }]\n  b: [{ loadout: ${b}, policy: ${pb} }]\n${fightBlock}\nmatchups: [{ a: a, b: b }]\n`)[0]!.spec;
}

describe('one character a side at distance 1 is today\'s exchange duel', () => {
  const pairs: [string, string, string, string][] = [['sword', 'sword', 'reserve-1', 'reserve-1'], ['sword', 'dagger', 'all-in', 'guard-first'], ['mira', 'rook', 'reserve-1', 'all-in']];
  for (const [a, b, pa, pb] of pairs) {
    it(`${a} (${pa}) vs ${b} (${pb}): a wins, b wins and broken Continuations agree within 4 SE`, () => {
      const duelYaml = `${PARTS.replace('mode: fight', 'mode: duel')}matchups: [{ a: ${a}, b: ${b}, policyA: ${pa}, policyB: ${pb} }]\n`;
      const duelStudy = validate(parseStudy('duel.yaml', duelYaml), exchangeDuel.schema) as ExchangeDuelStudy;
      const d = tally(exchangeDuelDice as Kernel<unknown, unknown>, exchangeDuel.plan(duelStudy, N)[0]!.spec, 11);
      const f = fightTally(oneEach(a, b, 'fight: { map: [12, 5], distance: 1, opener: random }', pa, pb), 12);
      expectRatesAgree(d[0]! / N, N, f[0]! / N, N, 'a wins');
      expectRatesAgree(d[1]! / N, N, f[1]! / N, N, 'b wins');
      expectRatesAgree(d[4]! / N, N, f[4]! / N, N, 'ends by a broken Continuation');
    });
  }
});

describe('distance, reach and movement change the fight', () => {
  it('a spear that opens from two Spaces wins more often than a spear that cannot move from one: the sword cannot Clash back from there', () => {
    // Base Movement 0: it cannot take the free step back from the sword (it would from one Space with a Walk)
    const rooted = validate(parseStudy('test.yaml', PARTS.replace('characters:\n', 'characters:\n  rooted: { vitality: 6, strength: 2, agility: 3, resilience: 2, melee: 2, ranged: 2, acrobatics: 1, athletics: 1, baseMovement: 0 }\n')
      .replace('loadouts:\n', 'loadouts:\n  rooted-spear: { character: rooted, weapon: spear, armour: leather }\n')
      + 'sides:\n  a: [{ loadout: rooted-spear, policy: reserve-1 }]\n  b: [{ loadout: sword, policy: reserve-1 }]\nfight: { map: [12, 5], distance: 1, opener: a }\nmatchups: [{ a: a, b: b }]\n'), exchangeFight.schema) as ExchangeFightStudy;
    const near = fightTally(exchangeFight.plan(rooted, N)[0]!.spec, 21);
    const far = fightTally(oneEach('spear', 'sword', 'fight: { map: [12, 5], distance: 2, opener: a }'), 22);
    const [p, q] = [near[0]! / N, far[0]! / N];
    expect(q - p).toBeGreaterThan(SE_MULTIPLE * Math.sqrt(rateSe(p, N) ** 2 + rateSe(q, N) ** 2));
  });

  it('a spear next to a sword steps back first (a free Walk, no Opportunity Attack): it wins as often as from two Spaces (4 SE)', () => {
    const near = fightTally(oneEach('spear', 'sword', 'fight: { map: [12, 5], distance: 1, opener: a }'), 21);
    const far = fightTally(oneEach('spear', 'sword', 'fight: { map: [12, 5], distance: 2, opener: a }'), 22);
    expectRatesAgree(near[0]! / N, N, far[0]! / N, N, 'spear wins from one Space and from two');
  });

  it('two swords: an opener that must Run in (1 AD) wins less often than at distance 1; from 30 Spaces both Walk until b must Sprint in (2 AD)', () => {
    const n = 10_000;
    const close = fightTally(oneEach('sword', 'sword', 'fight: { map: [40, 5], distance: 1, opener: a }'), 31, n);
    const run = fightTally(oneEach('sword', 'sword', 'fight: { map: [40, 5], distance: 8, opener: a }'), 32, n);
    const far = fightTally(oneEach('sword', 'sword', 'fight: { map: [40, 5], distance: 30, opener: a }'), 33, n);
    const [p, q] = [close[0]! / n, run[0]! / n];
    expect(p - q).toBeGreaterThan(SE_MULTIPLE * Math.sqrt(rateSe(p, n) ** 2 + rateSe(q, n) ** 2));
    // 30 -> 25 (a Walks) -> 20 (b Walks) -> 15 (a Walks) -> b Sprints 14 Spaces for 2 AD and strikes first
    const r = far[0]! / n;
    expect(r - q).toBeGreaterThan(SE_MULTIPLE * Math.sqrt(rateSe(r, n) ** 2 + rateSe(q, n) ** 2));
  });
});

describe('symmetry', () => {
  it('mirrored sides (two swords and a bow each, random opener) split evenly within 4 SE', () => {
    const spec = tasks(`sides:\n  x: [{ loadout: sword, policy: reserve-1, count: 2 }, { loadout: bow, policy: reserve-1 }]\nfight: { map: [20, 9], distance: 6 }\nmatchups: [{ a: x, b: x }]\n`)[0]!.spec;
    const t = fightTally(spec, 41, 10_000);
    expectRatesAgree(t[0]! / 10_000, 10_000, t[1]! / 10_000, 10_000, 'a vs b');
    const decided = t[0]! + t[1]!;
    expectRateNear(t[0]! / decided, 0.5, decided, 'a among decided fights');
  });

  it('swapping a and b mirrors the result', () => {
    const [ab, ba] = tasks(`sides:\n  s: [{ loadout: spear, policy: reserve-1 }, { loadout: sword, policy: reserve-1 }]\n  b: [{ loadout: bow, policy: reserve-1, count: 2 }]\nfight: { map: [20, 9], distance: 4 }\nmatchups: [{ a: s, b: b }, { a: b, b: s }]\n`);
    const x = fightTally(ab!.spec, 51, 10_000);
    const y = fightTally(ba!.spec, 52, 10_000);
    expectRatesAgree(x[0]! / 10_000, 10_000, y[1]! / 10_000, 10_000, 'a of (s, b) vs b of (b, s)');
  });
});
