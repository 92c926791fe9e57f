/**
 * tabletop-balance as a library: `import { loadStudy, runStudy, exactStudy, renderReport } from
 * 'tabletop-balance'`. Plain result objects with the same numbers as the CSVs (the CSV texts are
 * included), progress callbacks and an AbortSignal. The CLI (`run`, `exact`) and the `serve` page
 * are clients of these functions.
 */
import { chooseEngine, defaultWorkers, simulate, simulateToPrecision, type ChunkBackendFactory, type Engine } from './batch/engine.js';
import { inputError } from './config/problems.js';
import { loadStudy, loadStudyText, type Study } from './config/study.js';
import { planStudy } from './plan/plan.js';
import { toCsv } from './report/csv.js';
import { extraCsvFiles } from './report/extra.js';
import { compareHeader, compareRows, intervalHalfWidth } from './stats/compare.js';
import type { Cell, PlannedTask, TaskRows } from './systems/types.js';
import { VERSION } from './cli/version.js';
import { precisionCeiling } from './plan/ceiling.js';

export { loadStudy, loadStudyText, type Study };
export { RunCancelled, WorkerError } from './batch/engine.js';
export { ConfigError, formatProblem, type Problem } from './config/problems.js';
export { VERSION };

export interface Table {
  readonly header: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
}

/** One run's results: every table of the CSVs, the CSV texts and run.json. */
export interface Results {
  readonly system: string;
  readonly mode: string;
  /** What one trial is ("attacks", "duels", "fights"). */
  readonly unit: string;
  readonly exact: boolean;
  readonly summary: Table;
  readonly distribution: Table;
  /** Variants against the baseline; null with one variant. */
  readonly compare: Table | null;
  /** The short table `balance run` prints. */
  readonly headline: { readonly header: readonly string[]; readonly rows: readonly (readonly string[])[] };
  readonly runJson: Readonly<Record<string, unknown>>;
  /** File name -> content: summary.csv, distribution.csv, compare.csv (if any), run.json. */
  readonly files: Readonly<Record<string, string>>;
}

export interface SimulateOptions {
  readonly trials?: number | undefined;
  /** Worker threads (0 = this thread). Default: the number of cores. */
  readonly workers?: number | undefined;
  readonly seed?: number | undefined;
  readonly engine?: Engine | 'auto' | undefined;
  /** Target 95% half-width per matchup (adds chunks until reached or maxTrials). */
  readonly precision?: number | undefined;
  readonly maxTrials?: number | undefined;
  readonly shard?: { readonly index: number; readonly count: number } | undefined;
  /** Play-outs per decision of the fighters playing `policy: search` (overrides the study's search.rollouts). */
  readonly searchRollouts?: number | undefined;
  /** Trials done and total, after each chunk. */
  readonly onProgress?: ((done: number, total: number) => void) | undefined;
  /** Abort to stop the run: it rejects with RunCancelled. */
  readonly signal?: AbortSignal | undefined;
}

/** A run's resolved settings and tasks, checked before anything runs (input errors throw). */
export interface RunPlan {
  readonly tasks: readonly PlannedTask<unknown>[];
  readonly engine: Engine;
  readonly seed: number;
  readonly trials: number;
  readonly precision: number | null;
  readonly maxTrials: number;
  readonly workers: number;
  readonly shard?: { readonly index: number; readonly count: number } | undefined;
}

/** The merged tallies of a simulated study and how they were made. */
export interface Simulation extends RunPlan {
  readonly tallies: readonly Float64Array[];
  /** Trials each task used (differs from `trials` with a precision target). */
  readonly used: readonly number[];
  /** With a precision target: whether each task's interval reached it before maxTrials. */
  readonly reached: readonly boolean[] | null;
  readonly wallMs: number;
}

