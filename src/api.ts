/**
 * tabletop-balance as a library: `import { loadStudy, runStudy, exactStudy, renderReport } from
 * 'tabletop-balance'`. Plain result objects with the same numbers as the CSVs (the CSV texts are
 * included), progress callbacks and an AbortSignal. The CLI (`run`, `exact`) is a client of these
 * functions; the playground page (web/, the static site) is a client of the same core (core.ts)
 * with Web Workers in place of worker threads.
 */
import { defaultWorkers, localBackend, type ChunkBackendFactory } from './batch/engine.js';
import type { Study } from './config/study.js';
import * as core from './core.js';
import type { Results, RunPlan, SimulateOptions, Simulation } from './core.js';

export { loadStudyText, type Study } from './config/study.js';
export { loadStudy } from './config/study-file.js';
export { RunCancelled, WorkerError } from './batch/engine.js';
export { ConfigError, formatProblem, type Problem } from './config/problems.js';
export { VERSION } from './cli/version.js';
export { buildResults, exactOrLimit, exactStudy, renderReport, type Results, type RunPlan, type SimulateOptions, type Simulation, type Table } from './core.js';

/** Resolves flags against the study and plans its tasks; every input check happens here. Workers default to the number of cores. */
export function planRun(study: Study, opts: SimulateOptions = {}): RunPlan {
  return core.planRun(study, { ...opts, workers: opts.workers ?? defaultWorkers() });
}

/** Simulates a planned run (on the local worker pool unless `backend` says otherwise). */
export async function simulatePlan(
  study: Study, plan: RunPlan, opts: Pick<SimulateOptions, 'onProgress' | 'signal'> & { readonly backend?: ChunkBackendFactory | undefined } = {},
): Promise<Simulation> {
  return core.simulatePlan(study, plan, { ...opts, backend: opts.backend ?? localBackend });
}

/** Plans and simulates a study (the work of `balance run` before any file is written). */
export async function simulateStudy(study: Study, opts: SimulateOptions = {}): Promise<Simulation> {
  return simulatePlan(study, planRun(study, opts), opts);
}

/** Simulates a study and returns its results (what `balance run` writes, as objects). */
export async function runStudy(study: Study, opts: SimulateOptions = {}): Promise<Results> {
  return core.runStudy(study, { ...opts, workers: opts.workers ?? defaultWorkers(), backend: opts.backend ?? localBackend });
}
