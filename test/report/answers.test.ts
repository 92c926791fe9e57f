/**
 * Answers that read right: exact comparisons carry no test, the Matchups table has every variant,
 * round histograms stop at the last round played, a one-cell heatmap is a bar with its number,
 * heatmap numbers are readable, the solve curve is spaced by value, the Fighters table says what
 * its numbers are, and the d20 example's description says what the file plays. In process.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exactStudy, loadStudyText, runStudy, type Results } from '../../src/api.js';
import { COMPARE_HEADER } from '../../src/stats/compare.js';
import { distributionPanels, untilLastMass } from '../../src/report/charts/distributions.js';
import { CELL_FONT_PX, heatmapPanels } from '../../src/report/charts/heatmap.js';
import { reportData, type ReportData } from '../../src/report/data.js';
import { EXACT_NOTE } from '../../src/report/format.js';
import { curveSpec, type SolveReport, type SolveRow } from '../../src/report/solve.js';
import { tables } from '../../src/report/tables.js';
import { FIGHTERS_NOTE, fightersMarkdown } from '../../src/report/fighters.js';
import { ROOT, EXAMPLE } from '../helpers/cli.js';

const dataOf = (r: Results): ReportData => reportData({
  summary: r.files['summary.csv']!, distribution: r.files['distribution.csv']!, compare: r.files['compare.csv'] ?? null, run: r.files['run.json']!,
});
const config = (name: string): string => readFileSync(join(ROOT, 'configs', name), 'utf8');
const csvRows = (text: string): string[][] => text.trim().split('\n').map((l) => l.split(','));

describe('exact comparisons', () => {
  const exact = exactStudy(loadStudyText('skirmish-weapons-compared.yaml', config('skirmish-weapons-compared.yaml')));

  it('compare.csv keeps its columns; an exact row gives the difference and leaves p-values and significant empty', () => {
    const [header, ...rows] = csvRows(exact.files['compare.csv']!);
    expect(header!.slice(0, COMPARE_HEADER.length)).toEqual([...COMPARE_HEADER]);
    const col = (name: string): number => header!.indexOf(name);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect([r[col('p_value')], r[col('significant')], r[col('p_value_holm')]]).toEqual(['', '', '']);
      expect(Number(r[col('delta')])).toBeCloseTo(Number(r[col('variant_value')]) - Number(r[col('baseline_value')]), 12);
      expect([r[col('delta_ci95_low')], r[col('delta_ci95_high')]]).toEqual([r[col('delta')], r[col('delta')]]);
    }
    // A difference of a few thousandths of a Wound is given as it is, with no verdict.
    const small = rows.find((r) => r[col('compared')] === 'loadouts' && Math.abs(Number(r[col('delta')])) > 0 && Math.abs(Number(r[col('delta')])) < 0.005);
    expect(small).toBeDefined();
  });

  it('the report says "exact" and shows no p-value or significance', () => {
    const delta = tables(dataOf(exact)).filter((t) => t.title.includes('deltas'));
    expect(delta.map((t) => t.title)).toEqual(['Variant deltas against base', 'Loadout deltas against sword']);
    for (const t of delta) {
      expect(t.note).toContain(EXACT_NOTE);
      const at = (h: string): number => t.header.indexOf(h);
      for (const r of t.rows) expect([r[at('95% CI')], r[at('p')], r[at('p (Holm)')], r[at('significant')]]).toEqual(['exact', '', '', '']);
    }
  });

  it('a Monte Carlo run of the same study still tests each difference', async () => {
    const mc = await runStudy(loadStudyText('compared.yaml', config('skirmish-weapons-compared.yaml')), { trials: 4000, workers: 0 });
    const [header, ...rows] = csvRows(mc.files['compare.csv']!);
    const sig = header!.indexOf('significant');
    const p = header!.indexOf('p_value');
    for (const r of rows) {
      expect(['true', 'false']).toContain(r[sig]);
      expect(Number(r[p])).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('report tables and charts', () => {
  it('the Matchups table has every variant, with a variant column', () => {
    const d = dataOf(exactStudy(loadStudyText('example.yaml', EXAMPLE)));
    const m = tables(d).find((t) => t.title.startsWith('Matchups'))!;
    expect(m.title).toBe('Matchups (2 variants)');
    expect(m.header[0]).toBe('variant');
    expect(m.rows.map((r) => r[0])).toEqual(d.summary.map((r) => r['variant']));
    expect(new Set(m.rows.map((r) => r[0]))).toEqual(new Set(['base', 'defender-ties']));
  });

  it('a round histogram ends at the last round with probability; distribution.csv keeps every round', async () => {
    const study = loadStudyText('duels.yaml', readFileSync(join(ROOT, 'test/fixtures/keen-stout-duel.yaml'), 'utf8'));
    const r = await runStudy(study, { trials: 400, workers: 0 });
    const d = dataOf(r);
    const maxRounds = (study.data['duel'] as { maxRounds: number }).maxRounds;
    const rounds = d.distribution.filter((x) => x['metric'] === 'rounds' && x['variant'] === d.summary[0]!['variant']);
    expect(Math.max(...rounds.map((x) => Number(x['value'])))).toBe(maxRounds);
    const { panels } = distributionPanels(d);
    expect(panels.length).toBeGreaterThan(0);
    for (const p of panels) {
      const values = (p as { data: { values: { value: string; probability: number }[] } }).data.values;
      expect(values.at(-1)!.probability).toBeGreaterThan(0);
      // Nothing with mass was cut: the bars hold all of it.
      expect(values.reduce((s, v) => s + v.probability, 0)).toBeCloseTo(1, 9);
    }
    // Some matchup ends well before maxRounds, so its chart is shorter than the CSV.
    expect(panels.some((p) => (p as { data: { values: unknown[] } }).data.values.length < maxRounds)).toBe(true);
    const rows = [{ probability: '0' }, { probability: '0.5' }, { probability: '0.5' }, { probability: '0' }, { probability: '0' }];
    expect(untilLastMass(rows, 'rounds')).toEqual(rows.slice(0, 3));
    expect(untilLastMass(rows, 'wounds')).toEqual(rows);
  });

  it('a one-cell heatmap is a bar with its number; heatmap numbers are at least 11 px', () => {
    const one = EXAMPLE.replace(/matchups:\n( {2}- .*\n)+/, 'matchups:\n  - { attacker: keen-sword, defender: stout-axe-medium }\n').replace(/\n {2}defender-ties: .*\n/, '\n');
    const d = dataOf(exactStudy(loadStudyText('one.yaml', one)));
    expect(d.summary.length).toBe(1);
    const panels = heatmapPanels(d) as unknown as { layer: { mark: { type: string; fontSize?: number } }[] }[];
    expect(panels.length).toBe(1);
    expect(panels[0]!.layer.map((l) => l.mark.type)).toEqual(['bar', 'text']);
    expect(panels[0]!.layer[1]!.mark.fontSize).toBeGreaterThanOrEqual(11);
    const grid = heatmapPanels(dataOf(exactStudy(loadStudyText('cmp.yaml', config('skirmish-weapons-compared.yaml'))))) as unknown as { layer: { mark: { type: string; fontSize?: number } }[] }[];
    const texts = grid.flatMap((p) => p.layer.filter((l) => l.mark.type === 'text'));
    expect(texts.length).toBeGreaterThan(0);
    expect(CELL_FONT_PX).toBeGreaterThanOrEqual(11);
    for (const t of texts) expect(t.mark.fontSize).toBeGreaterThanOrEqual(11);
  });

  it('the solve curve spaces numeric values by value, and keeps other values in the order tried', () => {
    const row = (value: string | number, estimate: number): SolveRow => ({ step: 1, loadout: '', path: 'weapons.axe.might', value, metric: 'mean_wounds', estimate, low: estimate, high: estimate, trials: null, role: '' });
    const report = (curve: SolveRow[]): SolveReport => ({ title: '', target: '', rows: curve, curve, curveBy: 'value', recommendation: '', warnings: [], targetValue: 1, tolerance: 0.01 });
    const x = (s: SolveReport) => {
      const spec = curveSpec(s) as unknown as { data: { values: { x: unknown }[] }; layer: { encoding: { x?: { type: string } } }[] };
      return { type: spec.layer[1]!.encoding.x!.type, xs: spec.data.values.map((v) => v.x) };
    };
    expect(x(report([row('+0', 0.5), row('+1', 0.7), row('+4', 1.2)]))).toEqual({ type: 'quantitative', xs: [0, 1, 4] });
    expect(x(report([row(2, 0.5), row(10, 0.7)]))).toEqual({ type: 'quantitative', xs: [2, 10] });
    expect(x(report([row('d6', 0.5), row('d8', 0.7)]))).toEqual({ type: 'ordinal', xs: ['d6', 'd8'] });
  });

  it('the Fighters table calls its first number Wounds dealt and says which fighters.csv column it is', async () => {
    const r = await runStudy(loadStudyText('battle.yaml', readFileSync(join(ROOT, 'test/fixtures/small-battle.yaml'), 'utf8')), { trials: 200, workers: 0 });
    const fighters = r.files['fighters.csv']!;
    expect(fighters.split('\n')[0]).toContain(',mean_unblocked_hits_dealt,mean_takedowns,mean_friendly_fire_hits,');
    const md = fightersMarkdown(r.files['summary.csv']!, fighters);
    expect(md).toContain(FIGHTERS_NOTE);
    expect(FIGHTERS_NOTE).toContain('mean_unblocked_hits_dealt');
    expect(md).toContain('| matchup | side | fighter | Wounds dealt | takedowns |');
  });
});

describe('configs/d20-party-vs-monsters.yaml', () => {
  it('its description names every creature it plays, one band in one fight, and what the variants change', () => {
    const study = parse(config('d20-party-vs-monsters.yaml')) as {
      description: string; loadouts: Record<string, { creature: string }>; sides: Record<string, (string | { loadout: string })[]>; variants: Record<string, Record<string, unknown>>;
    };
    const text = study.description.toLowerCase();
    for (const side of Object.values(study.sides)) {
      for (const e of side) expect(text).toContain(study.loadouts[typeof e === 'string' ? e : e.loadout]!.creature);
    }
    // One enemies list: a single fight, not groups in turn.
    expect(Object.keys(study.sides)).toEqual(['heroes', 'enemies']);
    expect(text).toContain('single fight');
    expect(text).not.toMatch(/in turn|groups/);
    expect(config('d20-party-vs-monsters.yaml')).not.toMatch(/groups|in turn/);
    // Each variant's rule is described.
    const words: Record<string, string> = { enemiesRollDeath: 'death saves', critOn: 'critical hits', dyingAfterFight: 'after the fight' };
    for (const v of Object.values(study.variants)) for (const k of Object.keys(v)) expect(text).toContain(words[k]!);
  });
});
