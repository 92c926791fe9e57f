/**
 * Per-character Exchange state and the clauses every exchange engine applies to one character
 * (seed 001): Refresh, paying (Slowed doubles), Boost and response choice by policy, Wounds
 * (Ready AD, then Ready MD, then Used AD), collapse, Continuation Checks, Lingering Harm by source,
 * Reeling until the end of the victim's next turn, Prone (standing costs 1 AD).
 * Written for exchange fights (issue #14); the duel engine (duel.ts) reads these clauses the same
 * way and can move onto this module. No allocation: every field is a number or a boolean.
 */
import type { Dice } from '../../dice/dice.js';
import type { ExchangeLoadout } from './compile.js';
import { CLASH, FULL_GUARD, isRanged, NO_RESPONSE, rollTotal, strikeRating, type ExchangeKnobs } from './rules.js';

/** A character policy's numbers: `all-in` (reserve 0), `reserve-N`, `guard-first` (reserve 2, Full Guard before Clash). */
export interface CharacterPolicy {
  readonly reserve: number;
  readonly guardFirst: boolean;
}

export type ConditionName = 'slowed' | 'reeling' | 'prone' | 'stunned';

/** Why a character left the fight. */
export const IN_FIGHT = 0;
export const COLLAPSED = 1;
export const BROKE = 2;

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
  readonly lingering: number;
  /** Hit Margin at which this character's weapon leaves the loser Reeling (0: never); `inflicts: { reeling: { margin } }` on the weapon. */
  readonly reelingMargin: number;

  constructor(readonly loadout: ExchangeLoadout, readonly policy: CharacterPolicy, conditions: readonly ConditionName[]) {
    const c = loadout.character;
    this.maxVit = c.vitality;
    this.actionDice = c.actionDice ?? c.vitality;
    this.magicDice = c.magicDice;
    this.strike = strikeRating(c, loadout.weapon);
    this.soak = loadout.soak;
    this.ranged = isRanged(loadout.weapon);
    this.attackSkill = this.ranged ? c.ranged : c.melee;
    this.baseCost = loadout.weapon.baseAttackCost;
    this.slowed = conditions.includes('slowed');
    this.stunned = conditions.includes('stunned');
    this.startReeling = conditions.includes('reeling');
    this.startProne = conditions.includes('prone');
    this.resilience = c.resilience;
    this.melee = c.melee;
    this.acrobatics = c.acrobatics;
    this.lingering = loadout.weapon.lingering;
    // Read loosely: the weapon schema gains `inflicts` with issue #10 (duels); without it this is 0.
    const inflicts = (loadout.weapon as { inflicts?: { reeling?: { margin?: number } } }).inflicts;
    this.reelingMargin = inflicts?.reeling?.margin ?? 0;
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
  }

  get out(): boolean {
    return this.status !== IN_FIGHT;
  }

  /** Reeling and Stunned both give Disadvantage on attacks, Full Guard and Clash. */
  get disadvantaged(): boolean {
    return this.reelingTurns > 0 || this.stunned;
  }

  /** Slowed doubles every AD payment (0 stays 0). */
  cost(base: number): number {
    return this.slowed ? base * 2 : base;
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

  /** Prone: standing costs 1 AD (Slowed: 2); the policy stands when it can pay. Returns the AD paid. */
  standUp(): number {
    if (!this.prone || this.ready < this.cost(1)) return 0;
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

  /** End of own turn: Reeling gained earlier runs out. */
  endTurn(): void {
    if (this.reelingTurns > 0) this.reelingTurns--;
  }

  /** Boost for an attack costing `base`: all spare Ready AD above the cost and the reserve, up to the Skill Level; -1 when it cannot pay. */
  attackBoost(skill: number, base: number, reserve: number): number {
    const spare = this.ready - this.cost(base) - reserve;
    if (spare < 0) return -1;
    return Math.min(skill, Math.floor(spare / (this.slowed ? 2 : 1)));
  }

  /**
   * Response decision list: (1) Clash if legal and affordable (guard-first: only when Full Guard is
   * not affordable); (2) Full Guard if affordable; (3) No Response. A broken character never Clashes.
   */
  chooseResponse(clashLegal: boolean): number {
    const canClash = clashLegal && this.status === IN_FIGHT && this.ready >= this.cost(this.baseCost);
    const canGuard = this.ready >= this.cost(1);
    if (canClash && (!this.policy.guardFirst || !canGuard)) return CLASH;
    if (canGuard) return FULL_GUARD;
    return NO_RESPONSE;
  }

  /** Boost of a response: all spare Ready AD above its base cost, up to the Skill Level used. */
  responseBoost(response: number, attackRanged: boolean): number {
    const base = response === CLASH ? this.baseCost : 1;
    const skill = response === CLASH ? this.attackSkill : attackRanged ? this.acrobatics : this.melee;
    return Math.min(skill, Math.floor((this.ready - this.cost(base)) / (this.slowed ? 2 : 1)));
  }
}

/**
 * Applies Wounds: each costs 1 VIT and moves one die to Wounded (Ready AD, then Ready MD, then Used
 * AD; none left: VIT only). Then collapse at VIT <= 0, else one Continuation Check when VIT first
 * falls below half or this source dealt more than half the maximum: `resilience` dice, no Edge,
 * 0 dots = broke (stops attacking; leaves the fight). Returns the Wounds applied (0 if already out).
 */
export function applyWounds(c: Combatant, wounds: number, dice: Dice, knobs: ExchangeKnobs): number {
  if (wounds <= 0 || c.status !== IN_FIGHT) return 0;
  for (let i = 0; i < wounds; i++) {
    c.vit--;
    if (c.ready > 0) c.ready--;
    else if (c.readyMagic > 0) c.readyMagic--;
    else if (c.used > 0) c.used--;
    else continue;
    c.wounded++;
  }
  if (c.vit <= 0) {
    c.status = COLLAPSED;
    return wounds;
  }
  const firstBelowHalf = !c.belowHalf && c.vit * 2 < c.maxVit;
  if (firstBelowHalf) c.belowHalf = true;
  if (knobs.continuation && (firstBelowHalf || wounds * 2 > c.maxVit)) {
    if (rollTotal(dice, c.resilience, 0, knobs) === 0) c.status = BROKE;
  }
  return wounds;
}
