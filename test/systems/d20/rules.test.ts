/** d20 attacks (seed 003, rules.md 3.1) with scripted dice, exact vs brute force and vs simulation. */
import { DiceRoll, NumberGenerator } from '@dice-roller/rpg-dice-roller';
import { describe, expect, it } from 'vitest';
import { scripted } from '../../../src/dice/dice.js';
import { deriveStream, Xoshiro128ss } from '../../../src/dice/rng.js';
import { RngDice } from '../../../src/dice/dice.js';
import { d20Exact, d20Faces } from '../../../src/systems/d20/exact.js';
import { d20AttackDice, d20AttackTable } from '../../../src/systems/d20/attack/kernel.js';
import { diceSumDistribution, parseDamage, type DamageDice } from '../../../src/systems/d20/notation.js';
import { compileD20Attack, CRIT, DEFAULT_D20_KNOBS, HIT, MISS, rollD20Attack, d20Code, type D20AttackSpec } from '../../../src/systems/d20/rules.js';
import type { CreatureInput, WeaponInput } from '../../../src/systems/d20/schema.js';

const creature = (p: Partial<CreatureInput>): CreatureInput => ({
  hp: 10, ac: 13, str: 0, dex: 0, con: 0, pb: 2, proficientSaves: [], hitDie: 'd8', fatigue: 0, speed: 30, supply: 1, ...p,
});
const weapon = (p: Partial<WeaponInput>): WeaponInput => ({ kind: 'melee', damage: '1d8', finesse: false, twoHanded: false, ...p });
const fighter = creature({ hp: 14, ac: 16, str: 3, dex: 1, con: 2 });
const goblin = creature({ hp: 7, ac: 13, str: -1, dex: 2 });
const spec = (a: CreatureInput, w: WeaponInput, d: CreatureInput, s = {}, k = {}) => compileD20Attack(a, w, d, s, { ...DEFAULT_D20_KNOBS, ...k });

describe('notation', () => {
  it('parses NdM, flat parts and several dice terms', () => {
    expect(parseDamage('2d6+1')).toEqual({ dice: [6, 6], flat: 1, text: '2d6+1' });
    expect(parseDamage('d8 + 1d4 - 1')).toEqual({ dice: [8, 4], flat: -1, text: 'd8 + 1d4 - 1' });
  });

  it('rejects what is not notation, with a clear message', () => {
    expect(parseDamage('2x6')).toMatch(/"2x6" is neither NdM nor a number/);
    expect(parseDamage('3')).toMatch(/no dice/);
    expect(parseDamage('1d1')).toMatch(/2 to 100 sides/);
    expect(parseDamage('-1d6')).toMatch(/cannot be subtracted/);
  });

  it('sum distributions match an independent dice roller (rpg-dice-roller, seeded) within 4 SE', () => {
    NumberGenerator.generator.engine = NumberGenerator.engines.MersenneTwister19937.seed(20261129);
    for (const notation of ['2d6', '1d8+1d4', '3d4']) {
      const dist = diceSumDistribution((parseDamage(notation) as DamageDice).dice);
      const n = 20000;
      const counts = new Array<number>(dist.length).fill(0);
      for (let i = 0; i < n; i++) counts[new DiceRoll(notation).total]! += 1;
      dist.forEach((p, s) => expect(Math.abs(counts[s]! / n - p)).toBeLessThanOrEqual(4 * Math.sqrt(Math.max(p * (1 - p), 1 / n) / n)));
    }
    // advantage: 2d20 keep the highest
    const edge = d20Faces(1);
    const n = 20000;
    const counts = new Array<number>(21).fill(0);
    for (let i = 0; i < n; i++) counts[new DiceRoll('2d20kh1').total]! += 1;
    for (let k = 1; k <= 20; k++) expect(Math.abs(counts[k]! / n - edge[k]!)).toBeLessThanOrEqual(4 * Math.sqrt((edge[k]! * (1 - edge[k]!)) / n));
  });
});

