/**
 * Deltas from compare.csv with their 95% intervals (filled: significant after Holm): variants
 * against the baseline variant, and loadouts against the baseline loadout (one panel per
 * variant). Labels carry the whole matchup and are never cut.
 */
import type { TopLevelSpec } from 'vega-lite';
import { aLabel, bLabel, blockLabel, compareAsSummary, matchupLabel, ordered, type ReportData, type Row } from '../data.js';

export const MAX_DELTAS = 60;
/** Rows each series (variant, or loadout) keeps before the rest compete by size. */
export const MIN_DELTAS_PER_SERIES = 5;

/**
 * At most MAX_DELTAS rows, shown in the study's order (compare.csv's): first each series' (variant's
 * or loadout's) MIN_DELTAS_PER_SERIES largest |delta| (round by round: every series' largest, then
 * every series' second...), then the largest of the rest; so a series of uniformly small deltas
 * does not vanish behind one with large ones.
 */
export function largest(rows: readonly Row[], series: (r: Row) => string): Row[] {
  const size = (r: Row): number => Math.abs(Number(r['delta']));
  const rank = new Map<Row, number>();
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const g = groups.get(series(r));
    if (g) g.push(r);
    else groups.set(series(r), [r]);
  }
  for (const g of groups.values()) [...g].sort((x, y) => size(y) - size(x)).forEach((r, k) => rank.set(r, Math.min(k, MIN_DELTAS_PER_SERIES)));
  const keep = new Set([...rows].sort((x, y) => rank.get(x)! - rank.get(y)! || size(y) - size(x)).slice(0, MAX_DELTAS));
  return rows.filter((r) => keep.has(r));
}

/** compare.csv rows of one kind (old files without `compared` hold variant rows only). */
export function compared(d: ReportData, kind: 'variants' | 'loadouts' | 'loadouts-b'): Row[] {
  return d.compare.filter((r) => (r['compared'] ?? 'variants') === kind);
}

/** Row label: the matchup; the metric too when it is not the report's main one (a hero's death rate). */
function rowLabel(d: ReportData, r: Row, matchup: string): string {
  return r['metric'] === d.metric ? matchup : `${matchup} · ${r['metric']!}`;
}

function chart(d: ReportData, rows: readonly { label: string; series: string; delta: number; low: number; high: number; significant: boolean }[], title: string[], seriesTitle: string, xTitle: string): TopLevelSpec {
  const y = { field: 'label', type: 'nominal', sort: ordered(rows.map((r) => r.label)), title: null, axis: { labelLimit: 0 } } as const;
  const colour = { field: 'series', type: 'nominal', sort: ordered(rows.map((r) => r.series)), title: seriesTitle, legend: { labelLimit: 0 } } as const;
  const seriesCount = new Set(rows.map((r) => r.series)).size;
  return {
    title: { text: title, anchor: 'start', fontSize: 12 },
    data: { values: rows },
    width: 380,
    height: new Set(rows.map((r) => r.label)).size * Math.max(14, 9 * seriesCount + 6),
    layer: [
      { mark: 'rule', encoding: { y, yOffset: { field: 'series', sort: colour.sort }, x: { field: 'low', type: 'quantitative', title: xTitle }, x2: { field: 'high' }, color: colour } },
      {
        mark: { type: 'point', size: 40 },
        encoding: {
          y, yOffset: { field: 'series', sort: colour.sort }, x: { field: 'delta', type: 'quantitative' }, color: colour,
          fill: { condition: { test: 'datum.significant', field: 'series', type: 'nominal', sort: colour.sort, legend: null }, value: 'white' },
          tooltip: [{ field: 'label' }, { field: 'series' }, { field: 'delta', format: '.4f' }, { field: 'low', format: '.4f' }, { field: 'high', format: '.4f' }],
          description: { signal: "'delta: ' + datum.label + '; ' + datum.series + '; ' + datum.delta" },
        },
      },
      { mark: { type: 'rule', strokeDash: [4, 4], color: 'gray' }, encoding: { x: { datum: 0 } } },
    ],
  } as TopLevelSpec;
}

/** Exact rows (no test: `significant` is empty) are drawn filled, as real differences. */
const num = (r: Row): { delta: number; low: number; high: number; significant: boolean } => ({
  delta: Number(r['delta']), low: Number(r['delta_ci95_low']), high: Number(r['delta_ci95_high']), significant: r['significant'] === 'true' || (r['p_value'] === '' && r['significant'] === ''),
});

export function variantDeltaPanel(d: ReportData): TopLevelSpec | null {
  const rows = compared(d, 'variants');
  if (rows.length === 0) return null;
  const data = largest(rows, (r) => r['variant']!).map((r) => ({ label: rowLabel(d, r, matchupLabel(d, compareAsSummary(d, r))), series: r['variant']!, ...num(r) }));
  return chart(d, data, [`Variants against ${rows[0]!['baseline']!}`], 'variant', `delta (variant - baseline)`);
}

/** One panel per variant: each loadout of the compared side against the baseline loadout, per opponent. */
export function loadoutDeltaPanels(d: ReportData, side: 'a' | 'b' = 'a'): TopLevelSpec[] {
  const rows = compared(d, side === 'a' ? 'loadouts' : 'loadouts-b');
  if (rows.length === 0) return [];
  const baseline = rows[0]!['baseline']!;
  const mineCol = side === 'a' ? 'matchup_a' : 'matchup_b';
  return ordered(rows.map((r) => r['variant']!)).map((v) => {
    const mine = rows.filter((r) => r['variant'] === v);
    const data = largest(mine, (r) => r[mineCol]!).map((r) => {
      const s = compareAsSummary(d, r);
      const block = blockLabel(s);
      const opponent = side === 'a' ? bLabel(d, s) : aLabel(d, s);
      return { label: rowLabel(d, r, `${side === 'a' ? 'vs' : 'against'} ${opponent}${block ? ` [${block}]` : ''}`), series: r[mineCol]!, ...num(r) };
    });
    const title = side === 'a' ? `Loadouts against ${baseline}` : `Side-b loadouts against ${baseline}`;
    return chart(d, data, [title, `variant: ${v}`], side === 'a' ? 'loadout' : 'side-b loadout', `delta (loadout - ${baseline})`);
  });
}
