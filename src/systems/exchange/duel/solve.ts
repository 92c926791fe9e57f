/**
 * Solved exchange duel policies (library only): `best-response` (a Markov decision
 * process against the other side's named policy) and `optimal` (both sides solve: the zero-sum
 * game's subgame-perfect value). The score is P(a wins) + 1/2 P(draw); a maximises it, b minimises
 * it. Backward induction by memoised recursion over the exact walker's boundaries (exchange/duel/exact.ts):
 * turn start, attack boundary, turn end. Each step is replayed on the SAME ExchangeDuel once per
 * path through its chance nodes AND a solving side's decisions (exchange/duel/choice.ts: attack or stop and
 * the Boost, the response and its Boost, which die a Wound takes), in the order the engine meets
 * them: the response is chosen before the rolls, the Wound die after them. The paths make the
 * step's game tree: chance nodes average, a's decisions maximise, b's minimise.
 */
import { CHANCE, ExchangeChanceDice } from './chance.js';
import type { DuelChooser } from './choice.js';
import { EXACT_LIMITS, ExactLimitError, MAX_SOLVE_DEPTH, type ExactLimits } from './exact.js';
import { ExchangeDuel, type ExchangeDuelSpec } from './engine.js';
import { afterAttacks, restoreState, saveState, stateKey } from './state.js';
import { ExchangeSolvedTable } from './solved-table.js';

/** How each side chooses: its named policy, or solved (a maximises, b minimises). */
export type SideMode = 'named' | 'solved';

/** A step's game tree: a node's kind is CHANCE, 0 (a decides) or 1 (b decides); a leaf is an index into the step's leaves. */
interface Tree {
  readonly kind: number;
  readonly probs: Float64Array;
  readonly kids: (Tree | number | undefined)[];
  /** A decision's key in the decision table (exchange/duel/solved-table.ts), when one is being recorded. */
  readonly key: readonly [number, number, number] | null;
}

const tree = (kind: number, width: number, key: Tree['key'] = null): Tree => ({
  kind, probs: new Float64Array(width).fill(1), kids: new Array<Tree | number | undefined>(width), key,
});

/** Chance dice that also take a solving side's decisions, and record the step's tree as its paths are replayed. */
class SolveDice extends ExchangeChanceDice implements DuelChooser {
  root = tree(CHANCE, 1);
  private at = this.root;
  private idx = 0;
  /** Set by the solver when it records a table: the duel whose live state keys each new decision node. */
  duel: ExchangeDuel | null = null;
  private pendingKey: Tree['key'] = null;

  constructor(readonly solving: readonly boolean[]) {
    super();
  }

  choose(side: number, width: number, kind: number, extra: number): number {
    this.pendingKey = this.duel === null ? null : ExchangeSolvedTable.key(this.duel, side, kind, extra);
    return this.node(width, side);
  }

  beginStep(): void {
    this.root = tree(CHANCE, 1);
  }

  beginPath(): void {
    this.at = this.root;
    this.idx = 0;
  }

  endPath(leaf: number): void {
    this.at.kids[this.idx] = leaf;
  }

  protected override node(width: number, kind: number): number {
    let child = this.at.kids[this.idx];
    if (child === undefined) {
      child = tree(kind, width, kind === CHANCE ? null : this.pendingKey);
      this.at.kids[this.idx] = child;
    }
    if (typeof child === 'number') throw new Error('a replayed step met a node where a previous path ended');
    const b = this.path.branch(width);
    this.at = child;
    this.idx = b;
    return b;
  }

  protected override weigh(p: number): void {
    super.weigh(p);
    this.at.probs[this.idx] = p;
  }
}

/** Float noise: a later option replaces the best only when better by more than this. */
const TIE = 1e-12;

/** A step tree's value; each decision node's best option goes into `table` (when given and the node has a key). */
function evaluate(t: Tree | number | undefined, leaves: readonly number[], table: ExchangeSolvedTable | null): number {
  if (typeof t === 'number') return leaves[t]!;
  if (t === undefined) throw new Error('an unvisited branch in a step tree');
  if (t.kind === CHANCE) {
    let v = 0;
    for (let i = 0; i < t.kids.length; i++) v += t.probs[i]! * evaluate(t.kids[i], leaves, table);
    return v;
  }
  const sign = t.kind === 0 ? 1 : -1;
  let best = 0;
  let v = -Infinity;
  for (let i = 0; i < t.kids.length; i++) {
    const k = sign * evaluate(t.kids[i], leaves, table);
    if (k > v + TIE) {
      v = k;
      best = i;
    }
  }
  if (table !== null && t.key !== null) table.record(t.key, best);
  return sign * v;
}

/** One path's end: the state after the step (null when the duel is over), the step's value, the score when over. */
interface Leaf {
  readonly s: number[] | null;
  readonly value: number;
  readonly score: number;
}

