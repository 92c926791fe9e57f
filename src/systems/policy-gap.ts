/**
 * The policy gap of a fight (`balance run --policy-gap`, `policy_gap: true`): a fight mode's plugin
 * wrapped so that each task plays every trial three ways on common random numbers (named vs named,
 * challenger vs named, named vs challenger; policy-gap-kernel.ts) and writes policy_gap.csv beside
 * the mode's own files. summary.csv and the other files are the named play's, byte for byte those
 * of a plain run.
 */
import { Z95 } from '../stats/histogram.js';
import { wilson } from '../stats/wilson.js';
import { GAP_PREFIX } from './kernels.js';
import { gapKernel, JOINT_CELLS, type GapSpec } from './policy-gap-kernel.js';
import type { AnyModePlugin, Cell, PlannedTask, TaskRows } from './types.js';

/** The policy the challenger plays: the search player. */
export const CHALLENGER = 'search';

/** policy_gap.csv's columns: the first eight are a contract. */
export const POLICY_GAP_HEADER = [
  'variant', 'side_a', 'side_b', 'win_named', 'win_search_a', 'win_search_b', 'gap_a', 'gap_b',
  'trials', 'win_named_ci95_low', 'win_named_ci95_high', 'win_search_a_ci95_low', 'win_search_a_ci95_high',
  'win_search_b_ci95_low', 'win_search_b_ci95_high', 'gap_a_ci95_low', 'gap_a_ci95_high', 'gap_b_ci95_low', 'gap_b_ci95_high',
  'draw_named', 'draw_search_a', 'draw_search_b', 'challenger', 'situation',
] as const;

/** Whether a mode can play the policy gap (fight modes with a challenge hook: battles, group fights). */
export function hasPolicyGap(plugin: AnyModePlugin): boolean {
  return plugin.challenge !== undefined;
}

/**
 * Mean of paired differences d = x - y of two 0/1 outcomes over n trials, from the counts of
 * (x=1, y=0) and (x=0, y=1), with its normal 95% interval (sample sd, n - 1).
 */
export function pairedDifference(up: number, down: number, n: number): { mean: number; low: number; high: number } {
  const mean = (up - down) / n;
  if (n < 2) return { mean, low: mean, high: mean };
  const variance = Math.max(0, ((up + down) / n - mean * mean) * (n / (n - 1)));
  const half = Z95 * Math.sqrt(variance / n);
  return { mean, low: mean - half, high: mean + half };
}

/** The row of policy_gap.csv from the 27 joint winner counts (9 * named + 3 * search a + search b; 0 = a wins, 1 = b, 2 = draw). */
export function policyGapRow(
  joint: ArrayLike<number>, labels: { variant: string; a: string; b: string; situation: string }, challenger: string,
): Cell[] {
  let n = 0;
  const wins = [0, 0, 0];
  const draws = [0, 0, 0];
  let aUp = 0;
  let aDown = 0;
  let bUp = 0;
  let bDown = 0;
  for (let k = 0; k < JOINT_CELLS; k++) {
    const c = joint[k]!;
    if (c === 0) continue;
    const w = [Math.floor(k / 9), Math.floor(k / 3) % 3, k % 3] as const;
    n += c;
    w.forEach((x, i) => {
      if (x === 0) wins[i] = wins[i]! + c;
      if (x === 2) draws[i] = draws[i]! + c;
    });
    const named = w[0] === 0 ? 1 : 0;
    const sa = w[1] === 0 ? 1 : 0;
    const sb = w[2] === 0 ? 1 : 0;
    // gap_a = win_search_a - win_named; gap_b = win_named - win_search_b.
    if (sa > named) aUp += c;
    if (sa < named) aDown += c;
    if (named > sb) bUp += c;
    if (named < sb) bDown += c;
  }
  const rate = wins.map((w) => w / n);
  const ci = wins.map((w) => wilson(w, n));
  const gapA = pairedDifference(aUp, aDown, n);
  const gapB = pairedDifference(bUp, bDown, n);
  return [
    labels.variant, labels.a, labels.b, rate[0]!, rate[1]!, rate[2]!, gapA.mean, gapB.mean,
    n, ci[0]!.low, ci[0]!.high, ci[1]!.low, ci[1]!.high, ci[2]!.low, ci[2]!.high, gapA.low, gapA.high, gapB.low, gapB.high,
    draws[0]! / n, draws[1]! / n, draws[2]! / n, challenger, labels.situation,
  ];
}

type Plays = GapSpec<unknown>;

/** The mode cannot put a side on the challenger (it does not play that policy): one input problem, exit 2 (plan/plan.ts). */
export class PolicyGapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PolicyGapError';
  }
}

/** The mode's plugin playing the policy gap against `challenger` (`search`; tests use a named policy as a stand-in). */
export function policyGapPlugin(plugin: AnyModePlugin, challenger: string = CHALLENGER): AnyModePlugin {
  const challenge = plugin.challenge;
  if (challenge === undefined) throw new Error(`${plugin.system} ${plugin.mode} has no policy gap`);
  const named = (task: PlannedTask<Plays>): PlannedTask<unknown> => ({ ...task, spec: task.spec.plays[0] });
  const namedTasks = (tasks: readonly PlannedTask<Plays>[]): PlannedTask<unknown>[] => tasks.map(named);
  const table = plugin.kernels.table;
  const { exact: _exact, exactColumns: _exactColumns, ...rest } = plugin;
  return {
    ...rest,
    kernelKey: `${GAP_PREFIX}${plugin.system}.${plugin.mode}`,
    kernels: { dice: gapKernel(plugin.kernels.dice), ...(table ? { table: gapKernel(table) } : {}) },
    plan(study: unknown, trials: number): PlannedTask<Plays>[] {
      const challenged = (spec: unknown, side: 0 | 1): unknown => {
        try {
          return challenge(spec, side, challenger, study);
        } catch (err) {
          throw new PolicyGapError(`--policy-gap: ${(err as Error).message}, so the policy gap cannot put a side on it`);
        }
      };
      return plugin.plan(study, trials).map((t: PlannedTask<unknown>) => ({
        ...t, spec: { plays: [t.spec, challenged(t.spec, 0), challenged(t.spec, 1)] },
      }));
    },
    ...(plugin.preflight ? { preflight: (spec: Plays) => spec.plays.forEach((s) => plugin.preflight!(s)) } : {}),
    ...(plugin.summaryHeaderFor ? { summaryHeaderFor: (tasks: readonly PlannedTask<Plays>[]) => plugin.summaryHeaderFor!(namedTasks(tasks)) } : {}),
    ...(plugin.headlineHeaderFor ? { headlineHeaderFor: (tasks: readonly PlannedTask<Plays>[]) => plugin.headlineHeaderFor!(namedTasks(tasks)) } : {}),
    extraFiles: { ...plugin.extraFiles, 'policy_gap.csv': POLICY_GAP_HEADER },
    rows(task: PlannedTask<Plays>, tally: Float64Array): TaskRows {
      const sizes = task.spec.plays.map((s) => plugin.kernels.dice.tallySize(s) as number);
      const inner = plugin.rows(named(task), tally.subarray(0, sizes[0]), false);
      const at = sizes[0]! + sizes[1]! + sizes[2]!;
      const m = inner.matchup;
      const row = policyGapRow(tally.subarray(at, at + JOINT_CELLS), { variant: m.variant, a: m.a, b: m.b, situation: m.situation }, challenger);
      return { ...inner, extra: { ...inner.extra, 'policy_gap.csv': [row] } };
    },
  };
}
