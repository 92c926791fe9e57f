/**
 * `balance run` and `balance exact`: study -> tasks -> merged tallies (simulated on workers) or
 * exact probabilities -> summary.csv, distribution.csv, run.json, report.md.
 */
import { readFileSync } from 'node:fs';
import { basename, extname, join, relative, resolve } from 'node:path';
import { chooseEngine, simulate, simulateToPrecision, WorkerError, type Engine } from '../batch/engine.js';
import { redactUrl } from '../queue/url.js';
import { intervalHalfWidth } from '../stats/compare.js';
import { formatProblem, inputError } from '../config/problems.js';
import { loadStudy, type Study } from '../config/study.js';
import { planStudy } from '../plan/plan.js';
import { toCsv } from '../report/csv.js';
import { COMPARE_HEADER, compareRows } from '../stats/compare.js';
import { reportData } from '../report/data.js';
import { renderHtml } from '../report/html.js';
import { renderMarkdown } from '../report/markdown.js';
import { ensureWritableDir, writeAllOrNothing } from '../report/write.js';
import type { PlannedTask } from '../systems/types.js';
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
  readonly shard?: { readonly index: number; readonly count: number } | undefined;
  /** Run the chunks on `balance worker` processes through this Redis URL. */
  readonly queue?: string | undefined;
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
  if (opts.shard !== undefined && precision !== null) throw inputError('--shard', 'cannot be combined with --precision (or precision: in the study)');
  const maxTrials = opts.maxTrials ?? study.maxTrials ?? 10 * trials;
  const progress = createProgress(io.stderr, plugin.unit);
  const queue = opts.queue === undefined ? null : await (await import('../queue/submit.js')).openQueueRun({ url: opts.queue, study, seed, trials, engine, stderr: io.stderr });
  const started = performance.now();
  let tallies: Float64Array[];
  let used: number[];
  try {
    const onProgress = (d: number, t: number): void => progress.update(d, t);
    const backend = queue === null ? {} : { backend: queue.backend };
    if (precision === null) {
      tallies = await simulate(plugin, tasks, { seed, engine, workers: opts.workers, onProgress, ...backend, ...(opts.shard ? { shard: opts.shard } : {}) });
      used = tasks.map((t) => t.trials);
    } else {
      const halfWidth = (i: number, tally: Float64Array): number => intervalHalfWidth(plugin.rows(tasks[i]!, tally, false).stat);
      ({ tallies, trials: used } = await simulateToPrecision(plugin, tasks, {
        seed, engine, workers: opts.workers, onProgress, precision, maxTrials, halfWidth, ...backend,
      }));
    }
  } catch (err) {
    // A chunk that failed for good: nothing of this queue is worth keeping.
    if (err instanceof WorkerError) await queue?.remove();
    else await queue?.close();
    throw err;
  } finally {
    progress.stop();
  }
  const wallMs = performance.now() - started;
  if (opts.shard !== undefined) return writeShard(study, { seed, trials, engine, shard: opts.shard }, tallies, dir, io);
  const totalTrials = used.reduce((s, t) => s + t, 0);
  const perSecond = totalTrials / (wallMs / 1000);
  const engineFlag = opts.engine === undefined || opts.engine === 'auto' ? '' : ` --engine ${engine}`;
  const precisionFlag = precision === null ? '' : ` --precision ${precision} --max-trials ${maxTrials}`;
  const queueFlag = queue === null ? '' : ` --queue ${redactUrl(opts.queue!)}`;
  const command = `npx balance run ${studyPath(opts.study)} --seed ${seed} --trials ${trials}${precisionFlag}${engineFlag}${queueFlag} --out ${dir}`;
  const workers = queue === null ? opts.workers : queue.workersSeen();
  const where = queue === null ? `${opts.workers} worker(s)` : `${workers} queue worker(s)`;
  let result: RunResult;
  try {
    result = await finish(study, tasks, tallies, false, dir, io, {
      command, engine, seed, trials, total_trials: totalTrials,
      ...(precision === null ? {} : { precision, max_trials: maxTrials, trials_min: Math.min(...used), trials_max: Math.max(...used) }), chunk_size: plugin.chunkSize, workers,
      ...(queue === null ? {} : { queue: redactUrl(opts.queue!) }),
      wall_time_ms: Math.round(wallMs), [`${plugin.unit}_per_second`]: Math.round(perSecond),
    }, `${formatCount(totalTrials)} ${plugin.unit} in ${(wallMs / 1000).toFixed(2)} s (${formatCount(perSecond)}/s, ${engine} engine, ${where})`);
  } catch (err) {
    // The chunks are done and stay in Redis: a rerun collects them instead of computing them again.
    await queue?.close();
    throw err;
  }
  if (queue !== null) {
    try {
      await queue.remove();
    } catch (err) {
      io.stderr.write(`balance: warning: could not remove queue ${queue.name} from Redis: ${(err as Error).message}\n`);
    }
  }
  return result;
}

