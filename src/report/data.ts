/** What a report is built from: the CSVs and run.json a run wrote (so `balance report DIR` can rebuild it). */
import { parse } from 'csv-parse/sync';

export type Row = Record<string, string>;

export interface ReportData {
  readonly title: string;
  readonly description: string;
  /** The number each matchup is judged by. */
  readonly metric: 'mean_wounds' | 'mean_damage' | 'a_win_rate';
  /** Column names of the two sides. */
  readonly aCol: string;
  readonly bCol: string;
  readonly summary: readonly Row[];
  readonly distribution: readonly Row[];
  readonly compare: readonly Row[];
  readonly run: Record<string, unknown>;
  readonly exact: boolean;
}

export function parseCsv(text: string): Row[] {
  return parse(text, { columns: true, skip_empty_lines: true }) as Row[];
}

export function reportData(files: { summary: string; distribution: string; compare: string | null; run: string }): ReportData {
  const summary = parseCsv(files.summary);
  const header = Object.keys(summary[0] ?? {});
  const metric = header.includes('a_win_rate') ? 'a_win_rate' : header.includes('mean_damage') ? 'mean_damage' : 'mean_wounds';
  const run = JSON.parse(files.run) as Record<string, unknown>;
  return {
    title: typeof run['title'] === 'string' ? run['title'] : `${String(run['study'] ?? 'study')}: ${String(run['system'])} ${String(run['mode'])}`,
    description: typeof run['description'] === 'string' ? run['description'] : '',
    metric,
    aCol: header.includes('side_a') ? 'side_a' : header.includes('retinue_a') ? 'retinue_a' : 'attacker',
    bCol: header.includes('side_b') ? 'side_b' : header.includes('retinue_b') ? 'retinue_b' : 'defender',
    summary,
    distribution: parseCsv(files.distribution),
    compare: files.compare ? parseCsv(files.compare) : [],
    run,
    exact: run['engine'] === 'exact',
  };
}

/** The label of a row's second side, with its situation when it has one. */
export function bLabel(d: ReportData, r: Row): string {
  const s = r['situation'] ?? '';
  return s === '' ? r[d.bCol]! : `${r[d.bCol]!} (${s})`;
}

export function variants(d: ReportData): string[] {
  return [...new Set(d.summary.map((r) => r['variant']!))];
}

export interface Flag {
  readonly option: string;
  readonly kind: 'dominated' | 'outlier';
  readonly detail: string;
}

/**
 * Options (first-side loadouts) that are dominated: another option is at least as good against
 * every opponent and better against one (for the first variant); and, for win rates, outliers:
 * a mean win rate against the field outside [0.4, 0.6].
 */
export function flags(d: ReportData): Flag[] {
  const v0 = variants(d)[0];
  const rows = d.summary.filter((r) => r['variant'] === v0);
  const options = [...new Set(rows.map((r) => r[d.aCol]!))];
  const opponents = [...new Set(rows.map((r) => bLabel(d, r)))];
  const value = new Map(rows.map((r) => [`${r[d.aCol]!}\u0000${bLabel(d, r)}`, Number(r[d.metric])]));
  const get = (o: string, x: string): number | undefined => value.get(`${o}\u0000${x}`);
  const out: Flag[] = [];
  for (const o of options) {
    const mine = opponents.filter((x) => get(o, x) !== undefined);
    if (mine.length < 2) continue;
    const by = options.find((p) => p !== o && mine.every((x) => get(p, x) !== undefined && get(p, x)! >= get(o, x)!) && mine.some((x) => get(p, x)! > get(o, x)!));
    if (by) out.push({ option: o, kind: 'dominated', detail: `${by} does at least as well against every opponent` });
  }
  if (d.metric === 'a_win_rate') {
    for (const o of options) {
      const xs = opponents.map((x) => get(o, x)).filter((x): x is number => x !== undefined);
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      if (xs.length > 1 && (mean < 0.4 || mean > 0.6)) out.push({ option: o, kind: 'outlier', detail: `win rate against the field ${mean.toFixed(3)}` });
    }
  }
  return out;
}
