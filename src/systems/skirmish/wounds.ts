/**
 * Step 5 of the Attack Sequence, Apply Wounds (seed 000; rules.md 1.7), on small integer states.
 */
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from './profile.js';

export interface WoundOptions {
  /** An `impact` weapon makes an exact takedown Stunned instead of Downed. */
  readonly impact: boolean;
  /** Knob `stepPerHit`: each unblocked hit past 0 Wounds is one step (default: one step per attack). */
  readonly stepPerHit: boolean;
}

export interface WoundResult {
  readonly state: number;
  readonly woundsLeft: number;
}

/**
 * Applies `unblocked` hits to a fighter in `state` with `woundsLeft` Wounds.
 * - Active, reduced to exactly 0: Downed (impact: Stunned); below 0: wounds 0 and Stunned.
 * - Downed hit at all: Stunned. Stunned hit at all: Out of Action.
 * With stepPerHit every hit past 0 Wounds moves one step (Downed -> Stunned -> Out of Action).
 */
export function applyWounds(state: number, woundsLeft: number, unblocked: number, o: WoundOptions): WoundResult {
  return { state: stateAfter(state, woundsLeft, unblocked, o.impact, o.stepPerHit), woundsLeft: woundsLeftAfter(state, woundsLeft, unblocked) };
}

/** The state part of applyWounds, on plain numbers (hot loops: nothing allocated). */
export function stateAfter(state: number, woundsLeft: number, unblocked: number, impact: boolean, stepPerHit: boolean): number {
  if (unblocked <= 0 || state === OUT_OF_ACTION) return state;
  if (state === ACTIVE) {
    if (unblocked < woundsLeft) return ACTIVE;
    const excess = unblocked - woundsLeft;
    let next = impact ? STUNNED : DOWNED;
    if (excess > 0) next = stepPerHit ? Math.max(next, DOWNED + excess) : Math.max(next, STUNNED);
    return Math.min(next, OUT_OF_ACTION);
  }
  return Math.min(state + (stepPerHit ? unblocked : 1), OUT_OF_ACTION);
}

/** The Wounds part of applyWounds: reduced while Active, 0 once taken down. */
export function woundsLeftAfter(state: number, woundsLeft: number, unblocked: number): number {
  if (unblocked <= 0 || state === OUT_OF_ACTION) return woundsLeft;
  return state === ACTIVE && unblocked < woundsLeft ? woundsLeft - unblocked : 0;
}

/** The state after 0, 1, ..., maxUnblocked unblocked hits, as a lookup table for hot loops. */
export function stateTable(state: number, woundsLeft: number, maxUnblocked: number, o: WoundOptions): Uint8Array {
  const table = new Uint8Array(maxUnblocked + 1);
  for (let u = 0; u <= maxUnblocked; u++) table[u] = applyWounds(state, woundsLeft, u, o).state;
  return table;
}
