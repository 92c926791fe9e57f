/**
 * `balance solve STUDY`: finds the value of one study field (or of one field per roster loadout)
 * that brings a metric to a target; writes solve.csv, run.json, report.md and report.html (all or
 * nothing, like run).
 */
import { chooseEngine, type Engine } from '../batch/engine.js';
import { formatProblem, inputError } from '../config/problems.js';
import { setPath } from '../config/sweep.js';
import { balanceRoster } from '../analysis/roster-solve.js';
import { evaluateCandidate, type EvalOptions } from '../analysis/run-solve.js';
import { candidateStudy, loadSolveStudy, type SolveStudy } from '../analysis/solve-study.js';
import { bracketSearch, type Point, type SearchResult } from '../analysis/solve.js';
import { analysisReport } from '../report/analysis-page.js';
import { solveCsv, solveHtml, solveMarkdown, type SolveReport, type SolveRow } from '../report/solve.js';
import { claimOutput, type OutputClaim } from '../report/write.js';
import type { AnalysisOptions } from './meta.js';
import { createProgress, type Progress } from './progress.js';
import { defaultOutDir, studyPath, type RunIo, type RunResult } from './run.js';
import { textTable } from './table.js';
import { VERSION } from './version.js';

const f4 = (x: number): string => x.toFixed(4);

function describe(p: Point): string {
  return `${String(p.value)} (${f4(p.estimate)}${p.trials === null ? ', exact' : `, 95% CI ${f4(p.low)}-${f4(p.high)}`})`;
}

/** The sentence a designer acts on, from a bracketing search. */
export function recommend(path: string, metric: string, target: number, tolerance: number, r: SearchResult): string {
  const per = `one step of the values moves ${metric} by ${r.sensitivityPerStep >= 0 ? '+' : ''}${f4(r.sensitivityPerStep)}`;
  const between = r.bracket ? `${metric} crosses ${target} between ${describe(r.bracket[0])} and ${describe(r.bracket[1])}; ${per}.` : '';
  if (r.undecided.includes(r.best)) {
    return `The nearest value is ${describe(r.best)}, but its interval straddles ${target} ± ${tolerance}: whether it is within tolerance is undecided at this trial ceiling; raise --max-trials.${between ? ` ${between}` : ''}`;
  }
  if (r.hit) {
    const also = r.points.filter((p) => p !== r.best && Math.abs(p.estimate - target) <= tolerance && !r.undecided.includes(p)).map((p) => describe(p));
    const others = also.length === 0 ? '' : ` (${also.join(', ')} ${also.length === 1 ? 'is' : 'are'} within it too)`;
    return `Set ${path} to ${describe(r.best)}: within ${tolerance} of ${target}${others}.${between ? ` ${between}` : ''}`;
  }
  if (r.bracket) return `No value tried brings ${metric} within ${tolerance} of ${target}: ${between} The nearest is ${String(r.best.value)}; a finer step (or a second field) is needed.`;
  const [a, b] = [r.points[0]!, r.points[r.points.length - 1]!];
  return `The target is out of reach: ${metric} runs from ${describe(a)} to ${describe(b)}; the nearest is ${String(r.best.value)}.`;
}

async function singleField(s: SolveStudy, e: EvalOptions, trials: number, maxTrials: number): Promise<SolveReport> {
  const { target, vary } = s.study.block;
  let step = 0;
  const steps = new Map<number, number>();
  const result = await bracketSearch(s.candidates.length, async (i, t) => {
    steps.set(i, ++step);
    return evaluateCandidate(s, i, t, e);
  }, { target: target.value, tolerance: target.tolerance, trials, maxTrials });
  const role = (p: Point): string => (result.bracket?.[0] === p ? 'bracket_low' : result.bracket?.[1] === p ? 'bracket_high' : result.best === p ? 'best' : '');
  const rows: SolveRow[] = result.points.map((p) => ({
    step: steps.get(p.index)!, loadout: target.loadout ?? '', path: vary.path, value: p.value, metric: target.metric,
    estimate: p.estimate, low: p.low, high: p.high, trials: p.trials, role: role(p),
  }));
  return {
    title: '', target: `${target.metric} = ${target.value} ± ${target.tolerance}${target.loadout ? ` for ${target.loadout}` : ` (matchup ${target.matchup})`}, varying ${vary.path}`,
    rows, curve: rows, curveBy: 'value', recommendation: recommend(vary.path, target.metric, target.value, target.tolerance, result), warnings: result.warnings,
    targetValue: target.value, tolerance: target.tolerance,
  };
}

