/** The compiled form of one exchange fight: structured-cloneable numbers and names, sent to workers as is. */
import type { CharacterPolicy, ConditionName } from '../combatant.js';
import type { ExchangeLoadout } from '../compile.js';
import type { ExchangeKnobs } from '../rules.js';

/** Movement policies. */
export const MOVE_CLOSE = 0;
export const MOVE_KEEP_RANGE = 1;
export const MOVE_PROTECT = 2;

/** Side targeting policies. */
export const TARGET_NEAREST = 0;
export const TARGET_WEAKEST = 1;
export const TARGET_FOCUS = 2;

/** Side turn-order policies. */
export const ORDER_LISTED = 0;
export const ORDER_FRESH_FIRST = 1;

/** Map Spaces. */
export const OPEN = 0;
export const PARTIAL = 1;
export const FULL = 2;

/** Movement modes. */
export const WALK = 0;
export const RUN = 1;
export const SPRINT = 2;

export interface FighterSpec {
  /** Unique within its side: the loadout name, with `#k` when the side has it more than once. */
  readonly name: string;
  readonly side: number;
  readonly loadout: ExchangeLoadout;
  readonly policyName: string;
  readonly policy: CharacterPolicy;
  /** Plays the `tactical` policy (paths, responses, Boost and Opportunity Attacks by value); `policy` then holds its wound order only. */
  readonly tactical: boolean;
  readonly move: number;
  readonly conditions: readonly ConditionName[];
  /** Start Space. */
  readonly x: number;
  readonly y: number;
}

export interface ExchangeFightSpec {
  /** Side a's characters first, then side b's, each in listed order. */
  readonly fighters: readonly FighterSpec[];
  readonly sideNames: readonly [string, string];
  /** The sides as traces name them: the side names, or `name (a)` / `name (b)` when a side meets itself. */
  readonly sideLabels: readonly [string, string];
  /** units[side][u] = fighter indices of one turn unit (a character, or an NPC group in member order). */
  readonly units: readonly (readonly (readonly number[])[])[];
  readonly unitNames: readonly (readonly string[])[];
  readonly width: number;
  readonly height: number;
  /** width * height Spaces, row by row: OPEN, PARTIAL or FULL cover (both block movement). */
  readonly cells: readonly number[];
  /** -1: random side; else the opening side, and the opening character (-1: its first unit). */
  readonly openerSide: number;
  readonly openerFighter: number;
  readonly maxRounds: number;
  readonly knobs: ExchangeKnobs;
  readonly targeting: readonly [number, number];
  readonly order: readonly [number, number];
}
