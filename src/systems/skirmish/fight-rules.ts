/**
 * Rules of whole skirmish fights that are not part of one Attack Sequence, as small pure
 * functions (seed 000 "Example: A Round", seed 002 Recover, Help, Casting Roll; rules.md 1.8-1.9).
 * The duel engine (duel/engine.ts) and the battle engine (battle/) both call these: one copy of
 * each rule, so the two engines cannot disagree. Geometry (a distance in a duel, positions on a board) stays in each
 * engine; what the rule decides from it lives here.
 */
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from './profile.js';
import { passes } from './sequence.js';

/** Engagement range (inches). */
export const ENGAGEMENT = 1;
/** Hidden fighters cannot be targeted by Ranged or Cast attacks beyond this. */
export const HIDDEN_RANGE = 6;
/** Dodge and Shove move "up to 2"". */
export const MANOEUVRE_INCHES = 2;
/** Slack for distances computed in floating point (battle geometry). */
const EPS = 1e-9;

export interface D6 {
  d6(): number;
}

export type InitiativeKnob = 'roll-off' | 'a' | 'b' | 'alternate';
const INITIATIVE_KNOBS: readonly InitiativeKnob[] = ['roll-off', 'a', 'b', 'alternate'];

/** The knob as the small integer initiative() reads in fight loops (0 roll-off, 1 a, 2 b, 3 alternate); engines convert it once. */
export function initiativeCode(knob: InitiativeKnob): number {
  return Math.max(0, INITIATIVE_KNOBS.indexOf(knob));
}

/**
 * The side that activates first in a round: the one with fewer activations; on equal counts the
 * knob (initiativeCode) decides (default a d6 roll-off, ties rerolled, the higher goes first).
 * A side with no activation at all cannot go first: the other side does (as in a duel where only
 * one fighter activates). -1 if neither activates.
 */
export function initiative(countA: number, countB: number, knob: number, round: number, dice: D6): number {
  if (countA === 0) return countB === 0 ? -1 : 1;
  if (countB === 0) return 0;
  if (countA !== countB) return countA < countB ? 0 : 1;
  switch (knob) {
    case 1:
      return 0;
    case 2:
      return 1;
    case 3:
      return (round - 1) % 2;
    default:
      for (let guard = 0; guard < 1000; guard++) {
        const ra = dice.d6();
        const rb = dice.d6();
        if (ra !== rb) return ra > rb ? 0 : 1;
      }
      return 0;
  }
}

/**
 * Pass tokens of side s this round: the difference in activations, to the side with fewer; none
 * to a side with no activation (it has no turn to spend them on).
 */
export function passTokens(countA: number, countB: number, s: number): number {
  const mine = s === 0 ? countA : countB;
  const theirs = s === 0 ? countB : countA;
  return mine > 0 && mine < theirs ? theirs - mine : 0;
}

/** Whether a fighter in `state` activates: Active or Downed; Stunned too with knob stunnedActs. */
export function activates(state: number, stunnedActs: boolean): boolean {
  return state === ACTIVE || state === DOWNED || (state === STUNNED && stunnedActs);
}

export interface RecoverResult {
  readonly state: number;
  readonly woundsLeft: number;
  readonly extraAction: boolean;
}
const RECOVER_STUNNED: RecoverResult = Object.freeze({ state: STUNNED, woundsLeft: 0, extraAction: false });
const RECOVER_DOWNED: RecoverResult = Object.freeze({ state: DOWNED, woundsLeft: 0, extraAction: false });
const RECOVER_STANDS: RecoverResult = Object.freeze({ state: ACTIVE, woundsLeft: 1, extraAction: false });
const RECOVER_STANDS_EXTRA: RecoverResult = Object.freeze({ state: ACTIVE, woundsLeft: 1, extraAction: true });

/**
 * Recover (a Downed fighter, d6): 1 Stunned; 2-3 stays Downed; 4-5 Active with 1 Wound; 6 also one
 * extra action. Returns shared constants (no allocation in fight loops).
 */
export function recoverResult(face: number): RecoverResult {
  if (face === 1) return RECOVER_STUNNED;
  if (face <= 3) return RECOVER_DOWNED;
  return face === 6 ? RECOVER_STANDS_EXTRA : RECOVER_STANDS;
}

/** Crawl: Downed (Stunned too with knob stunnedActs) fighters only. */
export function canCrawl(state: number, stunnedActs: boolean): boolean {
  return state === DOWNED || (state === STUNNED && stunnedActs);
}

/** How far a Crawl may go: half Movement, rounded up. */
export function crawlAllowance(movement: number): number {
  return Math.ceil(movement / 2);
}

/** Retreat's Skill check (002): the d6 face against the fighter's Skill check face. */
export function retreatPasses(face: number, skillFace: number): boolean {
  return passes(face, skillFace);
}

/** After a Retreat (if still Active): whether the fighter moves away; knob failedRetreat `stays` keeps a failed one engaged. */
export function retreatLeaves(passed: boolean, failedStays: boolean): boolean {
  return passed || !failedStays;
}

export const MERCY_NONE = 0;
/** A Stunned target: straight Out of Action. */
export const MERCY_TAKE_OUT = 1;
/** A Downed target: a Melee attack where any unblocked hit takes it Out of Action. */
export const MERCY_ATTACK = 2;