describe('attack rolls', () => {
  it('melee adds STR to attack and damage; ranged adds DEX to attack only; finesse uses DEX for both', () => {
    const s = spec(fighter, weapon({}), goblin);
    expect([s.attackBonus, s.damageMod]).toEqual([5, 3]);
    const bow = spec(fighter, weapon({ kind: 'ranged', damage: '1d6' }), goblin);
    expect([bow.attackBonus, bow.damageMod]).toEqual([3, 0]);
    const rapier = spec(creature({ str: 0, dex: 3 }), weapon({ finesse: true }), goblin);
    expect([rapier.attackBonus, rapier.damageMod]).toEqual([5, 3]);
  });

  it('meet or beat AC hits; a natural 1 misses whatever the bonus; a natural 20 hits whatever the AC', () => {
    const s = spec(fighter, weapon({}), goblin); // +5 vs AC 13: needs 8
    expect(rollD20Attack(scripted(8, 4), s)).toEqual({ natural: 8, kind: HIT, damage: 7 });
    expect(rollD20Attack(scripted(7), s)).toEqual({ natural: 7, kind: MISS, damage: 0 });
    const easy = spec(creature({ str: 10, pb: 10 }), weapon({}), creature({ ac: 2 }));
    expect(rollD20Attack(scripted(1), easy).kind).toBe(MISS);
    const hard = spec(creature({}), weapon({}), creature({ ac: 40 }));
    expect(rollD20Attack(scripted(20, 1, 1), hard).kind).toBe(CRIT);
  });

  it('a critical hit doubles the damage dice, not the ability modifier or a flat +K', () => {
    const s = spec(fighter, weapon({ damage: '1d8+1' }), goblin);
    // dice 5 and 6 (two d8 rolls) + STR 3 + flat 1
    expect(rollD20Attack(scripted(20, 5, 6), s)).toEqual({ natural: 20, kind: CRIT, damage: 15 });
  });

  it('knob critOn 19: a natural 19 hits and is a critical', () => {
    const s = spec(fighter, weapon({}), creature({ ac: 30 }), {}, { critOn: 19 });
    expect(rollD20Attack(scripted(19, 1, 1), s).kind).toBe(CRIT);
  });

  it('Edge keeps the higher of two d20s, Setback the lower; one of each cancels; cover, Dodge and saddle give Setback', () => {
    const s = spec(fighter, weapon({}), goblin, { edge: 'edge' });
    expect(rollD20Attack(scripted(3, 15, 1), s).natural).toBe(15);
    const b = spec(fighter, weapon({}), goblin, { edge: 'setback' });
    expect(rollD20Attack(scripted(3, 15), b).natural).toBe(3);
    expect(spec(fighter, weapon({}), goblin, { edge: 'edge', cover: 'partial' }).edge).toBe(0);
    expect(spec(fighter, weapon({}), goblin, { cover: 'partial', dodge: true }).edge).toBe(-1);
    expect(spec(fighter, weapon({ twoHanded: true }), goblin, { mounted: true }).edge).toBe(-1);
    expect(spec(fighter, weapon({}), goblin, { mounted: true }).edge).toBe(0);
  });

  it('damage below 0 is 0', () => {
    const weak = spec(creature({ str: -4 }), weapon({ damage: '1d4' }), creature({ ac: 0 }));
    expect(rollD20Attack(scripted(10, 2), weak).damage).toBe(0);
  });
});

