/**
 * `balance run`: study -> tasks -> simulate (workers) -> merged tallies -> CSV, run.json, report.md.
 */
import { basename, extname, join, relative, resolve } from 'node:path';
import { simulate } from '../batch/engine.js';
import { formatProblem } from '../config/problems.js';
import { loadStudy, type Study } from '../config/study.js';
import { toCsv } from '../report/csv.js';
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

export function reproduceCommand(study: string, seed: number, trials: number, out: string): string {
  return `npx balance run ${study} --seed ${seed} --trials ${trials} --out ${out}`;
}

export async function runCommand(opts: RunOptions, io: RunIo): Promise<RunResult> {
  const study = loadStudy(opts.study);
  for (const w of study.warnings) io.stderr.write(`${formatProblem(w)}\n`);
  const seed = opts.seed ?? study.data.seed;
  const trials = opts.trials ?? study.data.trials;
  const dir = opts.out ?? defaultOutDir(opts.study);
  ensureWritableDir(dir);

  const plugin = study.plugin;
  const tasks: PlannedTask<unknown>[] = plugin.plan(study.data, trials);
  const progress = createProgress(io.stderr, plugin.unit);
  const started = performance.now();
  let tallies: Float64Array[];
  try {
    tallies = await simulate(plugin, tasks, { seed, workers: opts.workers, onProgress: (d, t) => progress.update(d, t) });
  } finally {
    progress.stop();
  }
  const wallMs = performance.now() - started;
  const rows = tasks.map((t, i) => plugin.rows(t, tallies[i]!, false));
  const totalTrials = tasks.reduce((s, t) => s + t.trials, 0);
  const perSecond = totalTrials / (wallMs / 1000);
  const command = reproduceCommand(relative(process.cwd(), resolve(opts.study)) || opts.study, seed, trials, dir);

  const runJson = {
    tool: 'tabletop-balance',
    version: VERSION,
    command,
    study: opts.study,
    study_sha256: study.hash,
    system: plugin.system,
    mode: plugin.mode,
    engine: 'dice',
    seed,
    trials,
    tasks: tasks.length,
    total_trials: totalTrials,
    chunk_size: plugin.chunkSize,
    workers: opts.workers,
    versions: { 'tabletop-balance': VERSION, node: process.version, v8: process.versions.v8 },
    wall_time_ms: Math.round(wallMs),
    [`${plugin.unit}_per_second`]: Math.round(perSecond),
  };
  const files = writeAllOrNothing(dir, outputFiles(study, rows, runJson, [
    ['command', `\`${command}\``],
    ['study', `${opts.study} (sha256 ${study.hash.slice(0, 12)})`],
    ['system / mode', `${plugin.system} / ${plugin.mode}`],
    ['seed', String(seed)],
    ['trials per matchup and variant', String(trials)],
    ['wall time', `${(wallMs / 1000).toFixed(2)} s, ${formatCount(perSecond)} ${plugin.unit}/s on ${opts.workers} worker(s)`],
    ['version', `tabletop-balance ${VERSION}, Node ${process.version}`],
  ]));

  io.stdout.write(`${textTable(plugin.headlineHeader, rows.map((r) => r.headline))}\n\n`);
  io.stdout.write(`${formatCount(totalTrials)} ${plugin.unit} in ${(wallMs / 1000).toFixed(2)} s (${formatCount(perSecond)}/s, ${opts.workers} worker(s))\n`);
  for (const f of files) io.stdout.write(`wrote ${f}\n`);
  return { dir, files };
}

/** The files every run writes, from the rows of each task. */
export function outputFiles(
  study: Study, rows: readonly TaskRows[], runJson: Record<string, unknown>, facts: readonly (readonly [string, string])[],
): Record<string, string> {
  const plugin = study.plugin;
  const distribution: (readonly Cell[])[] = rows.flatMap((r) => r.distribution);
  return {
    'summary.csv': toCsv(plugin.summaryHeader, rows.map((r) => r.summary)),
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
