/**
 * The report's charts as Vega-Lite specs, rendered to SVG in Node by vega (no browser, no network).
 */
import { compile, type TopLevelSpec } from 'vega-lite';
import { parse, View } from 'vega';
import { bLabel, variants, type ReportData } from './data.js';

export interface Chart {
  readonly title: string;
  readonly note: string;
  readonly spec: TopLevelSpec;
}

const METRIC_TITLE = { mean_wounds: 'mean Wounds per attack', mean_damage: 'mean damage per attack', a_win_rate: 'win rate of side a' } as const;
const FIRST_METRIC = { mean_wounds: 'wounds', mean_damage: 'damage', a_win_rate: 'rounds' } as const;
const MAX_DISTRIBUTIONS = 24;
const MAX_DELTAS = 60;

export function charts(d: ReportData): Chart[] {
  const out: Chart[] = [];
  const vs = variants(d);
  const heat = d.summary.map((r) => ({ variant: r['variant']!, a: r[d.aCol]!, b: bLabel(d, r), value: Number(r[d.metric]) }));
  const cells = new Set(heat.map((h) => `${h.a}|${h.b}`)).size;
  const values = heat.map((h) => h.value);
  const mid = d.metric === 'a_win_rate' ? 0.5 : (Math.min(...values) + Math.max(...values)) / 2;
  // Dark cells get white labels: far from the middle of a diverging scale, or high on a sequential one.
  const dark = d.metric === 'a_win_rate' ? 'abs(datum.value - 0.5) > 0.3' : `datum.value > ${mid}`;
  out.push({
    title: `Heatmap: ${METRIC_TITLE[d.metric]}`,
    note: `${d.aCol.replace('_', ' ')} (rows) against ${d.bCol.replace('_', ' ')} (columns), one panel per variant.`,
    spec: {
      data: { values: heat },
      facet: { field: 'variant', type: 'nominal', sort: vs, title: null },
      columns: vs.length > 2 ? 3 : vs.length,
      spec: {
        width: Math.min(560, 36 * new Set(heat.map((h) => h.b)).size + 40),
        height: Math.min(560, 22 * new Set(heat.map((h) => h.a)).size + 20),
        layer: [
          { mark: 'rect', encoding: { x: { field: 'b', type: 'nominal', title: null }, y: { field: 'a', type: 'nominal', title: null }, color: { field: 'value', type: 'quantitative', title: d.metric, scale: { scheme: d.metric === 'a_win_rate' ? 'redblue' : 'blues', ...(d.metric === 'a_win_rate' ? { domainMid: 0.5 } : {}) } } } },
          ...(cells <= 150 ? [{
            mark: { type: 'text' as const, fontSize: 9 },
            encoding: {
              x: { field: 'b', type: 'nominal' as const }, y: { field: 'a', type: 'nominal' as const },
              text: { field: 'value', type: 'quantitative' as const, format: '.2f' },
              color: { condition: { test: dark, value: 'white' }, value: 'black' },
            },
          }] : []),
        ],
      },
    } as TopLevelSpec,
  });

  const first = FIRST_METRIC[d.metric];
  const dist = d.distribution.filter((r) => r['variant'] === vs[0] && r['metric'] === first);
  const keys = [...new Set(dist.map((r) => `${r[d.aCol]!} vs ${bLabel(d, r)}`))].slice(0, MAX_DISTRIBUTIONS);
  const bars = dist
    .map((r) => ({ matchup: `${r[d.aCol]!} vs ${bLabel(d, r)}`, value: Number(r['value']), p: Number(r['probability']) }))
    .filter((b) => keys.includes(b.matchup));
  out.push({
    title: `Distribution of ${first} (${vs[0]})`,
    note: keys.length < new Set(dist.map((r) => `${r[d.aCol]!} vs ${bLabel(d, r)}`)).size ? `The first ${MAX_DISTRIBUTIONS} matchups; all are in distribution.csv.` : 'Every matchup of the first variant.',
    spec: {
      data: { values: bars },
      facet: { field: 'matchup', type: 'nominal', sort: keys, title: null, header: { labelFontSize: 10, labelLimit: 220 } },
      columns: 4,
      spec: {
        width: 180, height: 90,
        mark: 'bar',
        encoding: { x: { field: 'value', type: 'ordinal', title: first }, y: { field: 'p', type: 'quantitative', title: 'probability', axis: { format: '.0%' } } },
      },
      resolve: { scale: { x: 'independent' } },
    } as TopLevelSpec,
  });

  if (d.compare.length > 0) {
    const rows = [...d.compare]
      .sort((x, y) => Math.abs(Number(y['delta'])) - Math.abs(Number(x['delta'])))
      .slice(0, MAX_DELTAS)
      .map((r) => ({
        variant: r['variant']!, matchup: `${r['matchup_a']!} vs ${r['matchup_b']!}${r['situation'] ? ` (${r['situation']})` : ''}`,
        delta: Number(r['delta']), low: Number(r['delta_ci95_low']), high: Number(r['delta_ci95_high']), significant: r['significant'] === 'true',
      }));
    out.push({
      title: `Variant deltas against ${d.compare[0]!['baseline']!}`,
      note: d.exact ? 'Exact differences.' : `95% intervals; filled points are significant after Holm's correction over all ${d.compare.length} comparisons.${d.compare.length > MAX_DELTAS ? ` The ${MAX_DELTAS} largest are shown; all are in compare.csv.` : ''}`,
      spec: {
        data: { values: rows },
        width: 420,
        height: Math.min(900, 16 * rows.length + 20),
        layer: [
          { mark: 'rule', encoding: { y: { field: 'matchup', type: 'nominal', title: null, sort: null }, x: { field: 'low', type: 'quantitative', title: `delta ${d.metric}` }, x2: { field: 'high' }, color: { field: 'variant', type: 'nominal' }, yOffset: { field: 'variant' } } },
          { mark: { type: 'point', size: 40 }, encoding: { y: { field: 'matchup', type: 'nominal', sort: null }, x: { field: 'delta', type: 'quantitative' }, color: { field: 'variant', type: 'nominal' }, yOffset: { field: 'variant' }, fill: { condition: { test: 'datum.significant', field: 'variant', type: 'nominal', legend: null }, value: 'white' } } },
          { mark: { type: 'rule', strokeDash: [4, 4], color: 'gray' }, encoding: { x: { datum: 0 } } },
        ],
      } as TopLevelSpec,
    });
  }

  const sweep = sweepGrid(d);
  if (sweep) out.push(sweep);
  return out;
}

