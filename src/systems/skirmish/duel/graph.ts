/**
 * The duel's game graph, built lazily and shared by the exact walker (exact.ts) and the solver
 * (solve.ts): a node is a boundary (round start, activation start, action boundary) with the
 * duel's state; its edges are the outcomes of the next step of the SAME engine, replayed once per
 * dice path by DuelWalker.step, equal resulting states merged. Nodes carry no round: a step reads
 * the round only in the initiative with knob `alternate` (fight-rules.ts initiative: the round's
 * parity), so nodes carry that parity instead and one expansion serves every round. That is the
 * speed-up: the (round, state) pairs a walk values outnumber the distinct states ~10 to 1, and
 * each state is replayed through the engine once instead of once per round.
 *
 * Node ids are interned from a numeric key (the state's fields packed into one integer below
 * 2^53; a string key when a field does not fit). Storage is typed arrays that grow by doubling.
 */
import type { Action, DuelPolicy, DuelView } from './actions.js';
import { DecisionIndex, SolverPolicy } from './decisions.js';
import { DuelWalker, ExactLimitError, MAX_EXACT_PATHS, MAX_EXACT_STATES, type ExactLimits } from './exact-walker.js';
import { Canonical } from './canonical.js';
import { IdTable } from './id-table.js';
import { DISTANCE, numericKey, unpackKey } from './node-key.js';
import { DUEL_POLICY } from './policies.js';
import { quietDistances, restOfRound } from './quiet.js';
import type { DuelSpec } from './setup.js';
import { atActivationStart, FIGHTER_FIELDS, restoreState, saveState, saveStateInto, STATE_SIZE } from './state.js';

/** Node kinds: round start (before the initiative), activation start, action boundary. */
export const ROUND = 0;
export const ACTIVATION = 1;
export const ACTION = 2;

export { DISTANCE } from './node-key.js';

/** Choice code of a node that is not a decision (round start, activation start, a named side, an activation that ended). */
export const NAMED = -1;

/** The choices of a named side's action boundary: the policy's. */
const ONLY_NAMED: readonly number[] = [NAMED];

/**
 * Program markers among a choice's edges (child codes below every end code), when a solving
 * side decides inside the step (decisions.ts): DEC opens a decision point (its prob holds the
 * point's id), OPT ends one option and starts the next, END closes the point. Edges between
 * markers are summed; a decision point is worth its best option (solve.ts).
 */
export const DEC = -0x40000000;
export const OPT = DEC - 1;
export const END = DEC - 2;

/** The actions a solving side may choose at an action boundary (solve.ts candidates); the duel shows the state. */
export type Candidates = (duel: DuelView, side: number) => Action[];

/** A terminal edge's child is -1 - code, code = winner + 4 * (a's state + 4 * (b's state + 4 * (a's Wounds + 32 * b's Wounds))) (Wounds: 20 at most, schema.ts). */
export function endCode(s: readonly number[], winner: number): number {
  return winner + 4 * (s[0]! + 4 * (s[FIGHTER_FIELDS]! + 4 * (s[1]! + 32 * s[FIGHTER_FIELDS + 1]!)));
}

function grow<T extends Int32Array | Float64Array | Uint8Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  let n = a.length * 2;
  while (n < need) n *= 2;
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}

