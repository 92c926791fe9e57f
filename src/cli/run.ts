/**
 * `balance run` and `balance exact`: study -> tasks -> merged tallies (simulated on workers) or
 * exact probabilities -> summary.csv, distribution.csv, run.json, report.md.
 */
import { checkSummaryNumbers } from '../report/check-summary.js';
import { existsSync } from 'node:fs';
import { readBoundedText } from '../config/load.js';
import { basename, extname, join, relative, resolve } from 'node:path';
import type { Engine } from '../batch/engine.js';
import { buildResults, exactOrLimit, planRun, renderReport, simulatePlan, type Simulation } from '../api.js';
import { WorkerError } from '../batch/engine.js';
import { redactUrl } from '../queue/url.js';
import { formatProblem, inputError } from '../config/problems.js';
import { loadStudy, type Study } from '../config/study.js';
import { planStudy } from '../plan/plan.js';
import { withExtraSections } from '../report/extra.js';
import { renderReports } from '../report/render.js';
import { pausePoint } from '../report/pause-point.js';
import { claimOutput, type OutputClaim } from '../report/write.js';
import type { PlannedTask } from '../systems/types.js';
import { createProgress, formatCount } from './progress.js';
import { textTable } from './table.js';
import { mergeShards, shardFile } from './shard.js';

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
  /** Play-outs per decision for `policy: search` fighters (overrides the study). */
  readonly searchRollouts?: number | undefined;
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
  const name = basename(studyFile, extname(studyFile));
  // `..yaml` would name reports/ itself (and `.yaml` a hidden folder): ask for --out instead.
  if (/^\.*$/.test(name)) throw inputError(studyFile, 'cannot name an output directory after this file name; pass --out DIR');
  return join('reports', name);
}