/** Resolves flags against the study and plans its tasks; every input check happens here. */
export function planRun(study: Study, opts: SimulateOptions = {}): RunPlan {
  const plugin = study.plugin;
  const seed = opts.seed ?? study.data.seed;
  const trials = opts.trials ?? study.data.trials;
  if (opts.engine === 'table' && !plugin.kernels.table) {
    throw inputError('--engine', `${plugin.system} ${plugin.mode} has no table engine; use dice`);
  }
  const engine = chooseEngine(plugin, opts.engine ?? 'auto', trials);
  const tasks = withSearchRollouts(planStudy(study, trials), opts.searchRollouts);
  const precision = opts.precision ?? study.precision;
  if (opts.shard !== undefined && precision !== null) throw inputError('--shard', 'cannot be combined with --precision (or precision: in the study)');
  const maxTrials = precisionCeiling(precision, opts.maxTrials, study.maxTrials, trials);
  // A task that solves a policy first (skirmish duels: best-response / optimal) must fit the exact limits.
  for (const t of tasks) if (plugin.preflight) exactOrLimit(study.file, () => (plugin.preflight!(t.spec), new Float64Array(0)));
  return { tasks, engine, seed, trials, precision, maxTrials, workers: opts.workers ?? defaultWorkers(), shard: opts.shard };
}

/** Tasks whose searching fighters use `rollouts` play-outs per decision (tasks with none are left as they are). */
export function withSearchRollouts(tasks: PlannedTask<unknown>[], rollouts: number | undefined): PlannedTask<unknown>[] {
  if (rollouts === undefined) return tasks;
  return tasks.map((t) => {
    const spec = t.spec as { search?: { rollouts: number; depth: number } };
    return spec.search === undefined ? t : { ...t, spec: { ...spec, search: { ...spec.search, rollouts } } };
  });
}

/** Simulates a planned run. */
export async function simulatePlan(
  study: Study, plan: RunPlan, opts: Pick<SimulateOptions, 'onProgress' | 'signal'> & { readonly backend?: ChunkBackendFactory } = {},
): Promise<Simulation> {
  const plugin = study.plugin;
  const { tasks, seed, engine, workers, precision, maxTrials } = plan;
  const base = {
    seed, engine, workers,
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.backend ? { backend: opts.backend } : {}),
  };
  const started = performance.now();
  let tallies: Float64Array[];
  let used: number[];
  let reached: boolean[] | null = null;
  if (precision === null) {
    tallies = await simulate(plugin, tasks, { ...base, ...(plan.shard ? { shard: plan.shard } : {}) });
    used = tasks.map((t) => t.trials);
  } else {
    const halfWidth = (i: number, tally: Float64Array): number => intervalHalfWidth(plugin.rows(tasks[i]!, tally, false).stat);
    ({ tallies, trials: used, reached } = await simulateToPrecision(plugin, tasks, { ...base, precision, maxTrials, halfWidth }));
  }
  return { ...plan, tallies, used, reached, wallMs: performance.now() - started };
}

/** Plans and simulates a study (the work of `balance run` before any file is written). */
export async function simulateStudy(study: Study, opts: SimulateOptions = {}): Promise<Simulation> {
  return simulatePlan(study, planRun(study, opts), opts);
}

