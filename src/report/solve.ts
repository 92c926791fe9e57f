/**
 * solve.csv and the solve section of report.md / report.html: every candidate evaluated, the
 * curve of the metric over the values (with intervals), the bracket and the recommendation.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Cell } from '../systems/types.js';
import { renderSvg } from './charts.js';
import { toCsv } from './csv.js';
import { escape, table } from './markdown.js';

export const SOLVE_HEADER = ['step', 'loadout', 'path', 'value', 'metric', 'estimate', 'ci95_low', 'ci95_high', 'trials', 'exact', 'role'] as const;

/** One evaluated candidate as reported (role: bracket_low, bracket_high, best, accepted, rejected, final, or ''). */
export interface SolveRow {
  readonly step: number;
  readonly loadout: string;
  readonly path: string;
  readonly value: string | number | boolean;
  readonly metric: string;
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  readonly trials: number | null;
  readonly role: string;
}

export interface SolveReport {
  readonly title: string;
  readonly target: string;
  readonly rows: readonly SolveRow[];
  readonly recommendation: string;
  readonly warnings: readonly string[];
  /** Rows drawn as the curve (one series per loadout), over the values tried or the steps taken. */
  readonly curve: readonly SolveRow[];
  readonly curveBy: 'value' | 'step';
  readonly targetValue: number;
  readonly tolerance: number;
}

export function solveCsv(rows: readonly SolveRow[]): string {
  return toCsv(SOLVE_HEADER, rows.map((r): Cell[] => [
    r.step, r.loadout, r.path, typeof r.value === 'boolean' ? String(r.value) : r.value, r.metric, r.estimate, r.low, r.high,
    r.trials ?? '', r.trials === null ? 'true' : 'false', r.role,
  ]));
}

function tableRows(rows: readonly SolveRow[]): string[][] {
  return rows.map((r) => [String(r.step), r.loadout, String(r.value), r.estimate.toFixed(4), r.trials === null ? 'exact' : `${r.low.toFixed(4)}-${r.high.toFixed(4)}`, r.trials === null ? 'exact' : String(r.trials), r.role]);
}

const HEAD = ['step', 'loadout', 'value', 'metric', '95% CI', 'trials', 'role'];

export function solveMarkdown(s: SolveReport): string {
  const out = [`## Solve: ${escape(s.target)}`, '', `**Recommendation.** ${escape(s.recommendation)}`, ''];
  if (s.warnings.length > 0) out.push(...s.warnings.map((w) => `- warning: ${escape(w)}`), '');
  out.push('### Curve', '', table(HEAD, tableRows(s.curve)), '');
  if (s.rows.length !== s.curve.length) out.push('### Every evaluation', '', table(HEAD, tableRows(s.rows)), '');
  return out.join('\n');
}

const esc = (x: string): string => x.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function curveSpec(s: SolveReport): TopLevelSpec {
  const byStep = s.curveBy === 'step';
  // Values that are numbers ("+2" included) are spaced by value; others (names, dice) in the order tried.
  const numeric = !byStep && s.curve.length > 0 && s.curve.every((r) => typeof r.value !== 'boolean' && String(r.value).trim() !== '' && Number.isFinite(Number(r.value)));
  const values = s.curve.map((r) => ({ x: byStep ? String(r.step) : numeric ? Number(r.value) : String(r.value), y: r.estimate, low: r.low, high: r.high, loadout: r.loadout || 'metric' }));
  const title = byStep ? 'evaluation (start, each change kept)' : (s.curve[0]?.path ?? 'value');
  const x = numeric
    ? { field: 'x', type: 'quantitative' as const, title, scale: { zero: false }, axis: s.curve.every((r) => Number.isInteger(Number(r.value))) ? { tickMinStep: 1 } : {} }
    : { field: 'x', type: 'ordinal' as const, sort: null, title };
  return {
    data: { values }, width: 420, height: 220,
    layer: [
      { mark: { type: 'rule' }, encoding: { x, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' }, color: { field: 'loadout', type: 'nominal' } } },
      { mark: { type: 'line', point: true }, encoding: { x, y: { field: 'y', type: 'quantitative', title: s.curve[0]?.metric ?? 'metric', scale: { zero: false } }, color: { field: 'loadout', type: 'nominal' } } },
      { data: { values: [{ t: s.targetValue }] }, mark: { type: 'rule', strokeDash: [4, 4], color: '#a33' }, encoding: { y: { field: 't', type: 'quantitative' } } },
    ],
  } as TopLevelSpec;
}

export async function solveHtml(s: SolveReport): Promise<string> {
  const row = (r: string[]): string => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`;
  const t = (rows: readonly SolveRow[]): string => `<table><tr>${HEAD.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${tableRows(rows).map(row).join('')}</table>`;
  const parts = [`<h2>${esc(`Solve: ${s.target}`)}</h2>`, `<p><strong>Recommendation.</strong> ${esc(s.recommendation)}</p>`];
  if (s.warnings.length > 0) parts.push(`<ul>${s.warnings.map((w) => `<li class="warn">warning: ${esc(w)}</li>`).join('')}</ul>`);
  parts.push('<h3>Curve</h3>', `<figure class="chart">${await renderSvg(curveSpec(s))}<figcaption>${esc(`Metric (95% interval) ${s.curveBy === 'step' ? 'of each loadout at the start and after each change kept' : 'for each value tried'}; dashed: the target ${s.targetValue}.`)}</figcaption></figure>`, t(s.curve));
  if (s.rows.length !== s.curve.length) parts.push('<h3>Every evaluation</h3>', t(s.rows));
  return parts.join('\n');
}
