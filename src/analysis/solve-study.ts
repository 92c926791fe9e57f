/**
 * `balance solve`, the study: the `solve:` block and its candidate values, and the study with one
 * candidate set, validated. Nothing here loads the engine: `balance validate` checks a `solve:`
 * block with it (check.ts). Evaluating a candidate: run-solve.ts.
 */
import { z } from 'zod';
import { ConfigError } from '../config/problems.js';
import { checkSweep, type SweepValue } from '../config/sweep.js';
import type { PlannedTask } from '../systems/types.js';
import { didYouMean } from '../common/suggest.js';
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
  else if (Math.floor((vary.to - vary.from) / vary.step) + 1 > 10_000) problems.push(place(['vary'], 'at most 10000 candidates'));
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
  return validatePoint(s.study, asPlayed(s, data), { path: ['solve', 'vary'], what, roots: [root, 'loadouts'] });
}

/**
 * A vs_field solve plays the `meta:` roster's pairs, not the study's matchups: a study without
 * `matchups:` (one for balance meta and solve only, config/study-uses.ts) is checked as its
 * roster's first pair, as balance meta checks each pair.
 */
function asPlayed(s: SolveStudy, data: Record<string, unknown>): Record<string, unknown> {
  if (s.meta === null || data['matchups'] !== undefined) return data;
  const mode = ROSTER_MODES[`${s.study.plugin.system}.${s.study.plugin.mode}`];
  const names = mode?.names(data, s.meta).names ?? [];
  return mode === undefined || names.length < 2 ? data : mode.pair(data, s.meta, names[0]!, names[1]!);
}

type Obj = Record<string, unknown>;

/** Walks `parts` (with `*` = loadout) to the object holding the last field, giving the loadout its own copy of a referenced profile. */
function holder(data: Obj, parts: readonly string[], loadout: string, copy: boolean): Obj | null {
  let node: Obj = data;
  for (let k = 0; k < parts.length - 1; k++) {
    const part = parts[k] === '*' ? loadout : parts[k]!;
    const next = node[part];
    if (typeof next === 'string' && k > 0) {
      const table = data[`${part}s`] as Record<string, Obj> | undefined;
      if (table === undefined || !(next in table)) return null;
      const own = next.endsWith(`@${loadout}`) ? next : `${next}@${loadout}`;
      if (!copy) {
        node = table[next]!;
        continue;
      }
      table[own] ??= structuredClone(table[next]!);
      node[part] = own;
      node = table[own]!;
    } else if (next !== null && typeof next === 'object' && !Array.isArray(next)) {
      node = next as Obj;
    } else {
      return null;
    }
  }
  return node;
}

/** Sets the field `parts` (with `*` = loadout) for one loadout alone, copying a shared profile it references. */
export function setRosterField(data: Obj, parts: readonly string[], loadout: string, value: SweepValue): boolean {
  const h = holder(data, parts, loadout, true);
  if (h === null) return false;
  h[parts[parts.length - 1]!] = value;
  return true;
}

/**
 * A roster solve's starting point, checked before anything is played (`balance solve`, and
 * `balance validate` through check.ts): the roster's loadouts, each one's index among the
 * candidate values (its field as the study has it), the path followed for every loadout.
 */
export function rosterStart(s: SolveStudy): { names: readonly string[]; assign: Map<string, number> } {
  const a = s.study;
  const { vary } = a.block;
  const names = Array.isArray(s.meta!.roster) ? s.meta!.roster : null;
  const place = (message: string) => new ConfigError([a.loaded.problemAt(['solve', 'vary', 'path'], message)]);
  if (names === null) throw place('a path with * names roster loadouts: the roster must be a list of loadouts');
  const parts = vary.path.split('.');
  const field = parts[parts.length - 1]!;
  const key = (v: SweepValue): string => String(v);
  const assign = new Map<string, number>();
  for (const n of names) {
    const h = holder(a.raw as Obj, parts, n, false);
    if (h === null || !Object.hasOwn(h, field)) throw place(`cannot follow ${vary.path} for loadout ${n}`);
    const i = s.candidates.findIndex((c) => key(c) === key(h[field] as SweepValue));
    if (i < 0) throw place(`${n}'s current ${field} (${String(h[field])}) is not among the candidate values`);
    assign.set(n, i);
  }
  return { names, assign };
}

/** The study with each roster loadout's field at its assigned candidate value, validated (problems at solve.vary). */
export function rosterData(s: SolveStudy, names: readonly string[], as: ReadonlyMap<string, number>): Obj {
  const path = s.study.block.vary.path;
  const parts = path.split('.');
  const d = structuredClone(s.study.raw) as Obj;
  for (const n of names) setRosterField(d, parts, n, s.candidates[as.get(n)!]!);
  candidateStudy(s, d, `${path} = ${names.map((n) => `${n}:${String(s.candidates[as.get(n)!])}`).join(' ')}`);
  return d;
}

/**
 * The task the solve target names among a candidate's planned tasks (its variant, default the
 * first; its matchup within that variant), whose compared metric must be the target's, or a
 * ConfigError at the field that is wrong. vs_field targets check the variant only (the matchup is
 * every roster pair). `balance solve` checks every candidate it plays with it; `balance validate`
 * every candidate before anything is played.
 */
export function targetTask(s: SolveStudy, tasks: readonly PlannedTask<unknown>[]): PlannedTask<unknown> {
  const a = s.study;
  const { target } = a.block;
  const variants = [...new Set(tasks.map((t) => t.labels['variant']!))];
  const variant = target.variant ?? variants[0]!;
  const mine = tasks.filter((t) => t.labels['variant'] === variant);
  if (mine.length === 0) throw new ConfigError([a.loaded.problemAt(['solve', 'target', 'variant'], `unknown variant "${variant}"${didYouMean(variant, variants)}`)]);
  if (target.metric === 'vs_field') return mine[0]!;
  const task = mine[target.matchup];
  if (task === undefined) throw new ConfigError([a.loaded.problemAt(['solve', 'target', 'matchup'], `the study plays ${mine.length} matchup(s) per variant: expected 0 to ${mine.length - 1}`)]);
  const metric = a.plugin.metric;
  if (metric !== target.metric) {
    throw new ConfigError([a.loaded.problemAt(['solve', 'target', 'metric'], `${a.plugin.system} ${a.plugin.mode} studies solve for ${metric}${ROSTER_MODES[`${a.plugin.system}.${a.plugin.mode}`] ? ' or vs_field' : ''}, received "${target.metric}"`)]);
  }
  return task;
}
