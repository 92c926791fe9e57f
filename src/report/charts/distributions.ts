/**
 * Distribution bars, one panel per matchup (first variant), each titled with its whole matchup
 * (policies, situation, conditions) on as many lines as it needs; and, for d20 fights, each
 * hero's death rate with its Wilson interval under every variant.
 */
import type { TopLevelSpec } from 'vega-lite';
import { matchupKey, matchupLabel, ordered, variants, type ReportData } from '../data.js';

export const MAX_DISTRIBUTIONS = 24;
export const DISTRIBUTION_METRIC = { mean_wounds: 'wounds', mean_damage: 'damage', a_win_rate: 'rounds' } as const;

/** A long label as title lines: broken before " vs " and " [". */
export function titleLines(label: string): string[] {
  return label.replace(' vs ', '\n vs ').replace(' [', '\n[').split('\n').map((s) => s.trim());
}

/**
 * A rounds histogram ends at the last round with any probability (distribution.csv keeps every
 * round up to maxRounds; the empty tail would squeeze the bars that matter).
 */
export function untilLastMass<R extends Readonly<Record<string, string>>>(rows: readonly R[], metric: string): readonly R[] {
  if (metric !== 'rounds') return rows;
  let last = rows.length - 1;
  while (last > 0 && !(Number(rows[last]!['probability']) > 0)) last--;
  return rows.slice(0, last + 1);
}

export function distributionPanels(d: ReportData): { panels: TopLevelSpec[]; total: number } {
  const v0 = variants(d)[0];
  const metric = DISTRIBUTION_METRIC[d.metric];
  const rows = d.distribution.filter((r) => r['variant'] === v0 && r['metric'] === metric);
  const keys = ordered(rows.map((r) => matchupKey(d, r)));
  const panels = keys.slice(0, MAX_DISTRIBUTIONS).map((k) => {
    const mine = untilLastMass(rows.filter((r) => matchupKey(d, r) === k), metric);
    const label = matchupLabel(d, mine[0]!);
    const values = mine.map((r) => ({
      value: r['value']!, probability: Number(r['probability']), matchup: label,
      desc: `matchup: ${label}; ${metric}: ${r['value']!}; probability: ${r['probability']!}`,
    }));
    const top = Math.max(...values.map((v) => v.probability));
    return {
      title: { text: titleLines(label), anchor: 'start', fontSize: 11 },
      data: { values },
      width: { step: Math.max(8, Math.min(24, Math.floor(240 / values.length))) },
      height: 90,
      mark: 'bar',
      encoding: {
        x: { field: 'value', type: 'ordinal', sort: null, title: metric, axis: { labelAngle: 0, labelOverlap: true } },
        y: { field: 'probability', type: 'quantitative', title: 'probability', scale: { domain: [0, Math.min(1, Math.max(0.05, top * 1.08))], nice: false }, axis: { format: '.0%', tickCount: 3 } },
        tooltip: [{ field: 'matchup' }, { field: 'value', title: metric }, { field: 'probability', format: '.4f' }],
        description: { field: 'desc' },
      },
    } as TopLevelSpec;
  });
  return { panels, total: keys.length };
}

/** d20 fights: death rate per hero with its 95% Wilson interval, one mark per hero and variant. */
export function deathPanel(d: ReportData): TopLevelSpec | null {
  const heroes = Object.keys(d.summary[0] ?? {}).filter((c) => c.startsWith('death_rate_') && !c.endsWith('_ci95_low') && !c.endsWith('_ci95_high'));
  if (heroes.length === 0) return null;
  const values = d.summary.flatMap((r) => heroes.map((h) => ({
    hero: h.slice('death_rate_'.length), variant: r['variant']!, 'death rate': Number(r[h]),
    low: Number(r[`${h}_ci95_low`] ?? r[h]), high: Number(r[`${h}_ci95_high`] ?? r[h]),
    desc: `hero: ${h.slice('death_rate_'.length)}; variant: ${r['variant']!}; death rate: ${r[h]!}`,
  })));
  const heroOrder = heroes.map((h) => h.slice('death_rate_'.length));
  const y = { field: 'hero', type: 'nominal', sort: heroOrder, title: 'hero', axis: { labelLimit: 0 } } as const;
  const colour = { field: 'variant', type: 'nominal', sort: variants(d), title: 'variant', legend: { labelLimit: 0 } } as const;
  return {
    title: { text: 'Death rate of each hero (95% Wilson interval)', anchor: 'start', fontSize: 12 },
    data: { values },
    width: 360,
    height: heroes.length * (12 * Math.max(1, variants(d).length) + 10),
    layer: [
      { mark: 'rule', encoding: { y, yOffset: { field: 'variant', sort: variants(d) }, x: { field: 'low', type: 'quantitative', scale: { domain: [0, 1] }, title: 'death rate (hero dead when the fight ends)' }, x2: { field: 'high' }, color: colour } },
      {
        mark: { type: 'point', filled: true, size: 40 },
        encoding: {
          y, yOffset: { field: 'variant', sort: variants(d) }, x: { field: 'death rate', type: 'quantitative' }, color: colour,
          tooltip: [{ field: 'hero' }, { field: 'variant' }, { field: 'death rate', format: '.3f' }, { field: 'low', format: '.3f' }, { field: 'high', format: '.3f' }],
          description: { field: 'desc' },
        },
      },
    ],
  } as TopLevelSpec;
}
