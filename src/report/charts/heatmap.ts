/**
 * Heatmaps of the compared metric: one panel per matchup block and variant, so matchups that
 * differ by situation, conditions or policy never share a cell, and two blocks never share a grid
 * with blank cells. Rows and columns follow the study's order; every panel has both axes and a
 * title; one legend for the report (legendSpec).
 */
import type { TopLevelSpec } from 'vega-lite';
import { aLabel, bLabel, blockLabel, estimate, matchupLabel, ordered, variants, type ReportData, type Row } from '../data.js';
import { colourScale, inkOn, METRIC_WORDS } from './colour.js';

export interface Block {
  /** '' or "situation: ..." / "conditions: ...". */
  readonly label: string;
  readonly as: readonly string[];
  readonly bs: readonly string[];
}

/**
 * The study's matchup blocks, from the first variant's rows: rows grouped by situation or
 * conditions, then side-a options grouped by the exact set of opponents they meet (a full grid each).
 */
export function blocks(d: ReportData): Block[] {
  const v0 = variants(d)[0];
  const rows = d.summary.filter((r) => r['variant'] === v0);
  const out: Block[] = [];
  for (const label of ordered(rows.map(blockLabel))) {
    const inBlock = rows.filter((r) => blockLabel(r) === label);
    const opponents = new Map<string, string[]>();
    for (const r of inBlock) opponents.set(aLabel(d, r), [...(opponents.get(aLabel(d, r)) ?? []), bLabel(d, r)]);
    const groups = new Map<string, string[]>();
    for (const [a, bs] of opponents) {
      const sig = JSON.stringify(ordered(bs));
      groups.set(sig, [...(groups.get(sig) ?? []), a]);
    }
    for (const [sig, as] of groups) out.push({ label, as, bs: JSON.parse(sig) as string[] });
  }
  return out;
}

const SIDE_WORDS: Record<string, string> = { attacker: 'attacker', defender: 'defender', side_a: 'side a', side_b: 'side b' };

/** Cell numbers (and bar labels) in px: 11 at least, readable at a report's size. */
export const CELL_FONT_PX = 11;

/** A panel of a block (rows of one variant); `byVariant`: rows are whole matchups and columns variants. */
function panel(d: ReportData, block: Block, rows: readonly Row[], title: string[], byVariant = false): TopLevelSpec {
  const scale = colourScale(d);
  const values = rows.map((r) => {
    const e = estimate(d, r);
    return {
      a: byVariant ? matchupLabel(d, r) : aLabel(d, r), b: byVariant ? r['variant']! : bLabel(d, r),
      value: e.value, ink: inkOn(scale, e.value), matchup: matchupLabel(d, r), variant: r['variant']!,
      desc: [`variant: ${r['variant']!}`, `${d.aCol}: ${r[d.aCol]!}`, `${d.bCol}: ${r[d.bCol]!}`, ...d.idCols.map((c) => `${c}: ${r[c] ?? ''}`), `${d.metric}: ${e.value}`].join('; '),
      text: Number.isFinite(e.value) ? e.value.toFixed(e.value >= 10 ? 1 : 2) : '',
    };
  });
  const showText = values.length <= 400;
  const x = { field: 'b', type: 'nominal', sort: block.bs, title: byVariant ? 'variant' : SIDE_WORDS[d.bCol] ?? d.bCol, axis: { labelAngle: -90, labelLimit: 0, orient: 'top' } } as const;
  const y = { field: 'a', type: 'nominal', sort: block.as, title: byVariant ? 'matchup' : SIDE_WORDS[d.aCol] ?? d.aCol, axis: { labelLimit: 0 } } as const;
  return {
    title: { text: title, anchor: 'start', fontSize: 12 },
    data: { values },
    width: { step: 32 },
    height: { step: 22 },
    layer: [
      {
        mark: { type: 'rect', stroke: 'white', strokeWidth: 0.5 },
        encoding: {
          x, y,
          color: { field: 'value', type: 'quantitative', scale: scale.vl, legend: null },
          tooltip: [{ field: 'matchup' }, { field: 'variant' }, { field: 'value', title: d.metric }],
          description: { field: 'desc' },
        },
      },
      ...(showText ? [{
        mark: { type: 'text' as const, fontSize: CELL_FONT_PX },
        encoding: { x, y, text: { field: 'text' }, color: { condition: { test: "datum.ink === 'white'", value: 'white' }, value: 'black' } },
      }] : []),
    ],
  } as TopLevelSpec;
}

