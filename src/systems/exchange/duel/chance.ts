/**
 * Dice as chance nodes for the exact exchange duel walker (exchange/duel/exact.ts). A single roll (the
 * opener's fair roll) branches over its faces; a whole roll's total (rollTotal asks TotalDice
 * first) branches over the total's exact distribution (exact.ts totalDistribution, Edge included),
 * so an Exchange of n dice has at most 2n + 1 branches instead of 6^n. The engine decides every
 * rule as in the simulator: only where the dice come from differs.
 */
import { ChancePath } from '../../../dice/chance-path.js';
import { totalDistribution } from '../exact.js';
import type { ExchangeKnobs, TotalDice } from '../rules.js';

/** The totals a roll can give (probability > 0) and their probabilities. */
interface Support {
  readonly totals: Int32Array;
  readonly probs: Float64Array;
}

/** The kind of a chance node (decisions are numbered by the deciding side, 0 or 1). */
export const CHANCE = -1;

export class ExchangeChanceDice implements TotalDice {
  readonly path = new ChancePath();
  /** Per knobs object: supports by n * 3 + edge + 1. */
  private readonly supports = new WeakMap<ExchangeKnobs, Map<number, Support>>();

  roll(sides: number): number {
    const face = this.node(sides, CHANCE) + 1;
    this.weigh(1 / sides);
    return face;
  }

  total(n: number, edge: number, knobs: ExchangeKnobs): number {
    const s = this.support(n, edge, knobs);
    const i = this.node(s.totals.length, CHANCE);
    this.weigh(s.probs[i]!);
    return s.totals[i]!;
  }

  /** The branch this path takes at its next node: a chance node (kind CHANCE) or a decision (kind: the deciding side; the solver's dice). */
  protected node(width: number, _kind: number): number {
    return this.path.branch(width);
  }

  /** Multiplies the path's probability by the chance of the branch just taken. */
  protected weigh(p: number): void {
    this.path.prob *= p;
  }

  private support(n: number, edge: number, knobs: ExchangeKnobs): Support {
    let byRoll = this.supports.get(knobs);
    if (byRoll === undefined) {
      byRoll = new Map();
      this.supports.set(knobs, byRoll);
    }
    const key = n * 3 + edge + 1;
    let s = byRoll.get(key);
    if (s === undefined) {
      const totals: number[] = [];
      const probs: number[] = [];
      totalDistribution(n, edge, knobs).forEach((p, t) => {
        if (p > 0) {
          totals.push(t);
          probs.push(p);
        }
      });
      s = { totals: Int32Array.from(totals), probs: Float64Array.from(probs) };
      byRoll.set(key, s);
    }
    return s;
  }
}