/** Mercy Kill (002) on a target in `targetState` within 1" (the engine checks the distance and any restriction). */
export function mercyKillKind(targetState: number): number {
  if (targetState === STUNNED) return MERCY_TAKE_OUT;
  return targetState === DOWNED ? MERCY_ATTACK : MERCY_NONE;
}

/** A Mercy Kill attack on a Downed target: any unblocked hit takes it Out of Action. */
export function mercyKillLands(unblocked: number): boolean {
  return unblocked >= 1;
}

/**
 * Dodge and Shove movement after an attack (code bits DODGE_MOVED / SHOVE_MOVED): only while the
 * target is still Active (a fighter that went down does not move). Returns the bits that move.
 */
export function manoeuvresAfter(code: number, targetState: number, dodgeBit: number, shoveBit: number): number {
  return targetState === ACTIVE ? code & (dodgeBit | shoveBit) : 0;
}

/** Dodge and Shove move "up to 2"": the inches a policy asked for, clamped to 0..2. */
export function manoeuvreDistance(asked: number): number {
  return Math.min(MANOEUVRE_INCHES, Math.max(0, asked));
}

/**
 * The `shooter` / `kite` reading of "up to 2"" (duel and battle policies alike): go only as far as
 * keeps the enemy within the fighter's own maximum range. `aggressive` keeps the pinned full 2".
 */
export function keepInRangeInches(maxRange: number, distance: number): number {
  return Math.min(MANOEUVRE_INCHES, Math.max(0, maxRange - distance));
}

/**
 * Hide (002): needs terrain to hide in (the duel's `terrain` setting; within 1" of terrain on a
 * board) and no Ranged action earlier in the activation (a Cast does not block it).
 */
export function canHide(nearTerrain: boolean, rangedEarlier: boolean): boolean {
  return nearTerrain && !rangedEarlier;
}

/** A Hidden fighter stays Hidden after moving only near terrain and more than 6" from every enemy. */
export function staysHidden(nearTerrain: boolean, nearestEnemy: number): boolean {
  return nearTerrain && nearestEnemy > HIDDEN_RANGE + EPS;
}

/** Kinds of a fighter's own movement, as the rules tell them apart (movedBy, hiddenAfterMoving). */
export const MOVEMENT_MOVE = 0;
export const MOVEMENT_CHARGE = 1;
export const MOVEMENT_RETREAT = 2;
export const MOVEMENT_CRAWL = 3;

/**
 * Whether a movement of `kind` counts as having "Moved or Charged this activation" (000, Long
 * Rifle: a `heavy` weapon cannot fire after it): a Move or a Charge. A Retreat is an action of its
 * own (002), and a Crawl is only for a Downed fighter: neither counts.
 */
export function movedBy(kind: number): boolean {
  return kind === MOVEMENT_MOVE || kind === MOVEMENT_CHARGE;
}

/**
 * Whether a Hidden fighter is still Hidden after its own movement of `kind` (002 Hidden): a
 * Charge loses it; a Move, Retreat or Crawl keeps it only ending within 1" of terrain and more
 * than 6" from every enemy (staysHidden). Being Downed or Stunned does not lose it (a Downed
 * fighter may Recover "without losing Hidden").
 */
export function hiddenAfterMoving(kind: number, nearTerrain: boolean, nearestEnemy: number): boolean {
  return kind !== MOVEMENT_CHARGE && staysHidden(nearTerrain, nearestEnemy);
}

export interface ShotWeapon {
  readonly min: number;
  readonly max: number;
  readonly heavy: boolean;
}

/**
 * Ranged-target legality (000/002) at distance d: within the weapon's range; a Hidden target not
 * beyond 6"; a heavy weapon not after the shooter moved in this activation (its own, or the
 * enemy activation it reacts in). Line of sight is the board's question.
 */
export function shotLegal(w: ShotWeapon, d: number, targetHidden: boolean, moved: boolean): boolean {
  if (d < w.min - EPS || d > w.max + EPS) return false;
  if (targetHidden && d > HIDDEN_RANGE + EPS) return false;
  return !(w.heavy && moved);
}

/**
 * Help (a Downed or Stunned friend within 1", d6): 1 Out of Action; 2-3 nothing; 4-5 a Stunned
 * friend becomes Downed; 6 the friend stands with 1 Wound. Returns the friend's new state and Wounds.
 */
export function helpResult(face: number, state: number, woundsLeft: number): { state: number; woundsLeft: number } {
  if (face === 1) return { state: OUT_OF_ACTION, woundsLeft: 0 };
  if (face === 6) return { state: ACTIVE, woundsLeft: 1 };
  if (face >= 4 && state === STUNNED) return { state: DOWNED, woundsLeft: 0 };
  return { state, woundsLeft };
}

export const MISHAP = 0;
export const FIZZLE = 1;
export const GOES_OFF = 2;

/** Casting Roll: 2d6 + the casting attribute; double 1s is a mishap, below the difficulty fizzles. */
export function castingResult(r1: number, r2: number, casting: number, difficulty: number): number {
  if (r1 === 1 && r2 === 1) return MISHAP;
  return r1 + r2 + casting < difficulty ? FIZZLE : GOES_OFF;
}
