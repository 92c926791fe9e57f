/**
 * The exact walker's step (exact.ts, graph.ts, plain.ts): one step of the SAME Duel engine the
 * simulator plays, replayed from a saved state once per dice path with ChanceDice (chance.ts), and
 * the limits every exact walk obeys.
 */
import { ChanceDice, REJECTED } from './chance.js';
import { Duel } from './engine.js';
import { DUEL_POLICY } from './policies.js';
import type { DuelPolicy } from './actions.js';
import type { DuelSpec } from './setup.js';
import { restoreState, saveState, stateKey } from './state.js';

/** Distinct states (per round and action boundary, summed) an exact duel may visit. */
export const MAX_EXACT_STATES = 200_000;
/** Step replays (dice paths) an exact duel may take. */
export const MAX_EXACT_PATHS = 20_000_000;
/**
 * (round, state) pairs an exact duel may value or carry (exact.ts, solve.ts): a state counts once
 * toward MAX_EXACT_STATES whatever its round, so this bounds the time of a walk over many rounds.
 */
export const MAX_EXACT_PAIRS = 5_000_000;

/** The limits of one exact walk; `pairs` defaults to MAX_EXACT_PAIRS. */
export interface ExactLimits {
  readonly states: number;
  readonly paths: number;
  readonly pairs?: number;
}

/** Throws the limit error once more than the limit's (round, state) pairs were counted. */
export function checkPairs(count: number, limits: ExactLimits): void {
  const max = limits.pairs ?? MAX_EXACT_PAIRS;
  if (count > max) throw new ExactLimitError(`exact duel needs more than ${max} (round, state) pairs (limit MAX_EXACT_PAIRS); use balance run`);
}

/** A duel too large to walk exactly: the message names the limit (the CLI prints it, exit 2). */
export class ExactLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExactLimitError';
  }
}

export interface Node {
  readonly s: number[];
  p: number;
}

/** A step's result: its value (the initiative's first side), the state after it, its probability. */
export interface Outcome {
  readonly value: number;
  readonly s: number[];
  readonly over: boolean;
  readonly winner: number;
  readonly p: number;
}

export interface ExactDuelResult {
  /** Probabilities in the duel tally's layout (kernel.ts duelLayout). */
  readonly tally: Float64Array;
  /** Distinct states visited (summed over boundaries) and dice paths replayed. */
  readonly states: number;
  readonly paths: number;
}

export class DuelWalker {
  readonly dice = new ChanceDice();
  readonly duel: Duel;
  states = 0;
  paths = 0;

  constructor(readonly spec: DuelSpec, policy: DuelPolicy = DUEL_POLICY, private readonly limits: ExactLimits = { states: MAX_EXACT_STATES, paths: MAX_EXACT_PATHS }) {
    this.duel = new Duel(spec, this.dice, policy);
  }

  /**
   * Every outcome of one step from state s in round r: run() is replayed once per dice path. At
   * most `d6Budget` d6s: longer paths are rerolls (a tied roll-off) and the rest is renormalised.
   */
  step(s: readonly number[], r: number, d6Budget: number, run: () => number): Outcome[] {
    const duel = this.duel;
    const out: Outcome[] = [];
    this.eachKept(s, r, d6Budget, run, (value, p) => out.push({ value, s: saveState(duel), over: duel.over, winner: duel.winner(), p }));
    if (!this.rejected) return out;
    const kept = this.kept;
    return out.map((o) => ({ ...o, p: o.p / kept }));
  }

  /** Whether the last eachKept() rejected a path (a reroll), and the probability of the paths it kept. */
  rejected = false;
  kept = 0;

  /**
   * step() allocating nothing: after each dice path that was not rejected, visit(value, p) sees
   * the duel as the path left it; then `rejected` and `kept` say whether (and by how much) the
   * caller must renormalise, p / kept as step() does. visit must not step the walker again.
   */
  eachKept(s: readonly number[], r: number, d6Budget: number, run: () => number, visit: (value: number, p: number) => void): void {
    const { dice, duel } = this;
    let kept = 0;
    let rejected = false;
    dice.begin(d6Budget);
    do {
      if (++this.paths > this.limits.paths) throw new ExactLimitError(`exact duel needs more than ${this.limits.paths} dice paths (limit MAX_EXACT_PATHS); use balance run`);
      restoreState(duel, s);
      duel.round = r;
      duel.over = false;
      let value: number;
      try {
        value = run();
      } catch (e) {
        if (e !== REJECTED) throw e;
        rejected = true;
        continue;
      }
      kept += dice.prob;
      visit(value, dice.prob);
    } while (dice.replayNext(d6Budget));
    this.rejected = rejected;
    this.kept = kept;
  }

  /**
   * step() for a step without a d6 budget (nothing to renormalise), allocating nothing: after each
   * dice path visit(p) sees the duel as the path left it. visit must not step the walker again.
   */
  each(s: readonly number[], r: number, run: () => void, visit: (p: number) => void): void {
    const { dice, duel } = this;
    dice.begin(Infinity);
    do {
      if (++this.paths > this.limits.paths) throw new ExactLimitError(`exact duel needs more than ${this.limits.paths} dice paths (limit MAX_EXACT_PATHS); use balance run`);
      restoreState(duel, s);
      duel.round = r;
      duel.over = false;
      run();
      visit(dice.prob);
    } while (dice.replayNext(Infinity));
  }

  add(map: Map<string, Node>, s: number[], p: number): void {
    const key = stateKey(s);
    const node = map.get(key);
    if (node !== undefined) {
      node.p += p;
      return;
    }
    if (++this.states > this.limits.states) this.tooMany();
    map.set(key, { s, p });
  }

  tooMany(): never {
    throw new ExactLimitError(`exact duel has more than ${this.limits.states} states (limit MAX_EXACT_STATES); use balance run`);
  }
}