export async function solveCommand(opts: AnalysisOptions, io: RunIo): Promise<RunResult> {
  if (opts.precision !== undefined) throw inputError('--precision', 'balance solve adds trials near the crossing by itself; use --max-trials to cap them');
  const s = loadSolveStudy(opts.study);
  const plugin = s.study.plugin;
  const block = s.study.block;
  const first = structuredClone(s.study.raw) as Record<string, unknown>;
  if (!s.roster) setPath(first, block.vary.path.split('.'), s.candidates[0]!);
  const base = candidateStudy(s, first, `${block.vary.path}=${String(s.candidates[0])}`);
  for (const w of s.study.warnings) io.stderr.write(`${formatProblem(w)}\n`);
  if (opts.engine === 'table' && !plugin.kernels.table) throw inputError('--engine', `${plugin.system} ${plugin.mode} has no table engine; use dice`);
  const trials = opts.trials ?? base.trials;
  const seed = opts.seed ?? base.seed;
  const maxTrials = Math.max(trials, opts.maxTrials ?? block.maxTrials ?? 16 * trials);
  const canExact = plugin.exact !== undefined && block.target.metric !== 'vs_field';
  const engine: Engine | 'exact' = canExact && (opts.engine === undefined || opts.engine === 'auto') ? 'exact' : chooseEngine(plugin, opts.engine ?? 'auto', trials);
  const dir = opts.out ?? defaultOutDir(opts.study);
  const engineFlag = opts.engine === undefined || opts.engine === 'auto' ? '' : ` --engine ${engine}`;
  const command = `npx balance solve ${studyPath(opts.study)} --seed ${seed} --trials ${trials} --max-trials ${maxTrials}${engineFlag} --out ${dir}`;
  // Locked from here to the last file: a second run into this directory waits its turn (exit 2).
  const out = claimOutput(dir, command);
  try {
    const fallback = engine === 'exact' ? chooseEngine(plugin, 'auto', trials) : null;
    return await solveInto(s, { trials, seed, maxTrials, engine, fallback, command, workers: opts.workers }, out, io);
  } finally {
    out.release();
  }
}

async function solveInto(
  s: SolveStudy,
  o: { trials: number; seed: number; maxTrials: number; engine: Engine | 'exact'; fallback: Engine | null; command: string; workers: number },
  out: OutputClaim, io: RunIo,
): Promise<RunResult> {
  const { trials, seed, maxTrials } = o;
  let engine = o.engine;
  const plugin = s.study.plugin;
  const block = s.study.block;
  // One bar per evaluation (each candidate, or each roster setting, is a run of its own).
  let progress: Progress | null = null;
  let last = { done: 0, total: -1 };
  const onProgress = (done: number, total: number): void => {
    if (progress === null || total !== last.total || done < last.done) {
      progress?.stop();
      progress = createProgress(io.stderr, plugin.unit);
    }
    last = { done, total };
    progress.update(done, total);
  };
  const started = performance.now();
  const search = (): Promise<SolveReport> => {
    const e: EvalOptions = { seed, engine, workers: o.workers, onProgress };
    return s.roster ? balanceRoster(s, e, trials) : singleField(s, e, trials, maxTrials);
  };
  let report: SolveReport;
  try {
    try {
      report = await search();
    } catch (err) {
      // The mode has an exact engine but not for this study (an exchange duel farther apart than
      // distance 1, a state space over the limits): every candidate is simulated instead.
      if (o.fallback === null || !(err instanceof Error) || err.name !== 'ExactLimitError') throw err;
      io.stderr.write(`balance: no exact answer for this study (${err.message}); every candidate is simulated (--engine ${o.fallback})\n`);
      engine = o.fallback;
      report = await search();
    }
  } finally {
    (progress as Progress | null)?.stop();
  }
  const wallMs = performance.now() - started;
  const run = {
    tool: 'tabletop-balance', version: VERSION,
    command: o.command,
    study: s.study.file, study_sha256: s.study.hash, system: plugin.system, mode: plugin.mode, analysis: 'solve',
    target: block.target, vary: block.vary, seed, ...(engine === 'exact' ? {} : { trials, max_trials: maxTrials }), engine,
    evaluations: report.rows.length, workers: o.workers, wall_time_ms: Math.round(wallMs), recommendation: report.recommendation,
    warnings: report.warnings, versions: { 'tabletop-balance': VERSION, node: process.version, v8: process.versions.v8 },
  };
  const title = typeof s.study.raw['title'] === 'string' ? `${s.study.raw['title']}: solve` : `Solve for ${s.study.file}`;
  const page = analysisReport(title, run, { markdown: solveMarkdown(report), html: await solveHtml(report) });
  const files = out.write({ 'solve.csv': solveCsv(report.rows), 'run.json': `${JSON.stringify(run, null, 2)}\n`, 'report.md': page.markdown, 'report.html': page.html });
  for (const w of report.warnings) io.stderr.write(`warning: ${w}\n`);
  const shown = report.curveBy === 'step' ? report.rows.filter((r) => r.role === 'final') : report.curve;
  const rows = shown.map((r) => [r.loadout, String(r.value), f4(r.estimate), r.trials === null ? 'exact' : `${f4(r.low)}-${f4(r.high)}`, r.role]);
  io.stdout.write(`${textTable(['loadout', 'value', block.target.metric, '95% CI', 'role'], rows, 60)}\n\n${report.recommendation}\n`);
  for (const f of files) io.stdout.write(`wrote ${f}\n`);
  return { dir: out.dir, files };
}
