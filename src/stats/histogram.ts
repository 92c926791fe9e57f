/**
 * Summaries of a histogram of integer values (counts from a merged tally, or exact probabilities):
 * mean, standard deviation and a normal 95% interval for the mean.
 */
/**
 * z for a two-sided 95% interval: the standard normal quantile at 0.975, to double precision
 * (test/stats/histogram.test.ts checks it from the normal CDF). Not simple-statistics' probit,
 * whose closed-form approximation gives 1.95716 here: intervals 0.14% too narrow.
 */
export const Z95 = 1.959963984540054;

export interface HistogramSummary {
  /** Total weight: the number of trials (or 1 for probabilities). */
  readonly n: number;
  readonly mean: number;
  /** Sample standard deviation for counts, the distribution's for exact probabilities. */
  readonly sd: number;
  readonly ci95Low: number;
  readonly ci95High: number;
}

/** `weights[v]` is the count (or probability) of value v. */
export function summarizeHistogram(weights: ArrayLike<number>, exact: boolean): HistogramSummary {
  let n = 0;
  let sum = 0;
  for (let v = 0; v < weights.length; v++) {
    n += weights[v]!;
    sum += v * weights[v]!;
  }
  if (n <= 0) throw new Error('summarizeHistogram: empty histogram');
  const mean = sum / n;
  let ss = 0;
  for (let v = 0; v < weights.length; v++) ss += weights[v]! * (v - mean) * (v - mean);
  if (exact) {
    const sd = Math.sqrt(ss / n);
    return { n, mean, sd, ci95Low: mean, ci95High: mean };
  }
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  const half = (Z95 * sd) / Math.sqrt(n);
  return { n, mean, sd, ci95Low: mean - half, ci95High: mean + half };
}
