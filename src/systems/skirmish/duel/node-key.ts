/**
 * A saved duel state (state.ts) packed into one integer below 2^53, the key of the game graph's
 * nodes (graph.ts) and of the solver's decision points inside a step (decisions.ts).
 */
import { FIGHTER_FIELDS } from './state.js';

/** Index of the distance in a saved state. */
export const DISTANCE = 2 * FIGHTER_FIELDS;

/** A small non-negative integer (every saved field is one, except a fractional distance). */
function small(x: number, max: number): boolean {
  return x >>> 0 === x && x <= max;
}

function packFighter(s: readonly number[], at: number): number {
  for (let k = 0; k !== FIGHTER_FIELDS; ++k) if (!small(s[at + k]!, k === 1 ? 31 : k === 2 ? 63 : k === 0 ? 3 : 1)) return -1;
  const flags = s[at + 3]! + 2 * s[at + 4]! + 4 * s[at + 5]! + 8 * s[at + 6]! + 16 * s[at + 7]!;
  return s[at]! + 4 * (s[at + 1]! + 32 * (s[at + 2]! + 64 * flags));
}

/**
 * The node's key: its kind, side, which activation of the round (0 first, 1 second) and parity
 * (the combo, below 24) in 5 bits, actions left in 3, each fighter in 18, the distance in the top
 * 9 bits (below 2^53); -1 when a field does not fit (a fractional distance, more than 511").
 */
export function numericKey(combo: number, s: readonly number[]): number {
  const a = packFighter(s, 0);
  const b = packFighter(s, FIGHTER_FIELDS);
  const d = s[DISTANCE]!;
  const left = s[DISTANCE + 1]!;
  if (a < 0 || b < 0 || !small(d, 511) || !small(left, 7)) return -1;
  return combo + 32 * (left + 8 * (a + 262144 * (b + 262144 * d)));
}
