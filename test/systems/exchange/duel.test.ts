/** Exchange duels (seed 001, rules.md 2.4) with scripted dice, and a mirrored duel statistically. */
import { describe, expect, it } from 'vitest';
import { scripted } from '../../../src/dice/dice.js';
import { deriveStream } from '../../../src/dice/rng.js';
import type { ExchangeLoadout } from '../../../src/systems/exchange/compile.js';
import { END_BROKE, END_COLLAPSE, ExchangeDuel, parsePolicy, type Condition, type ExchangeDuelSpec } from '../../../src/systems/exchange/duel/engine.js';
import { exchangeDuelDice } from '../../../src/systems/exchange/duel/kernel.js';
import { DEFAULT_EXCHANGE_KNOBS } from '../../../src/systems/exchange/rules.js';
import type { CharacterInput, WeaponInput } from '../../../src/systems/exchange/schema.js';
import { wilson } from '../../../src/stats/wilson.js';

const character = (p: Partial<CharacterInput>): CharacterInput => ({
  vitality: 6, magicDice: 0, strength: 2, agility: 3, cognition: 0, resilience: 2, melee: 2, ranged: 0, acrobatics: 1, athletics: 0, baseMovement: 10, ...p,
});
const sword: WeaponInput = { kind: 'melee', baseAttackCost: 1, damage: 2, vitalCap: 3, heavy: false, reach: 1, lingering: 0 };
const lo = (name: string, c: Partial<CharacterInput> = {}, w: Partial<WeaponInput> = {}, soak = 1): ExchangeLoadout => ({
  name, character: character(c), weapon: { ...sword, ...w }, soak,
});
const MISS = 1;
const HIT = 4;
const CRIT = 6;

function duel(a: ExchangeLoadout, b: ExchangeLoadout, faces: number[], o: { pa?: string; pb?: string; ca?: Condition[]; continuation?: boolean } = {}): ExchangeDuel {
  const spec: ExchangeDuelSpec = {
    a: { loadout: a, policy: parsePolicy(o.pa ?? 'all-in'), conditions: o.ca ?? [] },
    b: { loadout: b, policy: parsePolicy(o.pb ?? 'all-in'), conditions: [] },
    knobs: { ...DEFAULT_EXCHANGE_KNOBS, opener: 'a', continuation: o.continuation ?? true },
    maxRounds: 10,
  };
  const d = new ExchangeDuel(spec, scripted(...faces));
  for (const c of d.chars) c.reset();
  return d;
}

describe('payments and responses', () => {
  it('an attack pays base cost + Boost and rolls that many dice; Slowed pays double but rolls the same', () => {
    const d = duel(lo('a'), lo('b', { melee: 0, acrobatics: 0 }), [MISS, MISS, MISS, MISS], { pb: 'all-in' });
    d.chars[1].ready = 0; // b cannot respond
    d.exchange(0, 2);
    expect([d.chars[0].ready, d.chars[0].used]).toEqual([3, 3]);
    const s = duel(lo('a'), lo('b'), [MISS, MISS, MISS], { ca: ['slowed'] });
    s.chars[1].ready = 0;
    s.exchange(0, 2);
    expect([s.chars[0].ready, s.chars[0].used]).toEqual([0, 6]);
  });

  it('the defender answers with Clash when it can, then Full Guard, then No Response (guard-first swaps the first two)', () => {
    // b (Melee 2) clashes with all its spare dice: pays 1 + 2 Boost
    const c = duel(lo('a'), lo('b'), [MISS, MISS, MISS, MISS]);
    c.exchange(0, 0);
    expect([c.chars[1].ready, c.chars[1].used]).toEqual([3, 3]);
    const g = duel(lo('a'), lo('b', { acrobatics: 1 }), [MISS, MISS, MISS, MISS, MISS], { pb: 'guard-first' });
    g.exchange(0, 0); // Full Guard: 1 + Boost 2 (Melee 2 against a melee attack), 3 dice + 1 for Advantage
    expect(g.chars[1].used).toBe(3);
  });

  it('a Clash the defender wins wounds the attacker; a tie lands nothing', () => {
    const d = duel(lo('a'), lo('b'), [MISS, CRIT, MISS, MISS]);
    d.chars[1].ready = 1; // Clash without Boost: 1 die
    d.exchange(0, 0); // a 0 dots, b 2: margin 2 + SR 5 - soak 1 = 6: 3 Wounds to a
    expect(d.chars[0].vit).toBe(3);
  });
});

