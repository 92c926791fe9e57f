/** What a report is built from: the CSVs and run.json a run wrote (so `balance report DIR` can rebuild it). */
import { parse } from 'csv-parse/sync';
import { unescapeCell } from './csv.js';

export type Row = Record<string, string>;

/** Columns that tell matchups apart besides variant and the two sides, when a mode has them. */
export const IDENTITY_COLUMNS = ['situation', 'policy_a', 'policy_b', 'conditions'] as const;

export interface ReportData {
  readonly title: string;
  readonly description: string;
  /** The number each matchup is judged by (higher is better for side a). */
  readonly metric: 'mean_wounds' | 'mean_damage' | 'a_win_rate';
  /** Column names of the two sides. */
  readonly aCol: string;
  readonly bCol: string;
  /** The identity columns this run's summary.csv has (distribution.csv and compare.csv carry them too). */
  readonly idCols: readonly string[];
  /** Whether a side's policy is part of its label (some loadout plays that side under several policies). */
  readonly policyInLabel: { readonly a: boolean; readonly b: boolean };
  /** The columns naming each side's policy: `policy_a`/`policy_b`, or a battle's `side_policy_a`/`side_policy_b`. */
  readonly policyCols: { readonly a: string; readonly b: string };
  readonly summary: readonly Row[];
  readonly distribution: readonly Row[];
  readonly compare: readonly Row[];
  /** policy_gap.csv's rows (`balance run --policy-gap`), empty without one. */
  readonly policyGap: readonly Row[];
  readonly run: Record<string, unknown>;
  readonly exact: boolean;
}

/** Rows of a CSV this tool wrote, each cell as it was before toCsv escaped it (a formula-looking name reads back as itself). */
export function parseCsv(text: string): Row[] {
  return parse(text, { columns: true, skip_empty_lines: true, cast: (value: string) => unescapeCell(value) }) as Row[];
}

function policyVaries(rows: readonly Row[], side: string, policy: string): boolean {
  const seen = new Map<string, string>();
  for (const r of rows) {
    const p = r[policy];
    if (p === undefined) return false;
    const before = seen.get(r[side]!);
    if (before !== undefined && before !== p) return true;
    seen.set(r[side]!, p);
  }
  return false;
}

/** A report's title: the study's `title:` from run.json, else "<study file>: <system> <mode>". */
export function reportTitle(run: Readonly<Record<string, unknown>>): string {
  return typeof run['title'] === 'string' ? run['title'] : `${String(run['study'] ?? 'study')}: ${String(run['system'])} ${String(run['mode'])}`;
}

export function reportData(files: { summary: string; distribution: string; compare: string | null; run: string; policyGap?: string | null | undefined }): ReportData {
  const summary = parseCsv(files.summary);
  const header = Object.keys(summary[0] ?? {});
  const metric = header.includes('a_win_rate') ? 'a_win_rate' : header.includes('mean_damage') ? 'mean_damage' : 'mean_wounds';
  const run = JSON.parse(files.run) as Record<string, unknown>;
  const aCol = header.includes('side_a') ? 'side_a' : header.includes('retinue_a') ? 'retinue_a' : 'attacker';
  const bCol = header.includes('side_b') ? 'side_b' : header.includes('retinue_b') ? 'retinue_b' : 'defender';
  const policyCols = header.includes('side_policy_a') ? { a: 'side_policy_a', b: 'side_policy_b' } : { a: 'policy_a', b: 'policy_b' };
  return {
    title: reportTitle(run),
    description: typeof run['description'] === 'string' ? run['description'] : '',
    metric, aCol, bCol,
    idCols: IDENTITY_COLUMNS.filter((c) => header.includes(c)),
    policyInLabel: { a: policyVaries(summary, aCol, policyCols.a), b: policyVaries(summary, bCol, policyCols.b) },
    policyCols,
    summary,
    distribution: parseCsv(files.distribution),
    compare: files.compare ? parseCsv(files.compare) : [],
    policyGap: files.policyGap ? parseCsv(files.policyGap) : [],
    run,
    exact: run['engine'] === 'exact',
  };
}

/** Solved policies: a label always names them (a reader would otherwise take the loadout's usual play). */
const SOLVED_POLICIES: ReadonlySet<string> = new Set(['best-response', 'optimal']);

function sideLabel(r: Row, col: string, policy: string | undefined, varies: boolean): string {
  return policy !== undefined && (varies || SOLVED_POLICIES.has(policy)) ? `${r[col]!} (${policy})` : r[col]!;
}

/** Side a's label: the loadout, with its policy when the study plays it under several, or when it is solved. */
export function aLabel(d: ReportData, r: Row): string {
  return sideLabel(r, d.aCol, r[d.policyCols.a], d.policyInLabel.a);
}

export function bLabel(d: ReportData, r: Row): string {
  return sideLabel(r, d.bCol, r[d.policyCols.b], d.policyInLabel.b);
}

/**
 * A compare.csv row seen as a summary row, so the report's labels apply to it: its sides, the
 * identity columns it shares with summary.csv, and a battle's side policies, which compare.csv
 * names in its `situation` ("nearest vs weakest").
 */
export function compareAsSummary(d: ReportData, r: Row): Row {
  const out: Row = { [d.aCol]: r['matchup_a']!, [d.bCol]: r['matchup_b']! };
  for (const c of d.idCols) out[c] = r[c] ?? '';
  if (d.policyCols.a === 'side_policy_a') {
    const [a, b] = (r['situation'] ?? '').split(' vs ');
    if (a !== undefined && b !== undefined) Object.assign(out, { side_policy_a: a, side_policy_b: b });
  }
  return out;
}

/** What sets a group of matchups apart besides the sides: the situation or the conditions ('' for none). */
export function blockLabel(r: Row): string {
  const s = r['situation'] ?? '';
  const c = r['conditions'] ?? '';
  return [s && `situation: ${s}`, c && `conditions: ${c}`].filter((x) => x !== '').join(', ');
}

/** Side b with the block it is met in: the opponent, as flags compare options against it. */
export function opponentLabel(d: ReportData, r: Row): string {
  const block = blockLabel(r);
  return block === '' ? bLabel(d, r) : `${bLabel(d, r)} [${block}]`;
}

/** The whole matchup, unambiguous: "a vs b [situation]". */
export function matchupLabel(d: ReportData, r: Row): string {
  return `${aLabel(d, r)} vs ${opponentLabel(d, r)}`;
}

/** Identity of a matchup apart from the variant, for joining rows of the three files. */
export function matchupKey(d: ReportData, r: Row): string {
  const sidePolicies = d.policyCols.a === 'side_policy_a' ? [r['side_policy_a'] ?? '', r['side_policy_b'] ?? ''] : [];
  return JSON.stringify([r[d.aCol], r[d.bCol], ...d.idCols.map((c) => r[c] ?? ''), ...sidePolicies]);
}

/** Variants in the study's order. */
export function variants(d: ReportData): string[] {
  return [...new Set(d.summary.map((r) => r['variant']!))];
}

/** The compared number of a summary row and its 95% interval (equal to it for exact runs). */
export function estimate(d: ReportData, r: Row): { value: number; low: number; high: number } {
  const value = Number(r[d.metric]);
  if (d.exact) return { value, low: value, high: value };
  const prefix = d.metric === 'a_win_rate' ? 'a_win' : d.metric;
  return { value, low: Number(r[`${prefix}_ci95_low`]), high: Number(r[`${prefix}_ci95_high`]) };
}

/** Values in first-seen order. */
export function ordered<T>(xs: Iterable<T>): T[] {
  return [...new Set(xs)];
}
