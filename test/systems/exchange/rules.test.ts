/** One Exchange (seed 001, rules.md 2.1-2.3) with scripted dice; exact vs brute force and vs simulation. */
import { describe, expect, it } from 'vitest';
import { scripted } from '../../../src/dice/dice.js';
import { deriveStream } from '../../../src/dice/rng.js';
import { checkSituation, compileExchange, type ExchangeLoadout } from '../../../src/systems/exchange/compile.js';
import { exchangeExact, totalDistribution } from '../../../src/systems/exchange/exact.js';
import { exchangeAttackDice, exchangeAttackTable } from '../../../src/systems/exchange/attack/kernel.js';
import {
  DEFAULT_EXCHANGE_KNOBS, exchangeCode, rollExchange, rollTotal, strikeRating, woundsFor, type ExchangeKnobs, type ExchangeSpec,
} from '../../../src/systems/exchange/rules.js';
import type { CharacterInput, SituationInput, WeaponInput } from '../../../src/systems/exchange/schema.js';

const character = (p: Partial<CharacterInput>): CharacterInput => ({
  vitality: 6, magicDice: 0, strength: 0, agility: 0, cognition: 0, resilience: 0, melee: 0, ranged: 0, acrobatics: 0, athletics: 0, baseMovement: 10, ...p,
});
const weapon = (p: Partial<WeaponInput>): WeaponInput => ({ kind: 'melee', baseAttackCost: 1, damage: 2, vitalCap: 3, heavy: false, reach: 1, lingering: 0, ...p });
const lo = (name: string, c: CharacterInput, w: WeaponInput, soak = 0): ExchangeLoadout => ({ name, character: c, weapon: w, soak });
const K = DEFAULT_EXCHANGE_KNOBS;
// d6 faces 0 0 0 1 1 2: face 1 = Miss, 4 = Hit, 6 = Critical
const MISS = 1;
const HIT = 4;
const CRIT = 6;

const mira = lo('mira', character({ vitality: 6, strength: 2, agility: 3, melee: 3, acrobatics: 1 }), weapon({ damage: 2, vitalCap: 3 }));
const rook = lo('rook', character({ vitality: 5, strength: 3, agility: 1, melee: 2 }), weapon({ damage: 2, vitalCap: 3 }), 1);

describe('seed 001 worked examples', () => {
  it('Mira (3 AD) against Rook (2 AD Clash): 4 dots to 2, Hit Margin 2 + Strike Rating 5 - Soak 1 = 6: 3 Wounds', () => {
    const spec = compileExchange(mira, rook, { attackerBoost: 2, response: 'clash', defenderBoost: 1 }, K);
    expect([spec.attDice, spec.defDice, spec.attStrike, spec.defSoak]).toEqual([3, 2, 5, 1]);
    const r = rollExchange(scripted(CRIT, HIT, HIT, HIT, HIT), spec);
    expect(r).toEqual({ attTotal: 4, defTotal: 2, woundsToDefender: 3, woundsToAttacker: 0, stopped: false });
  });

  it('Sera (Bow, Agility 1) against Veyr (studded leather, Ranged Clash): 2 dots to 1, 1 + 3 - 2 = 2: 1 Wound', () => {
    const bow = weapon({ kind: 'projectile', damage: 2, vitalCap: 3, effectiveRange: 60, maxRange: 120 });
    const sera = lo('sera', character({ agility: 1, cognition: 4, ranged: 1 }), bow);
    const veyr = lo('veyr', character({ vitality: 4, ranged: 1, resilience: 2 }), bow, 2);
    const spec = compileExchange(sera, veyr, { attackerBoost: 1, response: 'clash' }, K);
    expect(spec.attStrike).toBe(3);
    const r = rollExchange(scripted(HIT, HIT, HIT), spec);
    expect(r).toMatchObject({ attTotal: 2, defTotal: 1, woundsToDefender: 1 });
  });
});

