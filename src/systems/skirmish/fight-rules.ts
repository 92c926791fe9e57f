/**
 * Rules of whole skirmish fights that are not part of one Attack Sequence, as small pure
 * functions (seed 000 "Example: A Round", seed 002 Recover, Help, Casting Roll; rules.md 1.8-1.9).
 * Battles call these; the duel engine carries its own older copies of initiative, Recover and the
 * Casting Roll (to be pointed here once issue #10's rewrite of duel/engine.ts has landed).
 */
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from './profile.js';

export interface D6 {
  d6(): number;
}

export type InitiativeKnob = 'roll-off' | 'a' | 'b' | 'alternate';

/**
 * The side that activates first in a round: the one with fewer activations; on equal counts the
 * knob decides (default a d6 roll-off, ties rerolled, the higher goes first). -1 if neither activates.
 */
export function initiative(countA: number, countB: number, knob: InitiativeKnob, round: number, dice: D6): number {
  if (countA === 0 && countB === 0) return -1;
  if (countA !== countB) return countA < countB ? 0 : 1;
  switch (knob) {
    case 'a':
      return 0;
    case 'b':
      return 1;
    case 'alternate':
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

/** Pass tokens of side s this round: the difference in activations, to the side with fewer. */
export function passTokens(countA: number, countB: number, s: number): number {
  const mine = s === 0 ? countA : countB;
  const theirs = s === 0 ? countB : countA;
  return mine < theirs ? theirs - mine : 0;
}

/** Recover (a Downed fighter, d6): 1 Stunned; 2-3 stays Downed; 4-5 Active with 1 Wound; 6 also one extra action. */
export function recoverResult(face: number): { state: number; woundsLeft: number; extraAction: boolean } {
  if (face === 1) return { state: STUNNED, woundsLeft: 0, extraAction: false };
  if (face <= 3) return { state: DOWNED, woundsLeft: 0, extraAction: false };
  return { state: ACTIVE, woundsLeft: 1, extraAction: face === 6 };
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
