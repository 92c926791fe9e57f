/**
 * The report's charts as sections of Vega-Lite panels, rendered to SVG in Node by vega (no
 * browser, no network). Every panel is its own SVG with its own title and axes, so the page wraps
 * panels to its width and no chart is wider than its column.
 */
import { compile, type TopLevelSpec } from 'vega-lite';
import { parse, View } from 'vega';
import { variants, type ReportData } from './data.js';
import { colourScale } from './charts/colour.js';
import { compared, loadoutDeltaPanels, MAX_DELTAS, MIN_DELTAS_PER_SERIES, variantDeltaPanel } from './charts/deltas.js';
import { deathPanel, DISTRIBUTION_METRIC, distributionPanels, MAX_DISTRIBUTIONS } from './charts/distributions.js';
import { blocks, HEATMAP_TITLE, heatmapPanels, legendSpec } from './charts/heatmap.js';
import { sweepPanel } from './charts/sweep.js';
import { GAP_NOTE, GAP_TITLE, gapPanels } from './charts/policy-gap.js';
import { EXACT_NOTE } from './format.js';
import { SEARCH_GAP_NOTE, SEARCH_GAP_TITLE, searchGapLabel, searchGapPanels, searchGapRows, searchGapSentence } from './charts/search-gap.js';

export interface Section {
  readonly id: string;
  readonly title: string;
  readonly note: string;
  /** The report's one colour legend, above the heatmap panels. */
  readonly legend?: TopLevelSpec;
  readonly panels: readonly TopLevelSpec[];
  /** Sentences shown under the panels (the policy gap: one per matchup). */
  readonly lines?: readonly string[];
}

const SIDE = (col: string): string => col.replace('_', ' ');

export function sections(d: ReportData): Section[] {
  const out: Section[] = [];
  const vs = variants(d);
  const bl = blocks(d);
  out.push({
    id: 'heatmap', title: HEATMAP_TITLE(d), legend: legendSpec(d), panels: heatmapPanels(d),
    note: (bl.some((b) => b.as.length > 1 || b.bs.length > 1)
      ? `${SIDE(d.aCol)} (rows) against ${SIDE(d.bCol)} (columns), in the study's order; one panel per variant` +
        `${bl.length > 1 ? ` and per block of matchups (a situation, conditions or a different set of opponents)` : ''}. `
      : '') +
      (bl.some((b) => b.as.length === 1 && b.bs.length === 1)
        ? (vs.length === 1 ? 'Single matchups: one bar per matchup, its value at its end. ' : 'Single matchups: one row per matchup, one column per variant. ')
        : '') +
      (colourScale(d).mid !== null ? 'White is an even matchup (0.5); red: side a loses more often, blue: it wins more often.' : 'Darker is more.'),
  });
  const deaths = deathPanel(d);
  if (deaths) {
    out.push({ id: 'deaths', title: 'Hero death rates', panels: [deaths], note: 'A hero counts as dead when it is dead at the end of the fight; lines are 95% Wilson intervals, one colour per variant.' });
  }
  const metric = DISTRIBUTION_METRIC[d.metric];
  const dist = distributionPanels(d);
  out.push({
    id: 'distribution', title: `Distribution of ${metric} (${vs[0] ?? ''})`, panels: dist.panels,
    note: dist.total > MAX_DISTRIBUTIONS ? `The first ${MAX_DISTRIBUTIONS} of ${dist.total} matchups; all are in distribution.csv.` : 'Every matchup of the first variant.',
  });
  const gap = gapPanels(d);
  if (gap.total > 0) {
    out.push({
      id: 'policy-gap', title: `${GAP_TITLE} (${vs[0] ?? ''})`, panels: gap.panels,
      note: GAP_NOTE + (gap.total > MAX_DISTRIBUTIONS ? ` The first ${MAX_DISTRIBUTIONS} of ${gap.total} matchups; all are in summary.csv.` : ''),
    });
  }
  const searchGap = searchGapPanels(d.policyGap);
  if (searchGap.total > 0) {
    out.push({
      id: 'search-gap', title: `${SEARCH_GAP_TITLE} (${searchGapRows(d.policyGap)[0]!['variant']!})`, panels: searchGap.panels,
      lines: searchGapRows(d.policyGap).map((r) => `${searchGapLabel(r)}: ${searchGapSentence(r)}`),
      note: SEARCH_GAP_NOTE + (searchGap.total > MAX_DISTRIBUTIONS ? ` The first ${MAX_DISTRIBUTIONS} of ${searchGap.total} matchups; all are in policy_gap.csv.` : ''),
    });
  }
  const holmNote = (n: number, kind: string): string => (d.exact ? EXACT_NOTE : `Lines are 95% intervals; filled points are significant after Holm's correction over all ${d.compare.length} rows of compare.csv.`) +
    (n > MAX_DELTAS ? ` ${MAX_DELTAS} of ${n} are shown: each ${kind}'s ${MIN_DELTAS_PER_SERIES} largest first, then the largest of the rest; all are in compare.csv.` : '');
  const variantRows = compared(d, 'variants');
  const vd = variantDeltaPanel(d);
  if (vd) out.push({ id: 'variant-deltas', title: `Variant deltas against ${variantRows[0]!['baseline']!}`, panels: [vd], note: holmNote(variantRows.length, 'variant') });
  const loadoutRows = compared(d, 'loadouts');
  const ld = loadoutDeltaPanels(d);
  if (ld.length > 0) {
    out.push({
      id: 'loadout-deltas', title: `Loadout deltas against ${loadoutRows[0]!['baseline']!}`, panels: ld,
      note: `Each loadout minus the baseline loadout against the same opponent, under the same variant (common random numbers). ${holmNote(loadoutRows.length, 'loadout')}`,
    });
  }
  const sideBRows = compared(d, 'loadouts-b');
  const lb = loadoutDeltaPanels(d, 'b');
  if (lb.length > 0) {
    out.push({
      id: 'loadout-b-deltas', title: `Side-b loadout deltas against ${sideBRows[0]!['baseline']!}`, panels: lb,
      note: `Each side-b loadout minus the baseline against the same side-a loadout, under the same variant (common random numbers); the metric is side a's, so a negative delta means the loadout protects better. ${holmNote(sideBRows.length, 'loadout')}`,
    });
  }
  const sweep = sweepPanel(d);
  if (sweep) out.push({ id: 'sweep', title: 'Sweep', panels: [sweep.spec], note: sweep.note });
  return out;
}

/**
 * SVG markup of a chart. Axes may take all the room their labels need (Vega's default caps it at
 * 200 px and then draws long labels under the axis title).
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const withConfig = { ...spec, config: { ...spec.config, axis: { maxExtent: 2000, ...spec.config?.axis } } } as TopLevelSpec;
  const view = new View(parse(compile(withConfig).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}
