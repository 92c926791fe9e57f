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
  const packed = woundStep(state, woundsLeft, unblocked, o.impact, o.stepPerHit);
  return { state: packed & 3, woundsLeft: packed >>> 2 };
}

/** The state part of the rule, on plain numbers (battle hot loops). */
export function stateAfter(state: number, woundsLeft: number, unblocked: number, impact: boolean, stepPerHit: boolean): number {
  return woundStep(state, woundsLeft, unblocked, impact, stepPerHit) & 3;
}

/** The Wounds part of the rule: reduced while Active, 0 once taken down. */
export function woundsLeftAfter(state: number, woundsLeft: number, unblocked: number): number {
  return woundStep(state, woundsLeft, unblocked, false, false) >>> 2;
}

/**
 * The same rule without allocating, for fight engines' hot loops: the new state in the low 2 bits,
 * the Wounds left above them (`state = r & 3`, `woundsLeft = r >>> 2`). applyWounds is built on it,
 * so attacks and fights share one copy of the rule.
 */
export function woundStep(state: number, woundsLeft: number, unblocked: number, impact: boolean, stepPerHit: boolean): number {
  if (unblocked <= 0 || state === OUT_OF_ACTION) return state | (woundsLeft << 2);
  if (state === ACTIVE) {
    if (unblocked < woundsLeft) return ACTIVE | ((woundsLeft - unblocked) << 2);
    const excess = unblocked - woundsLeft;
    let next = impact ? STUNNED : DOWNED;
    if (excess > 0) next = stepPerHit ? Math.max(next, DOWNED + excess) : Math.max(next, STUNNED);
    return Math.min(next, OUT_OF_ACTION);
  }
  const steps = stepPerHit ? unblocked : 1;
  return Math.min(state + steps, OUT_OF_ACTION);
}

/** The state after 0, 1, ..., maxUnblocked unblocked hits, as a lookup table for hot loops. */
export function stateTable(state: number, woundsLeft: number, maxUnblocked: number, o: WoundOptions): Uint8Array {
  const table = new Uint8Array(maxUnblocked + 1);
  for (let u = 0; u <= maxUnblocked; u++) table[u] = applyWounds(state, woundsLeft, u, o).state;
  return table;
}
