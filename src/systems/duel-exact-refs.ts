/**
 * The exact references of the search player's checks (test/systems/duel-search.test.ts,
 * bench/search-duels.ts): a duel's exact value with both sides named, and with one side playing
 * its exact best response to the other's named policy (the solvers of `balance exact`'s policy
 * gap). Values are a's score, P(a wins) + 1/2 P(draw).
 */
import { exactDuel } from './skirmish/duel/exact.js';
import { DUEL_POLICY } from './skirmish/duel/policies.js';
import { solveDuel } from './skirmish/duel/solve.js';
import type { DuelSpec } from './skirmish/duel/setup.js';
import { exactExchangeDuel } from './exchange/duel/exact.js';
import { solveExchangeDuel } from './exchange/duel/solve.js';
import type { ExchangeDuelSpec } from './exchange/duel/engine.js';

/** Limits large enough for the shipped configs' full-size duels (the gap columns of `balance exact` stop earlier). */
const LIMITS = { states: 2_000_000, paths: 200_000_000 };

export interface ExactRefs {
  /** a's score with both sides named, and with `side` playing its exact best response. */
  readonly named: number;
  readonly best: number;
}

const score = (t: Float64Array): number => t[0]! + t[2]! / 2;

export function skirmishRefs(spec: DuelSpec, side: number): ExactRefs {
  const named = score(exactDuel(spec, DUEL_POLICY, LIMITS).tally);
  const best = solveDuel(spec, side === 0 ? ['solved', 'named'] : ['named', 'solved'], LIMITS).value;
  return { named, best };
}

export function exchangeRefs(spec: ExchangeDuelSpec, side: number): ExactRefs {
  const named = score(exactExchangeDuel(spec, LIMITS).tally);
  const best = solveExchangeDuel(spec, side === 0 ? ['solved', 'named'] : ['named', 'solved'], LIMITS).value;
  return { named, best };
}
