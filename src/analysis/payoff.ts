/**
 * The payoff matrix of a roster from fight counts. Entry (i, j) is what i scores against j,
 * P(win) + 1/2 P(draw) - 1/2, over both orders (i as side a against j as side b, and j as a
 * against i as b), so who is `a` does not matter and M[j][i] = -M[i][j] exactly.
 */
import { Z95 } from '../stats/histogram.js';

/** Outcome counts of one ordered pairing (x as side a, y as side b). */
export interface PairCounts {
  readonly aWins: number;
  readonly bWins: number;
  readonly draws: number;
}

export interface PayoffMatrix {
  readonly names: readonly string[];
  /** M[i][j]: i's payoff against j (0 on the diagonal). */
  readonly m: number[][];
  /** Standard error of each entry (0 for exact payoffs). */
  readonly se: number[][];
  /** Fights behind each entry (both orders; null for exact payoffs). */
  readonly trials: (number | null)[][];
  /** Wins, losses and draws of i against j over both orders (probabilities when exact). */
  readonly record: { wins: number; losses: number; draws: number }[][];
  readonly exact: boolean;
}

/** One side's score over one ordering: mean and variance of 1 (win), 1/2 (draw), 0 (loss). */
function score(wins: number, draws: number, n: number): { mean: number; variance: number } {
  const mean = (wins + draws / 2) / n;
  return { mean, variance: Math.max(0, (wins + draws / 4) / n - mean * mean) };
}

/**
 * `counts(i, j)` gives the ordering i as a, j as b. With `exact`, counts are probabilities
 * (aWins + bWins + draws = 1) and the entries carry no sampling error.
 */
export function payoffMatrix(names: readonly string[], counts: (i: number, j: number) => PairCounts, exact: boolean): PayoffMatrix {
  const n = names.length;
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const se = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const trials = Array.from({ length: n }, () => new Array<number | null>(n).fill(exact ? null : 0));
  const record = Array.from({ length: n }, () => Array.from({ length: n }, () => ({ wins: 0, losses: 0, draws: 0 })));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const first = counts(i, j);
      const second = counts(j, i);
      const n1 = first.aWins + first.bWins + first.draws;
      const n2 = second.aWins + second.bWins + second.draws;
      const s1 = score(first.aWins, first.draws, n1);
      const s2 = score(second.bWins, second.draws, n2);
      // Exact: each order is one probability distribution; the two orders weigh the same.
      const [w1, w2] = exact ? [0.5, 0.5] : [n1 / (n1 + n2), n2 / (n1 + n2)];
      const payoff = w1 * s1.mean + w2 * s2.mean - 0.5;
      m[i]![j] = payoff;
      m[j]![i] = -payoff;
      const e = exact ? 0 : Math.sqrt(n1 * s1.variance + n2 * s2.variance) / (n1 + n2);
      se[i]![j] = e;
      se[j]![i] = e;
      if (!exact) {
        trials[i]![j] = n1 + n2;
        trials[j]![i] = n1 + n2;
      }
      const wins = exact ? (first.aWins + second.bWins) / 2 : first.aWins + second.bWins;
      const losses = exact ? (first.bWins + second.aWins) / 2 : first.bWins + second.aWins;
      const draws = exact ? (first.draws + second.draws) / 2 : first.draws + second.draws;
      record[i]![j] = { wins, losses, draws };
      record[j]![i] = { wins: losses, losses: wins, draws };
    }
  }
  return { names, m, se, trials, record, exact };
}

/** The 95% interval of entry (i, j), clamped to the payoff's range [-1/2, 1/2]. */
export function payoffInterval(p: PayoffMatrix, i: number, j: number): { low: number; high: number } {
  const v = p.m[i]![j]!;
  const h = Z95 * p.se[i]![j]!;
  return { low: Math.max(-0.5, v - h), high: Math.min(0.5, v + h) };
}

/** i's P(win) + 1/2 P(draw) against the rest of the roster, each opponent equally often, with its 95% interval. */
export function vsField(p: PayoffMatrix, i: number): { estimate: number; low: number; high: number } {
  const others = p.names.map((_, j) => j).filter((j) => j !== i);
  const estimate = others.reduce((s, j) => s + p.m[i]![j]!, 0) / others.length + 0.5;
  const half = (Z95 * Math.sqrt(others.reduce((s, j) => s + p.se[i]![j]! ** 2, 0))) / others.length;
  return { estimate, low: Math.max(0, estimate - half), high: Math.min(1, estimate + half) };
}
