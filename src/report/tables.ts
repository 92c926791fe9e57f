/**
 * The report's tables, once for report.md and report.html: matchups, hero death rates, flags and
 * the largest deltas. Numbers are rounded to what their interval supports; p-values below 1e-16
 * print as `<1e-16` (the CSVs keep full precision).
 */
import { compared } from './charts/deltas.js';
import { aLabel, bLabel, blockLabel, compareAsSummary, estimate, variants, type ReportData, type Row } from './data.js';
import { flags } from './flags.js';
import { EXACT_NOTE, formatDelta, formatEstimate, formatP } from './format.js';

export interface Table {
  readonly title: string;
  readonly note: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export const MAX_TABLE_DELTAS = 25;

/** Every matchup under every variant (a variant column when there are several), as summary.csv orders them. */
function matchups(d: ReportData): Table {
  const all = variants(d);
  const many = all.length > 1;
  const rows = d.summary;
  const win = d.metric === 'a_win_rate';
  const extra = win ? 'draws' : d.metric === 'mean_damage' ? 'p_hit' : 'p_wounded';
  const withBlock = rows.some((r) => blockLabel(r) !== '');
  // Battles: the first mover's win rate (summary.csv first_mover_win_rate: the side with the initiative in round 1), so the initiative's effect shows.
  const firstMover = rows.some((r) => r['first_mover_win_rate'] !== undefined && r['first_mover_win_rate'] !== '');
  return {
    title: many ? `Matchups (${all.length} variants)` : `Matchups (${all[0] ?? ''})`,
    note: d.exact ? 'Exact values.' : 'Each value is rounded to the first digit its 95% interval supports.',
    header: [...(many ? ['variant'] : []), d.aCol, d.bCol, ...(withBlock ? [d.idCols.includes('situation') ? 'situation' : 'conditions'] : []), d.metric, '95% CI', extra, ...(firstMover ? ['first mover wins'] : [])],
    rows: rows.map((r) => {
      const e = estimate(d, r);
      const f = formatEstimate(e.value, e.low, e.high, d.exact);
      const x = win ? Number(r['draw_rate'] ?? Number(r['draws']) / Number(r['trials'])) : Number(r[extra]);
      return [...(many ? [r['variant']!] : []), aLabel(d, r), bLabel(d, r), ...(withBlock ? [blockLabel(r).replace(/^(situation|conditions): /, '')] : []), f.value, f.ci, x.toFixed(3), ...(firstMover ? [Number(r['first_mover_win_rate']).toFixed(3)] : [])];
    }),
  };
}

function deaths(d: ReportData): Table | null {
  const heroes = Object.keys(d.summary[0] ?? {}).filter((c) => /^death_rate_.*(?<!_ci95_low|_ci95_high)$/.test(c));
  if (heroes.length === 0) return null;
  return {
    title: 'Hero death rates',
    note: 'Dead when the fight ends; 95% Wilson intervals.',
    header: ['hero', ...variants(d)],
    rows: heroes.map((h) => [h.slice('death_rate_'.length), ...d.summary.map((r) => {
      const f = formatEstimate(Number(r[h]), Number(r[`${h}_ci95_low`] ?? r[h]), Number(r[`${h}_ci95_high`] ?? r[h]), d.exact);
      return `${f.value} (${f.ci})`;
    })]),
  };
}

function flagTable(d: ReportData): Table {
  const fl = flags(d);
  return {
    title: 'Flags',
    note: fl.length === 0
      ? `No option is dominated${d.metric === 'a_win_rate' ? ' and none is an outlier' : ''} under any variant.`
      : `Dominated: another option is better against every opponent${d.exact ? '' : ' with 95% confidence'}.${d.metric === 'a_win_rate' ? ' Outlier: mean win rate against the field outside 0.4 to 0.6.' : ''}`,
    header: ['variant', 'option', 'flag', 'why'],
    rows: fl.map((f) => [f.variant, f.option, f.kind, f.detail]),
  };
}

const largest = (rows: readonly Row[]): Row[] =>
  [...rows].sort((a, b) => Math.abs(Number(b['delta'])) - Math.abs(Number(a['delta']))).slice(0, MAX_TABLE_DELTAS);

function deltaCells(d: ReportData, r: Row): string[] {
  const f = formatDelta(Number(r['delta']), Number(r['delta_ci95_low']), Number(r['delta_ci95_high']), d.exact);
  // Exact: no test to run, so no p-values and no verdict (the interval cell says "exact").
  return [f.value, f.ci, formatP(r['p_value']), formatP(r['p_value_holm']), d.exact ? '' : r['significant']!];
}

/** A compare row's side labels, as a summary row would give them. */
function sides(d: ReportData, r: Row): { a: string; b: string; block: string } {
  const s = compareAsSummary(d, r);
  const block = blockLabel(s);
  return { a: aLabel(d, s), b: bLabel(d, s) + (block ? ` [${block}]` : ''), block };
}

function deltaNote(d: ReportData, rows: readonly Row[]): string {
  const base = d.exact ? EXACT_NOTE : "95% intervals; p is the raw two-sided p-value, p (Holm) the one after Holm's correction over every row of compare.csv; significant at 5% after Holm.";
  return rows.length > MAX_TABLE_DELTAS ? `${base} The ${MAX_TABLE_DELTAS} largest of ${rows.length}; all are in compare.csv.` : base;
}

function variantDeltas(d: ReportData): Table | null {
  const rows = compared(d, 'variants');
  if (rows.length === 0) return null;
  return {
    title: `Variant deltas against ${rows[0]!['baseline']!}`,
    note: deltaNote(d, rows),
    header: ['variant', 'matchup', 'metric', 'delta', '95% CI', 'p', 'p (Holm)', 'significant'],
    rows: largest(rows).map((r) => {
      const s = sides(d, r);
      return [r['variant']!, `${s.a} vs ${s.b}`, r['metric']!, ...deltaCells(d, r)];
    }),
  };
}

/** Side a's loadouts (compare: loadouts) or side b's (loadouts-b) against the baseline loadout. */
function loadoutDeltas(d: ReportData, side: 'a' | 'b'): Table | null {
  const rows = compared(d, side === 'a' ? 'loadouts' : 'loadouts-b');
  if (rows.length === 0) return null;
  const baseline = rows[0]!['baseline']!;
  return {
    title: side === 'a' ? `Loadout deltas against ${baseline}` : `Side-b loadout deltas against ${baseline}`,
    note: side === 'a'
      ? `Each loadout minus ${baseline} against the same opponent under the same variant. ${deltaNote(d, rows)}`
      : `Each side-b loadout minus ${baseline} against the same side-a loadout under the same variant; the metric is side a's (a negative delta: the loadout protects better). ${deltaNote(d, rows)}`,
    header: ['variant', 'loadout', 'against', 'metric', 'delta', '95% CI', 'p', 'p (Holm)', 'significant'],
    rows: largest(rows).map((r) => {
      const s = sides(d, r);
      return [r['variant']!, side === 'a' ? s.a : s.b, side === 'a' ? s.b : s.a, r['metric']!, ...deltaCells(d, r)];
    }),
  };
}

export function tables(d: ReportData): Table[] {
  return [matchups(d), deaths(d), flagTable(d), variantDeltas(d), loadoutDeltas(d, 'a'), loadoutDeltas(d, 'b')].filter((t): t is Table => t !== null);
}
