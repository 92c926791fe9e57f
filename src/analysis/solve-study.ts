/**
 * `balance solve`, the study: the `solve:` block and its candidate values, and the study with one
 * candidate set, validated. Nothing here loads the engine: `balance validate` checks a `solve:`
 * block with it (check.ts). Evaluating a candidate: run-solve.ts.
 */
import { z } from 'zod';
import { ConfigError } from '../config/problems.js';
import { checkSweep, type SweepValue } from '../config/sweep.js';
import { didYouMean } from '../config/suggest.js';
import { metaBlockSchema, ROSTER_MODES, rosterSizeProblem, type MetaBlock } from './roster.js';
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
      const size = rosterSizeProblem(names, a.raw);
      problems.push(...[...rp, ...(size === null ? [] : [size])].map((p) => a.loaded.problemAt(p.path, p.message)));
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

/** The study with the varied field set to candidate i, validated (problems reported at solve.vary). */
export function candidateStudy(s: SolveStudy, data: Record<string, unknown>, what: string) {
  const root = s.study.block.vary.path.split('.')[0]!;
  return validatePoint(s.study, data, { path: ['solve', 'vary'], what, roots: [root, 'loadouts'] });
}
