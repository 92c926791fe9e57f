/**
 * Comparisons (compare.csv): every matchup under every variant against the same matchup under the
 * baseline (the first variant), and, with `compare: loadouts` / `loadouts-b`, one side's loadouts against a baseline loadout. Means: Welch's z (large samples); rates: the
 * two-proportion z test (pooled for the test, unpooled for the interval). Significance after
 * Holm's step-down correction over every row at 5%. Exact runs give exact deltas and no test:
 * the interval is the delta itself, p-values and `significant` are empty (a |delta| below
 * EXACT_DELTA_TOLERANCE is 0).
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
 * so tail p-values stay meaningful far from 0 (a normal table such as simple-statistics' stops at 1e-3).
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

/** What compare.csv compares: variants against the first always; with `loadouts`, one side's loadouts against a baseline loadout. */
export interface CompareOptions {
  readonly loadouts?: { readonly baseline: string; readonly side?: 'a' | 'b' } | null;
}

/** Names of the fields that tell matchups apart beyond a, b and situation (policy_a...), in first-seen order. */
function fieldNames(rows: readonly TaskRows[]): string[] {
  return [...new Set(rows.flatMap((r) => (r.matchup.fields ?? []).map(([k]) => k)))];
}

/** compare.csv's header: the pinned columns, situation, p_value_holm, compared, then the matchup's own fields. */
export function compareHeader(rows: readonly TaskRows[]): string[] {
  return [...COMPARE_HEADER, 'compared', ...fieldNames(rows)];
}

const statsOf = (r: TaskRows): readonly CompareStat[] => [r.stat, ...(r.extraStats ?? [])];

interface Pair {
  readonly base: TaskRows;
  readonly other: TaskRows;
  readonly stat: number;
  /** compare.csv's `compared`: loadouts (side a) or loadouts-b. */
  readonly compared: 'variants' | 'loadouts' | 'loadouts-b';
}

function pairs(rows: readonly TaskRows[], options: CompareOptions): Pair[] {
  const out: Pair[] = [];
  const add = (base: TaskRows, other: TaskRows, compared: Pair['compared']): void => {
    statsOf(other).forEach((_, stat) => out.push({ base, other, stat, compared }));
  };
  const variants = [...new Set(rows.map((r) => r.matchup.variant))];
  if (variants.length > 1) {
    const baseline = variants[0]!;
    const key = (r: TaskRows): string => JSON.stringify([r.matchup.a, r.matchup.b, r.matchup.situation, r.matchup.fields ?? []]);
    const base = new Map<string, TaskRows>();
    for (const r of rows) if (r.matchup.variant === baseline && !base.has(key(r))) base.set(key(r), r);
    for (const r of rows) {
      const b = base.get(key(r));
      if (r.matchup.variant !== baseline && b) add(b, r, 'variants');
    }
  }
  const loadout = options.loadouts?.baseline;
  if (loadout !== undefined) {
    // Side a: rows facing the same side b (and situation); side b: rows facing the same side a.
    const b = options.loadouts?.side === 'b';
    const mine = (r: TaskRows): string => (b ? r.matchup.b : r.matchup.a);
    const facing = (r: TaskRows): string => (b
      ? r.matchup.againstB ?? JSON.stringify([r.matchup.a, r.matchup.situation])
      : r.matchup.against ?? JSON.stringify([r.matchup.b, r.matchup.situation]));
    const key = (r: TaskRows): string => JSON.stringify([r.matchup.variant, facing(r)]);
    const base = new Map<string, TaskRows>();
    for (const r of rows) if (mine(r) === loadout && !base.has(key(r))) base.set(key(r), r);
    for (const r of rows) {
      const found = base.get(key(r));
      if (mine(r) !== loadout && found) add(found, r, b ? 'loadouts-b' : 'loadouts');
    }
  }
  return out;
}

/**
 * compare.csv rows: each variant against the first (every matchup, every compared number), and
 * with `compare: loadouts` each side-a loadout against the baseline loadout (same variant, same
 * opponent and situation; then `baseline` names the loadout and `variant_value` is the compared
 * loadout's); with `loadouts-b` the same for side b (same side-a opponent; the metric is still side
 * a's, so a defender's shield that works shows as a negative delta). Holm's correction runs over every row.
 */
/**
 * Exact runs: a |delta| below this is reported as exactly 0 (not significant): it is rounding, or
 * an effect of a rare path (1.4e-10 for stepPerHit in a 10-round skirmish duel) no table would see.
 */
export const EXACT_DELTA_TOLERANCE = 1e-9;

export function compareRows(rows: readonly TaskRows[], exact: boolean, options: CompareOptions = {}): Cell[][] {
  const ps = pairs(rows, options);
  const names = fieldNames(rows);
  const tests = ps.map((p) => differenceTest(statsOf(p.base)[p.stat]!, statsOf(p.other)[p.stat]!));
  const pValues = tests.map((t) => twoSidedP(t.z));
  const adjusted = holm(pValues);
  return ps.map((p, i) => {
    const [bs, os] = [statsOf(p.base)[p.stat]!, statsOf(p.other)[p.stat]!];
    const raw = value(os) - value(bs);
    const delta = exact && Math.abs(raw) < EXACT_DELTA_TOLERANCE ? 0 : raw;
    const half = Z95 * tests[i]!.se;
    const v = p.other.matchup;
    const baseline = p.compared === 'variants' ? p.base.matchup.variant : p.compared === 'loadouts-b' ? p.base.matchup.b : p.base.matchup.a;
    const fields = new Map(v.fields ?? []);
    const tail = [p.compared, ...names.map((n) => fields.get(n) ?? '')];
    const common = [v.variant, baseline, v.a, v.b, os.metric, value(bs), value(os), delta];
    // An exact difference has no sampling error: its interval is the point itself, and there is
    // nothing to test (p-values and significant stay empty; the reports say "exact").
    if (exact) return [...common, delta, delta, '', '', v.situation, '', ...tail];
    return [...common, delta - half, delta + half, pValues[i]!, adjusted[i]! < 0.05 ? 'true' : 'false', v.situation, adjusted[i]!, ...tail];
  });
}

/** Half-width of the 95% interval of a task's compared number (normal for means, Wilson for rates). */
export function intervalHalfWidth(s: CompareStat): number {
  if (s.n <= 1) return Infinity;
  if (s.kind === 'mean') return (Z95 * s.sd) / Math.sqrt(s.n);
  const ci = wilson(s.successes, s.n);
  return (ci.high - ci.low) / 2;
}
