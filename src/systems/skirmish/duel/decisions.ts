/**
 * Decisions inside a step (the solver chooses Dodge/Shove distances, Ranged Reactions
 * and move lengths, not only the action at a boundary). The engine asks its policy at the
 * moments the rules give a choice (policy.moveInches, policy.manoeuvreInches, policy.decide with
 * reaction = true); for a solving side the solver's policy (SolverPolicy) answers with a
 * DECISION POINT: the walker's ChanceDice enumerates it like a die (chance.ts choose(): one branch
 * per option, probability 1), tagged with the point's id. The step's paths then form a tree of
 * chance nodes (summed) and decision points (max for a, min for b), which graph.ts stores as a
 * small program per choice and solve.ts values (plain.ts groups the paths instead).
 *
 * A decision point is keyed by what the live duel shows at that moment, so a solved table can
 * find it again in `run` (solved-table.ts): the state now (state.ts fields, with the graph's
 * exact merges, canonical.ts), the kind of decision (which move, Dodge, Dodge with a Shove to
 * come, Shove, reaction), the deciding side, whether a Ranged Reaction is under way, whose
 * activation it is and which of the round, and the action that activation is performing. These
 * say where in the engine the step stands (what happens after the decision), so equal keys
 * have equal continuations and the same best option (tested: the exact walker playing the table
 * scores the solver's value to 1e-12).
 */
import { Action, DODGE_THEN_SHOVE, SHOVE, type DuelPolicy, type DuelView } from './actions.js';
import type { Canonical } from './canonical.js';
import type { ChanceDice } from './chance.js';
import { manoeuvreStops, moveStops, reactionOptions } from './choices.js';
import { IdTable } from './id-table.js';
import { DISTANCE, numericKey } from './node-key.js';
import { FIGHTER_FIELDS, saveFighter, STATE_SIZE } from './state.js';

/** Kinds of decision inside a step. */
export const MOVE_TOWARD = 0;
export const MOVE_AWAY = 1;
export const RETREAT = 2;
export const CRAWL = 3;
export const DODGE_KIND = 4;
export const DODGE_SHOVE_KIND = 5;
export const SHOVE_KIND = 6;
export const REACTION = 7;

/** The decision kind of a move length asked with `action` (engine.ts: MoveToward, MoveAway, Retreat, CrawlAway). */
export function moveKind(action: Action): number {
  return action === Action.MoveToward ? MOVE_TOWARD : action === Action.Retreat ? RETREAT : action === Action.CrawlAway ? CRAWL : MOVE_AWAY;
}

/** The decision kind of a manoeuvre (actions.ts DODGE, DODGE_THEN_SHOVE, SHOVE). */
export function manoeuvreKind(manoeuvre: number): number {
  return manoeuvre === SHOVE ? SHOVE_KIND : manoeuvre === DODGE_THEN_SHOVE ? DODGE_SHOVE_KIND : DODGE_KIND;
}

/**
 * The context of a decision as one integer below 2^11: kind (3 bits), deciding side, reacting,
 * the activation's side and which activation of the round, and the action it performs (4 bits;
 * Retreat counts as Move away, the same engine path).
 */
export function contextCode(kind: number, side: number, reacting: boolean, actSide: number, which: number, action: number): number {
  const a = action === Action.Retreat ? Action.MoveAway : action;
  return kind + 8 * (side + 2 * ((reacting ? 1 : 0) + 2 * (actSide + 2 * (which + 2 * a))));
}

const CONTEXTS = 2048;

/** The decision points of one solve: ids interned from their keys, with the deciding side and the options' values. */
export class DecisionIndex {
  /** Mid-step states (numeric keys) to ids, and context + state to decision point ids. */
  private readonly states = new IdTable();
  private stateCount = 0;
  private readonly points = new IdTable();
  /** Keys of states that do not pack into a number (a fractional distance, over 511"). */
  private readonly stringIds = new Map<string, number>();
  private readonly scratch: number[] = new Array<number>(STATE_SIZE).fill(0);
  count = 0;
  /** Per point: the deciding side, its first option's index in `values`, its number of options. */
  side = new Uint8Array(256);
  first = new Int32Array(256);
  width = new Int32Array(256);
  /** Options' values: inches for a length, the action code for a reaction. */
  values = new Float64Array(1024);
  private valueCount = 0;

  constructor(private readonly canonical: Canonical) {}

  /** The live duel's state with the graph's exact merges, in scratch. */
  private load(duel: DuelView): number[] {
    const t = this.scratch;
    saveFighter(duel.fighters[0], t, 0);
    saveFighter(duel.fighters[1], t, FIGHTER_FIELDS);
    t[DISTANCE] = duel.distance;
    t[DISTANCE + 1] = duel.actionsLeft;
    this.canonical.apply(t);
    return t;
  }

