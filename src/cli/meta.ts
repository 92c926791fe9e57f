/**
 * `balance meta STUDY`: plays every ordered pair of the study's `meta.roster`, solves the game
 * for its equilibrium and writes meta.csv, matrix.csv, run.json, report.md and report.html (all or
 * nothing, like run).
 */
import { chooseEngine, type Engine } from '../batch/engine.js';
import { formatProblem, inputError } from '../config/problems.js';
import { analyseVariants, loadMetaStudy, planMeta, simulateMeta, type MetaPlan } from '../analysis/run-meta.js';
import { analysisReport } from '../report/analysis-page.js';
import { rosterPolicy } from '../analysis/roster.js';
import { metaCsv, metaHtml, metaMarkdown } from '../report/meta.js';
import { claimOutput, type OutputClaim } from '../report/write.js';
import { createProgress, formatCount } from './progress.js';
import { defaultOutDir, studyPath, type RunIo, type RunOptions, type RunResult } from './run.js';
import { textTable } from './table.js';
import { VERSION } from './version.js';
import { precisionCeiling } from '../plan/ceiling.js';

/** What meta and solve take: run's options without sharding or a queue. */
export type AnalysisOptions = Omit<RunOptions, 'shard' | 'queue'>;

export async function metaCommand(opts: AnalysisOptions, io: RunIo): Promise<RunResult> {
  const study = loadMetaStudy(opts.study);
  const plugin = study.plugin;
  const plan = planMeta(study, { trials: opts.trials, seed: opts.seed });
  for (const w of study.warnings) io.stderr.write(`${formatProblem(w)}\n`);
  if (opts.engine === 'table' && !plugin.kernels.table) throw inputError('--engine', `${plugin.system} ${plugin.mode} has no table engine; use dice`);
  const engine = chooseEngine(plugin, opts.engine ?? 'auto', plan.trials);
  const dir = opts.out ?? defaultOutDir(opts.study);
  const precision = opts.precision ?? null;
  const maxTrials = precisionCeiling(precision, opts.maxTrials, null, plan.trials);
  const engineFlag = opts.engine === undefined || opts.engine === 'auto' ? '' : ` --engine ${engine}`;
  const precisionFlag = precision === null ? '' : ` --precision ${precision} --max-trials ${maxTrials}`;
  const command = `npx balance meta ${studyPath(opts.study)} --seed ${plan.seed} --trials ${plan.trials}${precisionFlag}${engineFlag} --out ${dir}`;
  // Locked from here to the last file: a second run into this directory waits its turn (exit 2).
  const out = claimOutput(dir, command);
  try {
    return await metaInto({ study, plan, engine, precision, maxTrials, command, workers: opts.workers }, out, io);
  } finally {
    out.release();
  }
}

async function metaInto(
  o: { study: ReturnType<typeof loadMetaStudy>; plan: MetaPlan; engine: Engine; precision: number | null; maxTrials: number; command: string; workers: number },
  out: OutputClaim, io: RunIo,
): Promise<RunResult> {
  const { study, plan, engine, precision, maxTrials } = o;
  const plugin = study.plugin;
  const progress = createProgress(io.stderr, plugin.unit);
  const started = performance.now();
  let sim: Awaited<ReturnType<typeof simulateMeta>>;
  try {
    sim = await simulateMeta(plan, { engine, workers: o.workers, precision, maxTrials, onProgress: (d, t) => progress.update(d, t) });
  } finally {
    progress.stop();
  }
  const missed = sim.reached?.filter((r) => !r).length ?? 0;
  if (missed > 0) {
    io.stderr.write(`balance: ${missed} of ${plan.tasks.length} matchup(s) stopped at --max-trials ${maxTrials} before their 95% half-width reached ${String(precision)}\n`);
  }
  const simulatedMs = performance.now() - started;
  const results = await analyseVariants(plan, sim.tallies);
  const wallMs = performance.now() - started;
  for (const r of results) {
    // The solver's answer, checked independently: no loadout may gain against the mix.
    if (r.result.exploitability > 1e-9) io.stderr.write(`warning: ${r.variant}: a loadout gains ${r.result.exploitability} against the equilibrium found\n`);
  }
  const total = sim.used.reduce((s, t) => s + t, 0);
  const run = {
    tool: 'tabletop-balance', version: VERSION,
    command: o.command,
    study: study.file, study_sha256: study.hash, system: plugin.system, mode: plugin.mode, analysis: 'meta',
    roster: plan.names, policy: rosterPolicy(study.block), seed: plan.seed, trials: plan.trials, engine, resamples: study.block.resamples,
    ...(precision === null ? {} : {
      precision, max_trials: maxTrials, trials_min: Math.min(...sim.used), trials_max: Math.max(...sim.used),
      precision_reached: plan.tasks.length - missed, precision_missed: missed,
    }),
    tasks: plan.tasks.length, total_trials: total, chunk_size: plugin.chunkSize, workers: o.workers, wall_time_ms: Math.round(wallMs),
    simulation_time_ms: Math.round(simulatedMs), equilibrium_time_ms: Math.round(wallMs - simulatedMs),
    exploitability: Object.fromEntries(results.map((r) => [r.variant, r.result.exploitability])),
    versions: { 'tabletop-balance': VERSION, node: process.version, v8: process.versions.v8 },
  };
  const csv = metaCsv(results);
  const title = typeof study.raw['title'] === 'string' ? `${study.raw['title']}: meta` : `Meta of ${study.file}`;
  const report = analysisReport(title, run, { markdown: metaMarkdown(results), html: metaHtml(results) });
  const files = out.write({
    'meta.csv': csv.meta, 'matrix.csv': csv.matrix, 'run.json': `${JSON.stringify(run, null, 2)}\n`, 'report.md': report.markdown, 'report.html': report.html,
  });
  const rows = results.flatMap(({ variant, result }) => [...result.loadouts]
    .sort((a, b) => b.share - a.share)
    .map((l) => [variant, l.name, l.share.toFixed(3), `${l.shareLow.toFixed(3)}-${l.shareHigh.toFixed(3)}`, l.vsField.toFixed(3), l.bestCounter, l.dominatedBy]));
  io.stdout.write(`${textTable(['variant', 'loadout', 'share', '95% CI', 'vs field', 'best counter', 'dominated by'], rows, 60)}\n\n`);
  io.stdout.write(`${formatCount(total)} ${plugin.unit} in ${(wallMs / 1000).toFixed(2)} s (${plan.names.length} loadouts, ${plan.variants.length} variant(s), ${engine} engine, ${o.workers} worker(s))\n`);
  for (const f of files) io.stdout.write(`wrote ${f}\n`);
  return { dir: out.dir, files };
}
