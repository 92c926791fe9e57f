/**
 * The policy gap of skirmish duels run with `balance exact` (summary.csv columns a_win_named ...
 * b_win_optimal): per matchup of the first variant, each side's win probability when both play
 * their named policies, when that side best-responds to the other's named policy, and under the
 * minimax solution. Studies without the columns get no section.
 */
import type { TopLevelSpec } from 'vega-lite';
import { matchupLabel, variants, type ReportData, type Row } from '../data.js';
import { MAX_DISTRIBUTIONS, titleLines } from './distributions.js';

const PLAYS = [['named', 'named'], ['best_response', 'best response'], ['optimal', 'optimal']] as const;

export const GAP_TITLE = 'Policy gap: named, best-response and optimal play';
export const GAP_NOTE =
  "Each side's win probability when both sides play their named policies, when that side plays its best reply to the other's " +
  'named policy (best response), and when both play the minimax solution (optimal). A side that gains a lot from best response ' +
  "exploits the other's named policy; a weapon whose value comes from the opponent's bad play stands out: it wins under named " +
  'play and falls under optimal play. Solved play maximises P(win) + 1/2 P(draw), so a best response can trade wins for draws, ' +
  'and under optimal play many duels are draws at maxRounds (the side that would lose keeps out of reach, or neither attacks ' +
  'until the last round), so both optimal bars can be low. ' +
  'Empty bars: the solve was over its budget (docs/guide/exact-and-policies.md: the policy gap).';

/** Whether summary.csv has the gap columns. */
export function hasGap(d: ReportData): boolean {
  return d.summary[0]?.['a_win_named'] !== undefined;
}

/** The first variant's rows that carry the gap. */
export function gapRows(d: ReportData): Row[] {
  if (!hasGap(d)) return [];
  const v0 = variants(d)[0];
  return d.summary.filter((r) => r['variant'] === v0);
}

export function gapPanels(d: ReportData): { panels: TopLevelSpec[]; total: number } {
  const rows = gapRows(d);
  const panels = rows.slice(0, MAX_DISTRIBUTIONS).map((r) => {
    const label = matchupLabel(d, r);
    const values = (['a', 'b'] as const).flatMap((side) => PLAYS.flatMap(([col, play]) => {
      const cell = r[`${side}_win_${col}`] ?? '';
      if (cell === '') return [];
      const p = Number(cell);
      return [{ play, side: `${side} wins`, probability: p, desc: `matchup: ${label}; ${side} wins, ${play} play: ${p}` }];
    }));
    return {
      title: { text: titleLines(label), anchor: 'start', fontSize: 11 },
      data: { values },
      width: { step: 22 },
      height: 90,
      mark: 'bar',
      encoding: {
        // "best response" on two lines: on one it ran into its neighbours ("named best responseoptimal").
        x: { field: 'play', type: 'nominal', sort: PLAYS.map((p) => p[1]), title: null, axis: { labelAngle: 0, labelExpr: "split(datum.label, ' ')" } },
        xOffset: { field: 'side', type: 'nominal', sort: ['a wins', 'b wins'] },
        y: { field: 'probability', type: 'quantitative', title: 'win probability', scale: { domain: [0, 1] }, axis: { format: '.0%', tickCount: 3 } },
        color: { field: 'side', type: 'nominal', sort: ['a wins', 'b wins'], title: null },
        tooltip: [{ field: 'side' }, { field: 'play' }, { field: 'probability', format: '.4f' }],
        description: { field: 'desc' },
      },
    } as TopLevelSpec;
  });
  return { panels, total: rows.length };
}
