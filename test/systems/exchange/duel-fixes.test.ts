/** Exchange duel rules fixed for issue 10 (seed 001), each with scripted dice. */
import { describe, expect, it } from 'vitest';
import { scripted } from '../../../src/dice/dice.js';
import { parse } from 'yaml';
import type { ExchangeLoadout } from '../../../src/systems/exchange/compile.js';
import { END_COLLAPSE, ExchangeDuel, parsePolicy, type Condition, type ExchangeDuelSpec } from '../../../src/systems/exchange/duel/engine.js';
import { exchangeDuel } from '../../../src/systems/exchange/duel/mode.js';
import { DEFAULT_EXCHANGE_KNOBS, type ExchangeKnobs } from '../../../src/systems/exchange/rules.js';
import type { CharacterInput, WeaponInput } from '../../../src/systems/exchange/schema.js';
import { Collector } from '../../helpers/trace.js';

const character = (p: Partial<CharacterInput>): CharacterInput => ({
  vitality: 6, magicDice: 0, strength: 2, agility: 3, cognition: 0, resilience: 2, melee: 0, ranged: 0, acrobatics: 0, athletics: 0, baseMovement: 10, ...p,
});
const sword: WeaponInput = { kind: 'melee', baseAttackCost: 1, damage: 2, vitalCap: 3, heavy: false, reach: 1, lingering: 0 };
const lo = (name: string, c: Partial<CharacterInput> = {}, w: Partial<WeaponInput> = {}, soak = 1): ExchangeLoadout => ({
  name, character: character(c), weapon: { ...sword, ...w }, soak,
});
// d6 faces 0 0 0 1 1 2: face 1 = Miss (0 dots), 4 = Hit (1), 6 = Critical (2)
const MISS = 1;
const HIT = 4;
const CRIT = 6;

interface Opts { pa?: string; pb?: string; ca?: Condition[]; cb?: Condition[]; knobs?: Partial<ExchangeKnobs> }

function duel(a: ExchangeLoadout, b: ExchangeLoadout, faces: number[], o: Opts = {}): ExchangeDuel {
  const spec: ExchangeDuelSpec = {
    a: { loadout: a, policy: parsePolicy(o.pa ?? 'all-in'), conditions: o.ca ?? [] },
    b: { loadout: b, policy: parsePolicy(o.pb ?? 'all-in'), conditions: o.cb ?? [] },
    knobs: { ...DEFAULT_EXCHANGE_KNOBS, opener: 'a', continuation: false, ...o.knobs },
    maxRounds: 10,
  };
  const d = new ExchangeDuel(spec, scripted(...faces));
  for (const c of d.chars) c.reset();
  return d;
}

const YAML = (duelBlock: string, variants: string) => `system: exchange
mode: duel
characters: { c: { vitality: 6, melee: 1 } }
weapons: { s: { kind: melee, damage: 2, vitalCap: 3 } }
loadouts: { x: { character: c, weapon: s } }
${duelBlock}
matchups: [{ a: x, b: x }]
variants: ${variants}
`;

describe('the duel block: maxRounds and opener', () => {
  it('duel.opener applies to every variant; a variant knob overrides it; rules: is the fallback', () => {
    const study = parse(YAML('duel: { maxRounds: 12, opener: b }\nrules: { opener: a }', '{ base: {}, a-opens: { opener: a } }')) as unknown;
    const tasks = exchangeDuel.plan(exchangeDuel.schema.parse(study), 10);
    expect(tasks.map((t) => [t.spec.knobs.opener, t.spec.maxRounds])).toEqual([['b', 12], ['a', 12]]);
    const noBlock = parse(YAML('rules: { opener: a }', '{ base: {} }')) as unknown;
    expect(exchangeDuel.plan(exchangeDuel.schema.parse(noBlock), 10)[0]!.spec.knobs.opener).toBe('a');
  });

  it('opener b: b takes the first turn (a random opener would roll a d2 first)', () => {
    // b attacks first with 1 die (Melee 0): Critical; a has no dice to respond; 2 + SR 5 - 1 = 6: 3 Wounds to a
    const d = duel(lo('a', { vitality: 3, actionDice: 0 }), lo('b'), [CRIT], { knobs: { opener: 'b' } });
    expect(d.play()).toEqual({ winner: 1, end: END_COLLAPSE, rounds: 1 });
  });
});