export class DuelGraph {
  readonly walker: DuelWalker;
  readonly policy: SolverPolicy;
  /** The decision points inside steps (decisions.ts), with their sides and options. */
  readonly decisions: DecisionIndex;
  /** Whether the knob `alternate` makes the round's parity part of a node. */
  private readonly parityMatters: boolean;
  private readonly ids = new IdTable();
  private readonly stringIds = new Map<string, number>();
  readonly canonical: Canonical;
  /** A state buffer for each dice path's result (node() copies it when the state is new). */
  private readonly scratch: number[] = new Array<number>(STATE_SIZE).fill(0);
  /**
   * Per node: its key (node-key.ts), which holds its saved state (unpackKey), or -1 when the state
   * does not pack into a number: then `wide` holds the state. Eight bytes per node, no object.
   */
  private keyOf = new Float64Array(1024);
  private readonly wide = new Map<number, number[]>();
  /** The state being stepped (load()). */
  private readonly current: number[] = new Array<number>(STATE_SIZE).fill(0);
  /** Per node: kind + 3 * (side + 2 * (which + 2 * parity)), first choice (-1: not expanded yet), choices. */
  combo = new Uint8Array(1024);
  /**
   * Per node: the first round from which it is quiet (quiet.ts: distance > later[r] + closing, the
   * most the rest of its round can close without an attack; or r > maxRounds; the test only grows
   * true as r grows), so a walk values it 1/2 from there on.
   */
  quietFrom = new Int32Array(1024);
  /** Per action-boundary node: 0 until ended() knows, 1 if the activation goes on, 2 if it has ended. */
  private endFlag = new Uint8Array(1024);
  /** Per node: where an edge to it leads (follow()), -2 until known. */
  private forward = new Int32Array(1024);
  firstChoice = new Int32Array(1024);
  choiceCount = new Int32Array(1024);
  /** Per choice: the action forced (NAMED: the policy decides), its edges [edgeStart, edgeEnd), 1 if they hold decision points (markers). */
  action = new Int32Array(1024);
  program = new Uint8Array(1024);
  edgeStart = new Int32Array(1024);
  edgeEnd = new Int32Array(1024);
  /** Per edge: the child node (or -1 - endCode for a duel that ends) and its probability. */
  child = new Int32Array(4096);
  prob = new Float64Array(4096);
  /**
   * Per edge to a node: 2 * (the first round of the parent from which the child is quiet) + 1 if
   * the child is a round start (valued in the next round), so a walk reads, from the edge alone,
   * whether the child is worth 1/2 and in which round it is valued (solve.ts).
   */
  hop = new Int32Array(4096);
  nodes = 0;
  choices = 0;
  edges = 0;
  /** Allocated lengths of the per-node, per-choice and per-edge arrays. */
  private nodeCap = 1024;
  private choiceCap = 1024;
  private edgeCap = 4096;
  /** Quiet distances of the rounds (quiet.ts quietDistances), and maxRounds. */
  readonly later: Float64Array;
  private readonly maxRounds: number;
  /** The expansion stack: (action, child or marker, probability or payload) triples of the expansions under way (expand()). */
  private stA = new Int32Array(256);
  private stC = new Int32Array(256);
  private stP = new Float64Array(256);
  private top = 0;
  /** The row stack: a round or activation start's step outcomes (value, probability, state), and a state buffer for them. */
  private rowV = new Int32Array(64);
  private rowP = new Float64Array(64);
  private rowS = new Float64Array(64 * STATE_SIZE);
  private rowTop = 0;
  private readonly rowState: number[] = new Array<number>(STATE_SIZE).fill(0);
  /** The side, activation, parity and action choice being stepped (the step callbacks read them). */
  private curSide = 0;
  private curWhich = 0;
  private curParity = 0;
  private curChoice = 0;
  /** Edges of the current choice merge only from here on (the last marker). */
  private scope = 0;
  /** The previous dice path of the choice being expanded: levels, branches taken, tags (markers). */
  private prevDepth = 0;
  private prevTaken = new Int32Array(64);
  private prevTag = new Int32Array(64);

