/**
 * `balance solve`, without the I/O: the `solve:` block, its candidate values, and how one
 * candidate is evaluated: the study with the field set, planned by its mode, the target task's
 * metric computed exactly where the mode has an exact engine (attack modes) or simulated with the
 * study's seed (the same streams for every candidate: common random numbers), or a loadout's
 * vs-field score over the `meta:` roster.
 */
import { z } from 'zod';
import { simulate, type Engine } from '../batch/engine.js';
import { ConfigError } from '../config/problems.js';
import { checkSweep, setPath, type SweepValue } from '../config/sweep.js';
import { didYouMean } from '../config/suggest.js';
import { Z95 } from '../stats/histogram.js';
import { wilson } from '../stats/wilson.js';
import type { CompareStat, PlannedTask } from '../systems/types.js';
import { payoffMatrix, vsField } from './payoff.js';
import { metaBlockSchema, ROSTER_MODES, type MetaBlock } from './roster.js';
import { planMeta, simulateMeta } from './plan-meta.js';
import type { Point } from './solve.js';
import { loadAnalysisStudy, validatePoint, type AnalysisStudy } from './study.js';

const value = z.union([z.string(), z.number(), z.boolean()]);

export const solveBlockSchema = z.strictObject({
  target: z.strictObject({
    metric: z.string(),
    matchup: z.number().int().min(0).default(0),
    variant: z.string().optional(),
    loadout: z.string().optional(),
    value: z.number(),
    tolerance: z.number().positive().default(0.01),
  }),
  vary: z.strictObject({
    path: z.string(),
    values: z.array(value).min(2).max(10_000).optional(),
    from: z.number().int().optional(),
    to: z.number().int().optional(),
    step: z.number().int().min(1).default(1),
  }),
  /** Ceiling of trials per candidate when refining near the crossing (default 16 x trials). */
  maxTrials: z.number().int().min(1).max(1_000_000_000).optional(),
});
export type SolveBlock = z.output<typeof solveBlockSchema>;

export interface SolveStudy {
  readonly study: AnalysisStudy<SolveBlock>;
  readonly candidates: SweepValue[];
  /** The roster (vs_field targets), or null. */
  readonly meta: MetaBlock | null;
  /** Roster form: the path has a `*` standing for each roster loadout. */
  readonly roster: boolean;
}