describe('the first character out loses', () => {
  it('a finishes b, then would bleed out from Lingering Harm at the end of its turn: a wins, and does not bleed', () => {
    const d = duel(lo('a'), lo('b', { vitality: 3 }), [CRIT]);
    const [a, b] = d.chars;
    a.vit = 1;
    a.harm[1] = 2; // b's lingering weapon: 2 more turn ends
    b.ready = 0;
    d.turn(0); // a: Critical against No Response: 3 Wounds, b collapses
    expect([b.vit, a.vit, d.loser]).toEqual([0, 1, 1]);
  });

  it('without a finish, Lingering Harm at the end of the turn can make the actor lose', () => {
    const d = duel(lo('a'), lo('b'), [MISS]);
    const [a, b] = d.chars;
    a.vit = 1;
    a.harm[1] = 2; // b's lingering weapon: 2 more turn ends
    b.ready = 0;
    d.turn(0);
    expect([a.vit, d.loser, d.end]).toEqual([0, 0, END_COLLAPSE]);
  });
});

describe('Exchange outcomes in a duel go through the one rules function', () => {
  it('a Full Guard that out-rolls the attacker stops it and never wounds the attacker', () => {
    // a 1 die: Miss; b Full Guard, 1 die with Advantage: Critical, Hit (drop the lower): 2 > 0
    const d = duel(lo('a'), lo('b'), [MISS, CRIT, HIT], { pb: 'guard-first' });
    d.exchange(0, 0);
    expect([d.chars[0].vit, d.chars[1].vit]).toEqual([6, 6]);
  });

  it('a Clash tie lands nothing', () => {
    const d = duel(lo('a'), lo('b'), [HIT, HIT]);
    d.exchange(0, 0);
    expect([d.chars[0].vit, d.chars[1].vit]).toEqual([6, 6]);
  });

  it('a ranged shot while engaged has Disadvantage: one extra die, the highest dropped', () => {
    const bow: Partial<WeaponInput> = { kind: 'projectile', effectiveRange: 20, maxRange: 40 };
    const d = duel(lo('a', {}, bow), lo('b'), [CRIT, MISS]);
    d.chars[1].ready = 0;
    d.exchange(0, 0); // Critical and Miss, the Critical dropped: 0 dots against No Response, nothing lands
    expect(d.chars[1].vit).toBe(6);
  });
});

