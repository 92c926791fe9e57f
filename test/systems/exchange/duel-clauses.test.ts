/**
 * Exchange duel clauses (seed 001, rules.md 2.4) the mutation run found untested (README, Mutation
 * testing): the opener, the round loop and its end, and the trace events of each step (refresh,
 * stand-up, exchange, lingering-harm, continuation-check, inflict), with scripted dice
 * (d6 faces 0 0 0 1 1 2) recorded as `balance trace` records them.
 */
import { describe, expect, it } from 'vitest';
import { scripted } from '../../../src/dice/dice.js';
import type { ExchangeLoadout } from '../../../src/systems/exchange/compile.js';
import { END_BROKE, END_COLLAPSE, END_MAX_ROUNDS, ExchangeDuel, parsePolicy, type Condition, type ExchangeDuelSpec } from '../../../src/systems/exchange/duel/engine.js';
import { DEFAULT_EXCHANGE_KNOBS, type ExchangeKnobs } from '../../../src/systems/exchange/rules.js';
import type { CharacterInput, WeaponInput } from '../../../src/systems/exchange/schema.js';
import { Collector } from '../../helpers/trace.js';
import { RecordingDice } from '../../../src/dice/recording-dice.js';

const character = (p: Partial<CharacterInput>): CharacterInput => ({
  vitality: 6, magicDice: 0, strength: 2, agility: 3, cognition: 0, resilience: 2, melee: 0, ranged: 0, acrobatics: 0, athletics: 0, baseMovement: 10, ...p,
});
const sword: WeaponInput = { kind: 'melee', baseAttackCost: 1, damage: 2, vitalCap: 3, heavy: false, reach: 1, lingering: 0 };
const lo = (name: string, c: Partial<CharacterInput> = {}, w: Partial<WeaponInput> = {}, soak = 1): ExchangeLoadout => ({
  name, character: character(c), weapon: { ...sword, ...w }, soak,
});
interface Opts { pa?: string; pb?: string; ca?: Condition[]; cb?: Condition[]; knobs?: Partial<ExchangeKnobs>; maxRounds?: number }
/** A duel between a and b (a opens, no Continuation Checks unless asked) with a trace collector attached. */
function duel(a: ExchangeLoadout, b: ExchangeLoadout, faces: number[], o: Opts = {}) {
  const spec: ExchangeDuelSpec = {
    a: { loadout: a, policy: parsePolicy(o.pa ?? 'all-in'), conditions: o.ca ?? [] },
    b: { loadout: b, policy: parsePolicy(o.pb ?? 'all-in'), conditions: o.cb ?? [] },
    knobs: { ...DEFAULT_EXCHANGE_KNOBS, opener: 'a', continuation: false, ...o.knobs },
    maxRounds: o.maxRounds ?? 10,
  };
  const d = new ExchangeDuel(spec, new RecordingDice(scripted(...faces)));
  const c = new Collector();
  d.observer = c;
  for (const x of d.chars) x.reset();
  return { d, c };
}
// d6 faces 0 0 0 1 1 2: 1 = Miss (0 dots), 4 = Hit (1), 6 = Critical (2)
const MISS = 1;
const HIT = 4;
const CRIT = 6;
const events = (c: Collector): Record<string, unknown>[] => c.events.map(({ fight: _fight, ...e }) => e);
/** The exchange event of a 1-die attack by a on b, answered as `response`. */
const exchange = (o: Record<string, unknown>): Record<string, unknown> => ({
  round: 0, side: 'a', actor: 'a', action: 'exchange', target: 'b', cost: 1, boost: 0, response: 'none', response_cost: 0, response_boost: 0,
  wounds: 0, wounds_to_attacker: 0, state_after: 'active', target_state_before: 'active', target_state_after: 'active', vit: 6, target_vit: 6, ...o,
});

