/**
 * The plain exact walker and solver, kept beside the fast ones (exact.ts, solve.ts) as their
 * reference: tests prove they agree, bench/exact-duel.ts shows the ratio. They key every state by
 * its round and a string, and replay every step through the engine once per round it occurs in.
 * exactDuelPlain is forward dynamic programming over rounds and action boundaries; solveDuelPlain
 * is backward induction by memoised recursion over the same boundaries.
 */
import { OUT_OF_ACTION } from '../profile.js';
import { duelLayout } from './kernel.js';
import { DUEL_POLICY } from './policies.js';
import type { DuelPolicy } from './actions.js';
import { DuelWalker, MAX_EXACT_PATHS, MAX_EXACT_STATES, type ExactDuelResult, type ExactLimits, type Node } from './exact-walker.js';
import { Canonical } from './canonical.js';
import { DecisionIndex, SolverPolicy } from './decisions.js';
import type { DuelSpec } from './setup.js';
import { candidates, type SideMode, type SolveResult } from './solve.js';
import { atActivationStart, FIGHTER_FIELDS, restoreState, saveState, stateKey } from './state.js';

/** One dice path of a step with the solver's decisions in it: per level its tag (0 chance, 1 + decision point) and branch. */
interface Path {
  readonly levels: number[];
  readonly s: number[];
  readonly over: boolean;
  readonly winner: number;
  readonly p: number;
}

/**
 * The value of the paths that share their first k levels: a leaf's value if one path ends there,
 * else grouped by the branch taken at level k, summed at a chance node and the best for its side
 * at a decision point (a maximises, b minimises).
 */
function valueOf(paths: readonly Path[], k: number, side: (point: number) => number, leaf: (x: Path) => number): number {
  const first = paths[0]!;
  if (paths.length === 1 && first.levels.length === 2 * k) return leaf(first);
  const groups = new Map<number, Path[]>();
  for (const x of paths) {
    const b = x.levels[2 * k + 1]!;
    const g = groups.get(b);
    if (g === undefined) groups.set(b, [x]);
    else g.push(x);
  }
  const values = [...groups.values()].map((g) => valueOf(g, k + 1, side, leaf));
  const tag = first.levels[2 * k]!;
  if (tag === 0) return values.reduce((x, y) => x + y, 0);
  return side(tag - 1) === 0 ? Math.max(...values) : Math.min(...values);
}

/** A hook called at every action boundary of a walk with its probability: round, side, which, saved state, p. */
export type OnBoundary = (r: number, side: number, which: number, s: readonly number[], p: number) => void;

/**
 * The exact outcome probabilities of a duel under a policy (the plain walker): any policy, also
 * one whose decisions read the round and which activation plays (a solved table; exact.ts sends
 * those here). onBoundary sees every action boundary (explain-policy's occupancy).
 */
export function exactDuelPlain(
  spec: DuelSpec, policy: DuelPolicy = DUEL_POLICY, limits: ExactLimits = { states: MAX_EXACT_STATES, paths: MAX_EXACT_PATHS }, onBoundary: OnBoundary | null = null,
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

/** Solves a duel: each side plays its named policy or solves (modes[0] for a, modes[1] for b). */
export function solveDuelPlain(spec: DuelSpec, modes: readonly [SideMode, SideMode], limits = { states: MAX_EXACT_STATES, paths: MAX_EXACT_PATHS }): SolveResult {
  const policy = new SolverPolicy(DUEL_POLICY, [modes[0] === 'solved', modes[1] === 'solved']);
  const w = new DuelWalker(spec, policy, limits);
  const { duel } = w;
  const index = new DecisionIndex(new Canonical(duel.fighters, spec.settings.terrain, spec.knobs.stunnedActs));
  policy.bind(index, w.dice);
  const sideOf = (point: number): number => index.side[point]!;
  /** Every dice path (decisions included) of one action of `actSide` from state s. */
  const paths = (s: readonly number[], r: number, which: number, actSide: number, forced: number): Path[] => {
    const out: Path[] = [];
    w.each(s, r, () => {
      duel.which = which;
      policy.forced = forced;
      duel.nextAction(actSide);
      policy.forced = -1;
    }, (p) => {
      const levels: number[] = [];
      for (let k = 0; k !== w.dice.levels(); ++k) levels.push(w.dice.tag(k), w.dice.taken(k));
      out.push({ levels, s: saveState(duel), over: duel.over, winner: duel.winner(), p });
    });
    return out;
  };
  const maxRounds = spec.settings.maxRounds;
  const memo = new Map<string, number>();
  const remember = (key: string, v: number): number => {
    if (++w.states > limits.states) w.tooMany();
    memo.set(key, v);
    return v;
  };
  const terminal = (winner: number): number => (winner === 0 ? 1 : winner === 1 ? 0 : 0.5);

  /** Start of round r. */
  const round = (r: number, s: number[]): number => {
    if (r > maxRounds) return 0.5;
    const key = `r${r}|${stateKey(s)}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let v = 0;
    for (const o of w.step(s, r, 2, () => duel.initiative())) v += o.p * (o.value < 0 ? round(r + 1, o.s) : activation(r, o.value, 0, o.s));
    return remember(key, v);
  };
  /** Start of side's activation (which: 0 first, 1 second of the round). */
  const activation = (r: number, side: number, which: number, s: number[]): number => {
    const key = `s${r}|${side}|${which}|${stateKey(s)}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let v = 0;
    for (const o of w.step(s, r, 0, () => (duel.beginActivation(side) ? 1 : 0))) v += o.p * action(r, side, which, o.s);
    return remember(key, v);
  };
  /** An action boundary of side's activation. */
  const action = (r: number, side: number, which: number, s: number[]): number => {
    restoreState(duel, s);
    duel.over = false;
    duel.round = r;
    if (!duel.actionsGoOn(side)) {
      const next = atActivationStart([...s]);
      return which === 0 ? activation(r, 1 - side, 1, next) : round(r + 1, next);
    }
    const key = `a${r}|${side}|${which}|${stateKey(s)}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const solving = modes[side] === 'solved';
    // The policy decides after the action is counted (Duel.nextAction): show it the same count.
    duel.actionsLeft--;
    const choices: number[] = solving ? candidates(duel, side) : [-1];
    duel.actionsLeft++;
    let best = solving ? (side === 0 ? -1 : 2) : 0;
    for (const c of choices) {
      const v = valueOf(paths(s, r, which, side, c), 0, sideOf, (o) => o.p * (o.over ? terminal(o.winner) : action(r, side, which, o.s)));
      if (!solving) best = v;
      else if (side === 0 ? v > best : v < best) best = v;
    }
    return remember(key, best);
  };

  duel.start();
  const value = round(1, saveState(duel));
  return { value, states: w.states, paths: w.paths, valued: w.states };
}
