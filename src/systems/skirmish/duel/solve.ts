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
import { DEC, DuelGraph, END, OPT } from './graph.js';
import { DUEL_POLICY } from './policies.js';
import type { DuelSpec } from './setup.js';
import type { SolvedTable } from './solved-table.js';

/**
 * A candidate replaces the best so far only when better by more than this: values are sums of
 * path probabilities, so an action worth exactly as much can come out 1e-16 ahead, and the
 * table would then swap a sure Mercy Kill for a walk away. Ties keep the first candidate (the
 * named pick).
 */
const TIE = 1e-12;

/** A memoised value of exactly 0 (0 marks an unknown value: solveDuel's memo). */
const KNOWN_ZERO = -1;

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
  // memo[r][id]: the value of node id in round r (r = 1..maxRounds), one array per round (siblings sit close): 0 until known,
  // KNOWN_ZERO for a value of 0, else the value (so a fresh array needs no fill).
  const memo: Float64Array[] = [];
  for (let r = 0; r <= maxRounds + 1; r++) memo.push(new Float64Array(0));
  let valued = 0;
  // Beyond later[r] + closing[id] nobody can attack before maxRounds: a draw (quiet.ts says why; the graph keeps, per edge, the round from which its child is).
  if (table !== null) table.bind(g, g.later, maxRounds);
  // Values pass between the functions below through out[0], not as return values: a double returned from a call that is
  // not inlined is boxed (a heap allocation per call, some 35 MB per solve of the bench's duel).
  const out = new Float64Array(1);
  /** Edge e's child for a parent in round r, times the edge's probability: an end's score, 1/2 when quiet, else the child's value in its round. */
  const edgeValue = (r: number, e: number): number => {
    const child = g.child[e]!;
    if (child < 0) return g.prob[e]! * score((-1 - child) & 3);
    const hop = g.hop[e]!;
    if (r >= hop >> 1) return g.prob[e]! * 0.5;
    const rr = r + (hop & 1);
    const m = memo[rr]!;
    if (child < m.length) {
      const known = m[child]!;
      if (known !== 0) return g.prob[e]! * (known > 0 ? known : 0);
    }
    value(rr, child);
    return g.prob[e]! * out[0]!;
  };
  /** The value of node id in round r (neither quiet nor known yet), into out[0]. */
  const value = (r: number, id: number): void => {
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
      if (g.program[c] === 1) {
        program(r, g.edgeStart[c]!, g.edgeEnd[c]!);
        v = out[0]!;
      } else for (let e = g.edgeStart[c]!; e !== g.edgeEnd[c]!; ++e) v += edgeValue(r, e);
      // A named node has one choice (action NAMED), taken whatever its value.
      if (minimise ? v < best - TIE : v > best + TIE) {
        best = v;
        pick = c;
      }
    }
    if (table !== null && pick >= 0 && g.action[pick]! >= 0) table.record(r, id, g.action[pick]! as Action);
    let m = memo[r]!;
    if (id >= m.length) {
      // Room for every node the graph has now (ids grow as it does).
      let size = Math.max(1024, m.length);
      while (size < g.nodes) size *= 2;
      const bigger = new Float64Array(size);
      bigger.set(m);
      memo[r] = m = bigger;
    }
    m[id] = best === 0 ? KNOWN_ZERO : best;
    checkPairs(++valued, limits);
    out[0] = best;
  };
  /**
   * A choice whose step holds decision points (graph.ts markers): edges between markers are summed,
   * a decision point (DEC ... OPT ... END) is worth its best option for its side (a maximises, b
   * minimises; ties keep the first option, the named policy's), recorded in the table per round.
   * The sum up to the next OPT or END at this level (or `end`) goes into out[0]; `at` is where it stopped.
   */
  let at = 0;
  const program = (r: number, from: number, end: number): void => {
    let v = 0;
    let e = from;
    while (e !== end) {
      const child = g.child[e]!;
      if (child === OPT || child === END) break;
      if (child === DEC) {
        decision(r, e, end);
        v += out[0]!;
        e = at;
        continue;
      }
      v += edgeValue(r, e);
      ++e;
    }
    at = e;
    out[0] = v;
  };
  /** The decision point opened at edge e: its best option's value into out[0]; `at` ends past its END. */
  const decision = (r: number, e: number, end: number): void => {
    const point = g.prob[e]!;
    const minimise = g.decisions.side[point] === 1;
    let best = minimise ? 2 : -1;
    let pick = -1;
    let e2 = e + 1;
    for (let option = 0; ; option++) {
      program(r, e2, end);
      const v = out[0]!;
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
    out[0] = best;
  };

  const root = g.root();
  let v = 0.5;
  if (g.quietFrom[root]! > 1) {
    value(1, root);
    v = out[0]!;
  }
  return { value: v, states: g.nodes, paths: g.walker.paths, valued };
}
