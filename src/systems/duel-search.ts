/**
 * The search player in duels (skirmish duel/game.ts, exchange duel/game.ts): who searches, the
 * players of a duel, and the Monte Carlo value of a pairing, shared by both systems' kernels, the
 * checks against exact values (test/systems/duel-search.test.ts) and bench/search-duels.ts.
 *
 * A searching side plays games/search.ts over the duel game, whose legal actions are the exact
 * solver's options at every decision (so its value lies between its named policy's and the exact
 * best response's); its play-outs play each side's own policy: the searching side's named policy
 * (a study's searching side plays its fallback, as a solved side does) and the opponent's.
 */
import type { Dice } from '../dice/dice.js';
import { playOut, type Game, type GamePolicy } from '../games/game.js';
import { searchPolicy, type SearchBudget, type SearchPolicy } from '../games/search.js';

/** A duel game: a Game that also starts a duel (at its first decision) with the given dice. */
export interface DuelGame<S, A> extends Game<S, A> {
  start(dice: Dice): S;
}

/** The players of a duel: per side the search player or the own policy. */
export interface DuelPlayers<S, A> {
  readonly policies: readonly [GamePolicy<S, A>, GamePolicy<S, A>];
  /** The search players (null for a side that does not search), for their counters. */
  readonly searches: readonly [SearchPolicy<S, A> | null, SearchPolicy<S, A> | null];
}

/** The players: `own` (the first legal action: each side's own policy) for every side, search for the sides in `searching`. */
export function duelPlayers<S, A>(game: Game<S, A>, own: GamePolicy<S, A>, searching: readonly [boolean, boolean], budget: SearchBudget): DuelPlayers<S, A> {
  const rollout = [own, own] as const;
  const searches = [0, 1].map((s) => (searching[s] === true ? searchPolicy(game, { rollout, budget }) : null)) as [SearchPolicy<S, A> | null, SearchPolicy<S, A> | null];
  return { policies: [searches[0] ?? own, searches[1] ?? own], searches };
}

/** Plays one duel to its end with these players (the search draws its play-out streams from `dice`); the final state. */
export function playDuel<S, A>(game: DuelGame<S, A>, players: DuelPlayers<S, A>, dice: Dice): S {
  const st = game.start(dice);
  playOut(game, st, players.policies, dice);
  return st;
}

export interface DuelValue {
  /** Mean of P(a wins) + 1/2 P(draw) over the duels, its standard error, the duels, ms per duel. */
  readonly value: number;
  readonly se: number;
  readonly n: number;
  readonly msPerDuel: number;
  /** a's score in each duel (1, 1/2, 0), in order: two runs on the same seed pair up duel by duel. */
  readonly scores: Float64Array;
}

/**
 * The Monte Carlo value (a's score) of n duels with these players, on `dice`. Duel i's search
 * streams are keyed by `key + i` (SearchPolicy.reseed), so the search draws nothing from the
 * duel's dice: two runs with the same dice and keys play the same duels until their choices differ.
 */
export function duelValue<S, A>(game: DuelGame<S, A>, players: DuelPlayers<S, A>, dice: Dice, n: number, key = 0): DuelValue {
  const scores = new Float64Array(n);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    for (const s of players.searches) s?.reseed((key + i) >>> 0);
    scores[i] = game.returns(playDuel(game, players, dice))[0]!;
  }
  const ms = (performance.now() - t0) / n;
  const { mean, se } = meanSe(scores);
  return { value: mean, se, n, msPerDuel: ms, scores };
}

/** Mean and standard error of the mean. */
export function meanSe(xs: ArrayLike<number>): { mean: number; se: number } {
  const n = xs.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += xs[i]!;
  const mean = sum / n;
  let sq = 0;
  for (let i = 0; i < n; i++) sq += (xs[i]! - mean) ** 2;
  return { mean, se: Math.sqrt(sq / Math.max(1, n - 1) / n) };
}

/** The paired difference b - a of two runs on the same seed and keys (duel i against duel i): its mean and standard error. */
export function pairedDifference(a: DuelValue, b: DuelValue): { mean: number; se: number } {
  const d = new Float64Array(a.n);
  for (let i = 0; i < a.n; i++) d[i] = b.scores[i]! - a.scores[i]!;
  return meanSe(d);
}
