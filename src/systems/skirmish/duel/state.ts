/**
 * A duel's state as numbers, to save it at a step boundary and restore it before replaying a
 * step (the exact walker, exact.ts): per fighter its wound state, Wounds left, primary weapon,
 * Brace, Aim, moved, Ranged this activation and Hidden flags; then the distance and the actions left in the activation. The same fields
 * the engine reads, so two states with equal keys play on identically.
 */
import type { Duel } from './engine.js';
import type { FighterView } from './actions.js';
import type { Fighter } from './fighter.js';

export const FIGHTER_FIELDS = 8;
export const STATE_SIZE = 2 * FIGHTER_FIELDS + 2;

/** Writes fighter f's fields at `at` (the engine's fighter, or the view a policy sees: solved-table.ts). */
export function saveFighter(f: FighterView, out: number[], at: number): void {
  out[at] = f.state;
  out[at + 1] = f.woundsLeft;
  out[at + 2] = f.primary;
  out[at + 3] = f.braced;
  out[at + 4] = f.aimed;
  out[at + 5] = f.moved ? 1 : 0;
  out[at + 6] = f.rangedThisActivation ? 1 : 0;
  out[at + 7] = f.hidden ? 1 : 0;
}

function restoreFighter(f: Fighter, s: readonly number[], at: number): void {
  f.state = s[at]!;
  f.woundsLeft = s[at + 1]!;
  f.primary = s[at + 2]!;
  f.braced = s[at + 3]!;
  f.aimed = s[at + 4]!;
  f.moved = s[at + 5] === 1;
  f.rangedThisActivation = s[at + 6] === 1;
  f.hidden = s[at + 7] === 1;
}

/** The duel's state now, as STATE_SIZE numbers. */
export function saveState(duel: Duel): number[] {
  return saveStateInto(duel, new Array<number>(STATE_SIZE));
}

/** The duel's state now, written into `out` (STATE_SIZE numbers), which it returns. */
export function saveStateInto(duel: Duel, out: number[]): number[] {
  saveFighter(duel.fighters[0], out, 0);
  saveFighter(duel.fighters[1], out, FIGHTER_FIELDS);
  out[2 * FIGHTER_FIELDS] = duel.distance;
  out[2 * FIGHTER_FIELDS + 1] = duel.actionsLeft;
  return out;
}

/** Puts a saved state back (the round and `over` are the walker's to set). */
export function restoreState(duel: Duel, s: readonly number[]): void {
  restoreFighter(duel.fighters[0], s, 0);
  restoreFighter(duel.fighters[1], s, FIGHTER_FIELDS);
  duel.distance = s[2 * FIGHTER_FIELDS]!;
  duel.actionsLeft = s[2 * FIGHTER_FIELDS + 1]!;
}

/**
 * The state as the next round or activation sees it: before anything reads them, the activation
 * resets Aim, moved and Ranged-this-activation of both fighters and the actions left
 * (Duel.beginActivation), so they are zeroed here and states that differ only in them merge.
 */
export function atActivationStart(s: number[]): number[] {
  for (const at of [0, FIGHTER_FIELDS]) {
    s[at + 4] = 0;
    s[at + 5] = 0;
    s[at + 6] = 0;
  }
  s[2 * FIGHTER_FIELDS + 1] = 0;
  return s;
}

/** One fighter's fields as one integer below 2^18, or -1 when a field does not fit. */
function packFighter(s: readonly number[], at: number): number {
  const wounds = s[at + 1]!;
  const primary = s[at + 2]!;
  if (wounds < 0 || wounds > 31 || primary < 0 || primary > 63) return -1;
  const flags = s[at + 3]! + 2 * s[at + 4]! + 4 * s[at + 5]! + 8 * s[at + 6]! + 16 * s[at + 7]!;
  return s[at]! + 4 * (wounds + 32 * (primary + 64 * flags));
}

/** A string naming the state: equal keys, equal states (a short packed form; the full list when a field is out of its range). */
export function stateKey(s: readonly number[]): string {
  const a = packFighter(s, 0);
  const b = packFighter(s, FIGHTER_FIELDS);
  if (a < 0 || b < 0) return s.join(',');
  return `${a + b * 262144}|${s[2 * FIGHTER_FIELDS]!}|${s[2 * FIGHTER_FIELDS + 1]!}`;
}
