/**
 * Solved duel policies: `best-response` (a Markov decision process against the other side's
 * named policy) and `optimal` (both sides solve: the zero-sum game's subgame-perfect value). The
 * score is P(a wins) + 1/2 P(draw); a maximises it, b minimises it. Backward induction by
 * memoised recursion over the game graph (graph.ts) the exact walker uses too: round start,
 * activation start, action boundary. At an action boundary a solving side tries every action the
 * rules allow there (candidates()) and each is one step of the SAME engine, replayed per dice
 * path once per distinct state (not once per round); values are memoised per (round, state).
 * Decisions inside an action (how far a Move, Retreat, Crawl, Dodge or Shove goes; the Ranged
 * Reaction: choices.ts) are decision points of the step (decisions.ts): a choice's edges are then
 * a program of sums and decision points (graph.ts markers) valued by program() / decision() below,
 * each pick recorded per round. The plain solver (plain.ts solveDuelPlain) is the reference.
 *
 * Decision table (for `policy: best-response | optimal` in studies; solved-table.ts): pass a
 * SolvedTable as `table` and, at every action boundary where a side solves, the solver records
 * the action it picked with `table.record(round, node, action)`: the picks depend on the round (a
 * finite horizon) though the graph's nodes do not, so they are recorded per (round, node), as the
 * values are memoised; the table finds a live state's node through the graph (solved-table.ts).
 * Quiet states (valued 1/2 without a walk) have no decision: the table's quiet() says so.
 * SolvedPolicy (solved-policy.ts) plays the table through `table.decide(duel, side)`.
 */
import type { Action } from './actions.js';
import { candidates } from './choices.js';
import { checkPairs, MAX_EXACT_PATHS, MAX_EXACT_STATES, type ExactLimits } from './exact-walker.js';
import { DEC, DuelGraph, END, OPT, ROUND } from './graph.js';
import { DUEL_POLICY } from './policies.js';
import { quietDistances } from './quiet.js';
import type { DuelSpec } from './setup.js';
import type { SolvedTable } from './solved-table.js';

/**
 * A candidate replaces the best so far only when better by more than this: values are sums of
 * path probabilities, so an action worth exactly as much can come out 1e-16 ahead, and the
 * table would then swap a sure Mercy Kill for a walk away. Ties keep the first candidate (the
 * named pick).
 */
const TIE = 1e-12;

/** How each side chooses: its named policy, or solved (a maximises, b minimises). */
export type SideMode = 'named' | 'solved';

export { candidates } from './choices.js';

export interface SolveResult {
  /** P(a wins) + 1/2 P(draw) under the solved play. */
  readonly value: number;
  /** Distinct states (graph nodes: boundary and state, any round) walked through the engine. */
  readonly states: number;
  /** Dice paths replayed. */
  readonly paths: number;
  /** (round, state) pairs valued. */
  readonly valued: number;
}

/** Score of a duel that ended: 1 if a won, 0 if b won, 1/2 for a draw (winner 2). */
function score(winner: number): number {
  return winner === 0 ? 1 : winner === 1 ? 0 : 0.5;
}

/** Solves a duel: each side plays its named policy or solves (modes[0] for a, modes[1] for b). */
export function solveDuel(
  spec: DuelSpec, modes: readonly [SideMode, SideMode], limits: ExactLimits = { states: MAX_EXACT_STATES, paths: MAX_EXACT_PATHS }, table: SolvedTable | null = null,
): SolveResult {
  const g = new DuelGraph(spec, [modes[0] === 'solved', modes[1] === 'solved'], candidates, DUEL_POLICY, limits, table !== null);
  const maxRounds = spec.settings.maxRounds;
  // memo[r][id]: the value of node id in round r (r = 1..maxRounds), -1 until known (one array per round: siblings sit close).
  const memo: Float64Array[] = [];
  for (let r = 0; r <= maxRounds; r++) memo.push(new Float64Array(1024).fill(-1));
  let valued = 0;
  // Beyond later[r] + closing[id] nobody can attack before maxRounds: a draw (quiet.ts says why).
  const later = quietDistances(g.walker.duel.fighters, maxRounds);
  if (table !== null) table.bind(g, later, maxRounds);
  const value = (r: number, id: number): number => {
    if (r > maxRounds || g.distance[id]! > later[r]! + g.closing[id]!) return 0.5;
    const known = memo[r]!;
    if (id < known.length && known[id]! >= 0) return known[id]!;
    g.expand(id);
    const first = g.firstChoice[id]!;
    const n = g.choiceCount[id]!;
    const side = g.side(id);
    const minimise = side === 1;
    let best = minimise ? 2 : -1;
    let pick = -1;
    for (let c = first; c !== first + n; ++c) {
      let v = 0;
      // g's arrays may grow (and move) while children expand: read them through g every time.
      if (g.program[c] === 1) v = program(r, g.edgeStart[c]!, g.edgeEnd[c]!);
      else {
        for (let e = g.edgeStart[c]!; e !== g.edgeEnd[c]!; ++e) {
          const child = g.child[e]!;
          v += g.prob[e]! * (child < 0 ? score((-1 - child) & 3) : value(g.kind(child) === ROUND ? r + 1 : r, child));
        }
      }
      // A named node has one choice (action NAMED), taken whatever its value.
      if (minimise ? v < best - TIE : v > best + TIE) {
        best = v;
        pick = c;
      }
    }
    if (table !== null && pick >= 0 && g.action[pick]! >= 0) table.record(r, id, g.action[pick]! as Action);
    let m = memo[r]!;
    if (id >= m.length) {
      let size = m.length * 2;
      while (size <= id) size *= 2;
      const bigger = new Float64Array(size).fill(-1);
      bigger.set(m);
      memo[r] = m = bigger;
    }
    m[id] = best;
    checkPairs(++valued, limits);
    return best;
  };
  /**
   * A choice whose step holds decision points (graph.ts markers): edges between markers are summed,
   * a decision point (DEC ... OPT ... END) is worth its best option for its side (a maximises, b
   * minimises; ties keep the first option, the named policy's), recorded in the table per round.
   * Returns the sum up to the next OPT or END at this level (or `end`); `at` is where it stopped.
   */
  let at = 0;
  const program = (r: number, from: number, end: number): number => {
    let v = 0;
    let e = from;
    while (e !== end) {
      const child = g.child[e]!;
      if (child === OPT || child === END) break;
      if (child === DEC) {
        v += decision(r, e, end);
        e = at;
        continue;
      }
      v += g.prob[e]! * (child < 0 ? score((-1 - child) & 3) : value(g.kind(child) === ROUND ? r + 1 : r, child));
      ++e;
    }
    at = e;
    return v;
  };
  /** The decision point opened at edge e: its best option's value; `at` ends past its END. */
  const decision = (r: number, e: number, end: number): number => {
    const point = g.prob[e]!;
    const minimise = g.decisions.side[point] === 1;
    let best = minimise ? 2 : -1;
    let pick = -1;
    let e2 = e + 1;
    for (let option = 0; ; option++) {
      const v = program(r, e2, end);
      const stop = at;
      if (minimise ? v < best - TIE : v > best + TIE) {
        best = v;
        pick = option;
      }
      e2 = stop + 1;
      if (g.child[stop] === END) break;
    }
    if (table !== null) table.recordInner(r, point, pick);
    at = e2;
    return best;
  };

  const v = value(1, g.root());
  return { value: v, states: g.nodes, paths: g.walker.paths, valued };
}