/** Every table and file of a run, from merged tallies (or exact probabilities). Pure. */
export function buildResults(
  study: Study, tasks: readonly PlannedTask<unknown>[], tallies: readonly Float64Array[], exact: boolean,
  runFacts: Readonly<Record<string, unknown>>, reached: readonly boolean[] | null = null,
): Results {
  const plugin = study.plugin;
  const rows: TaskRows[] = tasks.map((t, i) => plugin.rows(t, tallies[i]!, exact));
  const runJson = {
    tool: 'tabletop-balance',
    version: VERSION,
    command: runFacts['command'] ?? `npx balance ${exact ? 'exact' : 'run'} ${study.file}${exact ? '' : ` --seed ${String(runFacts['seed'])} --trials ${String(runFacts['trials'])}`}`,
    study: study.file,
    study_sha256: study.hash,
    ...(study.data.title !== undefined ? { title: study.data.title } : {}),
    ...(typeof study.data['description'] === 'string' ? { description: study.data['description'] } : {}),
    system: plugin.system,
    mode: plugin.mode,
    tasks: tasks.length,
    ...runFacts,
    versions: { 'tabletop-balance': VERSION, node: process.version, v8: process.versions.v8 },
  };
  const baseHeader = plugin.summaryHeaderFor?.(tasks) ?? plugin.summaryHeader;
  // `balance exact` appends the mode's exact-only columns (skirmish duels: the policy gap).
  const more = exact ? plugin.exactColumns : undefined;
  const header = more === undefined ? baseHeader : [...baseHeader, ...more.header];
  const summaryRows = more === undefined
    ? rows.map((r) => r.summary)
    : rows.map((r, i) => [...r.summary, ...Array.from(more.compute(tasks[i]!.spec), (v) => (Number.isNaN(v) ? '' : v))]);
  // Precision runs mark each row: did its interval reach the target before maxTrials?
  const summary: Table = reached === null
    ? { header, rows: summaryRows }
    : { header: [...header, 'precision_reached'], rows: summaryRows.map((r, i) => [...r, String(reached[i])]) };
  const distribution: Table = { header: plugin.distributionHeader, rows: rows.flatMap((r) => r.distribution) };
  const compareTable = compareRows(rows, exact, { loadouts: study.compare?.loadouts ?? null });
  const compare: Table | null = compareTable.length > 0 ? { header: compareHeader(rows), rows: compareTable } : null;
  const files: Record<string, string> = {
    ...extraCsvFiles(plugin, rows),
    ...(compare !== null ? { 'compare.csv': toCsv(compare.header, compare.rows) } : {}),
    'summary.csv': toCsv(summary.header, summary.rows),
    'distribution.csv': toCsv(distribution.header, distribution.rows),
    'run.json': `${JSON.stringify(runJson, null, 2)}\n`,
  };
  return {
    system: plugin.system, mode: plugin.mode, unit: plugin.unit, exact, summary, distribution, compare,
    headline: { header: plugin.headlineHeaderFor?.(tasks) ?? plugin.headlineHeader, rows: rows.map((r) => r.headline) }, runJson, files,
  };
}

/** Simulates a study and returns its results (what `balance run` writes, as objects). */
export async function runStudy(study: Study, opts: SimulateOptions = {}): Promise<Results> {
  const sim = await simulateStudy(study, opts);
  const total = sim.used.reduce((s, t) => s + t, 0);
  return buildResults(study, sim.tasks, sim.tallies, false, {
    engine: sim.engine, seed: sim.seed, trials: sim.trials, total_trials: total,
    ...(sim.precision === null ? {} : { precision: sim.precision, max_trials: sim.maxTrials }),
    chunk_size: study.plugin.chunkSize, wall_time_ms: Math.round(sim.wallMs),
  }, sim.reached);
}

/** Exact probabilities (attack modes, skirmish duels): the same tables with intervals equal to the values. */
export function exactStudy(study: Study): Results {
  const plugin = study.plugin;
  const exact = plugin.exact;
  if (!exact) throw inputError(study.file, `${plugin.system} ${plugin.mode} has no exact mode; use balance run`);
  const tasks = planStudy(study, study.data.trials);
  const started = performance.now();
  const probabilities = tasks.map((t) => exactOrLimit(study.file, () => exact(t.spec)));
  const ms = performance.now() - started;
  return buildResults(study, tasks, probabilities, true, { engine: 'exact', exact_time_ms: Number(ms.toFixed(3)) });
}

/** An exact computation; a state space over its documented limit (ExactLimitError: exact duels) is one input problem, exit 2. */
export function exactOrLimit(file: string, compute: () => Float64Array): Float64Array {
  try {
    return compute();
  } catch (e) {
    if (e instanceof Error && e.name === 'ExactLimitError') throw inputError(file, e.message);
    throw e;
  }
}

/** report.md and the self-contained report.html of a run (charts rendered to SVG). */
export async function renderReport(results: Pick<Results, 'files'>): Promise<{ markdown: string; html: string }> {
  const [{ renderReports }, { withExtraSections }] = await Promise.all([import('./report/render.js'), import('./report/extra.js')]);
  const f = results.files;
  const reports = await renderReports({ summary: f['summary.csv']!, distribution: f['distribution.csv']!, compare: f['compare.csv'] ?? null, run: f['run.json']! });
  // Modes with extra files (battles: fighters.csv) add their sections to report.md.
  return { ...reports, markdown: withExtraSections(reports.markdown, f['summary.csv']!, f) };
}
