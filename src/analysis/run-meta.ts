/**
 * `balance meta`, the analysis: one payoff matrix and one equilibrium analysis per variant, from
 * the simulated counts of every ordered pair (see plan-meta.ts).
 */
import { analyseMeta, type MetaResult } from './meta.js';
import { payoffMatrix } from './payoff.js';
import type { MetaPlan } from './plan-meta.js';

export { loadMetaStudy, planMeta, type MetaPlan } from './plan-meta.js';
export { simulateMeta } from './simulate-meta.js';

/** The payoff matrix and equilibrium analysis of each variant. Fight tallies start with a wins, b wins, draws. */
export async function analyseVariants(plan: MetaPlan, tallies: readonly Float64Array[]): Promise<{ variant: string; result: MetaResult }[]> {
  const out: { variant: string; result: MetaResult }[] = [];
  for (const variant of plan.variants) {
    const counts = (i: number, j: number) => {
      const t = tallies[plan.task(variant, i, j)]!;
      return { aWins: t[0]!, bWins: t[1]!, draws: t[2]! };
    };
    const payoff = payoffMatrix(plan.names, counts, false);
    out.push({ variant, result: await analyseMeta(payoff, { resamples: plan.study.block.resamples, seed: plan.seed, key: variant }) });
  }
  return out;
}
