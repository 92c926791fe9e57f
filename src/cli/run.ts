/**
 * `balance run` and `balance exact`: study -> tasks -> merged tallies (simulated on workers) or
 * exact probabilities -> summary.csv, distribution.csv, run.json, report.md.
 */
import { basename, extname, join, relative, resolve } from 'node:path';
import { chooseEngine, simulate, simulateToPrecision, type Engine } from '../batch/engine.js';
import { intervalHalfWidth } from '../stats/compare.js';
import { formatProblem, inputError } from '../config/problems.js';
import { loadStudy, type Study } from '../config/study.js';
import { planStudy } from '../plan/plan.js';
import { toCsv } from '../report/csv.js';
import { COMPARE_HEADER, compareRows } from '../stats/compare.js';
import { renderMarkdown } from '../report/markdown.js';
import { ensureWritableDir, writeAllOrNothing } from '../report/write.js';
import type { Cell, PlannedTask, TaskRows } from '../systems/types.js';
import { createProgress, formatCount } from './progress.js';
import { textTable } from './table.js';
import { VERSION } from './version.js';

export interface RunOptions {
  readonly study: string;
  readonly out?: string | undefined;
  readonly trials?: number | undefined;
  readonly workers: number;
  readonly seed?: number | undefined;
  readonly engine?: Engine | 'auto' | undefined;
  readonly precision?: number | undefined;
  readonly maxTrials?: number | undefined;
}

export interface RunIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WriteStream;
}

export interface RunResult {
  readonly dir: string;
  readonly files: readonly string[];
}

export function defaultOutDir(studyFile: string): string {
  return join('reports', basename(studyFile, extname(studyFile)));
}

function studyPath(file: string): string {
  return relative(process.cwd(), resolve(file)) || file;
}

function load(file: string, io: RunIo): Study {
  const study = loadStudy(file);
  for (const w of study.warnings) io.stderr.write(`${formatProblem(w)}\n`);
  return study;
}

export async function runCommand(opts: RunOptions, io: RunIo): Promise<RunResult> {
  const study = load(opts.study, io);
  const plugin = study.plugin;
  const seed = opts.seed ?? study.data.seed;
  const trials = opts.trials ?? study.data.trials;
  const dir = opts.out ?? defaultOutDir(opts.study);
  if (opts.engine === 'table' && !plugin.kernels.table) {
    throw inputError('--engine', `${plugin.system} ${plugin.mode} has no table engine; use dice`);
  }
  const engine = chooseEngine(plugin, opts.engine ?? 'auto', trials);
  ensureWritableDir(dir);

  const tasks = planStudy(study, trials);
  const precision = opts.precision ?? study.precision;
  const maxTrials = opts.maxTrials ?? study.maxTrials ?? 10 * trials;
  const progress = createProgress(io.stderr, plugin.unit);
  const started = performance.now();
  let tallies: Float64Array[];
  let used: number[];
  try {
    const onProgress = (d: number, t: number): void => progress.update(d, t);
    if (precision === null) {
      tallies = await simulate(plugin, tasks, { seed, engine, workers: opts.workers, onProgress });
      used = tasks.map((t) => t.trials);
    } else {
      const halfWidth = (i: number, tally: Float64Array): number => intervalHalfWidth(plugin.rows(tasks[i]!, tally, false).stat);
      ({ tallies, trials: used } = await simulateToPrecision(plugin, tasks, {
        seed, engine, workers: opts.workers, onProgress, precision, maxTrials, halfWidth,
      }));
    }
  } finally {
    progress.stop();
  }
  const wallMs = performance.now() - started;
  const totalTrials = used.reduce((s, t) => s + t, 0);
  const perSecond = totalTrials / (wallMs / 1000);
  const engineFlag = opts.engine === undefined || opts.engine === 'auto' ? '' : ` --engine ${engine}`;
  const precisionFlag = precision === null ? '' : ` --precision ${precision} --max-trials ${maxTrials}`;
  const command = `npx balance run ${studyPath(opts.study)} --seed ${seed} --trials ${trials}${precisionFlag}${engineFlag} --out ${dir}`;
  return finish(study, tasks, tallies, false, dir, io, {
    command, engine, seed, trials, total_trials: totalTrials,
    ...(precision === null ? {} : { precision, max_trials: maxTrials, trials_min: Math.min(...used), trials_max: Math.max(...used) }), chunk_size: plugin.chunkSize, workers: opts.workers,
    wall_time_ms: Math.round(wallMs), [`${plugin.unit}_per_second`]: Math.round(perSecond),
  }, [
    ['seed', String(seed)],
    precision === null
      ? ['trials per matchup and variant', String(trials)]
      : ['precision', `95% interval half-width <= ${precision} (at most ${maxTrials} trials); used ${Math.min(...used)}-${Math.max(...used)} trials per matchup`],
    ['engine', engine === 'table' ? 'table (one draw per trial from the exact outcome table)' : 'dice (every die rolled)'],
    ['wall time', `${(wallMs / 1000).toFixed(2)} s, ${formatCount(perSecond)} ${plugin.unit}/s on ${opts.workers} worker(s)`],
  ], `${formatCount(totalTrials)} ${plugin.unit} in ${(wallMs / 1000).toFixed(2)} s (${formatCount(perSecond)}/s, ${engine} engine, ${opts.workers} worker(s))`);
}

