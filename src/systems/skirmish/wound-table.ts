/**
 * The Apply Wounds rule (wounds.ts woundStep) evaluated once for every input a fight can meet, so
 * a fight loop looks the result up instead of calling the rule per hit. The table is built from
 * woundStep itself: the rule still lives in one place, and a change to it changes the table.
 */
import { woundStep } from './wounds.js';

export interface WoundTable {
  /** Largest Wounds left and unblocked hits the table covers; beyond them callers use woundStep. */
  readonly maxWounds: number;
  readonly maxUnblocked: number;
  /** woundStep's packed result (state in the low 2 bits, Wounds left above) at woundIndex(). */
  readonly packed: Int32Array;
}

/** Unblocked hits a table covers by default: more than any attack of the seeds can land. */
export const TABLED_UNBLOCKED = 24;

export function woundTable(maxWounds: number, stepPerHit: boolean, maxUnblocked = TABLED_UNBLOCKED): WoundTable {
  const packed = new Int32Array(2 * 4 * (maxWounds + 1) * (maxUnblocked + 1));
  const t: WoundTable = { maxWounds, maxUnblocked, packed };
  for (let impact = 0; impact !== 2; ++impact) {
    for (let state = 0; state !== 4; ++state) {
      for (let w = 0; w <= maxWounds; ++w) {
        for (let u = 0; u <= maxUnblocked; ++u) packed[woundIndex(t, impact === 1, state, w, u)] = woundStep(state, w, u, impact === 1, stepPerHit);
      }
    }
  }
  return t;
}

/** Where (impact, state, Wounds left, unblocked) sits in a table; the caller checks the bounds. */
export function woundIndex(t: WoundTable, impact: boolean, state: number, woundsLeft: number, unblocked: number): number {
  return (((impact ? 4 : 0) + state) * (t.maxWounds + 1) + woundsLeft) * (t.maxUnblocked + 1) + unblocked;
}

/** woundStep(state, woundsLeft, unblocked, impact, stepPerHit) for the table's stepPerHit: looked up within its bounds, computed beyond them. */
export function woundLookup(t: WoundTable, state: number, woundsLeft: number, unblocked: number, impact: boolean, stepPerHit: boolean): number {
  return unblocked >= 0 && unblocked <= t.maxUnblocked && woundsLeft >= 0 && woundsLeft <= t.maxWounds
    ? t.packed[woundIndex(t, impact, state, woundsLeft, unblocked)]!
    : woundStep(state, woundsLeft, unblocked, impact, stepPerHit);
}
