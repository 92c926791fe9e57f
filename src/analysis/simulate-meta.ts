/** `balance meta` (and a solve over a roster), simulation: a meta plan (plan-meta.ts) -> simulated counts. */
import { simulate, simulateToPrecision, type Engine } from '../batch/engine.js';
import { intervalHalfWidth } from '../stats/compare.js';
import type { MetaPlan } from './plan-meta.js';

export interface MetaRunOptions {
  readonly engine: Engine;
  readonly workers: number;
  readonly precision: number | null;
  readonly maxTrials: number;
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Simulates every task; returns the merged tallies, the trials each used and, with a precision
 * target, whether each reached it (null without one).
 */
export async function simulateMeta(plan: MetaPlan, o: MetaRunOptions): Promise<{ tallies: Float64Array[]; used: number[]; reached: boolean[] | null }> {
  const plugin = plan.study.plugin;
  const base = { seed: plan.seed, engine: o.engine, workers: o.workers, ...(o.onProgress ? { onProgress: o.onProgress } : {}) };
  if (o.precision === null) return { tallies: await simulate(plugin, plan.tasks, base), used: plan.tasks.map((t) => t.trials), reached: null };
  const halfWidth = (i: number, tally: Float64Array): number => intervalHalfWidth(plugin.rows(plan.tasks[i]!, tally, false).stat);
  const r = await simulateToPrecision(plugin, plan.tasks, { ...base, precision: o.precision, maxTrials: o.maxTrials, halfWidth });
  return { tallies: r.tallies, used: r.trials, reached: r.reached };
}
