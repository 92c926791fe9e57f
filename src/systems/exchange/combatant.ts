/**
 * One character in an exchange duel or fight (seed 001) and the per-character clauses every
 * exchange engine applies (one copy, called by duel.ts and fight/): Refresh,
 * paying (Slowed doubles), Boost and response choice by policy, Wounds (the victim picks Ready MD
 * or Ready AD by policy, then Used AD), collapse, Continuation Checks, Lingering Harm by source,
 * Conditions a weapon inflicts (Reeling until the end of the victim's next turn, Prone), standing
 * up (1 AD). No allocation after construction: every field is a number, a boolean or a typed array.
 */
import type { Dice } from '../../dice/dice.js';
import type { ExchangeLoadout } from './compile.js';
import { CLASH, FULL_GUARD, isRanged, NO_RESPONSE, rollTotal, strikeRating, type ExchangeKnobs } from './rules.js';

/**
 * Policies: `all-in` (no reserve), `guard-first` (reserve 2, Full Guard before Clash), `reserve-N`
 * (keep N Ready AD for responses), `tactical` (by value: tactical.ts; the default); `+keep-magic`
 * makes Wounds take Ready AD before Ready MD.
 */
export interface ExchangePolicy {
  readonly reserve: number;
  readonly guardFirst: boolean;
  /** Wounds take Ready AD before Ready MD (the character will use its MD); default: MD first (nothing here casts). */
  readonly keepMagic: boolean;
  /** `tactical`: attacks, responses and Opportunity Attacks by value (tactical.ts); reserve and guardFirst are unused. */
  readonly tactical: boolean;
}
/** The name the fight modes used for the same numbers. */
export type CharacterPolicy = ExchangePolicy;

/** The policy exchange duels and fights play where a study names none. */
export const TACTICAL = 'tactical';
export const DEFAULT_POLICY = TACTICAL;

export function parsePolicy(name: string): ExchangePolicy {
  const keepMagic = name.endsWith('+keep-magic');
  const base = keepMagic ? name.slice(0, -'+keep-magic'.length) : name;
  if (base === 'all-in') return { reserve: 0, guardFirst: false, keepMagic, tactical: false };
  if (base === 'guard-first') return { reserve: 2, guardFirst: true, keepMagic, tactical: false };
  if (base === TACTICAL) return { reserve: 0, guardFirst: false, keepMagic, tactical: true };
  const m = /^reserve-(\d+)$/.exec(base);
  return { reserve: m ? Number(m[1]) : 0, guardFirst: false, keepMagic, tactical: false };
}

export type Condition = 'slowed' | 'reeling' | 'prone' | 'stunned';
export type ConditionName = Condition;

/** Why a character left the fight. */
export const IN_FIGHT = 0;
export const COLLAPSED = 1;
export const BROKE = 2;

/** Bits returned by inflictConditions. */
export const INFLICTED_REELING = 1;
export const INFLICTED_PRONE = 2;

export class Combatant {
  vit = 0;
  ready = 0;
  readyMagic = 0;
  used = 0;
  wounded = 0;
  /** IN_FIGHT, COLLAPSED or BROKE. */
  status = IN_FIGHT;
  belowHalf = false;
  /** Reeling: ends at the end of this character's turn when this reaches 0 (counts own turn ends). */
  reelingTurns = 0;
  prone = false;
  /** Lingering Harm: own turn ends left, per source (the index of the character whose weapon caused it). */
  readonly harm: Int32Array;
  readonly maxVit: number;
  readonly actionDice: number;
  readonly magicDice: number;
  readonly strike: number;
  readonly soak: number;
  readonly ranged: boolean;
  readonly attackSkill: number;
  readonly baseCost: number;
  readonly slowed: boolean;
  readonly stunned: boolean;
  readonly startReeling: boolean;
  readonly startProne: boolean;
  readonly resilience: number;
  readonly melee: number;
  readonly acrobatics: number;
  /** Turns of Lingering Harm this character's weapon starts (0: none). */
  readonly lingering: number;
  /** Hit Margin from which this character's clean hits inflict Reeling / Prone (0: never); the weapon's `inflicts`. */
  readonly reelingMargin: number;
  readonly proneMargin: number;

