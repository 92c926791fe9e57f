/**
 * Solved policies as a study uses them (`policy: best-response | optimal`): the solver (solve.ts)
 * runs once per task and records its picks in a SolvedTable; SolvedPolicy plays that table for
 * the solving side(s) and the named policy for the rest.
 *
 * - `best-response`: the side plays its best reply to the other side's named policy (solver modes
 *   solved/named). If the other side is also best-response or optimal, there is no named policy
 *   to reply to: both solve (the minimax game).
 * - `optimal`: the side plays its minimax (subgame-perfect) strategy, computed as if both sides
 *   optimise, whatever the other side then actually plays.
 * - A solved side's named policy is its loadout's default (melee first weapon: aggressive, else
 *   shooter). It decides any state the table lacks (counted in `misses`; tests assert 0). The
 *   table holds the actions, and the picks inside an action (move lengths, Dodge / Shove, the
 *   Ranged Reaction: decisions.ts), keyed by what the live duel shows then. Quiet states (quiet.ts: no attack can happen before maxRounds) are
  never solved: there the named policy decides, which cannot change the outcome (a draw), and the
  exact walker walks the same play, so every distribution still matches the simulator's.
 */
import { DUEL_POLICY } from './policies.js';
import type { Action, DuelPolicy, DuelView } from './actions.js';
import { contextCode, manoeuvreKind, moveKind, REACTION } from './decisions.js';
import { ExactLimitError, MAX_EXACT_PATHS, MAX_EXACT_STATES, type ExactLimits } from './exact-walker.js';
import type { DuelSpec } from './setup.js';
import { solveDuel, type SideMode } from './solve.js';
import { SolvedTable } from './solved-table.js';

export const SOLVED_POLICIES = ['best-response', 'optimal'] as const;
export type SolvedPolicyName = (typeof SOLVED_POLICIES)[number];

/** How a side chooses, as DuelSpec.solved holds it. */
export const NAMED = 0;
export const BEST_RESPONSE = 1;
export const OPTIMAL = 2;

/** The code of a policy name: NAMED for aggressive, shooter and kite. */
export function solvedCode(name: string): number {
  return name === 'best-response' ? BEST_RESPONSE : name === 'optimal' ? OPTIMAL : NAMED;
}

/** The solver's modes for a pair of side codes, or null when neither side solves. */
export function solveModes(solved: readonly [number, number]): [SideMode, SideMode] | null {
  const [a, b] = solved;
  if (a === NAMED && b === NAMED) return null;
  if (a === OPTIMAL || b === OPTIMAL || (a !== NAMED && b !== NAMED)) return ['solved', 'solved'];
  return a === BEST_RESPONSE ? ['solved', 'named'] : ['named', 'solved'];
}

/** Plays the table for the sides in `sides`, the named policy elsewhere. */
export class SolvedPolicy implements DuelPolicy {
  /** Decisions of a solving side the table did not have (the named policy decided). */
  misses = 0;
  /** The table's decisions read the round and which activation plays (exact.ts walks per round). */
  readonly readsRound = true;
  /** The action the current activation performs and whose activation it is (keys of decisions inside a step). */
  private action = 0;
  private actSide = 0;
  constructor(readonly table: SolvedTable, private readonly sides: readonly [boolean, boolean]) {}

  decide(duel: DuelView, s: number, reaction: boolean): Action {
    if (reaction) {
      if (this.sides[s]!) {
        const a = this.inner(duel, s, REACTION);
        if (!Number.isNaN(a)) return a as Action;
      }
      return DUEL_POLICY.decide(duel, s, true);
    }
    let a: number = -1;
    if (this.sides[s]!) {
      a = this.table.decide(duel, s);
      if (a < 0 && !this.table.quiet(duel, s)) this.misses++;
    }
    if (a < 0) a = DUEL_POLICY.decide(duel, s, false);
    this.action = a;
    this.actSide = s;
    return a as Action;
  }

  moveInches(duel: DuelView, s: number, action: Action, allowance: number): number {
    if (this.sides[s]!) {
      const x = this.inner(duel, s, moveKind(action));
      if (!Number.isNaN(x)) return x;
    }
    return DUEL_POLICY.moveInches(duel, s, action, allowance);
  }

  manoeuvreInches(duel: DuelView, s: number, manoeuvre: number): number {
    if (this.sides[s]!) {
      const x = this.inner(duel, s, manoeuvreKind(manoeuvre));
      if (!Number.isNaN(x)) return x;
    }
    return DUEL_POLICY.manoeuvreInches(duel, s, manoeuvre);
  }

  /** The table's pick at a decision inside a step, or NaN (a miss, counted unless the state is quiet). */
  private inner(duel: DuelView, s: number, kind: number): number {
    const x = this.table.innerPick(duel, contextCode(kind, s, duel.reacting, this.actSide, duel.which, this.action));
    if (Number.isNaN(x) && !this.table.quiet(duel, this.actSide)) this.misses++;
    return x;
  }
}

export interface SolvedPlay {
  readonly policy: SolvedPolicy;
  /** P(a wins) + 1/2 P(draw) when every side plays as the solver assumed. */
  readonly value: number;
  readonly states: number;
}

/**
 * Solves for the given side modes (solver modes: which sides solve) and returns the policy that
 * plays the table for the sides in `play` (default: the solving sides). Throws ExactLimitError
 * over the limits.
 */
export function solvePlay(
  spec: DuelSpec, modes: readonly [SideMode, SideMode], play: readonly [boolean, boolean] = [modes[0] === 'solved', modes[1] === 'solved'],
  limits: ExactLimits = { states: MAX_EXACT_STATES, paths: MAX_EXACT_PATHS },
): SolvedPlay {
  const table = new SolvedTable();
  const r = solveDuel(spec, modes, limits, table);
  return { policy: new SolvedPolicy(table, play), value: r.value, states: r.states };
}

/** The policy a task's duels play: its solved sides from the table, or null when no side solves. */
export function studyPolicy(spec: DuelSpec): SolvedPolicy | null {
  const solved = spec.solved ?? [NAMED, NAMED];
  const modes = solveModes(solved);
  if (modes === null) return null;
  try {
    return solvePlay(spec, modes, [solved[0] !== NAMED, solved[1] !== NAMED]).policy;
  } catch (e) {
    // The backward induction recurses once per boundary: a very long duel overflows the stack first.
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      throw new ExactLimitError(`solving policy best-response/optimal needs a deeper recursion than the stack allows (maxRounds ${spec.settings.maxRounds}): use a named policy or a smaller maxRounds`);
    }
    if (!(e instanceof ExactLimitError)) throw e;
    const what = e.message.replace(/^exact duel /, '').replace(/; use balance run$/, '');
    throw new ExactLimitError(`solving policy best-response/optimal ${what}: use a named policy, fewer Wounds or a smaller maxRounds`);
  }
}
