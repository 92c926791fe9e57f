/**
 * The one colour scale of a report's heatmaps: rates on a diverging red-white-blue scale fixed at
 * 0 - 0.5 - 1 (0.5 is white: an even matchup), means on a sequential blue scale from 0 to the
 * largest value of the run. Cell text is black or white, whichever contrasts more with its cell.
 */
import { scheme } from 'vega';
import type { ReportData } from '../data.js';

export interface ColourScale {
  readonly scheme: 'redblue' | 'blues';
  readonly domain: readonly [number, number];
  readonly mid: number | null;
  /** A Vega-Lite scale object. */
  readonly vl: Record<string, unknown>;
  /** Title of the legend. */
  readonly title: string;
}

export const METRIC_WORDS = {
  mean_wounds: 'mean Wounds per attack',
  mean_damage: 'mean damage per attack',
  a_win_rate: 'win rate of side a',
} as const;

export function colourScale(d: ReportData): ColourScale {
  if (d.metric === 'a_win_rate') {
    return { scheme: 'redblue', domain: [0, 1], mid: 0.5, vl: { scheme: 'redblue', domain: [0, 1], domainMid: 0.5 }, title: `${METRIC_WORDS[d.metric]} (0.5: even)` };
  }
  const max = Math.max(0, ...d.summary.map((r) => Number(r[d.metric])).filter(Number.isFinite));
  const top = max > 0 ? max : 1;
  return { scheme: 'blues', domain: [0, top], mid: null, vl: { scheme: 'blues', domain: [0, top] }, title: METRIC_WORDS[d.metric] };
}

function luminance(rgb: string): number {
  const m = /rgb\((\d+), ?(\d+), ?(\d+)\)/.exec(rgb);
  if (!m) return 1;
  const lin = (c: number): number => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(Number(m[1])) + 0.7152 * lin(Number(m[2])) + 0.0722 * lin(Number(m[3]));
}

/** The fill of a value on the scale, as `rgb(r, g, b)`. */
export function fillOf(s: ColourScale, value: number): string {
  const t = Math.min(1, Math.max(0, (value - s.domain[0]) / (s.domain[1] - s.domain[0])));
  return String((scheme(s.scheme) as (t: number) => string)(t));
}

/** Black or white text on a cell of this value: the higher WCAG contrast ratio. */
export function inkOn(s: ColourScale, value: number): 'black' | 'white' {
  const l = luminance(fillOf(s, value));
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? 'black' : 'white';
}
