/**
 * Solved policies in exchange duel studies (`policyA/policyB: best-response | optimal`),
 * with the same meaning, side codes and solver modes as skirmish duels (skirmish/duel/
 * solved-policy.ts): the solver (exchange/duel/solve.ts) runs once per task and records every decision of
 * its solving sides in an ExchangeSolvedTable; a TablePlayer plays it in run (the kernel's
 * prepare) and in exact (the walker). A solved side's named policy (its fallback and its "named"
 * play in the policy gap) is the default, reserve-1. The policy gap (`balance exact`) uses the
 * skirmish gap's columns and budget rule (policy-gap.ts gapValues).
 */
import { gapValues, MAX_GAP_STATES } from '../../skirmish/duel/policy-gap.js';
import { NAMED, solveModes } from '../../skirmish/duel/solved-policy.js';
import { EXACT_LIMITS, ExactLimitError, exactExchangeDuel, type ExactLimits } from './exact.js';
import { solveExchangeDuel, type SideMode } from './solve.js';
import { ExchangeSolvedTable, TablePlayer } from './solved-table.js';
import type { ExchangeDuelSpec } from './engine.js';

/** The named policy a solved side falls back on. */
export const SOLVED_FALLBACK = 'reserve-1';

export interface ExchangeSolvedPlay {
  readonly player: TablePlayer;
  /** P(a wins) + 1/2 P(draw) when every side plays as the solver assumed. */
  readonly value: number;
  readonly states: number;
}

/** Solves for the solver modes and returns the player of the table for the sides in `play` (default: the solving sides). */
export function solveExchangePlay(
  spec: ExchangeDuelSpec, modes: readonly [SideMode, SideMode], play: readonly [boolean, boolean] = [modes[0] === 'solved', modes[1] === 'solved'],
  limits: ExactLimits = EXACT_LIMITS,
): ExchangeSolvedPlay {
  const table = new ExchangeSolvedTable();
  const r = solveExchangeDuel(spec, modes, limits, table);
  return { player: new TablePlayer(table, play), value: r.value, states: r.states };
}

/** The player a task's duels use for its solved sides, or null when both sides play named. Throws ExactLimitError (one input line) over the limits. */
export function exchangeStudyPlayer(spec: ExchangeDuelSpec): TablePlayer | null {
  const solved = spec.solved ?? [NAMED, NAMED];
  const modes = solveModes(solved);
  if (modes === null) return null;
  try {
    return solveExchangePlay(spec, modes, [solved[0] !== NAMED, solved[1] !== NAMED]).player;
  } catch (e) {
    // The backward induction recurses once per boundary: a very long duel overflows the stack first.
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      throw new ExactLimitError(`solving policy best-response/optimal needs a deeper recursion than the stack allows (maxRounds ${spec.maxRounds}): use a named policy or a smaller maxRounds`);
    }
    if (!(e instanceof ExactLimitError)) throw e;
    const what = e.message.replace(/^solved exchange duel /, '').replace(/ \(farther apart.*$/, '');
    throw new ExactLimitError(`solving exchange policy best-response/optimal ${what}: use a named policy, less Vitality or a smaller maxRounds`);
  }
}

/**
 * The exchange gap's budget: its named walk counts (state, boundary) pairs, so it allows the solves
 * up to 10000 of them, and each solve or walk may take 2 million dice paths (a full-size duel's
 * minimax, ~4 million, is left empty: about 4 s each).
 */
const GAP_NAMED_STATES = 10_000;
const GAP_LIMITS: ExactLimits = { states: MAX_GAP_STATES, paths: 2_000_000 };

/** The six policy-gap values (GAP_COLUMNS order) of an exchange duel: both named, each side's best response, the minimax solution. */
export function exchangePolicyGap(spec: ExchangeDuelSpec): Float64Array {
  const named: ExchangeDuelSpec = { a: spec.a, b: spec.b, knobs: spec.knobs, maxRounds: spec.maxRounds };
  return gapValues((modes) => {
    try {
      const player = modes[0] === 'named' && modes[1] === 'named' ? null : solveExchangePlay(named, modes, undefined, GAP_LIMITS).player;
      const r = exactExchangeDuel(named, GAP_LIMITS, player);
      return [r.tally[0]!, r.tally[1]!, r.states];
    } catch (e) {
      if (e instanceof ExactLimitError) return [NaN, NaN, Infinity];
      if (e instanceof RangeError && /call stack/i.test(e.message)) return [NaN, NaN, Infinity];
      throw e;
    }
  }, GAP_NAMED_STATES);
}