/** Variants named "k1=v1 k2=v2" (a sweep): the metric averaged over matchups, on the grid of values. */
function sweepGrid(d: ReportData): Chart | null {
  const vs = variants(d);
  const parsed = vs.map((v) => v.split(' | ')[0]!.split(' ').map((kv) => kv.split('=')));
  if (vs.length < 2 || !parsed.every((p) => p.every((kv) => kv.length === 2)) || new Set(parsed.map((p) => p.length)).size !== 1) return null;
  const dims = parsed[0]!.length;
  if (dims < 1 || dims > 2) return null;
  const mean = (v: string): number => {
    const xs = d.summary.filter((r) => r['variant'] === v).map((r) => Number(r[d.metric]));
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  const values = vs.map((v, i) => ({ x: parsed[i]![0]![1]!, y: dims === 2 ? parsed[i]![1]![1]! : '', value: mean(v) }));
  const [kx, ky] = [parsed[0]![0]![0]!, dims === 2 ? parsed[0]![1]![0]! : ''];
  return {
    title: `Sweep: ${d.metric} averaged over matchups`,
    note: dims === 2 ? `${kx} (columns) against ${ky} (rows).` : `${kx}.`,
    spec: (dims === 2
      ? {
        data: { values }, width: 60 * new Set(values.map((v) => v.x)).size, height: 40 * new Set(values.map((v) => v.y)).size,
        layer: [
          { mark: 'rect', encoding: { x: { field: 'x', type: 'ordinal', title: kx, sort: null }, y: { field: 'y', type: 'ordinal', title: ky, sort: null }, color: { field: 'value', type: 'quantitative', title: d.metric } } },
          { mark: 'text', encoding: { x: { field: 'x', type: 'ordinal', sort: null }, y: { field: 'y', type: 'ordinal', sort: null }, text: { field: 'value', type: 'quantitative', format: '.3f' } } },
        ],
      }
      : { data: { values }, width: 300, height: 160, mark: 'bar', encoding: { x: { field: 'x', type: 'ordinal', title: kx, sort: null }, y: { field: 'value', type: 'quantitative', title: d.metric } } }) as TopLevelSpec,
  };
}

/** SVG markup of a chart. */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}
