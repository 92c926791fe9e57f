/**
 * One d20 attack (seed 003, rules.md 3.1): d20 + ability + PB against AC; natural 1 misses,
 * natural >= critOn (20) hits and doubles the damage dice (not the modifiers); Edge and Setback
 * roll two d20s and keep the higher or lower, one of each cancels.
 */
import type { Dice } from '../../dice/dice.js';
import { parseDamage, type DamageDice } from './notation.js';
import type { CreatureInput, SituationInput, WeaponInput } from './schema.js';

export interface D20Knobs {
  readonly critOn: number;
  readonly fumble: 'miss' | 'miss-and-drop-weapon';
  readonly enemiesRollDeath: boolean;
  /**
   * Fights, heroes still dying when the fight ends: standing heroes with Supply stabilize them, then
   * the rest roll until stable, up or dead (`stabilize`); they all roll (`roll`); they stay as they are (`ignore`).
   */
  readonly dyingAfterFight: 'stabilize' | 'roll' | 'ignore';
}

export const DEFAULT_D20_KNOBS: D20Knobs = { critOn: 20, fumble: 'miss', enemiesRollDeath: false, dyingAfterFight: 'stabilize' };

/** The numbers of one attack. Structured-cloneable. */
export interface D20AttackSpec {
  readonly attackBonus: number;
  readonly ac: number;
  /** +1 Edge, -1 Setback, 0 neither (or both). */
  readonly edge: number;
  readonly critOn: number;
  /** Sides of each damage die. */
  readonly dice: readonly number[];
  /** Ability modifier (melee, finesse) plus the notation's flat part. */
  readonly damageMod: number;
  /** The defender's hit points (for p_drop). */
  readonly hp: number;
  readonly maxDamage: number;
  readonly damageText: string;
}

export const MISS = 0;
export const HIT = 1;
export const CRIT = 2;

/** Attack ability: STR for melee, DEX for ranged and finesse. Damage ability: STR melee, DEX finesse, none ranged. */
export function abilities(c: CreatureInput, w: WeaponInput): { attack: number; damage: number } {
  if (w.finesse) return { attack: c.dex, damage: c.dex };
  if (w.kind === 'ranged') return { attack: c.dex, damage: 0 };
  return { attack: c.str, damage: c.str };
}

/** Edge from the situation: partial cover, a dodging target and a two-handed weapon from the saddle give Setback. */
export function edgeOf(s: SituationInput, w: WeaponInput): number {
  const edge = s.edge === 'edge';
  const setback = s.edge === 'setback' || s.cover === 'partial' || s.dodge === true || (s.mounted === true && w.twoHanded);
  return (edge ? 1 : 0) - (setback ? 1 : 0);
}

export function compileD20Attack(a: CreatureInput, w: WeaponInput, d: CreatureInput, s: SituationInput, knobs: D20Knobs): D20AttackSpec {
  const dmg = parseDamage(w.damage) as DamageDice;
  const ab = abilities(a, w);
  const damageMod = ab.damage + dmg.flat;
  const diceMax = dmg.dice.reduce((x, y) => x + y, 0);
  return {
    attackBonus: ab.attack + a.pb,
    ac: d.ac,
    edge: edgeOf(s, w),
    critOn: knobs.critOn,
    dice: dmg.dice,
    damageMod,
    hp: d.hp,
    maxDamage: Math.max(0, 2 * diceMax + damageMod),
    damageText: `${dmg.text}${damageMod - dmg.flat !== 0 ? (damageMod - dmg.flat > 0 ? '+' : '') + String(damageMod - dmg.flat) : ''}`,
  };
}

/** The kept d20: two rolled with Edge (higher) or Setback (lower). */
export function rollD20(dice: Dice, edge: number): number {
  const first = dice.roll(20);
  if (edge === 0) return first;
  const second = dice.roll(20);
  return edge > 0 ? Math.max(first, second) : Math.min(first, second);
}

export interface D20AttackResult {
  readonly natural: number;
  readonly kind: number;
  readonly damage: number;
}

/** One attack, per die, as the seed reads: the reference the kernel and exact engine are checked against. */
export function rollD20Attack(dice: Dice, spec: D20AttackSpec): D20AttackResult {
  const natural = rollD20(dice, spec.edge);
  let kind = MISS;
  if (natural !== 1) {
    if (natural >= spec.critOn) kind = CRIT;
    else if (natural + spec.attackBonus >= spec.ac) kind = HIT;
  }
  if (kind === MISS) return { natural, kind, damage: 0 };
  let sum = 0;
  for (const sides of spec.dice) sum += dice.roll(sides);
  if (kind === CRIT) for (const sides of spec.dice) sum += dice.roll(sides);
  return { natural, kind, damage: Math.max(0, sum + spec.damageMod) };
}

/** Outcome code: kind * (maxDamage + 1) + damage. */
export function d20Code(spec: D20AttackSpec, kind: number, damage: number): number {
  return kind * (spec.maxDamage + 1) + damage;
}
