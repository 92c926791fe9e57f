/**
 * Exact exchange duels (`balance exact`): the probabilities of every outcome the duel's
 * tally counts (winner, how it ended, rounds, Vitality left), without sampling. The walker drives
 * the SAME ExchangeDuel the simulator plays, with ExchangeChanceDice (exchange/duel/chance.ts) in place of
 * random dice: each step (the opener roll, the start of a turn, one proactive attack with its
 * response, Wounds, Continuation Check and Conditions, the end of a turn with Lingering Harm) is
 * replayed once per dice path from a saved state (exchange/duel/state.ts), and equal states after a step
 * are merged (forward dynamic programming over rounds, turns and attacks). No rule is written twice.
 */
import { ExchangeChanceDice } from './chance.js';
import { END_MAX_ROUNDS, ExchangeDuel, type ExchangeDuelSpec } from './engine.js';
import { exchangeDuelLayout } from './layout.js';
import { afterAttacks, restoreState, saveState, stateKey } from './state.js';
import type { TablePlayer } from './solved-table.js';

/** Distinct states (per turn and attack boundary, summed) an exact exchange duel may visit. */
export const MAX_EXACT_STATES = 200_000;
/**
 * Boundaries (turn starts, attacks, turn ends) a solve may nest in one line of play: each is a few
 * stack frames of the recursive solve, and Node's default stack holds about 10,000 (a 30-round duel
 * nests a few hundred; 1,200 overflowed in trials, 600 did not).
 */
export const MAX_SOLVE_DEPTH = 600;
/** Step replays (dice paths) an exact exchange duel may take. */
export const MAX_EXACT_PATHS = 20_000_000;

export interface ExactLimits {
  readonly states: number;
  readonly paths: number;
}

export const EXACT_LIMITS: ExactLimits = { states: MAX_EXACT_STATES, paths: MAX_EXACT_PATHS };

/** A duel too large (or too far apart) to walk exactly: the message names the limit (the CLI prints it, exit 2). */
export class ExactLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExactLimitError';
  }
}

interface Node {
  readonly s: number[];
  p: number;
}

export interface ExactExchangeDuelResult {
  /** Probabilities in the duel tally's layout (exchange/duel/kernel.ts exchangeDuelLayout). */
  readonly tally: Float64Array;
  /** Distinct states visited (summed over boundaries) and dice paths replayed. */
  readonly states: number;
  readonly paths: number;
}

/**
 * The exact outcome probabilities of an exchange duel (distance 1) under the spec's named policies,
 * or with `player` (exchange/duel/solved-table.ts) playing a solved table for its solving sides.
 */
export function exactExchangeDuel(spec: ExchangeDuelSpec, limits: ExactLimits = EXACT_LIMITS, player: TablePlayer | null = null): ExactExchangeDuelResult {
  if (spec.fight !== undefined) {
    throw new ExactLimitError('exact exchange duels need duel.distance 1 (farther apart the fight engine plays them); use balance run');
  }
  const dice = new ExchangeChanceDice();
  const path = dice.path;
  const duel = new ExchangeDuel(spec, dice);
  if (player !== null) {
    player.attach(duel);
    player.path = path;
  }
  const [a, b] = duel.chars;
  const L = exchangeDuelLayout(spec.maxRounds);
  const tally = new Float64Array(L.size);
  let states = 0;
  let paths = 0;

  /** Tallies the duel as it stands now (over, or a draw at maxRounds) with probability p. */
  const finish = (winner: number, end: number, rounds: number, p: number): void => {
    tally[L.winner + winner]! += p;
    tally[L.end + end]! += p;
    tally[L.rounds + rounds]! += p;
    tally[L.aVit + Math.max(0, a.vit)]! += p;
    tally[L.bVit + Math.max(0, b.vit)]! += p;
  };
  /** Adds the duel's state now to `map` with probability p (equal states merge). */
  const add = (map: Map<string, Node>, p: number, atTurnEnd = false): void => {
    const s = saveState(duel);
    if (atTurnEnd) afterAttacks(s);
    const key = stateKey(s);
    const node = map.get(key);
    if (node !== undefined) {
      node.p += p;
      return;
    }
    if (++states > limits.states) throw new ExactLimitError(`exact exchange duel has more than ${limits.states} states (limit MAX_EXACT_STATES); use balance run`);
    map.set(key, { s, p });
  };
  /** Replays `run` from state s (reached with probability w; `first` opens every round) once per dice path; `each` sees the duel after it, with the path's value and probability. */
  const step = (s: readonly number[], w: number, round: number, first: number, run: () => number, each: (value: number, p: number) => void): void => {
    path.begin();
    if (player !== null) player.stepWeight = w;
    do {
      if (++paths > limits.paths) throw new ExactLimitError(`exact exchange duel needs more than ${limits.paths} dice paths (limit MAX_EXACT_PATHS); use balance run`);
      restoreState(duel, s);
      duel.round = round;
      duel.opener = first;
      const value = run();
      each(value, path.prob);
    } while (path.next());
  };
  /** Side `side`'s whole turn from every state in `from`; duels that go on land in `to`. */
  const turn = (from: Map<string, Node>, side: number, r: number, first: number, to: Map<string, Node>): void => {
    let boundary = new Map<string, Node>();
    for (const n of from.values()) step(n.s, n.p, r, first, () => (duel.beginTurn(side), 0), (_, p) => add(boundary, n.p * p));
    const done = new Map<string, Node>();
    while (boundary.size > 0) {
      const next = new Map<string, Node>();
      for (const n of boundary.values()) {
        step(n.s, n.p, r, first, () => (duel.attack(side) ? 1 : 0), (attacked, p) => {
          if (duel.loser >= 0) finish(1 - duel.loser, duel.end, r, n.p * p);
          else if (attacked === 1) add(next, n.p * p);
          else add(done, n.p * p, true);
        });
      }
      boundary = next;
    }
    for (const n of done.values()) {
      step(n.s, n.p, r, first, () => (duel.endTurn(side), 0), (_, p) => {
        if (duel.loser >= 0) finish(1 - duel.loser, duel.end, r, n.p * p);
        else add(to, n.p * p, true);
      });
    }
  };

  // The opener: fixed by the knob, or a fair roll; it opens every round.
  let frontier = [new Map<string, Node>(), new Map<string, Node>()];
  step(saveState(duel), 1, 1, 0, () => duel.start(), (first, p) => add(frontier[first]!, p));
  for (let r = 1; r <= spec.maxRounds; r++) {
    const next = [new Map<string, Node>(), new Map<string, Node>()];
    for (const first of [0, 1]) {
      const mid = new Map<string, Node>();
      turn(frontier[first]!, first, r, first, mid);
      turn(mid, 1 - first, r, first, next[first]!);
    }
    frontier = next;
  }
  for (const map of frontier) {
    for (const n of map.values()) {
      restoreState(duel, n.s);
      finish(2, END_MAX_ROUNDS, spec.maxRounds, n.p);
    }
  }
  return { tally, states, paths };
}
