/**
 * What `balance serve` answered over HTTP, computed in the page: validation with the CLI's loader
 * (its problems, line and column), exact answers (core.ts's exactStudy), Monte Carlo runs (core.ts's
 * runStudy on Web Workers, pool.ts) and the files to download: results.files are the CLI's CSV
 * texts (report/csv.ts's toCsv through buildResults), report.md and report.html the CLI's reports
 * (report/render.ts: the same chart specs, rendered to SVG by vega).
 */
import { ConfigError, type Problem } from '../src/config/problems.js';
import { loadStudyText, type Study } from '../src/config/study.js';
import { exactStudy, renderReport, runStudy, type Results } from '../src/core.js';
import { reportTitle } from '../src/report/data.js';
import { pageWorkers, webWorkerBackend } from './pool.js';
import type { PageResults } from './answer.js';

export interface ProblemJson { path: string; line: number; column: number; message: string }
export interface Validated { ok: true; system: string; mode: string; exact: boolean; tasks: number; trials: number; seed: number; warnings: ProblemJson[] }
export interface Invalid { ok: false; problems: ProblemJson[] }
export interface Computed { results: PageResults; report: string; files: Record<string, string> }

const toJson = (p: Problem): ProblemJson => ({ path: p.path, line: p.line, column: p.col, message: p.message });

/** The last study loaded: the linter and the exact answer that follows it load the same text once. */
let last: { name: string; text: string; loaded: { study: Study } | Invalid } | null = null;

/** The study, or its problems (the CLI's ConfigError); other errors are thrown. */
export function load(name: string, text: string): { study: Study } | Invalid {
  if (last !== null && last.name === name && last.text === text) return last.loaded;
  let loaded: { study: Study } | Invalid;
  try {
    loaded = { study: loadStudyText(name, text) };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    loaded = { ok: false, problems: err.problems.map(toJson) };
  }
  last = { name, text, loaded };
  return loaded;
}

/** What `/api/validate` answered. */
export function validate(name: string, text: string): Validated | Invalid {
  const loaded = load(name, text);
  if (!('study' in loaded)) return loaded;
  const { study } = loaded;
  return {
    ok: true, system: study.plugin.system, mode: study.plugin.mode, exact: study.plugin.exact !== undefined && study.plugin.exactIsSlow !== true,
    tasks: study.plugin.plan(study.data, 1).length, trials: study.data.trials, seed: study.data.seed, warnings: study.warnings.map(toJson),
  };
}

function pageResults(results: Results, seconds: number): PageResults {
  return {
    title: reportTitle(results.runJson), command: String(results.runJson['command']), system: results.system, mode: results.mode, exact: results.exact,
    summary: results.summary as PageResults['summary'], compare: results.compare as PageResults['compare'], files: [...Object.keys(results.files), 'report.md', 'report.html'], seconds,
  };
}

async function computed(results: Results, seconds: number): Promise<Computed> {
  const files: Record<string, string> = { ...results.files, ...(await reports(results)) };
  return { results: pageResults(results, seconds), report: files['report.html']!, files };
}

/** Exact answers (`balance exact`), without the reports: the page shows the table first. Problems (ConfigError) are thrown. */
export function exact(study: Study): { results: Results; page: PageResults } {
  const started = performance.now();
  const results = exactStudy(study);
  return { results, page: pageResults(results, (performance.now() - started) / 1000) };
}

/** report.md and report.html of results, as files. */
export async function reports(results: Results): Promise<Record<string, string>> {
  const r = await renderReport(results);
  return { 'report.md': r.markdown, 'report.html': r.html };
}

/** A Monte Carlo run (`balance run`) on Web Workers; rejects with RunCancelled when `signal` aborts. */
export async function simulate(study: Study, opts: { trials?: number | undefined; signal: AbortSignal; onProgress: (done: number, total: number) => void }): Promise<Computed> {
  const started = performance.now();
  const results = await runStudy(study, { trials: opts.trials, workers: pageWorkers(), signal: opts.signal, onProgress: opts.onProgress, backend: webWorkerBackend });
  return computed(results, (performance.now() - started) / 1000);
}
