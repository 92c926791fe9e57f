/**
 * One Exchange (seed 001, rules.md 2.1-2.3): dice of Miss / Hit / Critical dots, Edge by an extra
 * die (or a reroll), No Response / Full Guard / Clash, Hit Margin + Strike Rating - Protection
 * through the Wound Conversion table.
 */
import type { Dice } from '../../dice/dice.js';
import type { CharacterInput, WeaponInput } from './schema.js';

export interface ExchangeKnobs {
  /** Dots on each face of the Exchange die (default d6: 0, 0, 0, 1, 1, 2). */
  readonly faces: readonly number[];
  readonly edge: 'extra-die' | 'reroll-lowest';
  readonly continuation: boolean;
  readonly opener: 'random' | 'a' | 'b';
}

export const DEFAULT_FACES: readonly number[] = [0, 0, 0, 1, 1, 2];
export const DEFAULT_EXCHANGE_KNOBS: ExchangeKnobs = { faces: DEFAULT_FACES, edge: 'extra-die', continuation: true, opener: 'random' };

/** Wound Conversion: <= 0 -> 0, 1-2 -> 1, 3-4 -> 2, 5-6 -> 3, 7-8 -> 5, 9+ -> 8. */
export function woundsFor(woundMargin: number): number {
  if (woundMargin <= 0) return 0;
  if (woundMargin <= 2) return 1;
  if (woundMargin <= 4) return 2;
  if (woundMargin <= 6) return 3;
  if (woundMargin <= 8) return 5;
  return 8;
}

/**
 * Strike Rating = Weapon Damage + min(Damage Vital, Damage Vital Cap). The Damage Vital: Heavy
 * melee Strength; a projectile Agility; other melee and thrown the better of Strength and Agility.
 */
export function strikeRating(c: CharacterInput, w: WeaponInput): number {
  const vital = w.kind === 'projectile' ? c.agility : w.kind === 'melee' && w.heavy ? c.strength : Math.max(c.strength, c.agility);
  return w.damage + Math.min(vital, w.vitalCap);
}

export function isRanged(w: WeaponInput): boolean {
  return w.kind !== 'melee';
}

/** At most one source of each; one of each cancels. */
export function combineEdge(advantage: boolean, disadvantage: boolean): number {
  return (advantage ? 1 : 0) - (disadvantage ? 1 : 0);
}

/**
 * The Edge of an attack or Clash roll (seed 001, Conditions and Situational modifiers): Reeling
 * (or Stunned) gives Disadvantage; a prone attacker's Melee attacks have Disadvantage; a prone
 * target gives Melee attacks Advantage and Ranged attacks Disadvantage; `advantage` and
 * `disadvantage` carry every other source (situation Edge, a `long` shot, a ranged shot while
 * engaged in melee). At most one source of each counts; one of each cancels.
 */
export function attackEdge(
  ranged: boolean, reeling: boolean, attackerProne: boolean, targetProne: boolean, advantage: boolean, disadvantage: boolean,
): number {
  return combineEdge(
    advantage || (targetProne && !ranged),
    disadvantage || reeling || (attackerProne && !ranged) || (targetProne && ranged),
  );
}

/** Full Guard's Edge: its own Advantage, cancelled by any Disadvantage (Reeling, Stunned, situation). */
export function guardEdge(disadvantage: boolean): number {
  return combineEdge(true, disadvantage);
}

/**
 * Dice that produce a roll's total at once: the exact duel walker's chance dice (exact-duel/chance.ts)
 * branch over the total's exact distribution instead of over every face. rollTotal asks them first.
 */
export interface TotalDice extends Dice {
  total(n: number, edge: number, knobs: ExchangeKnobs): number;
}

/**
 * A roll's total dots: n dice; Advantage rolls one extra die and drops the lowest, Disadvantage
 * drops the highest (knob edge = extra-die); with reroll-lowest, Advantage rerolls the lowest die
 * and Disadvantage the highest, keeping the new face.
 */
export function rollTotal(dice: Dice, n: number, edge: number, knobs: ExchangeKnobs): number {
  // Faces are read inline (no closure): this runs in the fight engines' hot loops.
  const faces = knobs.faces;
  const sides = faces.length;
  if (n <= 0) return 0;
  // The exact walker's chance dice take the whole total as one chance node (exact.ts totalDistribution).
  if ((dice as Partial<TotalDice>).total !== undefined) return (dice as TotalDice).total(n, edge, knobs);
  if (edge === 0) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += faces[dice.roll(sides) - 1]!;
    return sum;
  }
  const extra = knobs.edge === 'extra-die';
  const count = extra ? n + 1 : n;
  let sum = 0;
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < count; i++) {
    const f = faces[dice.roll(sides) - 1]!;
    sum += f;
    if (f < low) low = f;
    if (f > high) high = f;
  }
  const dropped = edge > 0 ? low : high;
  return extra ? sum - dropped : sum - dropped + faces[dice.roll(sides) - 1]!;
}