export interface SolveResult {
  /** P(a wins) + 1/2 P(draw) under the solved play. */
  readonly value: number;
  /** Distinct boundary states valued. */
  readonly states: number;
  readonly paths: number;
}

/**
 * Solves an exchange duel (distance 1): each side plays its named policy or solves (modes[0] for a,
 * modes[1] for b). With `table`, every decision a solving side makes is recorded there (exchange/duel/solved-table.ts).
 */
export function solveExchangeDuel(
  spec: ExchangeDuelSpec, modes: readonly [SideMode, SideMode], limits: ExactLimits = EXACT_LIMITS, table: ExchangeSolvedTable | null = null,
): SolveResult {
  if (spec.fight !== undefined) throw new ExactLimitError('solved exchange duels need duel.distance 1 (farther apart the fight engine plays them)');
  const dice = new SolveDice([modes[0] === 'solved', modes[1] === 'solved']);
  const duel = new ExchangeDuel(spec, dice);
  duel.chooser = dice;
  if (table !== null) dice.duel = duel;
  const maxRounds = spec.maxRounds;
  /** Values by boundary (kind, round, opener, side), each keyed by the state. */
  const memos: Map<string, number>[] = [];
  let states = 0;
  let paths = 0;

  /** Every path of `run` from state s: the step's tree and its leaves; `next` values each leaf that goes on. */
  const step = (s: readonly number[], r: number, first: number, run: () => number, next: (leaf: Leaf) => number): number => {
    dice.beginStep();
    dice.path.begin();
    const leaves: Leaf[] = [];
    do {
      if (++paths > limits.paths) throw new ExactLimitError(`solved exchange duel needs more than ${limits.paths} dice paths (limit MAX_EXACT_PATHS)`);
      dice.beginPath();
      restoreState(duel, s);
      duel.round = r;
      duel.opener = first;
      const value = run();
      dice.endPath(leaves.length);
      leaves.push(duel.loser >= 0 ? { s: null, value, score: duel.loser === 1 ? 1 : 0 } : { s: saveState(duel), value, score: 0 });
    } while (dice.path.next());
    const t = dice.root;
    return evaluate(t, leaves.map((l) => (l.s === null ? l.score : next(l))), table);
  };
  let depth = 0;
  const memoised = (kind: number, r: number, first: number, side: number, s: readonly number[], compute: () => number): number => {
    const at = ((r * 3 + kind) * 2 + first) * 2 + side;
    const memo = memos[at] ?? (memos[at] = new Map<string, number>());
    const key = stateKey(s);
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    // The solve recurses through every boundary of a line of play: a duel that goes on for hundreds
    // of rounds would overflow the stack (a RangeError, exit 1) long before the state limit.
    if (++depth > MAX_SOLVE_DEPTH) {
      throw new ExactLimitError(`solved exchange duel plays more than ${MAX_SOLVE_DEPTH} boundaries in one line of play (limit MAX_SOLVE_DEPTH)`);
    }
    // No finally: a throw abandons the whole solve, depth with it.
    const v = compute();
    depth--;
    if (++states > limits.states) throw new ExactLimitError(`solved exchange duel has more than ${limits.states} states (limit MAX_EXACT_STATES)`);
    memo.set(key, v);
    return v;
  };
  /** The start of side's turn in round r (`first` opens every round). */
  const turnStart = (r: number, first: number, side: number, s: number[]): number => {
    if (r > maxRounds) return 0.5;
    return memoised(0, r, first, side, s, () => step(s, r, first, () => (duel.beginTurn(side), 0), (l) => attackAt(r, first, side, l.s!)));
  };
  /** An attack boundary of side's turn. */
  const attackAt = (r: number, first: number, side: number, s: number[]): number =>
    memoised(1, r, first, side, s, () => step(s, r, first, () => (duel.attack(side) ? 1 : 0), (l) =>
      (l.value === 1 ? attackAt(r, first, side, l.s!) : turnEnd(r, first, side, afterAttacks(l.s!)))));
  /** The end of side's turn (Lingering Harm, Reeling running out). */
  const turnEnd = (r: number, first: number, side: number, s: number[]): number =>
    memoised(2, r, first, side, s, () => step(s, r, first, () => (duel.endTurn(side), 0), (l) =>
      (side === first ? turnStart(r, first, 1 - first, afterAttacks(l.s!)) : turnStart(r + 1, first, first, afterAttacks(l.s!)))));

  let value: number;
  try {
    value = step(saveState(duel), 1, 0, () => duel.start(), (l) => turnStart(1, l.value, l.value, l.s!));
  } catch (e) {
    // MAX_SOLVE_DEPTH keeps the recursion well inside Node's default stack; should a thread with a
    // smaller stack still overflow, that is the same limit, not a crash.
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      throw new ExactLimitError('solved exchange duel nests deeper than this thread\'s stack holds (limit MAX_SOLVE_DEPTH)');
    }
    throw e;
  }
  return { value, states, paths };
}
