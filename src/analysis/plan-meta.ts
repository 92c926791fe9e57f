/**
 * `balance meta`, planning and simulation: the roster's ordered pairs -> tasks (the mode's own
 * plan, so streams, engines and chunks are those of `run`) -> simulated counts.
 */
import { ConfigError } from '../config/problems.js';
import { simulate, simulateToPrecision, type Engine } from '../batch/engine.js';
import { intervalHalfWidth } from '../stats/compare.js';
import type { PlannedTask } from '../systems/types.js';
import { metaBlockSchema, ROSTER_MODES, type MetaBlock } from './roster.js';
import { loadAnalysisStudy, validatePoint, type AnalysisStudy } from './study.js';

export interface MetaPlan {
  readonly study: AnalysisStudy<MetaBlock>;
  readonly names: readonly string[];
  readonly variants: readonly string[];
  readonly tasks: PlannedTask<unknown>[];
  /** Index of the task playing names[i] (side a) against names[j] (side b) under a variant. */
  task(variant: string, i: number, j: number): number;
  readonly seed: number;
  readonly trials: number;
}

export function loadMetaStudy(file: string): AnalysisStudy<MetaBlock> {
  const a = loadAnalysisStudy(file, 'meta', metaBlockSchema);
  const key = `${a.plugin.system}.${a.plugin.mode}`;
  const mode = ROSTER_MODES[key];
  if (mode === undefined) {
    throw new ConfigError([a.loaded.problemAt(['meta'], `balance meta plays ${Object.keys(ROSTER_MODES).join(', ')} studies, not ${a.plugin.system} ${a.plugin.mode}`, true)]);
  }
  const { problems } = mode.names(a.raw, a.block);
  if (problems.length > 0) throw new ConfigError(problems.map((p) => a.loaded.problemAt(p.path, p.message)));
  return a;
}

/** Every ordered pair of the roster (both orders), under every variant. */
export function planMeta(a: AnalysisStudy<MetaBlock>, overrides: { trials?: number | undefined; seed?: number | undefined }): MetaPlan {
  const mode = ROSTER_MODES[`${a.plugin.system}.${a.plugin.mode}`]!;
  const { names } = mode.names(a.raw, a.block);
  const tasks: PlannedTask<unknown>[] = [];
  const at = new Map<string, number>();
  let seed = 1;
  let trials = 1;
  for (let i = 0; i < names.length; i++) {
    for (let j = 0; j < names.length; j++) {
      if (i === j) continue;
      const [x, y] = [names[i]!, names[j]!];
      const study = validatePoint(a, mode.pair(a.raw, a.block, x, y), { path: ['meta', 'roster'], what: `${x} vs ${y}`, roots: ['matchups', 'sides'] });
      seed = overrides.seed ?? study.seed;
      trials = overrides.trials ?? study.trials;
      for (const t of a.plugin.plan(study, trials) as PlannedTask<unknown>[]) {
        const variant = t.labels['variant']!;
        at.set(JSON.stringify([variant, i, j]), tasks.length);
        tasks.push({ ...t, labels: { ...t.labels, variant, a: x, b: y } });
      }
    }
  }
  const variants = [...new Set(tasks.map((t) => t.labels['variant']!))];
  return { study: a, names, variants, tasks, seed, trials, task: (v, i, j) => at.get(JSON.stringify([v, i, j]))! };
}

export interface MetaRunOptions {
  readonly engine: Engine;
  readonly workers: number;
  readonly precision: number | null;
  readonly maxTrials: number;
  readonly onProgress?: (done: number, total: number) => void;
}

/** Simulates every task; returns the merged tallies and the trials each used. */
export async function simulateMeta(plan: MetaPlan, o: MetaRunOptions): Promise<{ tallies: Float64Array[]; used: number[] }> {
  const plugin = plan.study.plugin;
  const base = { seed: plan.seed, engine: o.engine, workers: o.workers, ...(o.onProgress ? { onProgress: o.onProgress } : {}) };
  if (o.precision === null) return { tallies: await simulate(plugin, plan.tasks, base), used: plan.tasks.map((t) => t.trials) };
  const halfWidth = (i: number, tally: Float64Array): number => intervalHalfWidth(plugin.rows(plan.tasks[i]!, tally, false).stat);
  const r = await simulateToPrecision(plugin, plan.tasks, { ...base, precision: o.precision, maxTrials: o.maxTrials, halfWidth });
  return { tallies: r.tallies, used: r.trials };
}
