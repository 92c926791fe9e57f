/**
 * Monte Carlo runs of the serve page: one at a time per page (a new run cancels the page's old
 * one), each time-limited, progress published to server-sent-event listeners, results kept in
 * memory (the CSVs and reports to download) until the page starts another run.
 */
import { randomUUID } from 'node:crypto';
import { RunCancelled, renderReport, runStudy, type Results, type Study } from '../api.js';
import { reportTitle } from '../report/data.js';

export type RunEvent =
  | { readonly type: 'progress'; readonly done: number; readonly total: number }
  | { readonly type: 'done'; readonly results: PageResults }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'cancelled'; readonly message: string };

/**
 * What the page shows: the summary tables and the report, plus file names to download. `title` and
 * `command` are the report's own (its heading and run.json's command), so the page can say which
 * run its table shows.
 */
export interface PageResults {
  readonly title: string;
  readonly command: string;
  readonly system: string;
  readonly mode: string;
  readonly exact: boolean;
  readonly summary: Results['summary'];
  readonly compare: Results['compare'];
  readonly headline: Results['headline'];
  readonly files: readonly string[];
  readonly seconds: number;
}

export interface Run {
  readonly id: string;
  readonly page: string;
  readonly controller: AbortController;
  readonly events: RunEvent[];
  readonly listeners: Set<(e: RunEvent) => void>;
  files: Record<string, string> | null;
  finished: boolean;
}

export function pageResults(results: Results, reports: { markdown: string; html: string }, seconds: number): { page: PageResults; files: Record<string, string> } {
  const files = { ...results.files, 'report.md': reports.markdown, 'report.html': reports.html };
  return {
    page: {
      title: reportTitle(results.runJson), command: String(results.runJson['command']), system: results.system, mode: results.mode, exact: results.exact, summary: results.summary, compare: results.compare,
      headline: results.headline, files: Object.keys(files), seconds,
    },
    files,
  };
}

export class Runs {
  private readonly byId = new Map<string, Run>();
  private readonly byPage = new Map<string, Run>();

  constructor(private readonly limits: { readonly maxSeconds: number; readonly workers: number }) {}

  get(id: string): Run | undefined {
    return this.byId.get(id);
  }

  /** Starts a run for a page, cancelling that page's previous run and forgetting its files. */
  start(page: string, study: Study, trials: number | undefined): Run {
    const old = this.byPage.get(page);
    if (old !== undefined) {
      old.controller.abort();
      this.byId.delete(old.id);
    }
    const run: Run = { id: randomUUID(), page, controller: new AbortController(), events: [], listeners: new Set(), files: null, finished: false };
    this.byId.set(run.id, run);
    this.byPage.set(page, run);
    const timer = setTimeout(() => run.controller.abort(new RunCancelled(`the run took longer than ${this.limits.maxSeconds} s (balance serve --max-run-seconds)`)), this.limits.maxSeconds * 1000);
    const started = performance.now();
    let last = 0;
    runStudy(study, {
      trials, workers: this.limits.workers, signal: run.controller.signal,
      onProgress: (done, total) => {
        const now = performance.now();
        if (now - last > 100 || done === total) {
          last = now;
          this.publish(run, { type: 'progress', done, total });
        }
      },
    })
      .then(async (results) => {
        const { page: shown, files } = pageResults(results, await renderReport(results), (performance.now() - started) / 1000);
        run.files = files;
        this.publish(run, { type: 'done', results: shown });
      })
      .catch((err: unknown) => {
        const reason: unknown = run.controller.signal.reason;
        if (err instanceof RunCancelled || run.controller.signal.aborted) {
          this.publish(run, { type: 'cancelled', message: reason instanceof RunCancelled ? reason.message : 'stopped' });
        } else {
          this.publish(run, { type: 'failed', message: (err as Error).message });
        }
      })
      .finally(() => {
        clearTimeout(timer);
        run.finished = true;
      });
    return run;
  }

  stop(id: string): boolean {
    const run = this.byId.get(id);
    if (run === undefined) return false;
    run.controller.abort();
    return true;
  }

  /** Cancels every run (server shutdown). */
  stopAll(): void {
    for (const run of this.byId.values()) run.controller.abort();
  }

  private publish(run: Run, event: RunEvent): void {
    // Progress is not replayed (only the latest matters); results and errors are.
    if (event.type !== 'progress') run.events.push(event);
    else run.events.splice(0, run.events.length, ...run.events.filter((e) => e.type !== 'progress'), event);
    for (const l of run.listeners) l(event);
  }
}
