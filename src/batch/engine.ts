/**
 * Fans every chunk of every task over a worker pool (piscina) or runs them in this thread
 * (workers = 0), and merges the chunk tallies by addition. Integer counts added in any order give
 * the same totals, so results are identical whatever the number of workers.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chunksOf, type Chunk } from '../plan/chunks.js';
import type { AnyModePlugin, PlannedTask } from '../systems/types.js';
import { Piscina } from 'piscina';
import { prepareTask, runChunk, type PreparedTask } from './run-chunk.js';
import type { ChunkMessage } from './worker.js';

export type Engine = 'dice' | 'table';

export interface EngineOptions {
  readonly seed: number;
  /** Which kernel: `dice` (per die) or `table` (one draw per trial); the plugin must have it. */
  readonly engine: Engine;
  /** Worker threads; 0 runs everything in this thread. */
  readonly workers: number;
  /** Called after each chunk with trials done and total. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** A worker (or the kernel in this thread) failed: the run is abandoned. */
export class WorkerError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'WorkerError';
  }
}

let runCounter = 0;

export function defaultWorkers(): number {
  return availableParallelism();
}

/** The compiled worker script (under vitest this module runs from src/, the worker from dist/). */
export function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const file = here.endsWith('.ts')
    ? here.replace(/[\\/]src[\\/]batch[\\/]engine\.ts$/, '/dist/src/batch/worker.js')
    : here.replace(/engine\.js$/, 'worker.js');
  if (!existsSync(file)) throw new WorkerError(`worker script ${file} is missing: run npm run build`);
  return file;
}

/** `auto`: the table engine where the mode has one and the run is long enough to repay building it. */
export function chooseEngine(plugin: AnyModePlugin, requested: Engine | 'auto', trials: number): Engine {
  if (requested !== 'auto') return requested;
  return plugin.kernels.table !== undefined && trials >= TABLE_MIN_TRIALS ? 'table' : 'dice';
}

/** Below this many trials per task, building a table costs more than it saves. */
export const TABLE_MIN_TRIALS = 10_000;

export function planChunks(plugin: AnyModePlugin, tasks: readonly PlannedTask<unknown>[], seed: number): Chunk[] {
  return tasks.flatMap((t, i) => chunksOf(i, t.streamKey, t.trials, plugin.chunkSize, seed));
}

export async function simulate(
  plugin: AnyModePlugin, tasks: readonly PlannedTask<unknown>[], options: EngineOptions,
): Promise<Float64Array[]> {
  const chunks = planChunks(plugin, tasks, options.seed);
  const total = tasks.reduce((s, t) => s + t.trials, 0);
  const kernel = plugin.kernels[options.engine];
  if (!kernel) throw new Error(`${plugin.system} ${plugin.mode} has no ${options.engine} engine`);
  const tallies = tasks.map((t) => new Float64Array(kernel.tallySize(t.spec)));
  let done = 0;
  const merge = (chunk: Chunk, tally: Float64Array): void => {
    const into = tallies[chunk.task]!;
    for (let i = 0; i < into.length; i++) into[i] = into[i]! + tally[i]!;
    done += chunk.trials;
    options.onProgress?.(done, total);
  };

  if (options.workers <= 0) {
    const prepared = new Map<number, PreparedTask>();
    for (const chunk of chunks) {
      let task = prepared.get(chunk.task);
      if (!task) {
        prepared.clear();
        task = prepareTask(kernel, tasks[chunk.task]!.spec);
        prepared.set(chunk.task, task);
      }
      merge(chunk, runChunk(task, chunk.state, chunk.trials));
      if (chunk.index % 16 === 15) await new Promise((r) => setImmediate(r));
    }
    return tallies;
  }

  const run = `${process.pid}-${++runCounter}`;
  let failure: WorkerError | null = null;
  const pool = new Piscina<ChunkMessage, Float64Array>({
    filename: workerFile(),
    minThreads: options.workers,
    maxThreads: options.workers,
  });
  pool.on('error', (err: Error) => {
    failure ??= new WorkerError(`a worker failed: ${err.message}`, { cause: err });
  });

  // Keep a few chunks in flight per worker; on the first failure stop feeding, let the chunks in
  // flight settle, then close the pool, so nothing arrives after it is gone.
  let next = 0;
  const feed = async (): Promise<void> => {
    while (failure === null && next < chunks.length) {
      const chunk = chunks[next++]!;
      const task = tasks[chunk.task]!;
      const msg: ChunkMessage = {
        run, kernel: `${plugin.system}.${plugin.mode}.${options.engine}`, task: chunk.task, spec: task.spec,
        state: chunk.state, trials: chunk.trials,
      };
      try {
        merge(chunk, await pool.run(msg));
      } catch (err) {
        failure ??= new WorkerError(
          `a worker failed on task ${chunk.task + 1} chunk ${chunk.index + 1}: ${(err as Error).message}`, { cause: err },
        );
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.workers * 2 }, feed));
  } finally {
    await pool.destroy();
  }
  if (failure !== null) throw failure;
  return tallies;
}
