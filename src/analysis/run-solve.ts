/**
 * `balance solve`, without the I/O: how one candidate (solve-study.ts) is evaluated: the study
 * with the field set, planned by its mode, the target task's
 * metric computed exactly where the mode has an exact engine (attack modes) or simulated with the
 * study's seed (the same streams for every candidate: common random numbers), or a loadout's
 * vs-field score over the `meta:` roster.
 */
import { simulate, type Engine } from '../batch/engine.js';
import { ConfigError } from '../config/problems.js';
import { setPath, type SweepValue } from '../config/sweep.js';
import { didYouMean } from '../common/suggest.js';
import { Z95 } from '../stats/histogram.js';
import { wilson } from '../stats/wilson.js';
import type { CompareStat, PlannedTask } from '../systems/types.js';
import { payoffMatrix, vsField } from './payoff.js';
import { planMeta } from './plan-meta.js';
import { simulateMeta } from './simulate-meta.js';
import type { Point } from './solve.js';
import { candidateStudy, targetTask, type SolveStudy } from './solve-study.js';

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
  const task = targetTask(s, a.plugin.plan(study, trials) as PlannedTask<unknown>[]);
  const exact = o.engine === 'exact';
  const tally = exact ? a.plugin.exact!(task.spec) : (await simulate(a.plugin, [task], { seed, engine: o.engine as Engine, workers: o.workers, ...(o.onProgress ? { onProgress: o.onProgress } : {}) }))[0]!;
  return pointOf(i, v, a.plugin.rows(task, tally, exact).stat, exact);
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
