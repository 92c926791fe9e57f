/**
 * report.md: what was run and how to reproduce it, the report's tables (matchups of the first
 * variant, hero death rates, flags, variant and loadout deltas), and each matchup's distribution
 * as bars.
 */
import { DISTRIBUTION_METRIC, MAX_DISTRIBUTIONS } from './charts/distributions.js';
import { matchupKey, matchupLabel, variants, type ReportData } from './data.js';
import { tables } from './tables.js';
import { GAP_NOTE, GAP_TITLE, gapRows } from './charts/policy-gap.js';
import { SEARCH_GAP_NOTE, SEARCH_GAP_TITLE, searchGapLabel, searchGapRows, searchGapSentence } from './charts/search-gap.js';

/**
 * A name or cell as inline text: raw HTML shown as text (a `<` that could open a tag, comment or
 * entity is escaped; `<1e-16` and `<=` stay as written), newlines as spaces, pipes kept in their
 * cell, and markdown's inline marks shown as written (a backslash before each backslash, backtick,
 * `*`, `[`, `]`, and `_` at a word's edge: a name `**x**` or `[x](url)` is not bold or a link). A
 * cell that is one code span (the run's command) stays one.
 */
export const escape = (s: string): string => {
  const code = /^`[^`\r\n]*`$/.test(s);
  const text = code ? s : s.replace(/[\\`*[\]]/g, '\\$&').replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, '\\_');
  return text.replace(/&(?=[#\w])/g, '&amp;').replace(/<(?=[A-Za-z/!?])/g, '&lt;').replace(/\r\n|\r|\n/g, ' ').replace(/\|/g, '\\|');
};

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [`| ${header.map(escape).join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const r of rows) lines.push(`| ${r.map((c) => escape(c === '' ? ' ' : c)).join(' | ')} |`);
  return lines.join('\n');
}

function bar(p: number): string {
  const width = Math.round(p * 40);
  return '█'.repeat(width) + (width === 0 && p > 0 ? '▏' : '');
}

/** Facts of a run, from run.json. */
export function runFacts(run: Record<string, unknown>): [string, string][] {
  const facts: [string, string][] = [['command', `\`${String(run['command'])}\``]];
  facts.push(['study', `${String(run['study'])} (sha256 ${String(run['study_sha256']).slice(0, 12)})`]);
  facts.push(['system / mode', `${String(run['system'])} / ${String(run['mode'])}`]);
  // balance meta: the policy its roster played (`search`: the equilibrium of good players).
  if (typeof run['policy'] === 'string') facts.push(['roster policy', String(run['policy'])]);
  if (run['seed'] !== undefined) facts.push(['seed', String(run['seed'])]);
  if (run['precision'] !== undefined) {
    // Never claim a target that --max-trials cut short (run.json counts the rows that missed it);
    // a run.json that does not say (edited, or older) claims nothing either.
    const missed = run['precision_missed'];
    const target = typeof missed !== 'number' || !Number.isInteger(missed) || missed < 0
      ? `95% half-width <= ${String(run['precision'])} (run.json does not record whether every matchup reached it)`
      : missed > 0
      ? `95% half-width <= ${String(run['precision'])} NOT reached by ${missed} of ${String(run['tasks'])} matchups (stopped at ${String(run['max_trials'])} trials${run['analysis'] === undefined ? '; precision_reached in summary.csv' : ''})`
      : `95% half-width <= ${String(run['precision'])}`;
    const range = typeof run['trials_min'] === 'number' && typeof run['trials_max'] === 'number' ? `, ${run['trials_min']}-${run['trials_max']} trials per matchup` : '';
    facts.push(['precision', `${target}${range}`]);
  }
  else if (run['trials'] !== undefined) facts.push(['trials per matchup and variant', String(run['trials'])]);
  facts.push(['engine', String(run['engine'])]);
  if (run['wall_time_ms'] !== undefined) facts.push(['wall time', `${(Number(run['wall_time_ms']) / 1000).toFixed(2)} s on ${String(run['workers'])} worker(s)`]);
  if (run['exact_time_ms'] !== undefined) facts.push(['time', `${String(run['exact_time_ms'])} ms`]);
  const versions = run['versions'] as Record<string, string> | undefined;
  if (versions) facts.push(['versions', Object.entries(versions).map(([k, v]) => `${k} ${v}`).join(', ')]);
  return facts;
}

export function renderMarkdown(d: ReportData): string {
  const out: string[] = [`# ${escape(d.title)}`, ''];
  if (d.description) out.push(escape(d.description), '');
  out.push('## Run', '', table(['', ''], runFacts(d.run)), '');
  for (const t of tables(d)) {
    out.push(`## ${escape(t.title)}`, '', escape(t.note), '');
    if (t.rows.length > 0) out.push(table(t.header, t.rows), '');
  }
  const v0 = variants(d)[0]!;
  const gap = gapRows(d);
  if (gap.length > 0) {
    const cols = ['a_win_named', 'a_win_best_response', 'a_win_optimal', 'b_win_named', 'b_win_best_response', 'b_win_optimal'];
    const cell = (v: string | undefined): string => (v === undefined || v === '' ? '' : Number(v).toFixed(3));
    out.push(`## ${GAP_TITLE} (${escape(v0)})`, '', GAP_NOTE, '', table(['matchup', ...cols], gap.map((r) => [matchupLabel(d, r), ...cols.map((c) => cell(r[c]))])), '');
  }
  const searchGap = searchGapRows(d.policyGap);
  if (searchGap.length > 0) {
    const cols = ['win_named', 'win_search_a', 'win_search_b', 'gap_a', 'gap_b'];
    const interval = (r: Record<string, string>, c: string): string => `${Number(r[`${c}_ci95_low`]).toFixed(3)} to ${Number(r[`${c}_ci95_high`]).toFixed(3)}`;
    out.push(`## ${SEARCH_GAP_TITLE} (${escape(searchGap[0]!['variant']!)})`, '', SEARCH_GAP_NOTE, '');
    for (const r of searchGap) out.push(`- **${escape(searchGapLabel(r))}**: ${escape(searchGapSentence(r))}`);
    out.push('', table(['matchup', ...cols, 'gap_a 95%', 'gap_b 95%'], searchGap.map((r) => [
      searchGapLabel(r), ...cols.map((c) => Number(r[c]).toFixed(3)), interval(r, 'gap_a'), interval(r, 'gap_b'),
    ])), '');
  }
  const metric = DISTRIBUTION_METRIC[d.metric];
  out.push(`## Distribution of ${metric} (${escape(v0)})`, '');
  const groups = new Map<string, { label: string; bars: { value: string; p: number }[] }>();
  for (const r of d.distribution) {
    if (r['variant'] !== v0 || r['metric'] !== metric) continue;
    const key = matchupKey(d, r);
    const g = groups.get(key) ?? { label: matchupLabel(d, r), bars: [] };
    g.bars.push({ value: r['value']!, p: Number(r['probability']) });
    groups.set(key, g);
  }
  for (const { label, bars } of [...groups.values()].slice(0, MAX_DISTRIBUTIONS)) {
    out.push(`**${escape(label)}**`, '', '```');
    for (const r of bars) if (r.p > 0) out.push(`${r.value.padStart(3)}  ${(r.p * 100).toFixed(2).padStart(6)}%  ${bar(r.p)}`);
    out.push('```', '');
  }
  if (groups.size > MAX_DISTRIBUTIONS) out.push(`The first ${MAX_DISTRIBUTIONS} of ${groups.size} matchups; all are in distribution.csv and report.html.`, '');
  return out.join('\n');
}
