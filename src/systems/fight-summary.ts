/**
 * What every whole-fight mode (skirmish and exchange duels, d20 fights) reports the same way: the
 * winner counts at tally[0..2] (a, b, draw), the rounds histogram, the Wilson interval of a's win
 * rate, the eleven pinned summary cells, and distribution rows in long format (the pinned seven
 * columns, then `extra`: the fields that tell the mode's matchups apart, such as the policies).
 */
import { summarizeHistogram, type HistogramSummary } from '../stats/histogram.js';
import { wilson } from '../stats/wilson.js';
import type { Cell, CompareStat } from './types.js';

/** The compared metric of every fight mode (ModePlugin.metric): side a's win rate. */
export const FIGHT_METRIC = 'a_win_rate';

export interface FightSummary {
  readonly n: number;
  readonly aWins: number;
  readonly bWins: number;
  readonly draws: number;
  readonly ci: { readonly low: number; readonly high: number };
  /** rounds[k] = fights that ended in round k (index 0 unused). */
  readonly rounds: Float64Array;
  readonly roundStats: HistogramSummary;
  /** `variant,side_a,side_b,trials,a_wins,b_wins,draws,a_win_rate,a_win_ci95_low,a_win_ci95_high,mean_rounds`. */
  readonly pinned: Cell[];
  readonly stat: CompareStat;
  /** Rows of distribution.csv, added to in order. */
  readonly distribution: Cell[][];
  /** Adds one distribution row. */
  row(metric: string, value: string | number, count: number): void;
  /** Adds one row per value of a histogram (values from 0). */
  histogram(metric: string, counts: ArrayLike<number>): void;
  /** The rounds rows (1..maxRounds) and the winner rows, named `names` (a, b, draw). */
  roundsRows(): void;
  winnerRows(names: readonly [string, string, string]): void;
}

export function fightSummary(
  tally: Float64Array, roundsAt: number, maxRounds: number,
  labels: { variant: string; a: string; b: string; readonly extra?: readonly Cell[] },
  /** Exact probabilities (balance exact): counts and trials are empty, the interval is the value. */
  exact = false,
): FightSummary {
  const [aWins, bWins, draws] = [tally[0]!, tally[1]!, tally[2]!];
  const n = aWins + bWins + draws;
  const ci = exact ? { low: aWins / n, high: aWins / n } : wilson(aWins, n);
  const rounds = tally.slice(roundsAt, roundsAt + maxRounds + 1);
  const roundStats = summarizeHistogram(rounds, exact);
  const distribution: Cell[][] = [];
  const extra = labels.extra ?? [];
  const row = (metric: string, value: string | number, count: number): void => {
    distribution.push([labels.variant, labels.a, labels.b, metric, value, exact ? '' : count, count / n, ...extra]);
  };
  return {
    n, aWins, bWins, draws, ci, rounds, roundStats, distribution, row,
    pinned: exact
      ? [labels.variant, labels.a, labels.b, '', '', '', '', aWins / n, ci.low, ci.high, roundStats.mean]
      : [labels.variant, labels.a, labels.b, n, aWins, bWins, draws, aWins / n, ci.low, ci.high, roundStats.mean],
    stat: { metric: FIGHT_METRIC, kind: 'rate', n, successes: aWins },
    histogram: (metric, counts) => Array.from(counts).forEach((c, k) => row(metric, k, c)),
    roundsRows: () => {
      for (let k = 1; k <= maxRounds; k++) row('rounds', k, rounds[k]!);
    },
    winnerRows: (names) => names.forEach((w, i) => row('winner', w, tally[i]!)),
  };
}
