/**
 * report.md: what was run and how to reproduce it, the matchup table of the first variant, flags
 * (dominated options, outliers), variant deltas, and each matchup's distribution as bars.
 */
import { bLabel, flags, variants, type ReportData } from './data.js';

/** A name or cell as inline text: raw HTML shown as text, newlines as spaces, pipes kept in their cell. */
const escape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r\n|\r|\n/g, ' ').replace(/\|/g, '\\|');

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [`| ${header.map(escape).join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const r of rows) lines.push(`| ${r.map((c) => escape(c === '' ? ' ' : c)).join(' | ')} |`);
  return lines.join('\n');
}

function bar(p: number): string {
  const width = Math.round(p * 40);
  return '█'.repeat(width) + (width === 0 && p > 0 ? '▏' : '');
}

const fmt = (x: string | undefined, digits = 3): string => (x === undefined || x === '' ? '' : Number(x).toFixed(digits));

/** Facts of a run, from run.json. */
export function runFacts(run: Record<string, unknown>): [string, string][] {
  const facts: [string, string][] = [['command', `\`${String(run['command'])}\``]];
  facts.push(['study', `${String(run['study'])} (sha256 ${String(run['study_sha256']).slice(0, 12)})`]);
  facts.push(['system / mode', `${String(run['system'])} / ${String(run['mode'])}`]);
  if (run['seed'] !== undefined) facts.push(['seed', String(run['seed'])]);
  if (run['precision'] !== undefined) {
    // Never claim a target that --max-trials cut short (run.json counts the rows that missed it).
    const missed = Number(run['precision_missed'] ?? 0);
    const target = missed > 0
      ? `95% half-width <= ${String(run['precision'])} NOT reached by ${missed} of ${String(run['tasks'])} matchups (stopped at ${String(run['max_trials'])} trials; precision_reached in summary.csv)`
      : `95% half-width <= ${String(run['precision'])}`;
    facts.push(['precision', `${target}, ${String(run['trials_min'])}-${String(run['trials_max'])} trials per matchup`]);
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
  if (d.description) out.push(d.description, '');
  out.push('## Run', '', table(['', ''], runFacts(d.run)), '');
  const v0 = variants(d)[0]!;
  const rows = d.summary.filter((r) => r['variant'] === v0);
  const win = d.metric === 'a_win_rate';
  out.push(`## Matchups (${v0})`, '');
  out.push(table(
    [d.aCol, d.bCol, d.metric, '95% CI', win ? 'draws' : d.metric === 'mean_damage' ? 'p_hit' : 'p_wounded'],
    rows.map((r) => [
      r[d.aCol]!, bLabel(d, r), fmt(r[d.metric]),
      d.exact ? 'exact' : win ? `${fmt(r['a_win_ci95_low'])}-${fmt(r['a_win_ci95_high'])}` : `${fmt(r[`${d.metric}_ci95_low`])}-${fmt(r[`${d.metric}_ci95_high`])}`,
      win ? fmt(r['draw_rate'] ?? String(Number(r['draws']) / Number(r['trials']))) : fmt(r[d.metric === 'mean_damage' ? 'p_hit' : 'p_wounded']),
    ]),
  ), '');
  const fl = flags(d);
  out.push('## Flags', '');
  if (fl.length === 0) out.push(`No option is dominated${win ? ' and none is an outlier' : ''} (${v0}).`, '');
  else out.push(table(['option', 'flag', 'why'], fl.map((f) => [f.option, f.kind, f.detail])), '');
  if (d.compare.length > 0) {
    const top = [...d.compare].sort((a, b) => Math.abs(Number(b['delta'])) - Math.abs(Number(a['delta']))).slice(0, 25);
    out.push(`## Variant deltas against ${d.compare[0]!['baseline']!}`, '');
    out.push(d.exact ? 'Exact differences.' : "95% intervals; `significant` after Holm's correction over all comparisons at 5% (p_value is the raw two-sided p).", '');
    out.push(table(['variant', 'matchup', 'delta', '95% CI', 'significant'], top.map((r) => [
      r['variant']!, `${r['matchup_a']!} vs ${r['matchup_b']!}${r['situation'] ? ` (${r['situation']})` : ''}`, fmt(r['delta'], 4),
      `${fmt(r['delta_ci95_low'], 4)} to ${fmt(r['delta_ci95_high'], 4)}`, r['significant']!,
    ])), '');
    if (d.compare.length > top.length) out.push(`The ${top.length} largest of ${d.compare.length}; all are in compare.csv.`, '');
  }
  const metric = { mean_wounds: 'wounds', mean_damage: 'damage', a_win_rate: 'rounds' }[d.metric];
  out.push(`## Distribution of ${metric} (${v0})`, '');
  const groups = new Map<string, { value: string; p: number }[]>();
  for (const r of d.distribution) {
    if (r['variant'] !== v0 || r['metric'] !== metric) continue;
    const key = `${r[d.aCol]!} vs ${bLabel(d, r)}`;
    groups.set(key, [...(groups.get(key) ?? []), { value: r['value']!, p: Number(r['probability']) }]);
  }
  for (const [key, rs] of [...groups].slice(0, 24)) {
    out.push(`**${escape(key)}**`, '', '```');
    for (const r of rs) if (r.p > 0) out.push(`${r.value.padStart(3)}  ${(r.p * 100).toFixed(2).padStart(6)}%  ${bar(r.p)}`);
    out.push('```', '');
  }
  if (groups.size > 24) out.push(`The first 24 of ${groups.size} matchups; all are in distribution.csv and report.html.`, '');
  return out.join('\n');
}