  /** `sources`: how many characters (by index) can cause this one Lingering Harm. */
  constructor(
    readonly loadout: ExchangeLoadout, readonly policy: ExchangePolicy, conditions: readonly Condition[],
    readonly index = 0, sources = 2,
  ) {
    const c = loadout.character;
    const w = loadout.weapon;
    this.maxVit = c.vitality;
    this.actionDice = c.actionDice ?? c.vitality;
    this.magicDice = c.magicDice;
    this.strike = strikeRating(c, w);
    this.soak = loadout.soak;
    this.ranged = isRanged(w);
    this.attackSkill = this.ranged ? c.ranged : c.melee;
    this.baseCost = w.baseAttackCost;
    this.slowed = conditions.includes('slowed');
    this.stunned = conditions.includes('stunned');
    this.startReeling = conditions.includes('reeling');
    this.startProne = conditions.includes('prone');
    this.resilience = c.resilience;
    this.melee = c.melee;
    this.acrobatics = c.acrobatics;
    this.lingering = w.lingering;
    this.reelingMargin = w.inflicts?.reeling?.margin ?? 0;
    this.proneMargin = w.inflicts?.prone?.margin ?? 0;
    this.harm = new Int32Array(sources);
  }

  reset(): void {
    this.vit = this.maxVit;
    this.ready = this.actionDice;
    this.readyMagic = this.magicDice;
    this.used = 0;
    this.wounded = 0;
    this.status = IN_FIGHT;
    this.belowHalf = false;
    this.reelingTurns = this.startReeling ? 1 : 0;
    this.prone = this.startProne;
    this.harm.fill(0);
  }

  get out(): boolean {
    return this.status !== IN_FIGHT;
  }

  /** Failed a Continuation Check: stopped attacking and left the fight. */
  get broke(): boolean {
    return this.status === BROKE;
  }

  /** Reeling and Stunned both give Disadvantage on attacks, Full Guard and Clash. */
  get disadvantaged(): boolean {
    return this.reelingTurns > 0 || this.stunned;
  }

  /** Slowed doubles every AD payment (0 stays 0). */
  cost(base: number): number {
    return this.slowed ? base * 2 : base;
  }

  /** The most Boost `spare` Ready AD pay for (Slowed: 2 AD per Boost die). */
  boostFor(spare: number): number {
    return Math.floor(spare / (this.slowed ? 2 : 1));
  }

  pay(amount: number): void {
    this.ready -= amount;
    this.used += amount;
  }

  /** Start of own turn: Used AD back to Ready (Wounded dice stay Wounded). */
  refresh(): void {
    this.ready += this.used;
    this.used = 0;
  }

  /** Prone and able to pay for standing up (1 AD, Slowed 2): the rules let it stand now. */
  canStand(): boolean {
    return this.prone && this.ready >= this.cost(1);
  }

  /** Prone: standing costs 1 AD (Slowed: 2); the policy stands when it can pay. Returns the AD paid. */
  standUp(): number {
    if (!this.canStand()) return 0;
    const c = this.cost(1);
    this.pay(c);
    this.prone = false;
    return c;
  }

  /**
   * Becomes Reeling after the Exchange that caused it: until the end of its next turn, or, when it
   * is gained during its own turn, the end of its following turn. A longer remaining duration stays.
   */
  becomeReeling(ownTurn: boolean): void {
    const turns = ownTurn ? 2 : 1;
    if (this.reelingTurns < turns) this.reelingTurns = turns;
  }

  /** End of own turn, after Lingering Harm: Reeling gained earlier runs out. */
  endTurn(): void {
    if (this.reelingTurns > 0) this.reelingTurns--;
  }

  /** A Wound from `source`'s lingering weapon: that source lasts the longer of what is left and the weapon's turns (one source, not added). */
  harmFrom(source: number, turns: number): void {
    if (turns > 0 && this.harm[source]! < turns) this.harm[source] = turns;
  }

  /** End of own turn: true when `source` still affects this character (1 Wound due); counts the turn off. */
  harmDue(source: number): boolean {
    if (this.harm[source]! <= 0) return false;
    this.harm[source]!--;
    return true;
  }

  /** Boost for an attack costing `base`: all spare Ready AD above the cost and the reserve, up to the Skill Level; -1 when it cannot pay. */
  attackBoost(skill: number, base: number, reserve: number): number {
    const spare = this.ready - this.cost(base) - reserve;
    if (spare < 0) return -1;
    return Math.min(skill, this.boostFor(spare));
  }

  /**
   * Response decision list: (1) Clash if legal and affordable (guard-first: only when Full Guard is
   * not affordable); (2) Full Guard if affordable; (3) No Response. A broken character never Clashes.
   */
  chooseResponse(clashLegal: boolean): number {
    const canClash = this.canClash(clashLegal);
    const canGuard = this.canGuard();
    if (canClash && (!this.policy.guardFirst || !canGuard)) return CLASH;
    if (canGuard) return FULL_GUARD;
    return NO_RESPONSE;
  }

