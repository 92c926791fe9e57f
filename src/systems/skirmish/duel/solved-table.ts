/**
 * A solved decision table: the action a solving side picked at each action boundary of the
 * backward induction (solve.ts), per (round, game-graph node). The graph's nodes carry no round
 * (graph.ts) but the picks do (a finite horizon: the same state plays differently with fewer
 * rounds left), so the table holds one typed array per round indexed by node id (the ids are
 * dense), and one per round indexed by decision point for the picks inside a step.
 *
 * Lookups go through the solver's graph: the live state (the simulator's or the exact walker's
 * duel, where Duel.nextAction has already counted the action, so actions left + 1) is saved into
 * a buffer, canonicalised with the graph's exact merges (canonical.ts: the same Canonical.apply
 * the graph keyed its nodes with) and found among the graph's action boundaries (side, which
 * activation of the round, the round's parity under `alternate`): no allocation per decision.
 * The solver does not walk quiet states (quiet.ts: no attack can happen before maxRounds, a
 * draw whatever anyone does), so they have no decision; quiet() tells the caller such a miss is
 * expected.
 */
import type { Action, DuelView } from './actions.js';
import { ACTION, type DuelGraph } from './graph.js';
import { restOfRound } from './quiet.js';
import type { Duel } from './engine.js';
import { FIGHTER_FIELDS, restoreState, saveFighter, STATE_SIZE } from './state.js';

export class SolvedTable {
  /** picks[round][node]: the action picked, -1 for none. */
  private readonly picks: Int8Array[] = [];
  /** inner[round][decision point inside a step]: the option picked (decisions.ts), -1 for none. */
  private readonly inner: Int32Array[] = [];
  /** A state buffer: the looked-up state, canonicalised in place. */
  private readonly scratch: number[] = new Array<number>(STATE_SIZE).fill(0);
  private graph: DuelGraph | null = null;
  private later: Float64Array | null = null;
  private rounds = 1;
  /** Decisions recorded. */
  size = 0;

  /** The solver's graph (whose node ids record() receives) and quiet distances (quiet.ts quietDistances) for this duel. */
  bind(graph: DuelGraph, later: Float64Array, maxRounds: number): void {
    this.graph = graph;
    this.later = later;
    this.rounds = maxRounds + 1;
    this.picks.length = 0;
    this.inner.length = 0;
    for (let r = 0; r <= maxRounds; r++) {
      this.picks.push(new Int8Array(0));
      this.inner.push(new Int32Array(0));
    }
  }

  /** Records side's pick at action-boundary node `id` of the bound graph in round `round`. */
  record(round: number, id: number, action: Action): void {
    let a = this.picks[round]!;
    if (id >= a.length) this.picks[round] = a = widen(a, id);
    if (a[id]! >= 0) return;
    a[id] = action;
    this.size++;
  }

  /** Records the option picked at decision point `point` (the bound graph's decisions) in round `round`. */
  recordInner(round: number, point: number, option: number): void {
    let a = this.inner[round]!;
    if (point >= a.length) this.inner[round] = a = widen(a, point);
    if (a[point]! >= 0) return;
    a[point] = option;
    this.size++;
  }

  /**
   * The value (inches, or an action code) the table picked at the live duel's decision point of
   * context `ctx` (decisions.ts contextCode), or NaN when the solver never met that point.
   */
  innerPick(duel: DuelView, ctx: number): number {
    const g = this.graph;
    if (g === null || duel.round < 1 || duel.round >= this.rounds) return NaN;
    const d = g.decisions;
    const point = d.find(duel, ctx);
    if (point < 0) return NaN;
    if (d.width[point] === 1) return d.values[d.first[point]!]!;
    const picks = this.inner[duel.round]!;
    const k = point < picks.length ? picks[point]! : -1;
    return k < 0 ? NaN : d.values[d.first[point]! + k]!;
  }

  /**
   * The solver's duel showing a saved boundary state (actions left before the action is counted)
   * as Duel.nextAction shows it to the policy, for lookups outside a fight (explain-policy), or null.
   */
  view(round: number, which: number, s: readonly number[]): Duel | null {
    const g = this.graph;
    if (g === null) return null;
    const duel = g.walker.duel;
    restoreState(duel, s);
    duel.actionsLeft--;
    duel.round = round;
    duel.which = which;
    duel.over = false;
    duel.reacting = false;
    return duel;
  }

  /** The pick at the boundary now in scratch (actions left before the action is counted), or -1. */
  private lookup(round: number, side: number, which: number): Action | -1 {
    const g = this.graph;
    if (g === null || round < 1 || round >= this.rounds) return -1;
    const id = g.find(ACTION, side, which, g.parityOf(round), this.scratch);
    const picks = this.picks[round]!;
    return id < 0 || id >= picks.length ? -1 : (picks[id]! as Action | -1);
  }

  /** The recorded pick of side at a saved boundary state (state.ts; actions left before the action is counted), or -1. */
  get(round: number, side: number, which: number, s: readonly number[]): Action | -1 {
    const t = this.scratch;
    for (let k = 0; k !== STATE_SIZE; ++k) t[k] = s[k]!;
    return this.lookup(round, side, which);
  }

  /** The recorded pick of side s at the live duel's current action (already counted by Duel.nextAction), or -1. */
  decide(duel: DuelView, side: number): Action | -1 {
    const t = this.scratch;
    saveFighter(duel.fighters[0], t, 0);
    saveFighter(duel.fighters[1], t, FIGHTER_FIELDS);
    t[2 * FIGHTER_FIELDS] = duel.distance;
    t[2 * FIGHTER_FIELDS + 1] = duel.actionsLeft + 1;
    return this.lookup(duel.round, side, duel.which);
  }

  /** Whether the live duel's boundary (action already counted) is quiet: the solver valued it a draw without a decision. */
  quiet(duel: DuelView, side: number): boolean {
    const { later, graph } = this;
    if (later === null || graph === null || duel.round >= later.length) return false;
    return duel.distance > later[duel.round]! + restOfRound(graph.walker.duel.fighters, false, side, duel.which, duel.actionsLeft + 1);
  }
}

/** A copy of a (filled with -1 beyond its end) long enough for index i. */
function widen<T extends Int8Array | Int32Array>(a: T, i: number): T {
  let n = Math.max(1024, a.length * 2);
  while (n <= i) n *= 2;
  const b = new (a.constructor as new (n: number) => T)(n);
  b.fill(-1);
  b.set(a);
  return b;
}
