/**
 * Loading a study end to end: read, parse YAML, pick the system and mode, validate with that
 * mode's schema, then its cross-field checks. Every problem found is reported, not just the first.
 */
import { findPlugin, modeNames, systemNames } from '../systems/registry.js';
import type { AnyModePlugin } from '../systems/types.js';
import { hasPolicyGap, policyGapPlugin } from '../systems/policy-gap.js';
import { capProblems, MAX_PROBLEMS, MAX_TASKS } from './limits.js';
import { parseStudy, type LoadedStudy } from './load.js';
import { sha256Hex } from '../common/sha256.js';
import { ConfigError, type Problem } from './problems.js';
import { didYouMean } from '../common/suggest.js';
import { readCompareOption, type CompareOption } from './compare-option.js';
import { checkSweep, sweepPoints } from './sweep.js';
import { playKeyOf, useProblem } from './study-uses.js';
import { unknownNamesDespiteSchema } from './unknown-names.js';
import { validate } from './validate.js';

export interface Study {
  readonly file: string;
  /** sha256 of the study file's bytes. */
  readonly hash: string;
  /** The study file's text (what a queue run sends to its workers). */
  readonly text: string;
  readonly plugin: AnyModePlugin;
  /** The validated study, typed by the plugin's schema. */
  readonly data: { seed: number; trials: number; title?: string } & Record<string, unknown>;
  /** Things that are allowed but probably not meant (printed on stderr, the run goes on). */
  readonly warnings: readonly Problem[];
  /** `precision:` (target 95% half-width) and `maxTrials:` from the study, or null. */
  readonly precision: number | null;
  readonly maxTrials: number | null;
  /** Sweep points (each a validated study), or null when the study has no `sweep:`. */
  readonly points: readonly { readonly label: string; readonly data: Study['data'] }[] | null;
  /** `compare:` / `baseline:`: what compare.csv compares besides the variants. */
  readonly compare?: CompareOption;
  /** `policy_gap: true` (or `balance run --policy-gap`): `plugin` plays each matchup three ways (systems/policy-gap.ts). */
  readonly policyGap?: boolean;
}

/** What a study without the policy gap says when asked for it (the `policy_gap:` field or `--policy-gap`). */
export function policyGapRefusal(plugin: AnyModePlugin): string | null {
  return hasPolicyGap(plugin) ? null
    : `the policy gap plays battles and group fights (skirmish battle, exchange fight, d20 fight); ${plugin.system} ${plugin.mode} has none${plugin.mode === 'duel' ? ' (a duel\'s policy gap is exact: balance exact)' : ''}`;
}

/** The study with the policy gap on (`--policy-gap`); the caller checked policyGapRefusal. */
export function withPolicyGap(study: Study): Study {
  if (study.policyGap === true) return study;
  return { ...study, plugin: policyGapPlugin(study.plugin), policyGap: true };
}

