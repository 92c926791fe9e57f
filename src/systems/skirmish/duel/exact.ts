/**
 * Exact skirmish duels (`balance exact`): the probabilities of every outcome a duel's tally
 * counts (winner, rounds, end states, Wounds left), without sampling. The walker drives the SAME
 * Duel engine the simulator plays, with ChanceDice (chance.ts) in place of random dice: each step
 * (an initiative roll-off, one action of an activation, Ranged Reaction included) is replayed
 * once per dice path from a saved state (exact-walker.ts), and equal states after a step are
 * merged. Steps do not depend on the round, so they are replayed once per distinct state into a
 * game graph (graph.ts) and the walk pushes probabilities forward over it round by round (forward
 * dynamic programming over rounds and action boundaries). No rule is written twice. The plain
 * walker (plain.ts exactDuelPlain) is the reference the tests compare with.
 *
 * A policy whose decisions read the round (`readsRound`: a solved table, whose picks depend on the
 * rounds left and on which activation plays) breaks the graph's premise, so such walks, and walks
 * with an `onBoundary` hook (explain-policy's occupancy per round), go to the plain walker, which
 * replays every (round, state) with the round and `which` set: correct, and slower.
 */
import { OUT_OF_ACTION } from '../profile.js';
import { duelLayout } from './kernel.js';
import { DUEL_POLICY } from './policies.js';
import type { DuelPolicy } from './actions.js';
import { checkPairs, MAX_EXACT_PATHS, MAX_EXACT_STATES, type ExactDuelResult, type ExactLimits } from './exact-walker.js';
import { ACTION, DuelGraph, endCode, ROUND } from './graph.js';
import { exactDuelPlain, type OnBoundary } from './plain.js';
import type { DuelSpec } from './setup.js';

export { DuelWalker, ExactLimitError, MAX_EXACT_PAIRS, MAX_EXACT_PATHS, MAX_EXACT_STATES, type ExactDuelResult, type ExactLimits } from './exact-walker.js';

type Layer = Map<number, number>;

function add(layer: Layer, id: number, p: number): void {
  layer.set(id, (layer.get(id) ?? 0) + p);
}

/** The exact outcome probabilities of a duel under a policy (the spec's named policies by default). */
export function exactDuel(
  spec: DuelSpec, policy: DuelPolicy = DUEL_POLICY, limits: ExactLimits = { states: MAX_EXACT_STATES, paths: MAX_EXACT_PATHS },
  /** Called at every action boundary with its probability (explain-policy's occupancy): round, side, which, saved state, p. */
  onBoundary: OnBoundary | null = null,
): ExactDuelResult {
  if (policy.readsRound === true || onBoundary !== null) return exactDuelPlain(spec, policy, limits, onBoundary);
  const g = new DuelGraph(spec, [false, false], null, policy, limits);
  const maxRounds = spec.settings.maxRounds;
  const L = duelLayout(maxRounds);
  const tally = new Float64Array(L.size);
  /** A duel that ends (code: graph.ts endCode) in round `rounds` with probability p. */
  const end = (code: number, rounds: number, p: number): void => {
    const winner = code & 3;
    const a = (code >> 2) & 3;
    const b = (code >> 4) & 3;
    const aWounds = (code >> 6) & 31;
    const bWounds = code >> 11;
    tally[L.winner + winner]! += p;
    tally[L.rounds + rounds]! += p;
    tally[L.aState + a]! += p;
    tally[L.bState + b]! += p;
    tally[L.aWounds + (a === OUT_OF_ACTION ? 0 : aWounds)]! += p;
    tally[L.bWounds + (b === OUT_OF_ACTION ? 0 : bWounds)]! += p;
  };
  /**
   * Pushes the probability of every node in `from` along its (single, named) choice: children of
   * kind `stay` land in `same`, round starts in `nextRound`, other children in `later`; ends are tallied.
   */
  let pairs = 0;
  const push = (from: Layer, r: number, stay: number, same: Layer, later: Layer, nextRound: Layer): void => {
    checkPairs((pairs += from.size), limits);
    for (const [id, p] of from) {
      g.expand(id);
      const c = g.firstChoice[id]!;
      for (let e = g.edgeStart[c]!; e !== g.edgeEnd[c]!; ++e) {
        const child = g.child[e]!;
        const q = p * g.prob[e]!;
        if (child < 0) end(-1 - child, r, q);
        else {
          const k = g.kind(child);
          add(k === ROUND ? nextRound : k === stay ? same : later, child, q);
        }
      }
    }
  };

  let frontier: Layer = new Map([[g.root(), 1]]);
  for (let r = 1; r <= maxRounds; r++) {
    const next: Layer = new Map();
    // Round start -> activation starts (the initiative); a round where nobody activates goes straight on.
    let starts: Layer = new Map();
    push(frontier, r, -1, starts, starts, next);
    // Activation starts -> action boundaries -> ... -> the second activation's starts or the next round.
    while (starts.size > 0) {
      let boundary: Layer = new Map();
      const seconds: Layer = new Map();
      push(starts, r, ACTION, boundary, seconds, next);
      while (boundary.size > 0) {
        const more: Layer = new Map();
        push(boundary, r, ACTION, more, seconds, next);
        boundary = more;
      }
      starts = seconds;
    }
    frontier = next;
  }
  for (const [id, p] of frontier) end(endCode(g.state(id), 2), maxRounds, p);
  return { tally, states: g.nodes, paths: g.walker.paths };
}