describe('Conditions from weapons: Reeling and Prone', () => {
  const rocking: Partial<WeaponInput> = { inflicts: { reeling: { margin: 2 } } };

  it('a clean hit with a Hit Margin at or above the weapon margin leaves the target Reeling to the end of its next turn', () => {
    // a: Critical vs No Response (margin 2): b Reeling. b's turn: its attack rolls 1 + 1 extra die (Disadvantage)
    const d = duel(lo('a', { vitality: 20 }, rocking), lo('b', { vitality: 20 }), [CRIT, CRIT, MISS, CRIT]);
    const [a, b] = d.chars;
    b.ready = 0;
    d.exchange(0, 0);
    expect(b.disadvantaged).toBe(true);
    a.ready = 0;
    b.ready = 1;
    d.turn(1); // b: Critical and Miss, Disadvantage keeps the Miss: 0 dots. Reeling ends at the end of this turn.
    expect([a.vit, b.disadvantaged]).toEqual([20, false]);
    b.ready = 1;
    a.ready = 0;
    d.turn(1); // no Disadvantage now: one die, Critical
    expect(a.vit).toBeLessThan(20);
  });

  it('a Hit Margin below the weapon margin inflicts nothing', () => {
    const d = duel(lo('a', {}, rocking), lo('b'), [HIT]);
    d.chars[1].ready = 0;
    d.exchange(0, 0);
    expect(d.chars[1].disadvantaged).toBe(false);
  });

  it('gained during its own turn, Reeling lasts to the end of the following turn', () => {
    // b attacks (Miss), a Clashes (Critical) and wins by 2 with the rocking weapon during b's turn
    const d = duel(lo('a', { vitality: 20 }, rocking), lo('b', { vitality: 20 }), [MISS, CRIT]);
    const [a, b] = d.chars;
    a.ready = 1;
    b.ready = 1;
    d.turn(1);
    expect(b.reelingTurns).toBe(1); // one more own turn end to go
  });

  it('Prone: melee attacks against it have Advantage; standing costs 1 AD at the start of its turn (2 when Slowed)', () => {
    const d = duel(lo('a'), lo('b'), [MISS, HIT], { cb: ['prone'] });
    d.chars[1].ready = 0;
    d.exchange(0, 0); // Advantage: Miss and Hit, the Miss dropped: 1 dot lands
    expect(d.chars[1].vit).toBeLessThan(6);
    const s = duel(lo('a'), lo('b'), [], { cb: ['prone'], pb: 'reserve-9' });
    const b = s.chars[1];
    s.turn(1); // refresh to 6 Ready, stand (1 AD), no attack (reserve 9)
    expect([b.prone, b.ready, b.used]).toEqual([false, 5, 1]);
    const slow = duel(lo('a'), lo('b'), [], { cb: ['prone', 'slowed'], pb: 'reserve-9' });
    slow.turn(1);
    expect([slow.chars[1].prone, slow.chars[1].ready]).toEqual([false, 4]);
  });

  it('a Prone character that cannot pay stays down; a weapon with inflicts.prone knocks the loser down', () => {
    const d = duel(lo('a', {}, { inflicts: { prone: { margin: 1 } } }), lo('b', { actionDice: 0 }), [HIT]);
    d.exchange(0, 0);
    expect(d.chars[1].prone).toBe(true);
    d.turn(1);
    expect(d.chars[1].prone).toBe(true);
    // exactly 1 AD: it stands (and has nothing left to attack with)
    const one = duel(lo('a'), lo('b', { actionDice: 1 }), [], { cb: ['prone'] });
    one.turn(1);
    expect([one.chars[1].prone, one.chars[1].ready]).toEqual([false, 0]);
  });
});

describe('Wounds choose between Ready AD and Ready MD', () => {
  it('by default the Magic Dice go first (a duel casts nothing); +keep-magic takes Ready AD first', () => {
    const d = duel(lo('a'), lo('b', { magicDice: 2 }), []);
    d.applyWounds(d.chars[1], 1);
    expect([d.chars[1].ready, d.chars[1].readyMagic]).toEqual([6, 1]);
    const k = duel(lo('a'), lo('b', { magicDice: 2 }), [], { pb: 'reserve-1+keep-magic' });
    k.applyWounds(k.chars[1], 1);
    expect([k.chars[1].ready, k.chars[1].readyMagic]).toEqual([5, 2]);
    // neither Ready kind left: Used AD
    const u = duel(lo('a'), lo('b', { magicDice: 0 }), []);
    [u.chars[1].ready, u.chars[1].used] = [0, 2];
    u.applyWounds(u.chars[1], 1);
    expect([u.chars[1].used, u.chars[1].wounded]).toEqual([1, 1]);
  });
});

describe('edges of the fixes', () => {
  it('Reeling from the study lasts to the end of the first own turn', () => {
    const d = duel(lo('a'), lo('b'), [], { ca: ['reeling'], pa: 'reserve-9' });
    expect(d.chars[0].disadvantaged).toBe(true);
    d.turn(0);
    expect(d.chars[0].disadvantaged).toBe(false);
  });

  it('a Slowed defender needs 2 Ready AD for Full Guard: with 1 it cannot answer', () => {
    // a: Hit against No Response (b Slowed with 1 Ready AD, guard-first): 1 + SR 5 - 1 = 5: 3 Wounds
    const d = duel(lo('a'), lo('b', { vitality: 10 }), [HIT], { cb: ['slowed'], pb: 'guard-first' });
    d.chars[1].ready = 1;
    const seen = new Collector();
    d.observer = seen;
    d.exchange(0, 0);
    expect([d.chars[1].vit, d.chars[1].used, seen.events[0]!.response]).toEqual([7, 0, 'none']);
  });
});