describe('the opener and the round loop', () => {
  it('a random opener rolls a d2 (2: b opens), traced with the die; b collapses a in its first turn and wins', () => {
    // b: 1 die (Melee 0), Critical against No Response (a has no AD): 2 + SR 5 - soak 1 = 6: 3 Wounds, a (Vitality 3) collapses
    const { d, c } = duel(lo('a', { vitality: 3, actionDice: 0 }), lo('b'), [2, CRIT], { knobs: { opener: 'random' } });
    expect(d.play()).toEqual({ winner: 1, end: END_COLLAPSE, rounds: 1 });
    expect(c.winners).toEqual([1]);
    expect(events(c)).toEqual([
      { round: 1, side: 'b', actor: 'b', action: 'initiative', rolls: [2], result: 'b opens (opener: random)' },
      { round: 1, side: 'b', actor: 'b', action: 'refresh', ready: 6, wounded: 0, state_after: 'active' },
      {
        ...exchange({ side: 'b', actor: 'b', target: 'a', rolls: { attack: [6] }, attack_total: 2, response_total: 0, margin: 2, wounds: 3 }),
        round: 1, result: 'a takes 3 Wounds', target_state_after: 'collapsed', target_vit: 0, ready: 5, target_ready: 0,
      },
    ]);
  });

  it('nobody able to attack: a draw after maxRounds, each side refreshing once a round, a first', () => {
    const { d, c } = duel(lo('a', { actionDice: 0 }), lo('b', { actionDice: 0 }), [], { maxRounds: 3 });
    expect(d.play()).toEqual({ winner: 2, end: END_MAX_ROUNDS, rounds: 3 });
    expect([c.winners, c.rounds]).toEqual([[2], [3]]);
    expect(events(c).map((e) => `${e['round']} ${e['side']} ${e['action']}`)).toEqual([
      '1 a initiative', '1 a refresh', '1 b refresh', '2 a refresh', '2 b refresh', '3 a refresh', '3 b refresh',
    ]);
  });

  it('a collapse in the last allowed round counts, in that round; the collapsed side takes no turn', () => {
    const { d, c } = duel(lo('a'), lo('b', { vitality: 3, actionDice: 0 }), [CRIT], { maxRounds: 1 });
    expect(d.play()).toEqual({ winner: 0, end: END_COLLAPSE, rounds: 1 });
    expect(c.rounds).toEqual([1]);
    expect(events(c).map((e) => `${e['side']} ${e['action']}`)).toEqual(['a initiative', 'a refresh', 'a exchange']);
  });
});

describe('within a turn', () => {
  it('a character put out during its own turn takes no Lingering Harm after it', () => {
    // a attacks (Miss), b Clashes (Critical): 2 + SR 5 - 1 = 6: 3 Wounds, a (Vitality 3) collapses; a's harm tick would follow
    const { d, c } = duel(lo('a', { vitality: 3 }), lo('b'), [MISS, CRIT]);
    d.chars[0].harm[1] = 2;
    d.chars[1].ready = 1;
    d.turn(0);
    expect(events(c).map((e) => e['action'])).toEqual(['refresh', 'exchange']);
    expect([d.loser, d.chars[0].harm[1]]).toEqual([0, 2]);
  });

  it('after a Lingering Harm tick that does not put it out, the turn still ends: Reeling runs out', () => {
    const { d } = duel(lo('a', { actionDice: 0 }), lo('b'), [], { ca: ['reeling'] });
    d.chars[0].harm[1] = 1;
    d.turn(0);
    expect([d.chars[0].vit, d.chars[0].reelingTurns]).toEqual([5, 0]);
  });

  it('a melee attack on a ranged character cannot be Clashed: Full Guard instead', () => {
    const bow: Partial<WeaponInput> = { kind: 'projectile', effectiveRange: 20, maxRange: 40 };
    const { d, c } = duel(lo('a'), lo('b', {}, bow), [MISS, MISS, MISS]);
    d.exchange(0, 0);
    expect(events(c)[0]).toMatchObject({ response: 'full-guard', response_cost: 1 });
  });

  it('a Boost is paid with the attack (cost = base + Boost) and traced', () => {
    const { d, c } = duel(lo('a', { melee: 2 }), lo('b'), [MISS, MISS, MISS]);
    d.chars[1].ready = 0;
    d.exchange(0, 2);
    expect(events(c)[0]).toMatchObject({ cost: 3, boost: 2, ready: 3 });
  });

  it('a lingering weapon starts Lingering Harm only when its hit wounds; no Conditions on a collapsed loser', () => {
    // a Hit against No Response: 1 + SR 5 - soak 6 = 0: no Wound, no Lingering Harm
    const soaked = duel(lo('a', {}, { lingering: 2 }), lo('b', {}, {}, 6), [HIT]);
    soaked.d.chars[1].ready = 0;
    soaked.d.exchange(0, 0);
    expect([soaked.d.chars[1].vit, soaked.d.chars[1].harm[0]]).toEqual([6, 0]);
    const w: Partial<WeaponInput> = { inflicts: { reeling: { margin: 1 } } };
    const out = duel(lo('a', {}, w), lo('b', { vitality: 3 }), [CRIT]);
    out.d.chars[1].ready = 0;
    out.d.exchange(0, 0);
    expect(events(out.c).map((e) => e['action'])).toEqual(['exchange']);
  });
});

