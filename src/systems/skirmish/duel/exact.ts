/**
 * Exact skirmish duels (`balance exact`): the probabilities of every outcome a duel's tally
 * counts (winner, rounds, end states, Wounds left), without sampling. The walker drives the SAME
 * Duel engine the simulator plays, with ChanceDice (chance.ts) in place of random dice: each step
 * (an initiative roll-off, one action of an activation, Ranged Reaction included) is replayed
 * once per dice path from a saved state (state.ts), and equal states after a step are merged
 * (forward dynamic programming over rounds and action boundaries). No rule is written twice.
 */
import { OUT_OF_ACTION } from '../profile.js';
import { ChanceDice, REJECTED } from './chance.js';
import { Duel } from './engine.js';
import { duelLayout } from './kernel.js';
import { DUEL_POLICY } from './policies.js';
import type { DuelPolicy } from './actions.js';
import type { DuelSpec } from './setup.js';
import { atActivationStart, FIGHTER_FIELDS, restoreState, saveState, stateKey } from './state.js';

/** Distinct states (per round and action boundary, summed) an exact duel may visit. */
export const MAX_EXACT_STATES = 200_000;
/** Step replays (dice paths) an exact duel may take. */
export const MAX_EXACT_PATHS = 20_000_000;

/** A duel too large to walk exactly: the message names the limit (the CLI prints it, exit 2). */
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

/** A step's result: its value (the initiative's first side), the state after it, its probability. */
interface Outcome {
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

  constructor(readonly spec: DuelSpec, policy: DuelPolicy = DUEL_POLICY, private readonly limits = { states: MAX_EXACT_STATES, paths: MAX_EXACT_PATHS }) {
    this.duel = new Duel(spec, this.dice, policy);
  }

  /**
   * Every outcome of one step from state s in round r: run() is replayed once per dice path. At
   * most `d6Budget` d6s: longer paths are rerolls (a tied roll-off) and the rest is renormalised.
   */
  step(s: readonly number[], r: number, d6Budget: number, run: () => number): Outcome[] {
    const { dice, duel } = this;
    const out: Outcome[] = [];
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
      out.push({ value, s: saveState(duel), over: duel.over, winner: duel.winner(), p: dice.prob });
    } while (dice.replayNext(d6Budget));
    if (!rejected) return out;
    return out.map((o) => ({ ...o, p: o.p / kept }));
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

/** The exact outcome probabilities of a duel under the spec's named policies. */
export function exactDuel(
  spec: DuelSpec, policy: DuelPolicy = DUEL_POLICY, limits = { states: MAX_EXACT_STATES, paths: MAX_EXACT_PATHS },
  /** Called at every action boundary with its probability (explain-policy's occupancy): round, side, which, saved state, p. */
  onBoundary: ((r: number, side: number, which: number, s: readonly number[], p: number) => void) | null = null,
): ExactDuelResult {
  const w = new DuelWalker(spec, policy, limits);
  const { duel } = w;
  const maxRounds = spec.settings.maxRounds;
  const L = duelLayout(maxRounds);
  const tally = new Float64Array(L.size);
  const end = (s: readonly number[], winner: number, rounds: number, p: number): void => {
    tally[L.winner + winner]! += p;
    tally[L.rounds + rounds]! += p;
    const a = s[0]!;
    const b = s[FIGHTER_FIELDS]!;
    tally[L.aState + a]! += p;
    tally[L.bState + b]! += p;
    tally[L.aWounds + (a === OUT_OF_ACTION ? 0 : s[1]!)]! += p;
    tally[L.bWounds + (b === OUT_OF_ACTION ? 0 : s[FIGHTER_FIELDS + 1]!)]! += p;
  };
  /** Side `side`'s whole activation from every state in `from`; states that go on land in `to`. */
  const activation = (from: Map<string, Node>, side: number, r: number, to: Map<string, Node>): void => {
    let boundary = new Map<string, Node>();
    for (const n of from.values()) {
      for (const o of w.step(n.s, r, 0, () => (duel.beginActivation(side) ? 1 : 0))) w.add(boundary, o.s, n.p * o.p);
    }
    while (boundary.size > 0) {
      const next = new Map<string, Node>();
      for (const n of boundary.values()) {
        restoreState(duel, n.s);
        duel.over = false;
        if (!duel.actionsGoOn(side)) {
          w.add(to, atActivationStart(n.s), n.p);
          continue;
        }
        if (onBoundary !== null) onBoundary(r, side, duel.which, n.s, n.p);
        for (const o of w.step(n.s, r, Infinity, () => {
          duel.nextAction(side);
          return 0;
        })) {
          if (o.over) end(o.s, o.winner, r, n.p * o.p);
          else w.add(next, o.s, n.p * o.p);
        }
      }
      boundary = next;
    }
  };

  duel.start();
  let frontier = new Map<string, Node>();
  w.add(frontier, saveState(duel), 1);
  for (let r = 1; r <= maxRounds; r++) {
    const next = new Map<string, Node>();
    const firsts = [new Map<string, Node>(), new Map<string, Node>()] as const;
    for (const n of frontier.values()) {
      for (const o of w.step(n.s, r, 2, () => duel.initiative())) w.add(o.value < 0 ? next : firsts[o.value]!, o.s, n.p * o.p);
    }
    for (const first of [0, 1]) {
      const seconds = new Map<string, Node>();
      duel.which = 0; // a solved policy (solved-policy.ts) reads which activation of the round plays
      activation(firsts[first]!, first, r, seconds);
      duel.which = 1;
      activation(seconds, 1 - first, r, next);
    }
    frontier = next;
  }
  for (const n of frontier.values()) end(n.s, 2, maxRounds, n.p);
  return { tally, states: w.states, paths: w.paths };
}
