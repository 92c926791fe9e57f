/**
 * Solved exchange duels (issue #15, library): with both sides named the solver's value is the exact
 * walker's; the best-response and minimax inequalities hold on random duels (also with Prone and
 * its stand-up decisions in play); a mirror duel with a
 * random opener has optimal value exactly 1/2; a solving side's options are what the rules allow,
 * and the engine plays the option taken (scripted dice, a scripted chooser).
 */
import { describe, expect, it } from 'vitest';
import { scripted } from '../../../src/dice/dice.js';
import { proneExchangeDuel, randomExchangeDuel, WEAPONS } from '../../helpers/exchange-random.js';
import type { ExchangeLoadout } from '../../../src/systems/exchange/compile.js';
import { ExchangeDuel, parsePolicy, type ExchangeDuelSpec } from '../../../src/systems/exchange/duel/engine.js';
import { chooseAttackBoost, chooseResponse, RESPONSE_CODE, type DuelChooser } from '../../../src/systems/exchange/duel/choice.js';
import { exactExchangeDuel } from '../../../src/systems/exchange/duel/exact.js';
import { solveExchangeDuel } from '../../../src/systems/exchange/duel/solve.js';
import { CLASH, DEFAULT_EXCHANGE_KNOBS, FULL_GUARD, NO_RESPONSE } from '../../../src/systems/exchange/rules.js';

const EPS = 1e-12;
const MISS = 1;
const HIT = 4;

const duelist = (name: string, weapon: number, soak: number, melee = 1): ExchangeLoadout => ({
  name, soak, weapon: WEAPONS[weapon]!,
  character: { vitality: 4, magicDice: 1, strength: 2, agility: 3, cognition: 0, resilience: 2, melee, ranged: 1, acrobatics: 1, athletics: 0, baseMovement: 10 },
});

const spec = (a: ExchangeLoadout, b: ExchangeLoadout, policy = 'reserve-1', maxRounds = 2): ExchangeDuelSpec => ({
  a: { loadout: a, policy: parsePolicy(policy), conditions: [] },
  b: { loadout: b, policy: parsePolicy(policy), conditions: [] },
  knobs: DEFAULT_EXCHANGE_KNOBS, maxRounds,
});

/** A chooser that answers from a list and records each decision's width. */
class Scripted implements DuelChooser {
  readonly widths: number[] = [];
  constructor(readonly solving: readonly boolean[], private readonly picks: number[]) {}
  choose(_side: number, width: number): number {
    this.widths.push(width);
    return this.picks.shift()!;
  }
}

/**
 * Checks value(best-response a) >= value(named) >= value(best-response b) and the minimax between
 * the two best responses on `count` duels; returns how many duels solving strictly improved.
 */
function bracketsHold(count: number, duel: (k: number) => ExchangeDuelSpec): number {
  let strict = 0;
  for (let k = 0; k < count; k++) {
    const s = duel(k);
    const named = solveExchangeDuel(s, ['named', 'named']).value;
    const brA = solveExchangeDuel(s, ['solved', 'named']).value;
    const brB = solveExchangeDuel(s, ['named', 'solved']).value;
    const opt = solveExchangeDuel(s, ['solved', 'solved']).value;
    expect(brA, `duel ${k}`).toBeGreaterThanOrEqual(named - EPS);
    expect(named, `duel ${k}`).toBeGreaterThanOrEqual(brB - EPS);
    expect(opt, `duel ${k}`).toBeGreaterThanOrEqual(brB - EPS);
    expect(opt, `duel ${k}`).toBeLessThanOrEqual(brA + EPS);
    if (brA > named + 1e-6 || brB < named - 1e-6) strict++;
  }
  return strict;
}

