/**
 * The policy gap of a skirmish duel (`balance exact`): how each side's win probability moves when
 * it, or both, play solved instead of named. Each side's "named" policy is the study's named
 * policy, or for a solved side the named policy it falls back on (its loadout's default).
 *
 *   a_win_named          P(a wins), both sides named
 *   a_win_best_response  P(a wins), a best-responds to b's named policy
 *   a_win_optimal        P(a wins), both play the minimax solution
 *   b_win_named / b_win_best_response (b best-responds to a's named) / b_win_optimal: the same for b
 *
 * The solver maximises P(win) + 1/2 P(draw); the win probabilities come from the exact walker
 * playing the solved table. The gap is extra to what `balance exact` was asked for, so its solves
 * get a budget: they run only when the named exact walk has at most MAX_GAP_NAMED_STATES distinct
 * states (graph nodes, any round; a solve has some 10 to 80 times as many), and each solve and
 * each walk under a solved table stops at MAX_GAP_STATES / MAX_GAP_PATHS (a solve counts graph
 * nodes, the walk under a table (states, round) pairs: exact.ts). With the graph solver (about
 * 50000 nodes per CPU-second) the gap of a 3-Wound melee duel over 20 rounds takes about 1 s, of
 * a kiting archer or 5 Wounds each about 3 s. A value not computed is NaN (an empty cell), never
 * an error.
 */
import { ExactLimitError, exactDuel, type ExactLimits } from './exact.js';
import { DUEL_POLICY } from './policies.js';
import type { DuelSpec } from './setup.js';
import type { SideMode } from './solve.js';
import { solvePlay } from './solved-policy.js';

/** The gap's solves run only for duels whose named exact walk has at most this many states. */
export const MAX_GAP_NAMED_STATES = 2_000;
/** States and dice paths each of the gap's solves and walks may take. */
export const MAX_GAP_STATES = 100_000;
export const MAX_GAP_PATHS = 5_000_000;
/** The gap's budget: the named walk's states that allow the solves, and each solve's and walk's limits (tests shrink it). */
export interface GapBudget {
  readonly named: number;
  readonly limits: ExactLimits;
}
const BUDGET: GapBudget = { named: MAX_GAP_NAMED_STATES, limits: { states: MAX_GAP_STATES, paths: MAX_GAP_PATHS } };

export const GAP_COLUMNS = [
  'a_win_named', 'a_win_best_response', 'a_win_optimal', 'b_win_named', 'b_win_best_response', 'b_win_optimal',
] as const;

/** P(a wins), P(b wins) and the walk's states under the given solver modes (both named: the named policies), or NaNs over a limit. */
function wins(spec: DuelSpec, modes: readonly [SideMode, SideMode], limits: ExactLimits): [number, number, number] {
  try {
    const policy = modes[0] === 'named' && modes[1] === 'named' ? DUEL_POLICY : solvePlay(spec, modes, undefined, limits).policy;
    const r = exactDuel(spec, policy, limits);
    return [r.tally[0]!, r.tally[1]!, r.states];
  } catch (e) {
    if (e instanceof ExactLimitError) return [NaN, NaN, Infinity];
    throw e;
  }
}

/**
 * The six gap values in GAP_COLUMNS order from `wins` (P(a wins), P(b wins) and the walk's states
 * under solver modes, NaNs over a limit), with the budget rule above (`namedLimit`: the named walk's
 * states that allow the solves, counted as that system's walker counts them): any duel system's gap.
 */
export function gapValues(wins: (modes: readonly [SideMode, SideMode]) => [number, number, number], namedLimit = MAX_GAP_NAMED_STATES): Float64Array {
  const [aNamed, bNamed, states] = wins(['named', 'named']);
  if (states > namedLimit) return Float64Array.from([aNamed, NaN, NaN, bNamed, NaN, NaN]);
  const [aBest] = wins(['solved', 'named']);
  const [, bBest] = wins(['named', 'solved']);
  const [aOpt, bOpt] = wins(['solved', 'solved']);
  return Float64Array.from([aNamed, aBest, aOpt, bNamed, bBest, bOpt]);
}

/** The six gap values in GAP_COLUMNS order. */
export function policyGap(spec: DuelSpec, budget: GapBudget = BUDGET): Float64Array {
  const { limits } = budget;
  const named: DuelSpec = { a: spec.a, b: spec.b, policies: spec.policies, knobs: spec.knobs, settings: spec.settings };
  return gapValues((modes) => wins(named, modes, limits), budget.named);
}