  constructor(
    readonly spec: DuelSpec,
    /** Which sides choose among candidates (a, b); a side that does not plays its named policy. */
    private readonly solving: readonly [boolean, boolean],
    private readonly candidates: Candidates | null,
    base: DuelPolicy = DUEL_POLICY,
    private readonly limits: ExactLimits = { states: MAX_EXACT_STATES, paths: MAX_EXACT_PATHS },
    /** Whether a solved table is recorded (its lookups need every decision point, one-option ones too). */
    recording = false,
  ) {
    this.policy = new SolverPolicy(base, solving);
    this.walker = new DuelWalker(spec, this.policy, limits);
    this.parityMatters = spec.knobs.initiative === 'alternate';
    this.canonical = new Canonical(this.walker.duel.fighters, spec.settings.terrain, spec.knobs.stunnedActs);
    this.decisions = new DecisionIndex(this.canonical);
    this.policy.bind(this.decisions, this.walker.dice, recording);
    this.maxRounds = spec.settings.maxRounds;
    this.later = quietDistances(this.walker.duel.fighters, this.maxRounds);
  }

  /** The root: round 1's start, both fighters fresh at the study's distance. */
  root(): number {
    this.walker.duel.start();
    return this.node(ROUND, 0, 0, 0, saveState(this.walker.duel));
  }

  /** Node id's saved state (a copy). */
  state(id: number): number[] {
    const key = this.keyOf[id]!;
    if (key < 0) return [...this.wide.get(id)!];
    const out = new Array<number>(STATE_SIZE).fill(0);
    unpackKey(key, out);
    return out;
  }

  /** Loads node id's saved state into the stepping buffer and returns it. */
  private load(id: number): number[] {
    const { current } = this;
    const key = this.keyOf[id]!;
    if (key >= 0) unpackKey(key, current);
    else {
      const s = this.wide.get(id)!;
      for (let k = 0; k !== STATE_SIZE; ++k) current[k] = s[k]!;
    }
    return current;
  }

  kind(id: number): number {
    return this.combo[id]! % 3;
  }

  side(id: number): number {
    return ((this.combo[id]! / 3) | 0) & 1;
  }

  which(id: number): number {
    return ((this.combo[id]! / 6) | 0) & 1;
  }

  private parity(id: number): number {
    return (this.combo[id]! / 12) | 0;
  }

  /** The id of the node with this boundary and state, or -1 when the graph has none; s loses its dead fields (canonical.ts), in place. */
  find(kind: number, side: number, which: number, parity: number, s: number[]): number {
    // The lookup of node() below, without creating a node (SolvedTable looks up live states).
    this.canonical.apply(s);
    const combo = kind + 3 * (side + 2 * (which + 2 * parity));
    const key = numericKey(combo, s);
    return key < 0 ? (this.stringIds.get(`${combo}|${s.join(',')}`) ?? -1) : this.ids.get(key);
  }

  /** The parity a node of round r carries (0 unless the knob `alternate` reads it). */
  parityOf(round: number): number {
    return this.parityMatters ? (round - 1) & 1 : 0;
  }

  /** The id of a node (a new one, not expanded yet, if the graph has none); s loses its dead fields (canonical.ts), in place. */
  node(kind: number, side: number, which: number, parity: number, s: number[]): number {
    // The look-up, small enough to inline numericKey (whose key, a double, is boxed when returned from a call).
    this.canonical.apply(s);
    const combo = kind + 3 * (side + 2 * (which + 2 * parity));
    const key = numericKey(combo, s);
    if (key >= 0) {
      const known = this.ids.getOrSet(key, this.nodes);
      return known >= 0 ? known : this.create(kind, side, which, combo, key, s);
    }
    const str = `${combo}|${s.join(',')}`;
    const known = this.stringIds.get(str);
    if (known !== undefined) return known;
    this.stringIds.set(str, this.nodes);
    return this.create(kind, side, which, combo, key, s);
  }