/** The plugin a parsed study names with `system:` and `mode:` (or a ConfigError saying what is wrong). */
export function pickPlugin(loaded: LoadedStudy): AnyModePlugin {
  const data = loaded.data as Record<string, unknown>;
  const problems: Problem[] = [];
  const systems = systemNames();
  const system = data['system'];
  const mode = data['mode'];
  if (typeof system !== 'string' || !systems.includes(system)) {
    const hint = typeof system === 'string' ? didYouMean(system, systems) : '';
    const got = system === undefined ? 'missing' : `unknown system ${JSON.stringify(system)}`;
    problems.push(loaded.problemAt(['system'], `${got}${hint}; expected one of ${systems.join(', ')}`));
  } else if (typeof mode !== 'string' || !modeNames(system).includes(mode)) {
    const modes = modeNames(system);
    const hint = typeof mode === 'string' ? didYouMean(mode, modes) : '';
    const got = mode === undefined ? 'missing' : `unknown mode ${JSON.stringify(mode)}`;
    problems.push(loaded.problemAt(['mode'], `${got} for system ${system}${hint}; expected one of ${modes.join(', ')}`));
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return findPlugin(system as string, mode as string)!;
}

/** A study from its text (`file` names it in problems): what `serve` and the library API validate. */
export function loadStudyText(file: string, text: string): Study {
  return studyOf(parseStudy(file, text));
}

/** A study from its parsed file (`balance validate` also looks at the `meta:` and `solve:` blocks, which are set aside here). */
export function studyOf(loaded: LoadedStudy): Study {
  const { file, text } = loaded;
  const plugin = pickPlugin(loaded);
  // A study with only a meta: or solve: block is not for run (study-uses.ts: the rule every command follows).
  const notForRun = useProblem(loaded.data, 'run', playKeyOf(plugin.schema));
  if (notForRun !== null) throw new ConfigError([loaded.problemAt(notForRun.path, notForRun.message)]);
  // `meta:` and `solve:` are read by balance meta / solve (src/analysis/); run and validate set them aside.
  const { meta: _meta, solve: _solve, ...data } = loaded.data as Record<string, unknown>;
  const sweepProblems = checkSweep(data, plugin.schema);
  if (sweepProblems.length > 0) throw new ConfigError(sweepProblems.map((p) => loaded.problemAt(p.path, p.message, p.atKey ?? false)));
  const { sweep: _sweep, precision, maxTrials, compare: _compare, baseline: _baseline, policy_gap: policyGap, ...withoutSweep } = data;
  const compare = readCompareOption(data);
  const runProblems: Problem[] = compare.problems.map((p) => loaded.problemAt(p.path, p.message));
  if (precision !== undefined && !(typeof precision === 'number' && precision > 0 && precision < 1e6)) {
    runProblems.push(loaded.problemAt(['precision'], `expected a positive number (the 95% interval half-width to reach), received ${JSON.stringify(precision)}`));
  }
  if (maxTrials !== undefined && !(typeof maxTrials === 'number' && Number.isInteger(maxTrials) && maxTrials >= 1 && maxTrials <= 1e9)) {
    runProblems.push(loaded.problemAt(['maxTrials'], `expected an integer from 1 to 1000000000, received ${JSON.stringify(maxTrials)}`));
  }
  if (policyGap !== undefined) {
    const refusal = typeof policyGap !== 'boolean' ? `expected true or false, received ${JSON.stringify(policyGap)}` : policyGap ? policyGapRefusal(plugin) : null;
    if (refusal !== null) runProblems.push(loaded.problemAt(['policy_gap'], refusal));
  }
  if (runProblems.length > 0) throw new ConfigError(runProblems);
  let study: Study['data'];
  try {
    study = validate({ ...loaded, data: withoutSweep }, plugin.schema) as Study['data'];
  } catch (err) {
    if (!(err instanceof ConfigError) || err.problems.length >= MAX_PROBLEMS) throw err;
    // A misspelt name is reported with the schema's problems, not only once they are fixed.
    const more = unknownNamesDespiteSchema(loaded, plugin, withoutSweep);
    if (more.length === 0) throw err;
    throw new ConfigError(capProblems([...err.problems, ...more]));
  }
  const checked = plugin.check(study);
  const place = (p: (typeof checked)[number]): Problem => loaded.problemAt(p.path, p.message, p.atKey ?? false);
  const errors = checked.filter((p) => !p.warning).map(place);
  if (errors.length > 0) throw new ConfigError(errors);
  const warnings = capProblems(checked.filter((p) => p.warning).map((p) => {
    const placed = place(p);
    return { ...placed, message: `warning: ${placed.message}` };
  }), 'warning');
  const planned = countTasks(study, data['sweep']);
  if (planned > MAX_TASKS) {
    throw new ConfigError([loaded.problemAt(['matchups'], `the study would plan ${planned} matchup x variant tasks; at most ${MAX_TASKS} are allowed`)]);
  }
  const sweepSource = data['sweep'] === undefined ? withoutSweep : { ...withoutSweep, sweep: data['sweep'] };
  const points = sweepPoints(sweepSource)?.map((p) => {
    // A swept value the schema refuses is reported at its sweep key.
    const keys = Object.keys(data['sweep'] as object);
    const keyFor = (path: string): string => keys.find((k) => path === k || path.startsWith(`${k}.`) || path.startsWith(`${k}[`)) ?? keys[0]!;
    try {
      const d = validate({ ...loaded, data: p.data }, plugin.schema) as Study['data'];
      const bad = plugin.check(d).filter((x) => !x.warning);
      if (bad.length > 0) throw new ConfigError(bad.map((x) => loaded.problemAt(x.path, x.message, x.atKey ?? false)));
      return { label: p.label, data: d };
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      throw new ConfigError(err.problems.map((q) => loaded.problemAt(['sweep', keyFor(q.path)], `${p.label}: ${q.path ? `${q.path}: ` : ''}${q.message}`, true)));
    }
  }) ?? null;
  let hash: string | undefined;
  return {
    // sha256 on first use: `balance validate` never reads it.
    get hash(): string {
      return (hash ??= sha256Hex(text));
    },
    file, text, plugin: policyGap === true ? policyGapPlugin(plugin) : plugin, data: study, warnings, points,
    ...(policyGap === true ? { policyGap: true } : {}),
    precision: (precision as number | undefined) ?? null, maxTrials: (maxTrials as number | undefined) ?? null, compare: compare.option,
  };
}

/** Matchup x variant x sweep-point tasks a study asks for (lists in a matchup pair every entry), before planning them. */
function countTasks(study: Record<string, unknown>, sweep: unknown): number {
  const matchups = Array.isArray(study['matchups']) ? (study['matchups'] as Record<string, unknown>[]) : [{}];
  let perVariant = 0;
  for (const m of matchups) {
    let n = 1;
    for (const k of ['attackers', 'defenders', 'sides', 'opponents']) if (Array.isArray(m[k])) n *= (m[k] as unknown[]).length;
    perVariant += n;
  }
  const variants = Math.max(1, Object.keys((study['variants'] as object | undefined) ?? {}).length);
  let points = 1;
  if (sweep !== null && typeof sweep === 'object') for (const v of Object.values(sweep)) points *= Array.isArray(v) ? v.length : 1;
  return perVariant * variants * points;
}
