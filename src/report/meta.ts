/**
 * meta.csv, matrix.csv and the meta section of report.md / report.html: the matrix ordered by
 * equilibrium share, the shares with intervals, the rock-paper-scissors cycles, and one sentence
 * per loadout.
 */
import type { MetaResult } from '../analysis/meta.js';
import { payoffInterval } from '../analysis/payoff.js';
import type { Cell } from '../systems/types.js';
import { toCsv } from './csv.js';
import { escape, table } from './markdown.js';

export const META_HEADER = [
  'variant', 'loadout', 'equilibrium_share', 'share_ci95_low', 'share_ci95_high', 'p_in_support',
  'vs_field_win_rate', 'vs_field_ci95_low', 'vs_field_ci95_high', 'best_counter', 'dominated_by',
] as const;

export const MATRIX_HEADER = [
  'variant', 'loadout', 'opponent', 'payoff', 'payoff_ci95_low', 'payoff_ci95_high', 'trials', 'wins', 'losses', 'draws',
] as const;

export interface VariantMeta {
  readonly variant: string;
  readonly result: MetaResult;
}

export function metaCsv(results: readonly VariantMeta[]): { meta: string; matrix: string } {
  const meta: Cell[][] = [];
  const matrix: Cell[][] = [];
  for (const { variant, result } of results) {
    for (const l of result.loadouts) {
      meta.push([variant, l.name, l.share, l.shareLow, l.shareHigh, l.pInSupport, l.vsField, l.vsFieldLow, l.vsFieldHigh, l.bestCounter, l.dominatedBy]);
    }
    const p = result.payoff;
    p.names.forEach((a, i) => p.names.forEach((b, j) => {
      if (i === j) return;
      const ci = payoffInterval(p, i, j);
      const r = p.record[i]![j]!;
      matrix.push([variant, a, b, p.m[i]![j]!, ci.low, ci.high, p.trials[i]![j]! ?? '', r.wins, r.losses, r.draws]);
    }));
  }
  return { meta: toCsv(META_HEADER, meta), matrix: toCsv(MATRIX_HEADER, matrix) };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;

/** Roster indices, largest equilibrium share first (then best vs-field score). */
function order(r: MetaResult): number[] {
  return r.loadouts.map((_, i) => i).sort((a, b) => r.loadouts[b]!.share - r.loadouts[a]!.share || r.loadouts[b]!.vsField - r.loadouts[a]!.vsField || a - b);
}

interface Section {
  readonly heading: string;
  readonly intro: string;
  readonly tables: { title: string; header: string[]; rows: string[][] }[];
  readonly cycles: string[];
  readonly sentences: string[];
}

function section(v: VariantMeta): Section {
  const r = v.result;
  const p = r.payoff;
  const idx = order(r);
  const names = idx.map((i) => p.names[i]!);
  const ci = r.resamples > 0 ? `95% intervals from ${r.resamples} resampled matrices` : 'exact payoffs';
  return {
    heading: `Meta: ${v.variant}`,
    intro: `Payoff = P(win) + 1/2 P(draw) - 1/2 of the row against the column, both orders played; ${ci}. `
      + `The equilibrium is what good players converge to; no pure choice gains more than ${r.exploitability.toExponential(1)} against it.`,
    tables: [
      {
        title: 'Equilibrium shares',
        header: ['loadout', 'share', '95% CI', 'P(in support)', 'vs field', 'best counter', 'dominated by'],
        rows: idx.map((i) => {
          const l = r.loadouts[i]!;
          return [l.name, pct(l.share), `${pct(l.shareLow)}-${pct(l.shareHigh)}`, l.pInSupport.toFixed(2), `${l.vsField.toFixed(3)} (${l.vsFieldLow.toFixed(3)}-${l.vsFieldHigh.toFixed(3)})`, l.bestCounter, l.dominatedBy];
        }),
      },
      {
        title: 'Payoff matrix (row against column, ordered by share)',
        header: ['', ...names],
        rows: idx.map((i) => [p.names[i]!, ...idx.map((j) => (i === j ? '·' : signed(p.m[i]![j]!)))]),
      },
    ],
    cycles: r.cycles.map(([x, y, z]) => `${x} > ${y} > ${z} > ${x}`),
    sentences: idx.map((i) => r.loadouts[i]!.sentence),
  };
}

export function metaMarkdown(results: readonly VariantMeta[]): string {
  const out: string[] = [];
  for (const v of results) {
    const s = section(v);
    out.push(`## ${escape(s.heading)}`, '', escape(s.intro), '');
    for (const t of s.tables) out.push(`### ${escape(t.title)}`, '', table(t.header, t.rows), '');
    out.push('### Cycles (rock-paper-scissors)', '', ...(s.cycles.length > 0 ? s.cycles.map((c) => `- ${escape(c)}`) : ['None: every triple has a clear top.']), '');
    out.push('### What to do', '', ...s.sentences.map((x) => `- ${escape(x)}`), '');
  }
  return out.join('\n');
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A payoff cell shaded green (row wins) to red (row loses). */
function shade(cell: string): string {
  const v = Number(cell);
  if (!Number.isFinite(v)) return '';
  const a = Math.min(1, Math.abs(v) * 2).toFixed(2);
  return v >= 0 ? ` style="background:rgba(40,160,70,${a})"` : ` style="background:rgba(210,50,50,${a})"`;
}

export function metaHtml(results: readonly VariantMeta[]): string {
  const parts: string[] = [];
  for (const v of results) {
    const s = section(v);
    parts.push(`<h2>${esc(s.heading)}</h2>`, `<p>${esc(s.intro)}</p>`);
    s.tables.forEach((t, k) => {
      const body = t.rows.map((r) => `<tr>${r.map((c, i) => (k === 1 && i > 0 ? `<td${shade(c)}>${esc(c)}</td>` : `<td>${esc(c)}</td>`)).join('')}</tr>`).join('');
      parts.push(`<h3>${esc(t.title)}</h3>`, `<table><tr>${t.header.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${body}</table>`);
    });
    parts.push('<h3>Cycles (rock-paper-scissors)</h3>', s.cycles.length > 0 ? `<ul>${s.cycles.map((c) => `<li>${esc(c)}</li>`).join('')}</ul>` : '<p>None: every triple has a clear top.</p>');
    parts.push('<h3>What to do</h3>', `<ul>${s.sentences.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>`);
  }
  return parts.join('\n');
}