describe('trace events of a turn', () => {
  it('refresh, the attack (Advantage on a Prone target: two dice), then Lingering Harm at the end of the turn', () => {
    const { d, c } = duel(lo('a', { actionDice: 1 }), lo('b', { actionDice: 0 }), [MISS, MISS], { cb: ['prone'] });
    const a = d.chars[0];
    a.harm[1] = 1;
    [a.ready, a.used] = [0, 1];
    d.turn(0);
    expect(events(c)).toEqual([
      { round: 0, side: 'a', actor: 'a', action: 'refresh', ready: 1, wounded: 0, state_after: 'active' },
      exchange({
        rolls: { attack: [1, 1] }, attack_total: 0, response_total: 0, margin: 0, result: 'nothing lands',
        target_state_before: 'active prone', target_state_after: 'active prone', ready: 0, target_ready: 0,
      }),
      { round: 0, side: 'a', actor: 'a', action: 'lingering-harm', wounds: 1, vit_before: 6, vit: 5, state_after: 'active' },
    ]);
  });

  it('a Prone character stands up after its Refresh: the stand-up event carries the cost', () => {
    const { d, c } = duel(lo('a'), lo('b'), [], { cb: ['prone'], pb: 'reserve-9' });
    d.turn(1);
    expect(events(c)).toEqual([
      { round: 0, side: 'b', actor: 'b', action: 'refresh', ready: 6, wounded: 0, state_after: 'active prone' },
      { round: 0, side: 'b', actor: 'b', action: 'stand-up', cost: 1, ready: 5, state_after: 'active' },
    ]);
  });

  it('a Clash tie lands nothing; a Clash the defender wins wounds the attacker (1 Wound: singular)', () => {
    const tie = duel(lo('a'), lo('b'), [HIT, HIT]);
    tie.d.exchange(0, 0);
    expect(events(tie.c)).toEqual([exchange({
      response: 'clash', response_cost: 1, rolls: { attack: [4], response: [4] }, attack_total: 1, response_total: 1, margin: 0,
      result: 'nothing lands', ready: 5, target_ready: 5,
    })]);
    // b wins by 1: 1 + SR 5 - a's soak 4 = 2: 1 Wound to a
    const lost = duel(lo('a', {}, {}, 4), lo('b'), [MISS, HIT]);
    lost.d.chars[1].ready = 1;
    lost.d.exchange(0, 0);
    expect(events(lost.c)).toEqual([exchange({
      response: 'clash', response_cost: 1, rolls: { attack: [1], response: [4] }, attack_total: 0, response_total: 1, margin: -1,
      wounds_to_attacker: 1, result: 'a takes 1 Wound', vit: 5, ready: 4, target_ready: 0,
    })]);
  });

  it('Continuation Checks are traced: passes, or fails and the character breaks off (it has lost)', () => {
    // a Critical against No Response: 3 Wounds take b (Vitality 5) below half: a check with Resilience 1 die
    const pass = duel(lo('a'), lo('b', { vitality: 5, resilience: 1 }), [CRIT, HIT], { knobs: { continuation: true } });
    pass.d.chars[1].ready = 0;
    pass.d.exchange(0, 0);
    expect(events(pass.c)[1]).toEqual({ round: 0, side: 'b', actor: 'b', action: 'continuation-check', rolls: [4], dots: 1, result: 'passes', state_after: 'active' });
    expect(pass.d.loser).toBe(-1);
    const fail = duel(lo('a'), lo('b', { vitality: 5, resilience: 1 }), [CRIT, MISS], { knobs: { continuation: true } });
    fail.d.chars[1].ready = 0;
    fail.d.exchange(0, 0);
    expect(events(fail.c)[1]).toEqual({ round: 0, side: 'b', actor: 'b', action: 'continuation-check', rolls: [1], dots: 0, result: 'fails: breaks off', state_after: 'broke' });
    expect([fail.d.loser, fail.d.end]).toEqual([1, END_BROKE]);
  });

  it('Conditions a weapon inflicts are traced after the Exchange, one event each', () => {
    const w: Partial<WeaponInput> = { inflicts: { reeling: { margin: 1 }, prone: { margin: 2 } } };
    const { d, c } = duel(lo('a', { vitality: 20 }, w), lo('b', { vitality: 20 }), [CRIT]);
    d.chars[1].ready = 0;
    d.exchange(0, 0);
    expect(events(c).slice(1)).toEqual([
      { round: 0, side: 'a', actor: 'a', action: 'inflict', target: 'b', condition: 'reeling', target_state_after: 'active reeling prone' },
      { round: 0, side: 'a', actor: 'a', action: 'inflict', target: 'b', condition: 'prone', target_state_after: 'active reeling prone' },
    ]);
  });
});