describe('Wounds', () => {
  it('each Wound costs 1 Vitality and one die to Wounded: Ready first, then Used', () => {
    const d = duel(lo('a'), lo('b', {}, {}, 1), [], { continuation: false });
    const b = d.chars[1];
    [b.ready, b.used] = [1, 4];
    d.wound(b, 3);
    expect([b.vit, b.ready, b.used, b.wounded]).toEqual([3, 0, 2, 3]);
  });

  it('collapse at Vitality 0 ends the duel', () => {
    const d = duel(lo('a'), lo('b'), []);
    d.wound(d.chars[1], 8);
    expect([d.chars[1].out, d.end]).toEqual([true, END_COLLAPSE]);
  });

  it('Continuation Check: first fall below half, or more than half in one hit; one check when both; 0 dots breaks', () => {
    // 6 -> 3 is not below half, 2 Wounds is not more than half: no check (no dice needed)
    const none = duel(lo('a'), lo('b'), []);
    none.wound(none.chars[1], 3);
    expect(none.chars[1].broke).toBe(false);
    // 6 -> 2: below half (first time) and 4 > 3: one check, Resilience 2 dice, both Miss: broke
    const both = duel(lo('a'), lo('b'), [MISS, MISS]);
    both.wound(both.chars[1], 4);
    expect([both.chars[1].broke, both.end]).toEqual([true, END_BROKE]);
    // one trigger alone: 6 -> 2 over two hits, the second (1 Wound) is the first fall below half
    const one = duel(lo('a'), lo('b'), [MISS, MISS]);
    one.wound(one.chars[1], 3);
    expect(one.chars[1].broke).toBe(false);
    one.wound(one.chars[1], 1);
    expect(one.chars[1].broke).toBe(true);
    // one trigger alone: more than half in one hit, after the first fall below half is spent
    const big = duel(lo('a'), lo('b', { vitality: 20 }), [MISS, MISS]);
    big.chars[1].belowHalf = true;
    big.wound(big.chars[1], 11);
    expect([big.chars[1].vit, big.chars[1].broke]).toEqual([9, true]);
    // a later fall is not the first: no second check
    const again = duel(lo('a'), lo('b'), [HIT, MISS]);
    again.wound(again.chars[1], 4);
    again.wound(again.chars[1], 1);
    expect(again.chars[1].broke).toBe(false);
    // knob continuation: false
    const off = duel(lo('a'), lo('b'), [], { continuation: false });
    off.wound(off.chars[1], 4);
    expect(off.chars[1].broke).toBe(false);
  });

  it('Lingering Harm: a hit from such a weapon wounds again at the end of the victim turns', () => {
    const d = duel(lo('a', {}, { lingering: 2 }), lo('b', { vitality: 12 }), [HIT, MISS, MISS], { continuation: false });
    d.chars[1].ready = 0;
    d.exchange(0, 0);
    const vit = d.chars[1].vit;
    d.chars[1].ready = 0;
    d.chars[1].used = 0;
    d.turn(1); // b cannot attack (no dice); Lingering Harm ticks
    expect(d.chars[1].vit).toBe(vit - 1);
  });
});

describe('turns', () => {
  it('Refresh returns Used dice at the start of one own turn; proactive attacks are at most Skill Level + 1', () => {
    const d = duel(lo('a', { melee: 0, vitality: 10 }), lo('b'), Array(40).fill(MISS), { pa: 'all-in' });
    d.chars[0].used = 4;
    d.chars[0].ready = 6;
    d.chars[1].ready = 0;
    d.turn(0); // Melee 0: one attack, no Boost
    expect([d.chars[0].ready, d.chars[0].used]).toEqual([9, 1]);
  });

  it('reserve-N keeps N Ready dice for responses', () => {
    const d = duel(lo('a', { melee: 3 }), lo('b'), Array(40).fill(MISS), { pa: 'reserve-2' });
    d.chars[1].ready = 0;
    d.turn(0); // 6 ready: attack with 1 + 3 Boost (4), 2 left: no second attack
    expect([d.chars[0].ready, d.chars[0].used]).toEqual([2, 4]);
  });

  it('identical characters and policies with a random opener: a_win_rate within its interval of 0.5', () => {
    const spec: ExchangeDuelSpec = {
      a: { loadout: lo('a'), policy: parsePolicy('reserve-1'), conditions: [] },
      b: { loadout: lo('b'), policy: parsePolicy('reserve-1'), conditions: [] },
      knobs: DEFAULT_EXCHANGE_KNOBS, maxRounds: 30,
    };
    const n = 20000;
    const tally = new Float64Array(exchangeDuelDice.tallySize(spec));
    exchangeDuelDice.run(exchangeDuelDice.prepare(spec), Int32Array.from(deriveStream(5)), n, tally);
    const ci = wilson(tally[0]!, tally[0]! + tally[1]! + tally[2]!);
    expect(ci.low <= 0.5 && 0.5 <= ci.high).toBe(true);
  });
});
