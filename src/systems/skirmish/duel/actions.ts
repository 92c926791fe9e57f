/**
 * What a duel policy sees and returns (architecture.md: "policies are data behind a small
 * interface"). The engine enumerates and enforces what the rules allow; a policy reads a state
 * view and picks an action code and, where the seeds say "up to", a distance. The engine does not
 * import policies and policies do not import the engine.
 */
import type { DuelSpec, WeaponInfo } from './setup.js';

/** Action codes (small integers: policies return them, the engine dispatches on them). */
export const Action = {
  None: 0, MoveToward: 1, MoveAway: 2, Charge: 3, Melee: 4, Ranged: 5, Cast: 6, Aim: 7, Brace: 8, Retreat: 9,
  Hide: 10, MercyKill: 11, Recover: 12, CrawlAway: 13,
} as const;
export type Action = (typeof Action)[keyof typeof Action];

export { ENGAGEMENT, HIDDEN_RANGE, MANOEUVRE_INCHES } from '../fight-rules.js';

/** Which defensive manoeuvre's movement a policy is asked about. */
export const DODGE = 0;
export const SHOVE = 1;
/** A Dodge in an attack whose Shove moves next (the same defender decides both; a solved table keys them apart). */
export const DODGE_THEN_SHOVE = 2;

export interface FighterView {
  readonly state: number;
  readonly movement: number;
  readonly woundsLeft: number;
  /** Policy id (AGGRESSIVE, SHOOTER, KITE). */
  readonly policy: number;
  readonly weapons: readonly WeaponInfo[];
  /** Index of the first Ranged or Cast weapon, or -1. */
  readonly shooting: number;
  readonly aimed: number;
  /** Braced (1) or not (0); index of the weapon last used (the defence's primary weapon). */
  readonly braced: number;
  readonly primary: number;
  readonly hidden: boolean;
  /** Moved or Charged during the current activation (its own, or the enemy's through a reaction). */
  readonly moved: boolean;
  /** Made a Ranged action earlier in this activation (blocks Hide; a Cast does not). */
  readonly rangedThisActivation: boolean;
}

export interface DuelView {
  readonly spec: DuelSpec;
  readonly fighters: readonly [FighterView, FighterView];
  readonly distance: number;
  /** The round (1-based) and which activation of it plays: 0 the first, 1 the second. */
  readonly round: number;
  readonly which: number;
  /** Actions left in the current activation after the one being chosen. */
  readonly actionsLeft: number;
  /** Inside a Ranged Reaction (the engine's flag; a solved table keys inner decisions by it). */
  readonly reacting: boolean;
  canCharge(s: number): boolean;
  /** Whether the action fire() would pick (Ranged or Cast with the first shooting weapon's kind) can shoot now. */
  canShoot(s: number): boolean;
  /** Whether Hide would make side s Hidden now (terrain, no Ranged action this activation). */
  canHide(s: number): boolean;
}

export interface DuelPolicy {
  /** The next action of side s (an action of its activation, or its Ranged Reaction). */
  decide(duel: DuelView, s: number, reaction: boolean): Action;
  /** Inches side s covers with a Move (toward or away), a Retreat or a Crawl it just chose: 0 up to the allowance. */
  moveInches(duel: DuelView, s: number, action: Action, allowance: number): number;
  /** Inches (0 to 2) of side s's Dodge (it moves away) or Shove (it pushes the attacker away): manoeuvre DODGE, DODGE_THEN_SHOVE or SHOVE. */
  manoeuvreInches(duel: DuelView, s: number, manoeuvre: number): number;
  /**
   * True when decide() reads the round or which activation of it plays (a solved table does): the
   * exact walker then cannot share one graph node among rounds (exact.ts walks per round).
   */
  readonly readsRound?: boolean;
}