/** One bar per matchup, coloured as the heatmap would colour it, its value written at its end. */
function barPanel(d: ReportData, matchups: readonly string[], rows: readonly Row[], title: string[]): TopLevelSpec {
  const scale = colourScale(d);
  const values = rows.map((r) => {
    const e = estimate(d, r);
    return {
      matchup: matchupLabel(d, r), variant: r['variant']!, value: e.value,
      text: Number.isFinite(e.value) ? e.value.toFixed(e.value >= 10 ? 1 : 2) : '',
      desc: `variant: ${r['variant']!}; matchup: ${matchupLabel(d, r)}; ${d.metric}: ${e.value}`,
    };
  });
  const y = { field: 'matchup', type: 'nominal', sort: matchups, title: 'matchup', axis: { labelLimit: 0 } } as const;
  const x = { field: 'value', type: 'quantitative' as const, title: d.metric, scale: { domain: [Math.min(0, scale.domain[0]), scale.domain[1]], nice: false } };
  return {
    title: { text: title, anchor: 'start', fontSize: 12 },
    data: { values },
    width: 240,
    height: { step: 22 },
    layer: [
      {
        mark: { type: 'bar' },
        encoding: {
          y, x,
          color: { field: 'value', type: 'quantitative', scale: scale.vl, legend: null },
          tooltip: [{ field: 'matchup' }, { field: 'variant' }, { field: 'value', title: d.metric }],
          description: { field: 'desc' },
        },
      },
      { mark: { type: 'text', align: 'left', dx: 4, fontSize: CELL_FONT_PX }, encoding: { y, x, text: { field: 'text' } } },
    ],
  } as TopLevelSpec;
}

const isSingle = (b: Block): boolean => b.as.length === 1 && b.bs.length === 1;

/**
 * One heatmap panel per block and variant, titled by both; blocks of one matchup each are
 * gathered in one more panel: a row per matchup, a column per variant.
 */
export function heatmapPanels(d: ReportData): TopLevelSpec[] {
  const vs = variants(d);
  const bl = blocks(d);
  const labelled = bl.some((b) => b.label !== '');
  const out: TopLevelSpec[] = [];
  for (const block of bl.filter((b) => !isSingle(b))) {
    for (const v of vs) {
      const rows = d.summary.filter((r) => r['variant'] === v && blockLabel(r) === block.label && block.as.includes(aLabel(d, r)) && block.bs.includes(bLabel(d, r)));
      if (rows.length === 0) continue;
      const title = [`variant: ${v}`, ...(block.label ? [block.label] : labelled ? ['(no situation)'] : [])];
      out.push(panel(d, block, rows, title));
    }
  }
  const singles = bl.filter(isSingle);
  if (singles.length > 0) {
    const rows = d.summary.filter((r) => singles.some((b) => b.label === blockLabel(r) && b.as[0] === aLabel(d, r) && b.bs[0] === bLabel(d, r)));
    const matchups = ordered(rows.map((r) => matchupLabel(d, r)));
    // One variant: a column of cells reads better as bars with their numbers (a one-cell heatmap says nothing a number does not).
    out.push(vs.length === 1 ? barPanel(d, matchups, rows, ['single matchups', `variant: ${vs[0]!}`]) : panel(d, { label: '', as: matchups, bs: vs }, rows, ['single matchups', 'every variant'], true));
  }
  return out;
}

/** The report's one colour legend: a gradient strip with its axis. */
export function legendSpec(d: ReportData): TopLevelSpec {
  const scale = colourScale(d);
  const [lo, hi] = scale.domain;
  const steps = 100;
  const values = Array.from({ length: steps }, (_, i) => ({ x: lo + ((hi - lo) * i) / steps, x2: lo + ((hi - lo) * (i + 1)) / steps, v: lo + ((hi - lo) * (i + 0.5)) / steps }));
  return {
    data: { values },
    width: 320,
    height: 14,
    mark: { type: 'rect' },
    encoding: {
      x: { field: 'x', type: 'quantitative', scale: { domain: [lo, hi], nice: false }, title: `colour: ${scale.title}`, axis: { tickCount: 5, grid: false } },
      x2: { field: 'x2' },
      color: { field: 'v', type: 'quantitative', scale: scale.vl, legend: null },
    },
  } as TopLevelSpec;
}

export const HEATMAP_TITLE = (d: ReportData): string => `Heatmap: ${METRIC_WORDS[d.metric]}`;