/** Every face combination (d20s, then damage dice), through the reference. */
function brute(s: D20AttackSpec): Float64Array {
  const out = new Float64Array(3 * (s.maxDamage + 1));
  const d20s = s.edge === 0 ? [[1], [2], [3], [4], [5], [6], [7], [8], [9], [10], [11], [12], [13], [14], [15], [16], [17], [18], [19], [20]]
    : Array.from({ length: 400 }, (_, i) => [Math.floor(i / 20) + 1, (i % 20) + 1]);
  const p20 = 1 / d20s.length;
  for (const faces of d20s) {
    const probe = rollD20Attack(scripted(...faces, ...Array(20).fill(1)), s);
    if (probe.kind === MISS) {
      out[0] = out[0]! + p20;
      continue;
    }
    const dice = probe.kind === CRIT ? [...s.dice, ...s.dice] : [...s.dice];
    const combos = dice.reduce((a, b) => a * b, 1);
    for (let k = 0; k < combos; k++) {
      let x = k;
      const rolled = dice.map((sides) => {
        const f = (x % sides) + 1;
        x = Math.floor(x / sides);
        return f;
      });
      const r = rollD20Attack(scripted(...faces, ...rolled), s);
      const code = d20Code(s, r.kind, r.damage);
      out[code] = out[code]! + p20 / combos;
    }
  }
  return out;
}

const MATCHUPS: D20AttackSpec[] = [
  spec(fighter, weapon({}), goblin),
  spec(fighter, weapon({ damage: '2d6' }), goblin, { edge: 'edge' }),
  spec(fighter, weapon({ kind: 'ranged', damage: '1d6' }), goblin, { cover: 'partial' }),
  spec(creature({ dex: 3 }), weapon({ finesse: true }), fighter, { dodge: true }),
  spec(goblin, weapon({ kind: 'ranged', damage: '1d6' }), fighter),
  spec(goblin, weapon({ damage: '1d6', finesse: true }), fighter, {}, { critOn: 19 }),
  spec(creature({ str: -4 }), weapon({ damage: '1d4' }), goblin),
  spec(creature({ str: 4 }), weapon({ damage: '1d12+1' }), goblin, { edge: 'setback' }),
  spec(fighter, weapon({ damage: '1d8+1d6' }), creature({ ac: 25 }), {}, { critOn: 18 }),
  spec(fighter, weapon({ damage: '1d4' }), creature({ ac: 5 }), { edge: 'edge' }),
  spec(creature({ dex: 2 }), weapon({ kind: 'ranged', damage: '1d10' }), creature({ ac: 17 }), { edge: 'edge', cover: 'partial' }),
];

describe('exact', () => {
  it('equals brute-force enumeration of every face', () => {
    for (const s of MATCHUPS.filter((m) => m.dice.length <= 2)) {
      const e = d20Exact(s);
      brute(s).forEach((p, c) => expect(Math.abs(p - e[c]!)).toBeLessThan(1e-12));
    }
  });

  it('both engines land within 4 SE of exact on every damage value of 11 matchups', () => {
    for (const kernel of [d20AttackDice, d20AttackTable]) {
      MATCHUPS.forEach((s, i) => {
        const n = 100_000;
        const tally = new Float64Array(kernel.tallySize(s));
        kernel.run(kernel.prepare(s) as never, Int32Array.from(deriveStream(3, i)), n, tally);
        d20Exact(s).forEach((p, c) => expect(Math.abs(tally[c]! / n - p)).toBeLessThanOrEqual(4 * Math.sqrt(Math.max(p * (1 - p), 1 / n) / n)));
      });
    }
  });

  it('the dice kernel draws exactly what the reference draws', () => {
    for (const s of MATCHUPS) {
      const state = deriveStream(8);
      const tally = new Float64Array(d20AttackDice.tallySize(s));
      d20AttackDice.run(d20AttackDice.prepare(s), Int32Array.from(state), 2000, tally);
      const dice = new RngDice(new Xoshiro128ss(state));
      const ref = new Float64Array(tally.length);
      for (let i = 0; i < 2000; i++) {
        const r = rollD20Attack(dice, s);
        ref[d20Code(s, r.kind, r.damage)]! += 1;
      }
      expect(Array.from(tally)).toEqual(Array.from(ref));
    }
  });
});
