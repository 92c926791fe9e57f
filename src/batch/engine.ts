/**
 * Fans every chunk of every task over a worker pool (piscina) or runs them in this thread
 * (workers = 0), and merges the chunk tallies by addition. Integer counts added in any order give
 * the same totals, so results are identical whatever the number of workers.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Chunk } from '../plan/chunks.js';
import type { AnyModePlugin, Kernel, PlannedTask } from '../systems/types.js';
import { Piscina } from 'piscina';
import { ChunkLanes } from './lanes.js';
import { prepareTask, runChunk, type PreparedTask } from './run-chunk.js';
import type { ChunkMessage } from './worker.js';
import {
  kernelName, RunCancelled, WorkerError, simulate as simulateOn, simulateToPrecision as simulateToPrecisionOn,
  type ChunkBackend, type ChunkBackendFactory, type EngineOptions as BackendOptions, type PrecisionOptions as BackendPrecisionOptions,
} from './schedule.js';

export { chooseEngine, chunkSizeOf, planChunks, RunCancelled, TABLE_MIN_TRIALS, WorkerError, type ChunkBackend, type ChunkBackendFactory, type Engine } from './schedule.js';

/** A run's options; `backend` defaults to the local worker pool (ChunkRunner). */
export type EngineOptions = Omit<BackendOptions, 'backend'> & { readonly backend?: ChunkBackendFactory | undefined };
export type PrecisionOptions = Omit<BackendPrecisionOptions, 'backend'> & { readonly backend?: ChunkBackendFactory | undefined };

/** The local worker pool (or this thread with workers = 0). */
export const localBackend: ChunkBackendFactory = (plugin, tasks, options) => new ChunkRunner(plugin, tasks, options);

let runCounter = 0;

export { defaultWorkers } from './default-workers.js';

/** The compiled worker script, its CommonJS entry (worker-entry.cts says why; under vitest this module runs from src/, the worker from dist/). */
export function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const file = here.endsWith('.ts')
    ? here.replace(/[\\/]src[\\/]batch[\\/]engine\.ts$/, '/dist/src/batch/worker-entry.cjs')
    : here.replace(/engine\.js$/, 'worker-entry.cjs');
  if (!existsSync(file)) throw new WorkerError(`worker script ${file} is missing: run npm run build`);
  return file;
}

/**
 * Runs chunks of a fixed set of tasks into their tallies, on a worker pool kept for the runner's
 * life (or in this thread with workers = 0). Chunks may come in several batches (precision runs).
 */
export class ChunkRunner implements ChunkBackend {
  readonly tallies: Float64Array[];
  private readonly kernel: Kernel<unknown, unknown>;
  /** One single-thread pool per worker, so each worker can be fed its own lane of chunks (lanes.ts). */
  private readonly pools: Piscina<ChunkMessage, Float64Array>[];
  private readonly run = `${process.pid}-${++runCounter}`;
  private failure: WorkerError | null = null;
  private readonly prepared = new Map<number, PreparedTask>();
  done = 0;

  constructor(
    private readonly plugin: AnyModePlugin,
    private readonly tasks: readonly PlannedTask<unknown>[],
    private readonly options: EngineOptions,
  ) {
    const kernel = plugin.kernels[options.engine];
    if (!kernel) throw new Error(`${plugin.system} ${plugin.mode} has no ${options.engine} engine`);
    this.kernel = kernel;
    this.tallies = tasks.map((t) => new Float64Array(kernel.tallySize(t.spec)));
    const file = options.workers > 0 ? workerFile() : '';
    this.pools = Array.from({ length: options.workers }, () => new Piscina<ChunkMessage, Float64Array>({ filename: file, minThreads: 1, maxThreads: 1 }));
    for (const pool of this.pools) {
      pool.on('error', (err: Error) => {
        this.failure ??= new WorkerError(`a worker failed: ${err.message}`, { cause: err });
      });
    }
  }

  private merge(chunk: Chunk, tally: Float64Array, total: number): void {
    const into = this.tallies[chunk.task]!;
    for (let i = 0; i < into.length; i++) into[i] = into[i]! + tally[i]!;
    this.done += chunk.trials;
    this.options.onProgress?.(this.done, total);
  }

  /** Runs the chunks (in any order; the merged counts do not depend on it). `total` is for progress. */
  async runChunks(chunks: readonly Chunk[], total: number): Promise<void> {
    const signal = this.options.signal;
    if (signal?.aborted) throw new RunCancelled();
    if (this.pools.length === 0) {
      for (const chunk of chunks) {
        if (signal?.aborted) throw new RunCancelled();
        let task = this.prepared.get(chunk.task);
        if (!task) {
          this.prepared.clear();
          task = prepareTask(this.kernel, this.tasks[chunk.task]!.spec);
          this.prepared.set(chunk.task, task);
        }
        this.merge(chunk, runChunk(task, chunk.state, chunk.trials), total);
        if (chunk.index % 16 === 15) await new Promise((r) => setImmediate(r));
      }
      return;
    }
    // One chunk in flight per worker, taken from its own lane; on the first failure stop feeding and
    // let the chunks in flight settle, so nothing arrives after the pool is gone.
    const lanes = new ChunkLanes(chunks, this.pools.length);
    const feed = async (pool: Piscina<ChunkMessage, Float64Array>, lane: number): Promise<void> => {
      while (this.failure === null && signal?.aborted !== true) {
        const chunk = lanes.take(lane);
        if (chunk === undefined) return;
        const msg: ChunkMessage = {
          run: this.run, kernel: kernelName(this.plugin, this.options.engine), task: chunk.task,
          spec: this.tasks[chunk.task]!.spec, state: chunk.state, trials: chunk.trials,
        };
        try {
          this.merge(chunk, await pool.run(msg, signal ? { signal } : {}), total);
        } catch (err) {
          if (signal?.aborted) return;
          this.failure ??= new WorkerError(
            `a worker failed on task ${chunk.task + 1} chunk ${chunk.index + 1}: ${(err as Error).message}`, { cause: err },
          );
        }
      }
    };
    await Promise.all(this.pools.map(feed));
    if (this.failure !== null) throw this.failure;
    if (signal?.aborted) throw new RunCancelled();
  }

  async close(): Promise<void> {
    await Promise.all(this.pools.map((pool) => pool.destroy()));
  }
}
export async function simulate(plugin: AnyModePlugin, tasks: readonly PlannedTask<unknown>[], options: EngineOptions): Promise<Float64Array[]> {
  return simulateOn(plugin, tasks, { ...options, backend: options.backend ?? localBackend });
}

export async function simulateToPrecision(
  plugin: AnyModePlugin, tasks: readonly PlannedTask<unknown>[], options: PrecisionOptions,
): Promise<{ tallies: Float64Array[]; trials: number[]; reached: boolean[] }> {
  return simulateToPrecisionOn(plugin, tasks, { ...options, backend: options.backend ?? localBackend });
}
