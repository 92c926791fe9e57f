/**
 * The policy gap of a fight (policy_gap.csv, `balance run --policy-gap`): per matchup of the first
 * variant, side a's win rate with both sides on their named policies, with side a searching, and
 * with side b searching (a chart), beside the two gaps with their paired 95% intervals (a chart),
 * and one sentence per matchup saying how much of today's margin is each side's play.
 */
import type { TopLevelSpec } from 'vega-lite';
import { ordered, type Row } from '../data.js';
import { MAX_DISTRIBUTIONS } from './distributions.js';

export const SEARCH_GAP_TITLE = 'Policy gap: named play against search';

export const SEARCH_GAP_NOTE =
  "Side a's win rate (wins only, draws not counted) when both sides play their named policies, when every fighter of side a " +
  'plays the search policy instead, and when every fighter of side b does; each trial is played all three ways from the same ' +
  "dice (common random numbers). gap_a = search a - named: the points side a's own play leaves on the table; gap_b = named - " +
  "search b: the points of side a's margin that come from side b's play. Bars and lines are 95% intervals (Wilson for the win " +
  'rates, paired differences for the gaps).';

/** The rows the report shows: policy_gap.csv's rows of the first variant. */
export function searchGapRows(rows: readonly Row[]): Row[] {
  const v0 = rows[0]?.['variant'];
  return rows.filter((r) => r['variant'] === v0);
}

/** A matchup's label in policy_gap.csv: "a vs b", with the situation (a battle's side policies) when there is one. */
export function searchGapLabel(r: Row): string {
  const s = r['situation'] ?? '';
  return `${r['side_a']!} vs ${r['side_b']!}${s === '' ? '' : ` [${s}]`}`;
}

const pct = (x: number): number => Math.round(x * 100);

function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

/**
 * One sentence per matchup: "under search the raiders win 62% instead of 76%: 14 points of
 * today's margin is the guards' play (95% interval 10 to 18); searching themselves, the raiders
 * would win 80% (+4 points)". Points are differences of the rounded percentages shown; the
 * interval is gap_b's.
 */
export function searchGapSentence(r: Row): string {
  const a = r['side_a']!;
  const b = r['side_b']!;
  const by = r['challenger'] ?? 'search';
  const named = pct(Number(r['win_named']));
  const sa = pct(Number(r['win_search_a']));
  const sb = pct(Number(r['win_search_b']));
  const low = pct(Number(r['gap_b_ci95_low']));
  const high = pct(Number(r['gap_b_ci95_high']));
  const pts = named - sb;
  const ci = `(95% interval ${low} to ${high})`;
  // An interval that holds 0: the named play and search cannot be told apart, whatever the rounded points say.
  const unclear = Number(r['gap_b_ci95_low']) <= 0 && Number(r['gap_b_ci95_high']) >= 0;
  const bPart = unclear
    ? `no measurable part of today's margin is the ${possessive(b)} play ${ci}`
    : pts > 0
    ? `${pts} point${pts === 1 ? '' : 's'} of today's margin is the ${possessive(b)} play ${ci}`
    : pts < 0
    ? `the ${possessive(b)} named play holds the ${a} ${-pts} point${pts === -1 ? '' : 's'} lower than ${by} does ${ci}`
    : `none of today's margin is the ${possessive(b)} play ${ci}`;
  const gainA = sa - named;
  const aPart = `${by === 'search' ? 'searching' : `playing ${by}`} themselves, the ${a} would win ${sa}% (${gainA >= 0 ? '+' : ''}${gainA} point${Math.abs(gainA) === 1 ? '' : 's'})`;
  const head = sb === named ? `under ${by} the ${a} still win ${named}%` : `under ${by} the ${a} win ${sb}% instead of ${named}%`;
  return `${head}: ${bPart}; ${aPart}.`;
}

const PLAYS = [['win_named', 'named vs named'], ['win_search_a', 'search a vs named'], ['win_search_b', 'named vs search b']] as const;
const GAPS = [['gap_a', "gap_a (a's play)"], ['gap_b', "gap_b (b's play)"]] as const;

/** Two panels: the three win rates per matchup, and the two gaps per matchup. */
export function searchGapPanels(all: readonly Row[]): { panels: TopLevelSpec[]; total: number } {
  const rows = searchGapRows(all);
  if (rows.length === 0) return { panels: [], total: 0 };
  const shown = rows.slice(0, MAX_DISTRIBUTIONS);
  const labels = ordered(shown.map(searchGapLabel));
  const wins = shown.flatMap((r) => PLAYS.map(([col, play]) => ({
    matchup: searchGapLabel(r), play, value: Number(r[col]), low: Number(r[`${col}_ci95_low`]), high: Number(r[`${col}_ci95_high`]),
  })));
  const gaps = shown.flatMap((r) => GAPS.map(([col, gap]) => ({
    matchup: searchGapLabel(r), gap, value: Number(r[col]), low: Number(r[`${col}_ci95_low`]), high: Number(r[`${col}_ci95_high`]),
  })));
  const y = { field: 'matchup', type: 'nominal', sort: labels, title: null, axis: { labelLimit: 0 } } as const;
  const winPanel = {
    title: { text: "Side a's win rate", anchor: 'start', fontSize: 12 },
    data: { values: wins },
    width: 260,
    height: { step: 14 },
    encoding: { y, yOffset: { field: 'play', type: 'nominal', sort: PLAYS.map((p) => p[1]) } },
    layer: [
      {
        mark: 'bar',
        encoding: {
          x: { field: 'value', type: 'quantitative', title: 'a wins', scale: { domain: [0, 1] }, axis: { format: '.0%', tickCount: 5 } },
          color: { field: 'play', type: 'nominal', sort: PLAYS.map((p) => p[1]), title: null, legend: { orient: 'bottom', direction: 'vertical' } },
          tooltip: [{ field: 'matchup' }, { field: 'play' }, { field: 'value', format: '.3f' }, { field: 'low', format: '.3f' }, { field: 'high', format: '.3f' }],
        },
      },
      { mark: { type: 'rule', color: '#333' }, encoding: { x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' } } },
    ],
  } as unknown as TopLevelSpec;
  const gapPanel = {
    title: { text: 'Gaps (points of a\'s win rate)', anchor: 'start', fontSize: 12 },
    data: { values: gaps },
    width: 260,
    height: { step: 14 },
    encoding: { y, yOffset: { field: 'gap', type: 'nominal', sort: GAPS.map((g) => g[1]) } },
    layer: [
      { mark: { type: 'rule', color: '#999' }, encoding: { x: { datum: 0 } } },
      {
        mark: { type: 'rule' },
        encoding: {
          x: { field: 'low', type: 'quantitative', title: 'gap', axis: { format: '+.0%', tickCount: 5 } }, x2: { field: 'high' },
          color: { field: 'gap', type: 'nominal', sort: GAPS.map((g) => g[1]), title: null, legend: { orient: 'bottom', direction: 'vertical' } },
        },
      },
      {
        mark: { type: 'point', filled: true },
        encoding: {
          x: { field: 'value', type: 'quantitative' },
          color: { field: 'gap', type: 'nominal', sort: GAPS.map((g) => g[1]) },
          tooltip: [{ field: 'matchup' }, { field: 'gap' }, { field: 'value', format: '+.3f' }, { field: 'low', format: '+.3f' }, { field: 'high', format: '+.3f' }],
        },
      },
    ],
  } as unknown as TopLevelSpec;
  return { panels: [winPanel, gapPanel], total: rows.length };
}
