/**
 * Dice as chance nodes, for the exact duel walker (exact.ts): instead of rolling, each d6() and
 * each attack() takes the branch a path names and multiplies the path's probability by that
 * branch's chance. The walker replays one step of the SAME engine (an initiative, an activation)
 * once per path, advancing the path like an odometer until every branch was taken: the rules
 * run exactly as in the simulator, only the dice differ.
 */
import { exactOutcomes } from '../exact.js';
import type { DuelDice } from './dice.js';
import type { AttackEntry } from './setup.js';

/** Thrown when a step rolls more d6s than its budget: a rejection loop (a tied roll-off) that restarts. */
export const REJECTED = new Error('rejected path (a reroll)');

interface Outcomes {
  readonly codes: Int32Array;
  readonly probs: Float64Array;
}

const OUTCOMES = new WeakMap<AttackEntry, Outcomes>();

/** The attack's possible outcome codes with their probabilities (zero ones left out). */
export function outcomesOf(entry: AttackEntry): Outcomes {
  let o = OUTCOMES.get(entry);
  if (o === undefined) {
    const p = exactOutcomes(entry.spec);
    const codes: number[] = [];
    const probs: number[] = [];
    p.forEach((x, code) => {
      if (x > 0) {
        codes.push(code);
        probs.push(x);
      }
    });
    o = { codes: Int32Array.from(codes), probs: Float64Array.from(probs) };
    OUTCOMES.set(entry, o);
  }
  return o;
}

export class ChanceDice implements DuelDice {
  /** The branch taken at each chance node of the current path, and how many branches it has (first `size` entries). */
  private path: Int32Array = new Int32Array(64);
  private widths: Int32Array = new Int32Array(64);
  /** Per level: 0 for a chance node, 1 + the decision point's id for a decision (choose()). */
  private tags: Int32Array = new Int32Array(64);
  private size = 0;
  private depth = 0;
  private d6Left = Infinity;
  /** Probability of the path replayed so far. */
  prob = 1;

  /** Starts the first path of a new step; `d6Budget` d6s at most (more: the path is a reroll, REJECTED). */
  begin(d6Budget: number): void {
    this.size = 0;
    this.replay(d6Budget);
  }

  /** Starts replaying the current path. */
  private replay(d6Budget: number): void {
    this.depth = 0;
    this.prob = 1;
    this.d6Left = d6Budget;
  }

  /** Starts replaying the next path of the step; false when every path was taken. */
  replayNext(d6Budget: number): boolean {
    if (!this.advance()) return false;
    this.replay(d6Budget);
    return true;
  }

  /** Moves to the next path of the step (odometer order); false when every path was taken. */
  private advance(): boolean {
    // A path may stop before nodes a previous path had: forget those.
    for (let k = this.depth - 1; k >= 0; k--) {
      if (this.path[k]! + 1 < this.widths[k]!) {
        this.path[k]! += 1;
        this.size = k + 1;
        return true;
      }
    }
    this.size = 0;
    return false;
  }

  private branch(width: number, tag = 0): number {
    if (this.depth === this.size) {
      if (this.size === this.path.length) {
        const grow = (a: Int32Array): Int32Array => {
          const b = new Int32Array(a.length * 2);
          b.set(a);
          return b;
        };
        this.path = grow(this.path);
        this.widths = grow(this.widths);
        this.tags = grow(this.tags);
      }
      this.path[this.size] = 0;
      this.widths[this.size] = width;
      this.tags[this.size] = tag;
      this.size++;
    }
    return this.path[this.depth++]!;
  }

  /**
   * A decision inside a step (a solving side's Dodge or Shove distance, Ranged Reaction, move
   * length: decisions.ts): enumerated like a die with `width` options, each taken with
   * probability 1 (the solver takes the best, not a sum), tagged with the decision point's id
   * (point -1: a level of one option, tagged as chance, that only lets the caller know it is
   * replaying, known()).
   */
  choose(width: number, point: number): number {
    return this.branch(width, point < 0 ? 0 : 1 + point);
  }

  /** Whether the next level was met by an earlier path of this step (replaying it: its branch is known). */
  known(): boolean {
    return this.depth < this.size;
  }

  /** Levels (chance nodes and decisions) of the path just replayed. */
  levels(): number {
    return this.depth;
  }

  /** The branch the current path took at level k, and the level's tag (0 chance, 1 + decision point). */
  taken(k: number): number {
    return this.path[k]!;
  }

  tag(k: number): number {
    return this.tags[k]!;
  }

  d6(): number {
    if (this.d6Left-- <= 0) throw REJECTED;
    this.prob /= 6;
    return this.branch(6) + 1;
  }

  attack(entry: AttackEntry): number {
    const o = outcomesOf(entry);
    const i = this.branch(o.codes.length);
    this.prob *= o.probs[i]!;
    return o.codes[i]!;
  }

  record(): void {
    // no faces to keep
  }

  take(): null {
    return null;
  }
}
