/**
 * Variant comparisons (compare.csv): every matchup under every variant against the same matchup
 * under the baseline (the first variant). Means: Welch's z (large samples); rates: the
 * two-proportion z test (pooled for the test, unpooled for the interval). Significance after
 * Holm's step-down correction over every row at 5%. Exact runs give exact deltas and no test.
 */
import type { Cell, CompareStat, TaskRows } from '../systems/types.js';
import { Z95 } from './histogram.js';
import { wilson } from './wilson.js';

export const COMPARE_HEADER = [
  'variant', 'baseline', 'matchup_a', 'matchup_b', 'metric', 'baseline_value', 'variant_value', 'delta',
  'delta_ci95_low', 'delta_ci95_high', 'p_value', 'significant',
  // extra columns
  'situation', 'p_value_holm',
] as const;

function value(s: CompareStat): number {
  return s.kind === 'mean' ? s.mean : s.successes / s.n;
}

/** Standard error of a difference, and the test's z, for two independent samples. */
export function differenceTest(base: CompareStat, other: CompareStat): { se: number; z: number } {
  const delta = value(other) - value(base);
  if (base.kind === 'mean' && other.kind === 'mean') {
    const se = Math.sqrt((base.sd * base.sd) / base.n + (other.sd * other.sd) / other.n);
    return { se, z: se > 0 ? delta / se : delta === 0 ? 0 : Infinity };
  }
  const p1 = value(base);
  const p2 = value(other);
  const se = Math.sqrt((p1 * (1 - p1)) / base.n + (p2 * (1 - p2)) / other.n);
  const pooled = ((base as { successes: number }).successes + (other as { successes: number }).successes) / (base.n + other.n);
  const seTest = Math.sqrt(pooled * (1 - pooled) * (1 / base.n + 1 / other.n));
  return { se, z: seTest > 0 ? delta / seTest : delta === 0 ? 0 : Infinity };
}

/**
 * erfc(x) for x >= 0 with relative error below 1.2e-7 everywhere (Numerical Recipes' erfcc),
 * so tail p-values stay meaningful far from 0 (simple-statistics' table stops at 1e-3).
 */
export function erfc(x: number): number {
  const t = 1 / (1 + 0.5 * x);
  const poly = -x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  return t * Math.exp(poly);
}

/** Two-sided p-value of a standard normal z. */
export function twoSidedP(z: number): number {
  if (!Number.isFinite(z)) return 0;
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}

/** Holm's step-down adjusted p-values (same order as the input). */
export function holm(ps: readonly number[]): number[] {
  const order = ps.map((p, i) => [p, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(ps.length);
  let running = 0;
  order.forEach(([p, i], k) => {
    running = Math.max(running, Math.min(1, (ps.length - k) * p));
    out[i] = running;
  });
  return out;
}

export function compareRows(rows: readonly TaskRows[], exact: boolean): Cell[][] {
  const variants = [...new Set(rows.map((r) => r.matchup.variant))];
  if (variants.length < 2) return [];
  const baseline = variants[0]!;
  const key = (r: TaskRows): string => JSON.stringify([r.matchup.a, r.matchup.b, r.matchup.situation]);
  const base = new Map(rows.filter((r) => r.matchup.variant === baseline).map((r) => [key(r), r]));
  const pairs = rows.filter((r) => r.matchup.variant !== baseline && base.has(key(r))).map((r) => [base.get(key(r))!, r] as const);
  const tests = pairs.map(([b, v]) => differenceTest(b.stat, v.stat));
  const ps = tests.map((t) => twoSidedP(t.z));
  const adjusted = holm(ps);
  return pairs.map(([b, v], i) => {
    const delta = value(v.stat) - value(b.stat);
    const half = Z95 * tests[i]!.se;
    const common = [v.matchup.variant, baseline, v.matchup.a, v.matchup.b, v.stat.metric, value(b.stat), value(v.stat), delta];
    if (exact) return [...common, delta, delta, '', delta !== 0 ? 'true' : 'false', v.matchup.situation, ''];
    return [...common, delta - half, delta + half, ps[i]!, adjusted[i]! < 0.05 ? 'true' : 'false', v.matchup.situation, adjusted[i]!];
  });
}

/** Half-width of the 95% interval of a task's compared number (normal for means, Wilson for rates). */
export function intervalHalfWidth(s: CompareStat): number {
  if (s.n <= 1) return Infinity;
  if (s.kind === 'mean') return (Z95 * s.sd) / Math.sqrt(s.n);
  const ci = wilson(s.successes, s.n);
  return (ci.high - ci.low) / 2;
}