export function studyPath(file: string): string {
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
  const dir = opts.out ?? defaultOutDir(opts.study);
  const plan = planRun(study, opts);
  const { tasks, engine, seed, trials, precision, maxTrials } = plan;
  const engineFlag = opts.engine === undefined || opts.engine === 'auto' ? '' : ` --engine ${engine}`;
  const precisionFlag = precision === null ? '' : ` --precision ${precision} --max-trials ${maxTrials}`;
  const queueFlag = opts.queue === undefined ? '' : ` --queue ${redactUrl(opts.queue)}`;
  const searchFlag = opts.searchRollouts === undefined ? '' : ` --search-rollouts ${opts.searchRollouts}`;
  const command = `npx balance run ${studyPath(opts.study)} --seed ${seed} --trials ${trials}${precisionFlag}${engineFlag}${searchFlag}${queueFlag} --out ${dir}`;
  // Every input check is above: the output is claimed (locked) only for a run that will start.
  const out = claimOutput(dir, command, opts.shard === undefined ? '' : `shard-${opts.shard.index}-of-${opts.shard.count}`);
  try {
    const queue = opts.queue === undefined ? null : await (await import('../queue/submit.js')).openQueueRun({ url: opts.queue, study, seed, trials, engine, stderr: io.stderr });
    const progress = createProgress(io.stderr, plugin.unit);
    let sim: Simulation;
    try {
      sim = await simulatePlan(study, plan, {
        onProgress: (d, t) => {
          progress.update(d, t);
          pausePoint('run:chunk');
        },
        ...(queue === null ? {} : { backend: queue.backend }) });
    } catch (err) {
      // A chunk that failed for good: nothing of this queue is worth keeping.
      if (err instanceof WorkerError) await queue?.remove();
      else await queue?.close();
      throw err;
    } finally {
      progress.stop();
    }
    const { tallies, used, reached, wallMs } = sim;
    if (opts.shard !== undefined) return writeShard(study, { seed, trials, engine, shard: opts.shard }, tallies, out, io);
    const totalTrials = used.reduce((s, t) => s + t, 0);
    const perSecond = totalTrials / (wallMs / 1000);
    const missed = reached?.filter((r) => !r).length ?? 0;
    if (missed > 0) {
      io.stderr.write(`balance: ${missed} of ${tasks.length} matchup(s) stopped at --max-trials ${maxTrials} before their 95% half-width reached ${String(precision)}; marked precision_reached=false in summary.csv\n`);
    }
    const workers = queue === null ? opts.workers : queue.workersSeen();
    const where = queue === null ? `${opts.workers} worker(s)` : `${workers} queue worker(s)`;
    let result: RunResult;
    try {
      result = await finish(study, tasks, tallies, false, out, io, {
        command, engine, seed, trials, total_trials: totalTrials,
        ...(precision === null ? {} : {
          precision, max_trials: maxTrials, trials_min: Math.min(...used), trials_max: Math.max(...used),
          precision_reached: tasks.length - missed, precision_missed: missed,
        }),
        chunk_size: plugin.chunkSize, workers,
        ...(queue === null ? {} : { queue: redactUrl(opts.queue!) }),
        wall_time_ms: Math.round(wallMs), [`${plugin.unit}_per_second`]: Math.round(perSecond),
      }, `${formatCount(totalTrials)} ${plugin.unit} in ${(wallMs / 1000).toFixed(2)} s (${formatCount(perSecond)}/s, ${engine} engine, ${where})`, reached);
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
  } finally {
    out.release();
  }
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
  const tasks = planStudy(study, study.data.trials);
  const command = `npx balance exact ${studyPath(opts.study)} --out ${dir}`;
  const out = claimOutput(dir, command);
  try {
    const started = performance.now();
    const probabilities = tasks.map((t) => exactOrLimit(opts.study, () => exact(t.spec)));
    const exactMs = performance.now() - started;
    return await finish(study, tasks, probabilities, true, out, io, {
      command, engine: 'exact', exact_time_ms: Number(exactMs.toFixed(3)),
      exact_time_per_task_ms: Number((exactMs / Math.max(1, tasks.length)).toFixed(3)),
    }, `${tasks.length} exact distributions in ${exactMs.toFixed(1)} ms`);
  } finally {
    out.release();
  }
}

async function finish(
  study: Study, tasks: readonly PlannedTask<unknown>[], tallies: readonly Float64Array[], exact: boolean, out: OutputClaim,
  io: RunIo, runFacts: Record<string, unknown>, footer: string, reached: readonly boolean[] | null = null,
): Promise<RunResult> {
  const results = buildResults(study, tasks, tallies, exact, runFacts, reached);
  const reports = await renderReport(results);
  const files = out.write({ ...results.files, 'report.md': reports.markdown, 'report.html': reports.html });
  io.stdout.write(`${textTable(results.headline.header, results.headline.rows)}\n\n${footer}\n`);
  for (const f of files) io.stdout.write(`wrote ${f}\n`);
  return { dir: out.dir, files };
}

/** The most `balance report` reads of one file (a device or pipe is read only that far). */
const MAX_REPORT_INPUT_BYTES = 512 * 1024 * 1024;

/** `balance report DIR`: rebuilds report.md and report.html from the CSVs in DIR. */
export async function reportCommand(dir: string, io: RunIo): Promise<RunResult> {
  const read = (name: string, optional = false): string | null => {
    if (!existsSync(join(dir, name))) {
      if (optional) return null;
      throw inputError(join(dir, name), 'missing: run balance run or balance exact into this directory first');
    }
    return readBoundedText(join(dir, name), MAX_REPORT_INPUT_BYTES, 'a file of a run');
  };
  // A meta or solve directory has a run.json but no summary.csv: say which command rebuilds it.
  const runText = read('run.json', true);
  if (runText === null) {
    read('summary.csv');
    read('run.json');
  }
  let run: unknown;
  try {
    run = JSON.parse(runText!);
  } catch (err) {
    throw inputError(join(dir, 'run.json'), `not a run.json of balance run (invalid JSON: ${(err as Error).message})`);
  }
  if (typeof run !== 'object' || run === null || Array.isArray(run)) throw inputError(join(dir, 'run.json'), 'not a run.json of balance run (expected a JSON object)');
  const analysis = (run as Record<string, unknown>)['analysis'];
  if (analysis === 'meta' || analysis === 'solve') {
    throw inputError(dir, `holds a balance ${analysis} run, whose report balance report does not rebuild; run balance ${analysis} again`);
  }
  const csv = { summary: read('summary.csv')!, distribution: read('distribution.csv')!, run: runText!, compare: read('compare.csv', true) };
  checkSummaryNumbers(join(dir, 'summary.csv'), csv.summary);
  let reports: { markdown: string; html: string };
  try {
    reports = await renderReports(csv);
  } catch (err) {
    throw inputError(dir, `cannot read the run's files: ${(err as Error).message}`);
  }
  const out = claimOutput(dir, `npx balance report ${dir}`);
  try {
    const files = out.write({ 'report.md': withExtraSections(reports.markdown, csv.summary, { 'fighters.csv': read('fighters.csv', true) }), 'report.html': reports.html }, ['report.md', 'report.html']);
    for (const f of files) io.stdout.write(`wrote ${f}\n`);
    return { dir, files };
  } finally {
    out.release();
  }
}

export type { ShardFile } from './shard.js';

function writeShard(
  study: Study, run: { seed: number; trials: number; engine: Engine; shard: { index: number; count: number } },
  tallies: readonly Float64Array[], out: OutputClaim, io: RunIo,
): RunResult {
  const name = `shard-${run.shard.index}-of-${run.shard.count}.json`;
  // Only this shard's file is replaced: other shards may share the directory.
  const files = out.write({ [name]: `${JSON.stringify(shardFile(study, run, tallies))}\n` }, [name]);
  for (const f of files) io.stdout.write(`wrote ${f}\n`);
  return { dir: out.dir, files };
}

/** `balance merge STUDY SHARD...`: adds the shards' tallies and writes what one run would have written. */
export async function mergeCommand(opts: { study: string; shards: readonly string[]; out?: string | undefined }, io: RunIo): Promise<RunResult> {
  const study = load(opts.study, io);
  const { first, tasks, tallies } = mergeShards(study, opts.shards, (trials) => planStudy(study, trials));
  const n = first.shard[1];
  const dir = opts.out ?? defaultOutDir(opts.study);
  const command = `npx balance merge ${studyPath(opts.study)} ${opts.shards.join(' ')} --out ${dir}`;
  const totalTrials = tasks.reduce((s, t) => s + t.trials, 0);
  const out = claimOutput(dir, command);
  try {
    return await finish(study, tasks, tallies, false, out, io, {
      command, engine: first.engine, seed: first.seed, trials: first.trials, total_trials: totalTrials, chunk_size: study.plugin.chunkSize, shards: n,
    }, `${formatCount(totalTrials)} ${study.plugin.unit} merged from ${n} shards`);
  } finally {
    out.release();
  }
}

