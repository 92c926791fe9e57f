/**
 * report.md: what was run, how to reproduce it, the headline table and each matchup's
 * distribution of its first metric as a bar per value.
 */
import type { Cell } from '../systems/types.js';

export interface MarkdownReport {
  readonly title: string;
  readonly description?: string;
  readonly facts: readonly (readonly [string, string])[];
  readonly headlineHeader: readonly string[];
  readonly headlines: readonly (readonly string[])[];
  /** distributionHeader and rows: bars are drawn for the first metric of each matchup. */
  readonly distributionHeader: readonly string[];
  readonly distribution: readonly (readonly Cell[])[];
}

const escape = (s: string): string => s.replace(/\|/g, '\\|');

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [`| ${header.map(escape).join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const r of rows) lines.push(`| ${r.map((c) => escape(c === '' ? ' ' : c)).join(' | ')} |`);
  return lines.join('\n');
}

function bar(p: number): string {
  const width = Math.round(p * 40);
  return '█'.repeat(width) + (width === 0 && p > 0 ? '▏' : '');
}

export function renderMarkdown(r: MarkdownReport): string {
  const out: string[] = [`# ${r.title}`, ''];
  if (r.description) out.push(r.description, '');
  out.push('## Run', '', table(['', ''], r.facts.map(([k, v]) => [k, v])), '');
  out.push('## Summary', '', table(r.headlineHeader, r.headlines), '');
  const col = (name: string): number => r.distributionHeader.indexOf(name);
  const [iMetric, iValue, iProb] = [col('metric'), col('value'), col('probability')];
  const keyCols = r.distributionHeader.map((_, i) => i).filter((i) => ![iMetric, iValue, col('count'), iProb].includes(i));
  const groups = new Map<string, (readonly Cell[])[]>();
  const firstMetric = r.distribution[0]?.[iMetric];
  for (const row of r.distribution) {
    if (row[iMetric] !== firstMetric) continue;
    const key = keyCols.map((i) => row[i]).filter((c) => c !== '').join(' · ');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  out.push(`## Distribution of ${String(firstMetric ?? '')}`, '');
  for (const [key, rows] of groups) {
    out.push(`**${key}**`, '', '```');
    for (const row of rows) {
      const p = Number(row[iProb]);
      if (p === 0) continue;
      out.push(`${String(row[iValue]).padStart(3)}  ${(p * 100).toFixed(2).padStart(6)}%  ${bar(p)}`);
    }
    out.push('```', '');
  }
  return out.join('\n');
}