export const NO_RESPONSE = 0;
export const FULL_GUARD = 1;
export const CLASH = 2;

/** The compiled numbers of one Exchange. Structured-cloneable. */
export interface ExchangeSpec {
  readonly knobs: ExchangeKnobs;
  readonly attDice: number;
  readonly attEdge: number;
  readonly response: number;
  readonly defDice: number;
  readonly defEdge: number;
  /** Strike Ratings of the attacker's weapon and of the defender's Clash weapon. */
  readonly attStrike: number;
  readonly defStrike: number;
  /** Soak (Protection Rating) of each side. */
  readonly attSoak: number;
  readonly defSoak: number;
  readonly defVitality: number;
  /** The highest total each roll can reach. */
  readonly maxAtt: number;
  readonly maxDef: number;
}

export interface ExchangeResult {
  readonly attTotal: number;
  readonly defTotal: number;
  readonly woundsToDefender: number;
  readonly woundsToAttacker: number;
  /** The attack did not land (guarded, out-rolled, tied, or 0 dots against No Response). */
  readonly stopped: boolean;
}

/**
 * Who lands a clean hit in an Exchange, and by how much: > 0 the attacker wins by that Hit Margin;
 * < 0 the defender's Clash wins by its negation; 0 nothing lands (a tie, a Full Guard that equals
 * or beats the attack (it never deals damage), or 0 dots against No Response's target number 0).
 * `d` is 0 for No Response. Every engine (one Exchange, exact, duels) decides through this.
 */
export function exchangeMargin(response: number, a: number, d: number): number {
  if (a > d) return a - d;
  if (d > a && response === CLASH) return a - d;
  return 0;
}

/** Wounds of a clean hit: Hit Margin + Strike Rating - Protection Rating through Wound Conversion. */
export function hitWounds(margin: number, strike: number, soak: number): number {
  return woundsFor(margin + strike - soak);
}

/** Resolves totals into Wounds: the higher total wins, a tie lands no clean hit, Full Guard never wounds. */
export function resolveTotals(spec: ExchangeSpec, a: number, d: number): ExchangeResult {
  const m = exchangeMargin(spec.response, a, d);
  const toDef = m > 0 ? hitWounds(m, spec.attStrike, spec.defSoak) : 0;
  const toAtt = m < 0 ? hitWounds(-m, spec.defStrike, spec.attSoak) : 0;
  return { attTotal: a, defTotal: d, woundsToDefender: toDef, woundsToAttacker: toAtt, stopped: !(a > d) };
}

/**
 * The same, without allocating (fight hot loops): Wounds to the defender (positive) or to the
 * attacker (negative), decided by exchangeMargin and hitWounds like every other engine.
 */
export function totalsToWounds(spec: ExchangeSpec, a: number, d: number): number {
  const m = exchangeMargin(spec.response, a, d);
  return m > 0 ? hitWounds(m, spec.attStrike, spec.defSoak) : m < 0 ? -hitWounds(-m, spec.defStrike, spec.attSoak) : 0;
}

/** One Exchange per die: the attacker's roll, then the defender's (none for No Response: target number 0). */
export function rollExchange(dice: Dice, spec: ExchangeSpec): ExchangeResult {
  const a = rollTotal(dice, spec.attDice, spec.attEdge, spec.knobs);
  const d = spec.response === NO_RESPONSE ? 0 : rollTotal(dice, spec.defDice, spec.defEdge, spec.knobs);
  return resolveTotals(spec, a, d);
}

/** Outcome code: ((a - d + maxDef) * 9 + wounds to defender) * 9 + wounds to attacker. */
export function exchangeCode(spec: ExchangeSpec, r: ExchangeResult): number {
  return ((r.attTotal - r.defTotal + spec.maxDef) * 9 + r.woundsToDefender) * 9 + r.woundsToAttacker;
}

export function exchangeCodes(spec: ExchangeSpec): number {
  return (spec.maxAtt + spec.maxDef + 1) * 81;
}