describe('the rules of one Exchange', () => {
  it('Wound Conversion at every edge', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, -3].map(woundsFor)).toEqual([0, 1, 1, 2, 2, 3, 3, 5, 5, 8, 8, 0]);
  });

  it('Strike Rating: the Damage Vital capped; Heavy melee Strength only; projectiles Agility only; others the better', () => {
    const c = character({ strength: 4, agility: 1 });
    expect(strikeRating(c, weapon({ damage: 1, vitalCap: 2 }))).toBe(3); // dagger: Strength 4 capped at 2
    expect(strikeRating(character({ strength: 1, agility: 3 }), weapon({ heavy: true, vitalCap: 5 }))).toBe(3);
    expect(strikeRating(character({ strength: 1, agility: 3 }), weapon({ vitalCap: 5 }))).toBe(5);
    expect(strikeRating(c, weapon({ kind: 'projectile', vitalCap: 5 }))).toBe(3);
    expect(strikeRating(character({ strength: 1, agility: 3 }), weapon({ kind: 'thrown', vitalCap: 5 }))).toBe(5);
  });

  it('No Response: the attacker rolls against 0; 0 dots lands nothing', () => {
    const spec = compileExchange(mira, rook, { attackerBoost: 1 }, K);
    expect(rollExchange(scripted(MISS, MISS), spec)).toMatchObject({ woundsToDefender: 0, stopped: true });
    // 1 dot: margin 1 + 5 - 1 = 5 -> 3 Wounds
    expect(rollExchange(scripted(HIT, MISS), spec).woundsToDefender).toBe(3);
  });

  it('Full Guard rolls 1 + Boost dice with Advantage (an extra die, the lowest dropped) and stops an equal total; it never wounds', () => {
    const spec = compileExchange(mira, rook, { attackerBoost: 1, response: 'guard' }, K);
    expect([spec.defDice, spec.defEdge]).toEqual([1, 1]);
    // attacker 1 + 1 = 2 dots; guard rolls 2 dice (Crit, Miss) keeps 2: stopped
    expect(rollExchange(scripted(HIT, HIT, CRIT, MISS), spec)).toMatchObject({ attTotal: 2, defTotal: 2, stopped: true, woundsToAttacker: 0 });
    expect(rollExchange(scripted(CRIT, HIT, HIT, MISS), spec)).toMatchObject({ attTotal: 3, defTotal: 1, woundsToDefender: 3 });
  });

  it('Clash: a tie lands nothing; a higher defender total wounds the attacker with the defender weapon', () => {
    const spec = compileExchange(mira, rook, { attackerBoost: 1, response: 'clash' }, K);
    expect(rollExchange(scripted(HIT, MISS, HIT), spec)).toMatchObject({ woundsToDefender: 0, woundsToAttacker: 0, stopped: true });
    // Rook 2 dots vs 0: margin 2 + SR (2 + min(3, 3)) 5 - Mira soak 0 = 7 -> 5 Wounds
    expect(rollExchange(scripted(MISS, MISS, CRIT), spec)).toMatchObject({ woundsToAttacker: 5 });
  });

  it('Edge: Disadvantage rolls an extra die and drops the highest; knob reroll-lowest rerolls a die instead', () => {
    expect(rollTotal(scripted(CRIT, HIT, MISS), 2, -1, K)).toBe(1);
    const reroll: ExchangeKnobs = { ...K, edge: 'reroll-lowest' };
    expect(rollTotal(scripted(MISS, HIT, CRIT), 2, 1, reroll)).toBe(3);
    expect(rollTotal(scripted(CRIT, HIT, MISS), 2, -1, reroll)).toBe(1);
  });

  it('Edge sources: one of each at most, cancelling (long range, Reeling, Prone, Full Guard)', () => {
    const bow = lo('b', character({ ranged: 2, acrobatics: 1 }), weapon({ kind: 'projectile', effectiveRange: 10, maxRange: 20 }));
    expect(compileExchange(bow, rook, { range: 'long', reeling: 'attacker' }, K).attEdge).toBe(-1);
    expect(compileExchange(bow, rook, { range: 'long', attackerEdge: 'advantage' }, K).attEdge).toBe(0);
    expect(compileExchange(mira, rook, { prone: 'defender' }, K).attEdge).toBe(1);
    expect(compileExchange(bow, rook, { prone: 'defender' }, K).attEdge).toBe(-1);
    expect(compileExchange(mira, rook, { response: 'guard', reeling: 'defender' }, K).defEdge).toBe(0);
  });

  it('costs: Boost above the Skill Level, an illegal Clash and unaffordable (Slowed doubles) payments are refused', () => {
    const s = (x: SituationInput) => checkSituation(mira, rook, x);
    expect(s({ attackerBoost: 3 })).toEqual([]);
    expect(s({ attackerBoost: 4 })[0]).toMatch(/attackerBoost 4 is above mira's Melee Skill Level 3/);
    expect(s({ response: 'guard', defenderBoost: 3 })[0]).toMatch(/Full Guard/);
    const bowman = lo('bowman', character({ ranged: 1 }), weapon({ kind: 'projectile', effectiveRange: 10, maxRange: 20 }));
    expect(checkSituation(mira, bowman, { response: 'clash' })[0]).toMatch(/cannot Clash/);
    const tired = lo('tired', character({ vitality: 6, actionDice: 3, melee: 2 }), weapon({}));
    expect(checkSituation(tired, rook, { attackerBoost: 2 })).toEqual([]);
    expect(checkSituation(tired, rook, { attackerBoost: 1, slowed: 'attacker' })[0]).toMatch(/cannot pay 4 AD/);
  });
});

