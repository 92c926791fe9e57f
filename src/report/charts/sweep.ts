/**
 * The sweep chart: the metric averaged over matchups for each sweep point, the first swept field
 * on the x axis and one line per value of the other swept field and declared variant (never
 * stacked), with a caption naming the fields in words.
 */
import type { TopLevelSpec } from 'vega-lite';
import { ordered, variants, type ReportData } from '../data.js';
import { METRIC_WORDS } from './colour.js';

const TABLE_WORDS: Record<string, string> = {
  fighters: 'fighter', weapons: 'weapon', armours: 'armour', armors: 'armour', characters: 'character', creatures: 'creature', loadouts: 'loadout',
};

/** A sweep path in words: `weapons.battle-axe.might` -> `might of weapon battle-axe`; `rules.critOn` -> `rules knob critOn`. */
export function fieldWords(path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'rules') return `rules knob ${parts.slice(1).join('.')}`;
  const [table, name, ...field] = parts;
  if (table !== undefined && name !== undefined && field.length > 0 && TABLE_WORDS[table]) return `${field.join('.')} of ${TABLE_WORDS[table]} ${name}`;
  return path;
}

interface Point {
  readonly variant: string;
  /** Swept field -> value, in the sweep's order. */
  readonly fields: readonly (readonly [string, string])[];
  /** The declared variant, when the study has several ('' otherwise). */
  readonly declared: string;
}

/** Sweep variants look like "k1=v1 k2=v2" or "k1=v1 | variant"; anything else is not a sweep. */
export function parseSweep(labels: readonly string[]): Point[] | null {
  const out: Point[] = [];
  for (const v of labels) {
    const [point, ...rest] = v.split(' | ');
    const fields = point!.split(' ').map((kv) => {
      const i = kv.indexOf('=');
      return i > 0 ? ([kv.slice(0, i), kv.slice(i + 1)] as const) : null;
    });
    if (fields.some((f) => f === null)) return null;
    out.push({ variant: v, fields: fields as (readonly [string, string])[], declared: rest.join(' | ') });
  }
  const keys = JSON.stringify(out[0]?.fields.map(([k]) => k));
  if (out.length < 2 || out.some((p) => JSON.stringify(p.fields.map(([k]) => k)) !== keys)) return null;
  return out;
}

export function sweepPanel(d: ReportData): { spec: TopLevelSpec; note: string } | null {
  const points = parseSweep(variants(d));
  if (points === null) return null;
  const [xKey] = points[0]!.fields[0]!;
  const others = points[0]!.fields.slice(1).map(([k]) => k);
  const values = points.map((p) => {
    const xs = d.summary.filter((r) => r['variant'] === p.variant).map((r) => Number(r[d.metric]));
    const series = [...p.fields.slice(1).map(([k, v]) => `${k}=${v}`), ...(p.declared ? [p.declared] : [])].join(' | ') || 'all';
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return { x: p.fields[0]![1], series, mean, matchups: xs.length, desc: `variant: ${p.variant}; ${xKey}: ${p.fields[0]![1]}; line: ${series}; mean: ${mean}` };
  });
  const series = ordered(values.map((v) => v.series));
  const colour = { field: 'series', type: 'nominal', sort: series, title: series.length > 1 ? 'line' : null, legend: series.length > 1 ? { labelLimit: 0 } : null } as const;
  const x = { field: 'x', type: 'ordinal', sort: ordered(values.map((v) => v.x)), title: fieldWords(xKey), axis: { labelAngle: 0 } } as const;
  const y = { field: 'mean', type: 'quantitative', title: `${METRIC_WORDS[d.metric]}, mean over matchups`, scale: d.metric === 'a_win_rate' ? { domain: [0, 1] } : { zero: true } } as const;
  const lineWords = [...others.map(fieldWords), ...(points.some((p) => p.declared) ? ['variant'] : [])];
  return {
    spec: {
      title: { text: `Sweep of ${fieldWords(xKey)}`, anchor: 'start', fontSize: 12 },
      data: { values },
      width: Math.max(240, 70 * new Set(values.map((v) => v.x)).size),
      height: 180,
      layer: [
        { mark: { type: 'line', point: false }, encoding: { x, y, color: colour } },
        { mark: { type: 'point', filled: true, size: 50 }, encoding: { x, y, color: colour, tooltip: [{ field: 'series' }, { field: 'x', title: xKey }, { field: 'mean', format: '.4f' }], description: { field: 'desc' } } },
      ],
    } as TopLevelSpec,
    note: `x: ${fieldWords(xKey)} (${xKey}); y: ${METRIC_WORDS[d.metric]} averaged over the ${values[0]!.matchups} matchups of each point` +
      (lineWords.length > 0 ? `; one line per ${lineWords.join(' and ')}.` : '.'),
  };
}
