/**
 * A solved decision table: the action a solving side picked at each action boundary of the
 * backward induction (solve.ts), keyed by (round, side, which activation of the round, state).
 * The solver records a boundary's state as the saved numbers of state.ts (actions left counted
 * BEFORE the action); the simulator and the exact walker look it up from the live duel, where
 * Duel.nextAction has already counted the action (so actionsLeft + 1). Both sides pack the same
 * fields into one number below 2^53 (fighters, actions left, side, which, round) and key the
 * distance in an inner map: two Map lookups and no allocation per decision.
 *
 * The solver walks canonical states (canonical.ts: dead fields zeroed), so every key is made from
 * the state after the SAME Canonical.apply (bind() hands the solver's over): a live duel whose
 * dead fields are set finds the decision of the merged node. The solver does not walk quiet
 * states (quiet.ts: no attack can happen before maxRounds, the duel is a draw whatever anyone
 * does), so they have no decision; quiet() tells the caller such a miss is expected.
 */
import type { Action, DuelView, FighterView } from './actions.js';
import type { Canonical } from './canonical.js';
import { restOfRound } from './quiet.js';
import { FIGHTER_FIELDS, STATE_SIZE } from './state.js';

/** A packed fighter: state (2 bits), Wounds left (5), primary weapon (6), Brace, Aim, moved, Ranged, Hidden (1 each). */
const FIGHTER_BITS = 2 ** 18;
/** Largest round, Wounds left and weapon index a key holds. */
export const TABLE_MAX_ROUND = 1023;
const MAX_WOUNDS_KEY = 31;
const MAX_WEAPON_KEY = 63;

function packFields(state: number, wounds: number, primary: number, braced: number, aimed: number, moved: number, ranged: number, hidden: number): number {
  if (wounds < 0 || wounds > MAX_WOUNDS_KEY || primary < 0 || primary > MAX_WEAPON_KEY) return -1;
  return state + 4 * (wounds + 32 * (primary + 64 * (braced + 2 * aimed + 4 * moved + 8 * ranged + 16 * hidden)));
}

/** Writes fighter f's fields as state.ts saves them. */
function viewInto(f: FighterView, out: number[], at: number): void {
  out[at] = f.state;
  out[at + 1] = f.woundsLeft;
  out[at + 2] = f.primary;
  out[at + 3] = f.braced;
  out[at + 4] = f.aimed;
  out[at + 5] = f.moved ? 1 : 0;
  out[at + 6] = f.rangedThisActivation ? 1 : 0;
  out[at + 7] = f.hidden ? 1 : 0;
}

function packSaved(s: readonly number[], at: number): number {
  return packFields(s[at]!, s[at + 1]!, s[at + 2]!, s[at + 3]!, s[at + 4]!, s[at + 5]!, s[at + 6]!, s[at + 7]!);
}

/** The outer key, or -1 when a field is out of the key's range (never recorded, never found). */
function outerKey(a: number, b: number, actionsLeft: number, side: number, which: number, round: number): number {
  if (a < 0 || b < 0 || actionsLeft < 0 || actionsLeft > 7 || round < 0 || round > TABLE_MAX_ROUND) return -1;
  // a + b * 2^18 < 2^36; then 3 bits of actions left, 1 side, 1 which, 10 round: 51 bits in all.
  return a + FIGHTER_BITS * (b + FIGHTER_BITS * (actionsLeft + 8 * (side + 2 * (which + 2 * round))));
}

export class SolvedTable {
  private readonly byKey = new Map<number, Map<number, number>>();
  /** A state buffer: the key's state after the canonical merges. */
  private readonly scratch: number[] = new Array<number>(STATE_SIZE).fill(0);
  private canonical: Canonical | null = null;
  private later: Float64Array | null = null;
  private fighters: readonly [FighterView, FighterView] | null = null;
  /** Decisions recorded. */
  size = 0;

  /**
   * The solver's canonical merges and quiet distances (quiet.ts quietDistances) for this duel:
   * keys are made after `canonical.apply`, and quiet() answers from `later`.
   */
  bind(canonical: Canonical, later: Float64Array, fighters: readonly [FighterView, FighterView]): void {
    this.canonical = canonical;
    this.later = later;
    this.fighters = fighters;
  }

  /** The outer key of saved state s (copied and canonicalised first; the distance is left in scratch). */
  private savedKey(round: number, side: number, which: number, s: readonly number[]): number {
    const t = this.scratch;
    for (let k = 0; k !== STATE_SIZE; ++k) t[k] = s[k]!;
    return this.key(round, side, which);
  }

  private key(round: number, side: number, which: number): number {
    const t = this.scratch;
    if (this.canonical !== null) this.canonical.apply(t);
    return outerKey(packSaved(t, 0), packSaved(t, FIGHTER_FIELDS), t[2 * FIGHTER_FIELDS + 1]!, side, which, round);
  }

  /** Records side's pick at an action boundary: s is the saved state (state.ts) before the action is counted. */
  record(round: number, side: number, which: number, s: readonly number[], action: Action): void {
    const key = this.savedKey(round, side, which, s);
    if (key < 0) return;
    const d = this.scratch[2 * FIGHTER_FIELDS]!;
    let inner = this.byKey.get(key);
    if (inner === undefined) {
      inner = new Map<number, number>();
      this.byKey.set(key, inner);
    }
    if (!inner.has(d)) this.size++;
    inner.set(d, action);
  }

  /** The recorded pick of side at a saved boundary state (as record() was given it), or -1. */
  get(round: number, side: number, which: number, s: readonly number[]): Action | -1 {
    const key = this.savedKey(round, side, which, s);
    const a = key < 0 ? undefined : this.byKey.get(key)?.get(this.scratch[2 * FIGHTER_FIELDS]!);
    return a === undefined ? -1 : (a as Action);
  }

  /** The recorded pick of side s at the live duel's current action (already counted by Duel.nextAction), or -1. */
  decide(duel: DuelView, side: number): Action | -1 {
    const t = this.scratch;
    viewInto(duel.fighters[0], t, 0);
    viewInto(duel.fighters[1], t, FIGHTER_FIELDS);
    t[2 * FIGHTER_FIELDS] = duel.distance;
    t[2 * FIGHTER_FIELDS + 1] = duel.actionsLeft + 1;
    const key = this.key(duel.round, side, duel.which);
    if (key < 0) return -1;
    const inner = this.byKey.get(key);
    if (inner === undefined) return -1;
    const a = inner.get(duel.distance);
    return a === undefined ? -1 : (a as Action);
  }

  /** Whether the live duel's boundary (action already counted) is quiet: the solver valued it a draw without a decision. */
  quiet(duel: DuelView, side: number): boolean {
    const { later, fighters } = this;
    if (later === null || fighters === null || duel.round >= later.length) return false;
    return duel.distance > later[duel.round]! + restOfRound(fighters, false, side, duel.which, duel.actionsLeft + 1);
  }
}