const SPECS: ExchangeSpec[] = [
  compileExchange(mira, rook, { attackerBoost: 2, response: 'clash', defenderBoost: 1 }, K),
  compileExchange(mira, rook, { attackerBoost: 1, response: 'guard', defenderBoost: 0 }, K),
  compileExchange(mira, rook, { attackerBoost: 3 }, K),
  compileExchange(mira, rook, { attackerBoost: 1, attackerEdge: 'advantage', response: 'clash' }, K),
  compileExchange(mira, rook, { attackerBoost: 2, reeling: 'both', response: 'clash', defenderBoost: 2 }, K),
  compileExchange(mira, rook, { attackerBoost: 1, response: 'guard', defenderEdge: 'disadvantage' }, K),
  compileExchange(mira, rook, { attackerBoost: 0, prone: 'defender' }, { ...K, edge: 'reroll-lowest' }),
  compileExchange(mira, rook, { attackerBoost: 2, response: 'guard', defenderBoost: 2 }, { ...K, faces: [0, 1] }),
  compileExchange(mira, rook, { attackerBoost: 1, response: 'clash', attackerEdge: 'disadvantage' }, { ...K, edge: 'reroll-lowest' }),
  compileExchange(rook, mira, { attackerBoost: 2, response: 'clash', defenderBoost: 3 }, K),
  compileExchange(rook, mira, { attackerBoost: 1, response: 'guard', defenderBoost: 1 }, { ...K, faces: [0, 1, 1, 2, 3] }),
];

describe('exact', () => {
  it('roll totals with Edge equal brute-force enumeration', () => {
    for (const knobs of [K, { ...K, edge: 'reroll-lowest' as const }]) {
      for (const [n, edge] of [[1, 1], [2, -1], [3, 1], [2, 0]] as const) {
        const count = edge === 0 ? n : n + 1;
        const brute = new Float64Array(20);
        for (let k = 0; k < 6 ** count; k++) {
          const faces = Array.from({ length: count }, (_, i) => (Math.floor(k / 6 ** i) % 6) + 1);
          brute[rollTotal(scripted(...faces), n, edge, knobs)]! += 1 / 6 ** count;
        }
        const exact = totalDistribution(n, edge, knobs);
        brute.forEach((p, t) => expect(Math.abs(p - (exact[t] ?? 0))).toBeLessThan(1e-12));
      }
    }
  });

  it('both engines land within 4 SE of exact on every outcome of 11 Exchanges', () => {
    for (const kernel of [exchangeAttackDice, exchangeAttackTable]) {
      SPECS.forEach((s, i) => {
        const n = 50_000;
        const tally = new Float64Array(kernel.tallySize(s));
        kernel.run(kernel.prepare(s) as never, Int32Array.from(deriveStream(4, i)), n, tally);
        exchangeExact(s).forEach((p, c) => expect(Math.abs(tally[c]! / n - p)).toBeLessThanOrEqual(4 * Math.sqrt(Math.max(p * (1 - p), 1 / n) / n)));
      });
    }
  });

  it('codes cover every result', () => {
    const s = SPECS[0]!;
    const r = rollExchange(scripted(CRIT, CRIT, CRIT, MISS, MISS), s);
    expect(exchangeCode(s, r)).toBeLessThan(exchangeAttackDice.tallySize(s));
  });
});