  /** The id of the decision point of context `ctx` in the live duel, or -1 (with create: a new point with these options). */
  private lookup(duel: DuelView, ctx: number, create: readonly number[] | null, side: number): number {
    const s = this.load(duel);
    const packed = numericKey(0, s);
    if (packed < 0) {
      const key = `${ctx}|${s.join(',')}`;
      const known = this.stringIds.get(key);
      if (known !== undefined || create === null) return known ?? -1;
      const id = this.add(create, side);
      this.stringIds.set(key, id);
      return id;
    }
    let st = this.states.get(packed);
    if (st < 0) {
      if (create === null) return -1;
      st = this.stateCount++;
      this.states.set(packed, st);
    }
    const key = st * CONTEXTS + ctx;
    const known = this.points.get(key);
    if (known >= 0 || create === null) return known;
    const id = this.add(create, side);
    this.points.set(key, id);
    return id;
  }

  /** The decision point of context ctx in the live duel (made with these options if new). */
  intern(duel: DuelView, ctx: number, side: number, options: readonly number[]): number {
    return this.lookup(duel, ctx, options, side);
  }

  /** The decision point of context ctx in the live duel, or -1. */
  find(duel: DuelView, ctx: number): number {
    return this.lookup(duel, ctx, null, 0);
  }

  private add(options: readonly number[], side: number): number {
    const id = this.count++;
    if (id >= this.side.length) {
      this.side = grow(this.side, id + 1);
      this.first = grow(this.first, id + 1);
      this.width = grow(this.width, id + 1);
    }
    this.side[id] = side;
    this.first[id] = this.valueCount;
    this.width[id] = options.length;
    this.values = grow(this.values, this.valueCount + options.length);
    for (const v of options) this.values[this.valueCount++] = v;
    return id;
  }
}

function grow<T extends Int32Array | Float64Array | Uint8Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  let n = a.length * 2;
  while (n < need) n *= 2;
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}

/**
 * The policy the solver's walker plays (graph.ts, plain.ts): the base (named) policy, except that
 * the graph may force the next activation action (`forced`), and that a solving side's decisions
 * inside a step are decision points the dice enumerate (choices.ts lists the options).
 */
export class SolverPolicy implements DuelPolicy {
  forced = -1;
  /** The action the current activation performs and whose activation it is (decision keys). */
  private action = 0;
  private actSide = 0;
  /** The decision points and the walker's dice (bind(): both exist only once the walker does). */
  private index: DecisionIndex | null = null;
  private dice: ChanceDice | null = null;
  private singles = false;
  /** The options of the decision at each level of the current dice path (replay()). */
  private readonly levelOptions: (readonly number[])[] = [];

  constructor(private readonly base: DuelPolicy, private readonly solving: readonly [boolean, boolean]) {}

  /** singles: intern decision points of one option too (a solved table is recorded: it must know every state it will meet). */
  bind(index: DecisionIndex, dice: ChanceDice, singles = false): void {
    this.index = index;
    this.dice = dice;
    this.singles = singles;
  }

  decide(duel: DuelView, s: number, reaction: boolean): Action {
    if (!reaction) {
      let a: Action;
      if (this.forced >= 0) {
        a = this.forced as Action;
        this.forced = -1;
      } else a = this.base.decide(duel, s, false);
      this.action = a;
      this.actSide = s;
      return a;
    }
    if (!this.solves(s)) return this.base.decide(duel, s, true);
    if (this.dice!.known()) return this.replay() as Action;
    return this.choose(duel, s, REACTION, reactionOptions(duel, s)) as Action;
  }

  moveInches(duel: DuelView, s: number, action: Action, allowance: number): number {
    if (!this.solves(s)) return this.base.moveInches(duel, s, action, allowance);
    if (this.dice!.known()) return this.replay();
    const named = this.base.moveInches(duel, s, action, allowance);
    return this.choose(duel, s, moveKind(action), moveStops(duel, s, action, allowance, named));
  }

  manoeuvreInches(duel: DuelView, s: number, manoeuvre: number): number {
    if (!this.solves(s)) return this.base.manoeuvreInches(duel, s, manoeuvre);
    if (this.dice!.known()) return this.replay();
    const named = this.base.manoeuvreInches(duel, s, manoeuvre);
    return this.choose(duel, s, manoeuvreKind(manoeuvre), manoeuvreStops(duel, named));
  }

  private solves(s: number): boolean {
    return this.solving[s] === true && this.index !== null && this.dice !== null;
  }

  /**
   * One option of a new decision point: a level of the dice path (chance.ts choose) whose options
   * are kept per level, so that the later paths of the step, which replay it, take their branch
   * without computing the options again (replay()). A single option is no decision (a level of
   * one branch, tagged as chance); when a table is recorded its point is interned all the same, so
   * that the table knows the state (and counts a real miss).
   */
  private choose(duel: DuelView, s: number, kind: number, options: readonly number[]): number {
    const single = options.length === 1;
    const point = !single || this.singles ? this.index!.intern(duel, contextCode(kind, s, duel.reacting, this.actSide, duel.which, this.action), s, options) : -1;
    const dice = this.dice!;
    this.levelOptions[dice.levels()] = options;
    return options[dice.choose(options.length, single ? -1 : point)]!;
  }

  /** The option an earlier path of this step took at the decision level now replayed. */
  private replay(): number {
    const dice = this.dice!;
    const k = dice.levels();
    return this.levelOptions[k]![dice.choose(0, 0)]!;
  }
}