describe('solved exchange duels', () => {
  it('both sides named: the solver scores P(a) + P(draw)/2 of the exact walker', () => {
    for (let k = 0; k < 6; k++) {
      const s = randomExchangeDuel(3000 + k, 4);
      const t = exactExchangeDuel(s).tally;
      expect(solveExchangeDuel(s, ['named', 'named']).value).toBeCloseTo(t[0]! + t[2]! / 2, 12);
    }
  });

  it('best response and minimax bracket the named value on 12 random duels', () => {
    const strict = bracketsHold(12, (k) => randomExchangeDuel(4000 + k, 2, true));
    // The named policies are not optimal everywhere: solving must find better play somewhere.
    expect(strict).toBeGreaterThan(6);
  });

  it('with Prone in play (stand-up decisions) the brackets hold on 10 random duels, and solving still finds better play', () => {
    const strict = bracketsHold(10, (k) => proneExchangeDuel(4100 + k, 2, true));
    expect(strict).toBeGreaterThan(5);
  });

  it('a mirror duel with a random opener has optimal value exactly 1/2', () => {
    for (const [w, soak] of [[0, 1], [2, 0], [3, 2], [4, 1]] as const) {
      const l = duelist('m', w, soak);
      expect(solveExchangeDuel(spec(l, l), ['solved', 'solved']).value, `weapon ${w}`).toBeCloseTo(0.5, 12);
    }
  });

  it('attack options: stop, or Boost 0 up to the most it can pay and its Skill Level; none when it cannot pay', () => {
    const d = new ExchangeDuel(spec(duelist('a', 0, 1, 2), duelist('b', 0, 1)), scripted());
    for (const c of d.chars) c.reset();
    const me = d.chars[0];
    const ch = new Scripted([true, false], [0, 3, 2]);
    expect(chooseAttackBoost(me, ch)).toBe(-1); // option 0: stop
    expect(chooseAttackBoost(me, ch)).toBe(2); // Boost 2 (Melee 2; 4 Ready AD pay 1 + 2)
    me.ready = 2;
    expect(chooseAttackBoost(me, ch)).toBe(1);
    expect(ch.widths).toEqual([4, 4, 3]);
    me.ready = 0;
    expect(chooseAttackBoost(me, ch)).toBe(-1);
    expect(ch.widths).toHaveLength(3);
  });

  it('response options: No Response, Full Guard or Clash with each Boost it can pay (Clash only when legal)', () => {
    const d = new ExchangeDuel(spec(duelist('a', 0, 1), duelist('b', 0, 1, 2)), scripted());
    for (const c of d.chars) c.reset();
    const def = d.chars[1]; // 4 Ready AD, Melee 2: guard Boost 0-2, clash Boost 0-2
    const ch = new Scripted([false, true], [0, 2, 6, 2]);
    expect(chooseResponse(def, ch, true, false, 0)).toBe(NO_RESPONSE * RESPONSE_CODE);
    expect(chooseResponse(def, ch, true, false, 0)).toBe(FULL_GUARD * RESPONSE_CODE + 1);
    expect(chooseResponse(def, ch, true, false, 0)).toBe(CLASH * RESPONSE_CODE + 2);
    expect(chooseResponse(def, ch, false, true, 0)).toBe(FULL_GUARD * RESPONSE_CODE + 1); // ranged attack: no Clash; Acrobatics 1
    expect(ch.widths).toEqual([7, 7, 7, 3]);
  });

  it('the engine plays a solving side\'s choices: no response paid, Wounds taking Ready AD before Ready MD', () => {
    const d = new ExchangeDuel(spec(duelist('a', 0, 0), duelist('b', 0, 0)), scripted(HIT, HIT));
    for (const c of d.chars) c.reset();
    d.chooser = new Scripted([false, true], [0, 1]); // b: No Response; its Wound takes a Ready AD
    d.exchange(0, 1); // 2 dice, 2 dots vs target 0: margin 2 + SR 5 = 7: 5 Wounds (VIT 4: collapses)
    expect(d.chars[1].used).toBe(0);
    const e = new ExchangeDuel(spec(duelist('a', 0, 0), duelist('b', 0, 3)), scripted(HIT, MISS));
    for (const c of e.chars) c.reset();
    e.chooser = new Scripted([false, true], [0, 1]);
    e.exchange(0, 1); // 1 dot: margin 1 + SR 5 - soak 3 = 3: 2 Wounds, from Ready AD first
    expect([e.chars[1].vit, e.chars[1].ready, e.chars[1].readyMagic, e.chars[1].used]).toEqual([2, 2, 1, 0]);
  });
});
