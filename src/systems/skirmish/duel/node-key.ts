/**
 * A saved duel state (state.ts) packed into one integer below 2^53, the key of the game graph's
 * nodes (graph.ts) and of the solver's decision points inside a step (decisions.ts). The key
 * holds every field, so the graph keeps a node's key and unpacks its state from it (unpackKey)
 * instead of storing the state.
 */
import { FIGHTER_FIELDS } from './state.js';

/** Index of the distance in a saved state. */
export const DISTANCE = 2 * FIGHTER_FIELDS;

/** A 0/1 flag (as the engine saves it), else -1 (the key does not fit). */
function bit(x: number): number {
  return x === 0 ? 0 : x === 1 ? 1 : -1;
}

/**
 * One fighter's fields (state 2 bits, Wounds left 5, primary weapon 6, the flags Brace, Aim,
 * moved, Ranged this activation, Hidden 1 each) as one integer below 2^18, or -1.
 */
function packFighter(s: readonly number[], at: number): number {
  const state = s[at]!;
  const wounds = s[at + 1]!;
  const primary = s[at + 2]!;
  if (state >>> 0 !== state || state > 3 || wounds >>> 0 !== wounds || wounds > 31 || primary >>> 0 !== primary || primary > 63) return -1;
  const b0 = bit(s[at + 3]!);
  const b1 = bit(s[at + 4]!);
  const b2 = bit(s[at + 5]!);
  const b3 = bit(s[at + 6]!);
  const b4 = bit(s[at + 7]!);
  if ((b0 | b1 | b2 | b3 | b4) < 0) return -1;
  return state + 4 * wounds + 128 * primary + 8192 * (b0 + 2 * b1 + 4 * b2 + 8 * b3 + 16 * b4);
}

function unpackFighter(x: number, out: number[], at: number): void {
  out[at] = x & 3;
  out[at + 1] = (x >> 2) & 31;
  out[at + 2] = (x >> 7) & 63;
  out[at + 3] = (x >> 13) & 1;
  out[at + 4] = (x >> 14) & 1;
  out[at + 5] = (x >> 15) & 1;
  out[at + 6] = (x >> 16) & 1;
  out[at + 7] = (x >> 17) & 1;
}

/**
 * The node's key: its kind, side, which activation of the round (0 first, 1 second) and parity
 * (the combo, below 24) in 5 bits, actions left in 3, each fighter in 18, the distance in the top
 * 9 bits (below 2^53); -1 when a field does not fit (a fractional distance, more than 511").
 */
export function numericKey(combo: number, s: readonly number[]): number {
  const d = s[DISTANCE]!;
  const left = s[DISTANCE + 1]!;
  if (d >>> 0 !== d || d > 511 || left >>> 0 !== left || left > 7) return -1;
  const a = packFighter(s, 0);
  if (a < 0) return -1;
  const b = packFighter(s, FIGHTER_FIELDS);
  if (b < 0) return -1;
  return combo + 32 * (left + 8 * (a + 262144 * (b + 262144 * d)));
}

/** The state a numeric key (numericKey) holds, written into out (STATE_SIZE numbers; every division below is exact). */
export function unpackKey(key: number, out: number[]): void {
  let x = (key - (key % 32)) / 32;
  const left = x % 8;
  x = (x - left) / 8;
  const a = x % 262144;
  x = (x - a) / 262144;
  const b = x % 262144;
  out[DISTANCE] = (x - b) / 262144;
  out[DISTANCE + 1] = left;
  unpackFighter(a, out, 0);
  unpackFighter(b, out, FIGHTER_FIELDS);
}