export interface ExactOptions {
  readonly study: string;
  readonly out?: string | undefined;
}

export function exactCommand(opts: ExactOptions, io: RunIo): RunResult {
  const study = load(opts.study, io);
  const plugin = study.plugin;
  const exact = plugin.exact;
  if (!exact) throw inputError(opts.study, `${plugin.system} ${plugin.mode} has no exact mode; use balance run`);
  const dir = opts.out ?? defaultOutDir(opts.study);
  ensureWritableDir(dir);
  const tasks = planStudy(study, study.data.trials);
  const started = performance.now();
  const probabilities = tasks.map((t) => exact(t.spec));
  const exactMs = performance.now() - started;
  const command = `npx balance exact ${studyPath(opts.study)} --out ${dir}`;
  return finish(study, tasks, probabilities, true, dir, io, {
    command, engine: 'exact', exact_time_ms: Number(exactMs.toFixed(3)),
    exact_time_per_task_ms: Number((exactMs / Math.max(1, tasks.length)).toFixed(3)),
  }, [
    ['engine', 'exact (probabilities computed, nothing sampled)'],
    ['time', `${exactMs.toFixed(1)} ms for ${tasks.length} tasks`],
  ], `${tasks.length} exact distributions in ${exactMs.toFixed(1)} ms`);
}

function finish(
  study: Study, tasks: readonly PlannedTask<unknown>[], tallies: readonly Float64Array[], exact: boolean, dir: string,
  io: RunIo, runFacts: Record<string, unknown>, facts: readonly (readonly [string, string])[], footer: string,
): RunResult {
  const plugin = study.plugin;
  const rows = tasks.map((t, i) => plugin.rows(t, tallies[i]!, exact));
  const runJson = {
    tool: 'tabletop-balance',
    version: VERSION,
    command: runFacts['command'],
    study: study.file,
    study_sha256: study.hash,
    system: plugin.system,
    mode: plugin.mode,
    tasks: tasks.length,
    ...runFacts,
    versions: { 'tabletop-balance': VERSION, node: process.version, v8: process.versions.v8 },
  };
  const header = plugin.summaryHeaderFor?.(tasks) ?? plugin.summaryHeader;
  const files = writeAllOrNothing(dir, outputFiles(study, header, rows, exact, runJson, [
    ['command', `\`${String(runFacts['command'])}\``],
    ['study', `${study.file} (sha256 ${study.hash.slice(0, 12)})`],
    ['system / mode', `${plugin.system} / ${plugin.mode}`],
    ...facts,
    ['version', `tabletop-balance ${VERSION}, Node ${process.version}`],
  ]));
  io.stdout.write(`${textTable(plugin.headlineHeader, rows.map((r) => r.headline))}\n\n${footer}\n`);
  for (const f of files) io.stdout.write(`wrote ${f}\n`);
  return { dir, files };
}

/** The files every run writes, from the rows of each task. */
export function outputFiles(
  study: Study, summaryHeader: readonly string[], rows: readonly TaskRows[], exact: boolean, runJson: Record<string, unknown>, facts: readonly (readonly [string, string])[],
): Record<string, string> {
  const plugin = study.plugin;
  const distribution: (readonly Cell[])[] = rows.flatMap((r) => r.distribution);
  const compare = compareRows(rows, exact);
  return {
    ...(compare.length > 0 ? { 'compare.csv': toCsv(COMPARE_HEADER, compare) } : {}),
    'summary.csv': toCsv(summaryHeader, rows.map((r) => r.summary)),
    'distribution.csv': toCsv(plugin.distributionHeader, distribution),
    'run.json': `${JSON.stringify(runJson, null, 2)}\n`,
    'report.md': renderMarkdown({
      title: study.data.title ?? `${basename(study.file)}: ${plugin.system} ${plugin.mode}`,
      ...(typeof study.data['description'] === 'string' ? { description: study.data['description'] } : {}),
      facts,
      headlineHeader: plugin.headlineHeader,
      headlines: rows.map((r) => r.headline),
      distributionHeader: plugin.distributionHeader,
      distribution,
    }),
  };
}