  /** A Clash is legal (`clashLegal`: the same kind of weapon as the attack) and affordable; a broken character never Clashes. */
  canClash(clashLegal: boolean): boolean {
    return clashLegal && this.status === IN_FIGHT && this.ready >= this.cost(this.baseCost);
  }

  /** Full Guard is affordable (1 AD, Slowed 2). */
  canGuard(): boolean {
    return this.ready >= this.cost(1);
  }

  /** Boost of a response: all spare Ready AD above its base cost, up to the Skill Level used (Full Guard: Acrobatics against ranged, Melee against melee). */
  responseBoost(response: number, attackRanged: boolean): number {
    const base = response === CLASH ? this.baseCost : 1;
    const skill = response === CLASH ? this.attackSkill : attackRanged ? this.acrobatics : this.melee;
    return Math.min(skill, this.boostFor(this.ready - this.cost(base)));
  }

  /** Dice of a response (base cost + Boost). */
  responseDice(response: number, boost: number): number {
    return (response === CLASH ? this.baseCost : 1) + boost;
  }

  /** A word for traces: collapsed, broke, or active with its Conditions. */
  stateWord(): string {
    if (this.vit <= 0) return 'collapsed';
    if (this.status === BROKE) return 'broke';
    let s = 'active';
    if (this.reelingTurns > 0) s += ' reeling';
    if (this.prone) s += ' prone';
    if (this.slowed) s += ' slowed';
    if (this.stunned) s += ' stunned';
    return s;
  }
}

/**
 * Each Wound: VIT - 1 and one die to Wounded. The victim chooses Ready AD or Ready MD (seed 001;
 * its policy: MD first unless `+keep-magic`; a solved policy passes `magicFirst`), and only when
 * neither remains a Used AD; none left:
 * VIT only. No collapse or check here (see afterWounds).
 */
export function takeWounds(c: Combatant, wounds: number, magicFirst = !c.policy.keepMagic): void {
  for (let i = 0; i < wounds; i++) {
    c.vit--;
    if (magicFirst && c.readyMagic > 0) c.readyMagic--;
    else if (c.ready > 0) c.ready--;
    else if (c.readyMagic > 0) c.readyMagic--;
    else if (c.used > 0) c.used--;
    else continue;
    c.wounded++;
  }
}

/** No Continuation Check was due (afterWounds). */
export const NO_CHECK = -1;

/**
 * After `wounds` from one source: collapse at VIT <= 0, else one Continuation Check when VIT first
 * falls below half or this source dealt more than half the maximum: `resilience` dice, no Edge,
 * 0 dots = broke (stops attacking for the rest of the combat; out of the fight for winning, but a
 * fight keeps it on the map). A broken character makes no further check. Returns the check's dots,
 * or NO_CHECK.
 */
export function afterWounds(c: Combatant, wounds: number, dice: Dice, knobs: ExchangeKnobs): number {
  if (wounds <= 0) return NO_CHECK;
  if (c.vit <= 0) {
    c.status = COLLAPSED;
    return NO_CHECK;
  }
  if (c.status !== IN_FIGHT) return NO_CHECK;
  const firstBelowHalf = !c.belowHalf && c.vit * 2 < c.maxVit;
  if (firstBelowHalf) c.belowHalf = true;
  if (!knobs.continuation || !(firstBelowHalf || wounds * 2 > c.maxVit)) return NO_CHECK;
  const dots = rollTotal(dice, c.resilience, 0, knobs);
  if (dots === 0) c.status = BROKE;
  return dots;
}

/** takeWounds then afterWounds. Returns the Wounds applied (0 if collapsed; a broken character still takes them). */
export function applyWounds(c: Combatant, wounds: number, dice: Dice, knobs: ExchangeKnobs): number {
  if (wounds <= 0 || c.status === COLLAPSED) return 0;
  takeWounds(c, wounds);
  afterWounds(c, wounds, dice, knobs);
  return wounds;
}

/**
 * Conditions from the winner's weapon after an Exchange won by Hit Margin `margin` (> 0): Reeling
 * from `inflicts.reeling.margin` (gained during the loser's own turn it lasts to the end of the
 * following turn), Prone from `inflicts.prone.margin`. Returns INFLICTED_* bits (0: none).
 */
export function inflictConditions(winner: Combatant, loser: Combatant, margin: number, loserTurn: boolean): number {
  let bits = 0;
  if (winner.reelingMargin > 0 && margin >= winner.reelingMargin) {
    loser.becomeReeling(loserTurn);
    bits |= INFLICTED_REELING;
  }
  if (winner.proneMargin > 0 && margin >= winner.proneMargin) {
    loser.prone = true;
    bits |= INFLICTED_PRONE;
  }
  return bits;
}