export function loadSolveStudy(file: string): SolveStudy {
  const a = loadAnalysisStudy(file, 'solve', solveBlockSchema);
  const place = (path: (string | number)[], message: string, atKey = false) => a.loaded.problemAt(['solve', ...path], message, atKey);
  const { vary, target } = a.block;
  const problems = [];
  let candidates: SweepValue[] = [];
  if (vary.values !== undefined && (vary.from !== undefined || vary.to !== undefined)) problems.push(place(['vary'], 'give either values or from/to, not both'));
  else if (vary.values !== undefined) candidates = vary.values;
  else if (vary.from === undefined || vary.to === undefined || vary.to <= vary.from) problems.push(place(['vary'], 'needs values: [...] or integers from: and to: (from < to)'));
  else if ((vary.to - vary.from) / vary.step > 10_000) problems.push(place(['vary'], 'at most 10000 candidates'));
  else for (let v = vary.from; v <= vary.to; v += vary.step) candidates.push(v);
  const roster = vary.path.includes('*');
  let meta: MetaBlock | null = null;
  const rawMeta = (a.loaded.data as Record<string, unknown>)['meta'];
  if (target.metric === 'vs_field' || roster) {
    if (rawMeta === undefined) problems.push(place(['target', 'metric'], 'vs_field needs a meta: block (its roster is the field)'));
    else {
      const parsed = metaBlockSchema.safeParse(rawMeta);
      if (!parsed.success) problems.push(a.loaded.problemAt(['meta'], 'invalid meta: block (run balance meta on the study to see why)', true));
      else meta = parsed.data;
    }
    const mode = ROSTER_MODES[`${a.plugin.system}.${a.plugin.mode}`];
    if (mode === undefined) problems.push(place(['target', 'metric'], `vs_field needs a mode balance meta can play (${Object.keys(ROSTER_MODES).join(', ')})`));
    else if (meta !== null) {
      const { names, problems: rp } = mode.names(a.raw, meta);
      problems.push(...rp.map((p) => a.loaded.problemAt(p.path, p.message)));
      if (!roster && target.loadout === undefined) problems.push(place(['target'], 'vs_field needs the loadout: whose score to bring to the value'));
      if (target.loadout !== undefined && !names.includes(target.loadout)) problems.push(place(['target', 'loadout'], `"${target.loadout}" is not in meta.roster${didYouMean(target.loadout, names)}`));
    }
    if (roster && target.metric !== 'vs_field') problems.push(place(['target', 'metric'], 'a path with * balances a roster: the metric must be vs_field'));
  }
  if (!roster && problems.length === 0) {
    const check = checkSweep({ ...a.raw, sweep: { [vary.path]: candidates } }, a.plugin.schema);
    problems.push(...check.map((p) => place(['vary', 'path'], p.message.replace(/sweep/g, 'vary'))));
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { study: a, candidates, meta, roster };
}

export interface EvalOptions {
  readonly seed?: number | undefined;
  readonly engine: Engine | 'exact';
  readonly workers: number;
  readonly onProgress?: (done: number, total: number) => void;
}

/** A point from a compared stat: a mean with its normal interval, or a rate with Wilson's. */
export function pointOf(index: number, v: SweepValue, stat: CompareStat, exact: boolean): Point {
  if (stat.kind === 'mean') {
    const h = exact ? 0 : (Z95 * stat.sd) / Math.sqrt(stat.n);
    return { index, value: v, estimate: stat.mean, low: stat.mean - h, high: stat.mean + h, trials: exact ? null : stat.n };
  }
  const p = stat.successes / stat.n;
  const ci = exact ? { low: p, high: p } : wilson(stat.successes, stat.n);
  return { index, value: v, estimate: p, low: ci.low, high: ci.high, trials: exact ? null : stat.n };
}

/** The study with the varied field set to candidate i, validated (problems reported at solve.vary). */
export function candidateStudy(s: SolveStudy, data: Record<string, unknown>, what: string) {
  const root = s.study.block.vary.path.split('.')[0]!;
  return validatePoint(s.study, data, { path: ['solve', 'vary'], what, roots: [root, 'loadouts'] });
}

/** Evaluates the target metric for candidate `i` with `trials` trials (ignored when exact). */
export async function evaluateCandidate(s: SolveStudy, i: number, trials: number, o: EvalOptions): Promise<Point> {
  const a = s.study;
  const { target, vary } = a.block;
  const v = s.candidates[i]!;
  const data = structuredClone(a.raw) as Record<string, unknown>;
  setPath(data, vary.path.split('.'), v);
  const study = candidateStudy(s, data, `${vary.path}=${String(v)}`);
  const seed = o.seed ?? study.seed;
  if (target.metric === 'vs_field') return vsFieldPoint(s, data, i, trials, o, seed);
  const tasks = a.plugin.plan(study, trials) as PlannedTask<unknown>[];
  const variant = target.variant ?? tasks[0]!.labels['variant']!;
  const mine = tasks.filter((t) => t.labels['variant'] === variant);
  if (mine.length === 0) throw new ConfigError([a.loaded.problemAt(['solve', 'target', 'variant'], `unknown variant "${variant}"${didYouMean(variant, [...new Set(tasks.map((t) => t.labels['variant']!))])}`)]);
  const task = mine[target.matchup];
  if (task === undefined) throw new ConfigError([a.loaded.problemAt(['solve', 'target', 'matchup'], `the study plays ${mine.length} matchup(s) per variant: expected 0 to ${mine.length - 1}`)]);
  const exact = o.engine === 'exact';
  const tally = exact ? a.plugin.exact!(task.spec) : (await simulate(a.plugin, [task], { seed, engine: o.engine as Engine, workers: o.workers, ...(o.onProgress ? { onProgress: o.onProgress } : {}) }))[0]!;
  const stat = a.plugin.rows(task, tally, exact).stat;
  if (stat.metric !== target.metric) {
    throw new ConfigError([a.loaded.problemAt(['solve', 'target', 'metric'], `${a.plugin.system} ${a.plugin.mode} studies solve for ${stat.metric}${ROSTER_MODES[`${a.plugin.system}.${a.plugin.mode}`] ? ' or vs_field' : ''}, received "${target.metric}"`)]);
  }
  return pointOf(i, v, stat, exact);
}

async function vsFieldPoint(s: SolveStudy, data: Record<string, unknown>, i: number, trials: number, o: EvalOptions, seed: number): Promise<Point> {
  const r = await rosterScores(s, data, trials, o, seed);
  const k = r.names.indexOf(s.study.block.target.loadout!);
  const f = r.scores[k]!;
  return { index: i, value: s.candidates[i]!, estimate: f.estimate, low: f.low, high: f.high, trials: r.trials };
}

/** Every roster loadout's vs-field score in `data` (one meta simulation of the target's variant). */
export async function rosterScores(s: SolveStudy, data: Record<string, unknown>, trials: number, o: EvalOptions, seed: number) {
  const a = { ...s.study, raw: data, block: s.meta! };
  const plan = planMeta(a, { trials, seed });
  const engine: Engine = o.engine === 'exact' ? 'dice' : o.engine;
  const { tallies } = await simulateMeta(plan, { engine, workers: o.workers, precision: null, maxTrials: trials, ...(o.onProgress ? { onProgress: o.onProgress } : {}) });
  const variant = s.study.block.target.variant ?? plan.variants[0]!;
  if (!plan.variants.includes(variant)) throw new ConfigError([s.study.loaded.problemAt(['solve', 'target', 'variant'], `unknown variant "${variant}"${didYouMean(variant, [...plan.variants])}`)]);
  const p = payoffMatrix(plan.names, (x, y) => {
    const t = tallies[plan.task(variant, x, y)]!;
    return { aWins: t[0]!, bWins: t[1]!, draws: t[2]! };
  }, false);
  return { names: plan.names, scores: plan.names.map((_, k) => vsField(p, k)), trials: 2 * trials * (plan.names.length - 1) };
}
