/**
 * An exchange duel's state as numbers, to save it at a step boundary and restore it before the
 * exact walker (exchange/duel/exact.ts) replays a step: per character its Vitality, Ready, Ready Magic,
 * Used and Wounded dice, status, below-half flag, Reeling turns left, Prone, and Lingering Harm
 * turns left per source; then whose turn it is and the attacks made this turn. These are every
 * field the engine reads between steps, so two states with equal keys play on identically.
 */
import type { Combatant } from '../combatant.js';
import type { ExchangeDuel } from './engine.js';

export const CHAR_FIELDS = 11;
export const STATE_SIZE = 2 * CHAR_FIELDS + 2;
const ACTIVE = 2 * CHAR_FIELDS;
const ATTACKS = ACTIVE + 1;

function saveChar(c: Combatant, out: number[], at: number): void {
  out[at] = c.vit;
  out[at + 1] = c.ready;
  out[at + 2] = c.readyMagic;
  out[at + 3] = c.used;
  out[at + 4] = c.wounded;
  out[at + 5] = c.status;
  out[at + 6] = c.belowHalf ? 1 : 0;
  out[at + 7] = c.reelingTurns;
  out[at + 8] = c.prone ? 1 : 0;
  out[at + 9] = c.harm[0]!;
  out[at + 10] = c.harm[1]!;
}

function restoreChar(c: Combatant, s: readonly number[], at: number): void {
  c.vit = s[at]!;
  c.ready = s[at + 1]!;
  c.readyMagic = s[at + 2]!;
  c.used = s[at + 3]!;
  c.wounded = s[at + 4]!;
  c.status = s[at + 5]!;
  c.belowHalf = s[at + 6] === 1;
  c.reelingTurns = s[at + 7]!;
  c.prone = s[at + 8] === 1;
  c.harm[0] = s[at + 9]!;
  c.harm[1] = s[at + 10]!;
}

/** The duel's state now, as STATE_SIZE numbers. */
export function saveState(duel: ExchangeDuel): number[] {
  const out = new Array<number>(STATE_SIZE);
  saveChar(duel.chars[0], out, 0);
  saveChar(duel.chars[1], out, CHAR_FIELDS);
  out[ACTIVE] = duel.active;
  out[ATTACKS] = duel.attacks;
  return out;
}

/** Puts a saved state back; both characters are still fighting (the walker tallies a finished duel at once). */
export function restoreState(duel: ExchangeDuel, s: readonly number[]): void {
  restoreChar(duel.chars[0], s, 0);
  restoreChar(duel.chars[1], s, CHAR_FIELDS);
  duel.active = s[ACTIVE]!;
  duel.attacks = s[ATTACKS]!;
  duel.loser = -1;
}

/**
 * The state once a turn's attacks are over: nothing reads whose turn it was or how many attacks
 * it made until the next turn sets both (ExchangeDuel.beginTurn), so they are zeroed and states
 * that differ only in them merge.
 */
export function afterAttacks(s: number[]): number[] {
  s[ACTIVE] = 0;
  s[ATTACKS] = 0;
  return s;
}

/**
 * A string naming the state: equal keys, equal states. One character per field (every field is a
 * small non-negative integer in a duel that goes on); the comma-joined list when one is not, which
 * is longer than STATE_SIZE characters, so the two forms never meet.
 */
export function stateKey(s: readonly number[]): string {
  for (let i = 0; i < s.length; i++) {
    const x = s[i]!;
    if (x < 0 || x > 0xffff || x !== Math.floor(x)) return s.join(',');
  }
  return String.fromCharCode(...s);
}