  /** A new node (id this.nodes, already in the key tables) for state s. */
  private create(kind: number, side: number, which: number, combo: number, key: number, s: readonly number[]): number {
    const id = this.nodes++;
    if (id >= this.limits.states) throw new ExactLimitError(`exact duel has more than ${this.limits.states} states (limit MAX_EXACT_STATES); use balance run`);
    if (id === this.nodeCap) this.growNodes();
    const distance = s[DISTANCE]!;
    const closing = restOfRound(this.walker.duel.fighters, kind === ROUND, side, which, s[DISTANCE + 1]!);
    // The first round r <= maxRounds with distance > later[r] + closing (later[] decreases with r), else maxRounds + 1.
    const later = this.later;
    let lo = 1;
    let hi = this.maxRounds + 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (distance > later[mid]! + closing) hi = mid;
      else lo = mid + 1;
    }
    this.quietFrom[id] = lo;
    this.forward[id] = -2;
    this.combo[id] = combo;
    this.firstChoice[id] = -1;
    this.keyOf[id] = key;
    if (key < 0) this.wide.set(id, [...s]);
    return id;
  }

  private growNodes(): void {
    const n = 2 * this.nodeCap;
    this.nodeCap = n;
    this.combo = grow(this.combo, n);
    this.quietFrom = grow(this.quietFrom, n);
    this.forward = grow(this.forward, n);
    this.endFlag = grow(this.endFlag, n);
    this.firstChoice = grow(this.firstChoice, n);
    this.choiceCount = grow(this.choiceCount, n);
    this.keyOf = grow(this.keyOf, n);
  }

  private growChoices(): void {
    const n = 2 * this.choiceCap;
    this.choiceCap = n;
    this.action = grow(this.action, n);
    this.program = grow(this.program, n);
    this.edgeStart = grow(this.edgeStart, n);
    this.edgeEnd = grow(this.edgeEnd, n);
  }

  private growEdges(): void {
    const n = 2 * this.edgeCap;
    this.edgeCap = n;
    this.child = grow(this.child, n);
    this.prob = grow(this.prob, n);
    this.hop = grow(this.hop, n);
  }

  /**
   * Fills the node's choices and edges (once). An edge to an activation start, or to an action
   * boundary where the activation has ended, goes straight to where that node leads (follow()):
   * such a node has one edge of probability 1 and no choice, so its value (and its mass in the
   * forward walk) is its child's.
   */
  expand(id: number): void {
    if (this.firstChoice[id]! >= 0) return;
    const { walker } = this;
    const { duel } = walker;
    // The steps below read s; a nested expansion (follow) loads another state, so every step comes first.
    const s = this.load(id);
    const side = this.side(id);
    const which = this.which(id);
    const parity = this.parity(id);
    const next = this.parityMatters ? 1 - parity : 0;
    const kind = this.kind(id);
    // (action, child, probability) triples on the stack from `base`, written as choices and edges once every child is
    // followed (nested expansions push theirs above and pop them).
    const base = this.top;
    if (kind === ROUND || kind === ACTIVATION) {
      // The step's outcomes (value, probability, state) on the row stack, then their nodes in order.
      const rowBase = this.rowTop;
      this.curSide = side;
      walker.eachKept(s, parity + 1, kind === ROUND ? 2 : 0, kind === ROUND ? this.runInitiative : this.runActivation, this.visitRow);
      const { rejected, kept } = walker;
      const rowEnd = this.rowTop;
      const t = this.rowState;
      for (let k = rowBase; k !== rowEnd; ++k) {
        const rows = this.rowS;
        for (let j = 0; j !== STATE_SIZE; ++j) t[j] = rows[k * STATE_SIZE + j]!;
        const value = this.rowV[k]!;
        const p = rejected ? this.rowP[k]! / kept : this.rowP[k]!;
        let child: number;
        if (kind === ACTIVATION) child = this.follow(this.node(ACTION, side, which, parity, t));
        else child = value < 0 ? this.node(ROUND, 0, 0, next, t) : this.follow(this.node(ACTIVATION, value, 0, parity, t));
        this.push(NAMED, child, p);
      }
      this.rowTop = rowBase;
    } else if (this.ended(id)) {
      const after = this.rowState;
      for (let j = 0; j !== STATE_SIZE; ++j) after[j] = s[j]!;
      atActivationStart(after);
      this.push(NAMED, which === 0 ? this.follow(this.node(ACTIVATION, 1 - side, 1, parity, after)) : this.node(ROUND, 0, 0, next, after), 1);
    } else {
      restoreState(duel, s);
      duel.over = false;
      duel.which = which;
      let list: readonly number[] = ONLY_NAMED;
      if (this.solving[side] === true && this.candidates !== null) {
        // The policy decides after the action is counted (Duel.nextAction): show it the same count.
        duel.actionsLeft--;
        list = this.candidates(duel, side);
        duel.actionsLeft++;
      }
      this.curSide = side;
      this.curWhich = which;
      this.curParity = parity;
      for (const c of list) {
        this.prevDepth = 0;
        this.curChoice = c;
        walker.each(s, parity + 1, this.runAction, this.visitAction);
        for (let k = this.prevDepth - 1; k >= 0; k--) if (this.prevTag[k]! > 0) this.push(c, END, 0);
      }
      // Follow only now: following may expand another node, which steps the walker and loads its state.
      const end = this.top;
      for (let k = base; k !== end; ++k) {
        const child = this.stC[k]!;
        if (child >= 0) {
          const to = this.follow(child);
          this.stC[k] = to;
        }
      }
    }
    this.firstChoice[id] = this.choices;
    const end = this.top;
    for (let k = base; k !== end; ++k) {
      const a = this.stA[k]!;
      if (k === base || a !== this.stA[k - 1]) this.beginChoice(a);
      const child = this.stC[k]!;
      if (child <= DEC) this.mark(child, this.stP[k]!);
      else this.edge(child, this.stP[k]!);
    }
    this.top = base;
    this.choiceCount[id] = this.choices - this.firstChoice[id]!;
  }

  /** Pushes an (action, child or marker, probability or payload) triple on the expansion stack. */
  private push(action: number, child: number, p: number): void {
    const k = this.top++;
    if (k === this.stA.length) {
      this.stA = grow(this.stA, k + 1);
      this.stC = grow(this.stC, k + 1);
      this.stP = grow(this.stP, k + 1);
    }
    this.stA[k] = action;
    this.stC[k] = child;
    this.stP[k] = p;
  }

  /** A round start's or activation start's step outcome (eachKept's visit): its value, probability and state on the row stack. */
  private readonly visitRow = (value: number, p: number): void => {
    const k = this.rowTop++;
    if (k === this.rowV.length) {
      this.rowV = grow(this.rowV, k + 1);
      this.rowP = grow(this.rowP, k + 1);
      this.rowS = grow(this.rowS, (k + 1) * STATE_SIZE);
    }
    this.rowV[k] = value;
    this.rowP[k] = p;
    const t = saveStateInto(this.walker.duel, this.scratch);
    const rows = this.rowS;
    const at = k * STATE_SIZE;
    for (let j = 0; j !== STATE_SIZE; ++j) rows[at + j] = t[j]!;
  };

  private readonly runInitiative = (): number => this.walker.duel.initiative();

  private readonly runActivation = (): number => (this.walker.duel.beginActivation(this.curSide) ? 1 : 0);

  /** One dice path of action choice curChoice at an action boundary (walker.each's run). */
  private readonly runAction = (): void => {
    const { duel } = this.walker;
    duel.which = this.curWhich;
    this.policy.forced = this.curChoice;
    duel.nextAction(this.curSide);
    this.policy.forced = -1;
  };

  /** Where that path ended (walker.each's visit): markers of decision points, then the edge. */
  private readonly visitAction = (p: number): void => {
    const { duel } = this.walker;
    const c = this.curChoice;
    this.markers(c);
    const scratch = saveStateInto(duel, this.scratch);
    this.push(c, duel.over ? -1 - endCode(scratch, duel.winner()) : this.node(ACTION, this.curSide, this.curWhich, this.curParity, scratch), p);
  };

  /** Whether node id is an action boundary where the activation has ended (no action left, the duel over, or the side cannot act). */
  private ended(id: number): boolean {
    const known = this.endFlag[id]!;
    if (known !== 0) return known === 2;
    const { duel } = this.walker;
    restoreState(duel, this.load(id));
    duel.over = false;
    const ended = !duel.actionsGoOn(this.side(id));
    this.endFlag[id] = ended ? 2 : 1;
    return ended;
  }

  /** The node an edge to `id` leads to: its only child for an activation start or an ended activation, else id. */
  private follow(id: number): number {
    const known = this.forward[id]!;
    if (known !== -2) return known;
    const kind = this.kind(id);
    let to = id;
    if (kind === ACTIVATION || (kind === ACTION && this.ended(id))) {
      this.expand(id);
      const c = this.firstChoice[id]!;
      const e = this.edgeStart[c]!;
      if (this.choiceCount[id] === 1 && this.edgeEnd[c] === e + 1 && this.prob[e] === 1 && this.child[e]! >= 0) to = this.child[e]!;
    }
    this.forward[id] = to;
    return to;
  }

  private beginChoice(action: number): void {
    const c = this.choices++;
    if (c === this.choiceCap) this.growChoices();
    this.action[c] = action;
    this.program[c] = 0;
    this.edgeStart[c] = this.edges;
    this.edgeEnd[c] = this.edges;
    this.scope = this.edges;
  }

  /**
   * The markers (DEC, OPT, END) between the previous dice path of this choice and the one just
   * replayed (the walker's odometer visits paths in depth-first order): decision points of the
   * previous path below the level where the two part are closed, the one at that level moves to
   * its next option, and the new path's decision points below it open.
   */
  private markers(c: number): void {
    const dice = this.walker.dice;
    const n = dice.levels();
    const m = this.prevDepth;
    let j = 0;
    while (j < n && j < m && dice.taken(j) === this.prevTaken[j]) j++;
    if (m > 0) {
      for (let k = m - 1; k > j; k--) if (this.prevTag[k]! > 0) this.push(c, END, 0);
      if (j < m && this.prevTag[j]! > 0) this.push(c, OPT, 0);
    }
    for (let k = m > 0 ? j + 1 : 0; k < n; k++) if (dice.tag(k) > 0) this.push(c, DEC, dice.tag(k) - 1);
    if (n > this.prevTaken.length) {
      this.prevTaken = new Int32Array(2 * n);
      this.prevTag = new Int32Array(2 * n);
    }
    for (let k = 0; k !== n; ++k) {
      this.prevTaken[k] = dice.taken(k);
      this.prevTag[k] = dice.tag(k);
    }
    this.prevDepth = n;
  }

  /** Adds a marker to the current choice; edges after it do not merge with edges before it. */
  private mark(code: number, payload: number): void {
    const c = this.choices - 1;
    const e = this.edges++;
    if (e === this.edgeCap) this.growEdges();
    this.child[e] = code;
    this.prob[e] = payload;
    this.edgeEnd[c] = e + 1;
    this.program[c] = 1;
    this.scope = e + 1;
  }

  /** Adds an edge to the current choice, merged with an earlier edge to the same child since the last marker. */
  private edge(child: number, p: number): void {
    const c = this.choices - 1;
    for (let e = this.scope; e !== this.edges; ++e) {
      if (this.child[e] === child) {
        this.prob[e]! += p;
        return;
      }
    }
    const e = this.edges++;
    if (e === this.edgeCap) this.growEdges();
    this.child[e] = child;
    this.prob[e] = p;
    if (child >= 0) {
      const step = this.combo[child]! % 3 === ROUND ? 1 : 0;
      this.hop[e] = 2 * (this.quietFrom[child]! - step) + step;
    }
    this.edgeEnd[c] = e + 1;
  }
}
