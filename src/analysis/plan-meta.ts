/**
 * `balance meta`, planning: the roster's ordered pairs -> tasks (the mode's own plan, so streams,
 * engines and chunks are those of `run`). Nothing here loads the engine: `balance validate` checks
 * a `meta:` block with it (check.ts). Simulating the plan: simulate-meta.ts.
 */
import { ConfigError } from '../config/problems.js';
import type { PlannedTask } from '../systems/types.js';
import { metaBlockSchema, ROSTER_MODES, rosterSizeProblem, type MetaBlock } from './roster.js';
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
  const { names, problems } = mode.names(a.raw, a.block);
  const size = rosterSizeProblem(names, a.raw);
  if (size !== null) problems.push(size);
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