export interface ExactOptions {
  readonly study: string;
  readonly out?: string | undefined;
}

export async function exactCommand(opts: ExactOptions, io: RunIo): Promise<RunResult> {
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
  return await finish(study, tasks, probabilities, true, dir, io, {
    command, engine: 'exact', exact_time_ms: Number(exactMs.toFixed(3)),
    exact_time_per_task_ms: Number((exactMs / Math.max(1, tasks.length)).toFixed(3)),
  }, `${tasks.length} exact distributions in ${exactMs.toFixed(1)} ms`);
}

async function finish(
  study: Study, tasks: readonly PlannedTask<unknown>[], tallies: readonly Float64Array[], exact: boolean, dir: string,
  io: RunIo, runFacts: Record<string, unknown>, footer: string,
): Promise<RunResult> {
  const plugin = study.plugin;
  const rows = tasks.map((t, i) => plugin.rows(t, tallies[i]!, exact));
  const runJson = {
    tool: 'tabletop-balance',
    version: VERSION,
    command: runFacts['command'],
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
  const header = plugin.summaryHeaderFor?.(tasks) ?? plugin.summaryHeader;
  const compare = compareRows(rows, exact);
  const csv = {
    summary: toCsv(header, rows.map((r) => r.summary)),
    distribution: toCsv(plugin.distributionHeader, rows.flatMap((r) => r.distribution)),
    compare: compare.length > 0 ? toCsv(COMPARE_HEADER, compare) : null,
    run: `${JSON.stringify(runJson, null, 2)}\n`,
  };
  const reports = await renderReports(csv);
  const files = writeAllOrNothing(dir, {
    ...(csv.compare !== null ? { 'compare.csv': csv.compare } : {}),
    'summary.csv': csv.summary,
    'distribution.csv': csv.distribution,
    'run.json': csv.run,
    'report.md': reports.markdown,
    'report.html': reports.html,
  });
  io.stdout.write(`${textTable(plugin.headlineHeader, rows.map((r) => r.headline))}\n\n${footer}\n`);
  for (const f of files) io.stdout.write(`wrote ${f}\n`);
  return { dir, files };
}

/** report.md and report.html from a run's CSVs and run.json (what `balance report` rebuilds). */
export async function renderReports(csv: { summary: string; distribution: string; compare: string | null; run: string }): Promise<{ markdown: string; html: string }> {
  const data = reportData(csv);
  return { markdown: renderMarkdown(data), html: (await renderHtml(data)).html };
}

/** `balance report DIR`: rebuilds report.md and report.html from the CSVs in DIR. */
export async function reportCommand(dir: string, io: RunIo): Promise<RunResult> {
  const read = (name: string, optional = false): string | null => {
    try {
      return readFileSync(join(dir, name), 'utf8');
    } catch {
      if (optional) return null;
      throw inputError(join(dir, name), 'missing: run balance run or balance exact into this directory first');
    }
  };
  const csv = { summary: read('summary.csv')!, distribution: read('distribution.csv')!, run: read('run.json')!, compare: read('compare.csv', true) };
  let reports: { markdown: string; html: string };
  try {
    reports = await renderReports(csv);
  } catch (err) {
    throw inputError(dir, `cannot read the run's files: ${(err as Error).message}`);
  }
  const files = writeAllOrNothing(dir, { 'report.md': reports.markdown, 'report.html': reports.html });
  for (const f of files) io.stdout.write(`wrote ${f}\n`);
  return { dir, files };
}

export interface ShardFile {
  readonly tool: 'tabletop-balance';
  readonly version: string;
  readonly study_sha256: string;
  readonly seed: number;
  readonly trials: number;
  readonly engine: Engine;
  readonly shard: readonly [number, number];
  readonly tallies: readonly (readonly number[])[];
}

function writeShard(
  study: Study, run: { seed: number; trials: number; engine: Engine; shard: { index: number; count: number } },
  tallies: readonly Float64Array[], dir: string, io: RunIo,
): RunResult {
  const file: ShardFile = {
    tool: 'tabletop-balance', version: VERSION, study_sha256: study.hash, seed: run.seed, trials: run.trials, engine: run.engine,
    shard: [run.shard.index, run.shard.count], tallies: tallies.map((t) => Array.from(t)),
  };
  const name = `shard-${run.shard.index}-of-${run.shard.count}.json`;
  const files = writeAllOrNothing(dir, { [name]: `${JSON.stringify(file)}\n` });
  for (const f of files) io.stdout.write(`wrote ${f}\n`);
  return { dir, files };
}

/** `balance merge STUDY SHARD...`: adds the shards' tallies and writes what one run would have written. */
export async function mergeCommand(opts: { study: string; shards: readonly string[]; out?: string | undefined }, io: RunIo): Promise<RunResult> {
  const study = load(opts.study, io);
  const shards = opts.shards.map((f): ShardFile => {
    try {
      return JSON.parse(readFileSync(f, 'utf8')) as ShardFile;
    } catch (err) {
      throw inputError(f, `not a shard file (${(err as Error).message})`);
    }
  });
  const first = shards[0];
  if (first === undefined) throw inputError('merge', 'name the shard files to merge');
  const n = first.shard[1];
  shards.forEach((s, i) => {
    const f = opts.shards[i]!;
    if (s.tool !== 'tabletop-balance' || !Array.isArray(s.tallies)) throw inputError(f, 'not a shard file');
    if (s.study_sha256 !== study.hash) throw inputError(f, `was run from another version of the study (sha256 ${String(s.study_sha256).slice(0, 12)})`);
    for (const k of ['seed', 'trials', 'engine'] as const) {
      if (s[k] !== first[k]) throw inputError(f, `${k} ${String(s[k])} differs from ${String(first[k])} in ${opts.shards[0]!}`);
    }
    if (s.shard[1] !== n) throw inputError(f, `is shard ${s.shard[0]}/${s.shard[1]}, not of ${n}`);
  });
  const have = new Set(shards.map((s) => s.shard[0]));
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((i) => !have.has(i));
  if (missing.length > 0 || shards.length !== n) {
    throw inputError('merge', `needs each of the ${n} shards exactly once${missing.length > 0 ? `; missing ${missing.join(', ')}` : ''}`);
  }
  const dir = opts.out ?? defaultOutDir(opts.study);
  ensureWritableDir(dir);
  const tasks = planStudy(study, first.trials);
  const tallies = tasks.map((_, i) => {
    const sum = new Float64Array(shards[0]!.tallies[i]?.length ?? 0);
    for (const s of shards) {
      const t = s.tallies[i];
      if (t === undefined || t.length !== sum.length) throw inputError('merge', `shard ${s.shard[0]} does not match the study's tasks`);
      for (let k = 0; k < sum.length; k++) sum[k] = sum[k]! + t[k]!;
    }
    return sum;
  });
  const command = `npx balance merge ${studyPath(opts.study)} ${opts.shards.join(' ')} --out ${dir}`;
  const totalTrials = tasks.reduce((s, t) => s + t.trials, 0);
  return await finish(study, tasks, tallies, false, dir, io, {
    command, engine: first.engine, seed: first.seed, trials: first.trials, total_trials: totalTrials, chunk_size: study.plugin.chunkSize, shards: n,
  }, `${formatCount(totalTrials)} ${study.plugin.unit} merged from ${n} shards`);
}
