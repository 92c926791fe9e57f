/**
 * Fans every chunk of every task over a worker pool (piscina) or runs them in this thread
 * (workers = 0), and merges the chunk tallies by addition. Integer counts added in any order give
 * the same totals, so results are identical whatever the number of workers.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deriveStream } from '../dice/rng.js';
import { chunksOf, type Chunk } from '../plan/chunks.js';
import type { AnyModePlugin, Kernel, PlannedTask } from '../systems/types.js';
import { Piscina } from 'piscina';
import { ChunkLanes } from './lanes.js';
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
  /** Run only shard `index` (1-based) of `count`: every count-th chunk. Merged shards equal one run. */
  readonly shard?: { readonly index: number; readonly count: number };
  /** Stops the run: no new chunks start, chunks in flight are abandoned, the run rejects with RunCancelled (local pool only). */
  readonly signal?: AbortSignal;
  /** Where chunks run instead of the local pool (e.g. a Redis queue); the local ChunkRunner by default. */
  readonly backend?: ChunkBackendFactory;
}

/** The run was stopped through its AbortSignal (a Stop button, a time limit). */
export class RunCancelled extends Error {
  constructor(message = 'the run was stopped') {
    super(message);
    this.name = 'RunCancelled';
  }
}

/** Something that runs batches of chunks into per-task tallies: the local pool, or a queue. */
export interface ChunkBackend {
  readonly tallies: Float64Array[];
  runChunks(chunks: readonly Chunk[], total: number): Promise<void>;
  close(): Promise<void>;
}

export type ChunkBackendFactory = (plugin: AnyModePlugin, tasks: readonly PlannedTask<unknown>[], options: EngineOptions) => ChunkBackend | Promise<ChunkBackend>;

async function openBackend(plugin: AnyModePlugin, tasks: readonly PlannedTask<unknown>[], options: EngineOptions): Promise<ChunkBackend> {
  return options.backend ? await options.backend(plugin, tasks, options) : new ChunkRunner(plugin, tasks, options);
}

/** A worker (or the kernel in this thread) failed: the run is abandoned. */
export class WorkerError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'WorkerError';
  }
}

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

/** `auto`: the table engine where the mode has one and the run is long enough to repay building it. */
export function chooseEngine(plugin: AnyModePlugin, requested: Engine | 'auto', trials: number): Engine {
  if (requested !== 'auto') return requested;
  return plugin.kernels.table !== undefined && trials >= TABLE_MIN_TRIALS ? 'table' : 'dice';
}

/** Below this many trials per task, building a table costs more than it saves. */
export const TABLE_MIN_TRIALS = 10_000;

export function planChunks(plugin: AnyModePlugin, tasks: readonly PlannedTask<unknown>[], seed: number): Chunk[] {
  return tasks.flatMap((t, i) => chunksOf(i, t.streamKey, t.trials, chunkSizeOf(plugin, t), seed));
}

/** A task's chunk size: its own (search tasks: a few fights per chunk, for progress and workers), else the mode's. */
export function chunkSizeOf(plugin: AnyModePlugin, task: PlannedTask<unknown>): number {
  return task.chunkSize ?? plugin.chunkSize;
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
          run: this.run, kernel: `${this.plugin.system}.${this.plugin.mode}.${this.options.engine}`, task: chunk.task,
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

export async function simulate(
  plugin: AnyModePlugin, tasks: readonly PlannedTask<unknown>[], options: EngineOptions,
): Promise<Float64Array[]> {
  const runner = await openBackend(plugin, tasks, options);
  const shard = options.shard;
  const chunks = planChunks(plugin, tasks, options.seed).filter((_, k) => shard === undefined || k % shard.count === shard.index - 1);
  try {
    await runner.runChunks(chunks, chunks.reduce((s, c) => s + c.trials, 0));
  } finally {
    await runner.close();
  }
  return runner.tallies;
}

export interface PrecisionOptions extends EngineOptions {
  /** Target half-width of each task's 95% interval. */
  readonly precision: number;
  /** Ceiling of trials per task. */
  readonly maxTrials: number;
  /** The half-width a task's tally gives now. */
  readonly halfWidth: (task: number, tally: Float64Array) => number;
}

/**
 * Adds chunks to every task until its interval is narrow enough or it reaches maxTrials. Each
 * round starts from the merged tallies and schedules, per unfinished task, the chunks its current
 * spread says it needs; chunk i of a task is always the same stream, so the same seed gives the
 * same result for any number of workers. Returns the trials each task used and whether its
 * interval reached the target (false: --max-trials stopped it first).
 */
export async function simulateToPrecision(
  plugin: AnyModePlugin, tasks: readonly PlannedTask<unknown>[], options: PrecisionOptions,
): Promise<{ tallies: Float64Array[]; trials: number[]; reached: boolean[] }> {
  const sizes = tasks.map((t) => chunkSizeOf(plugin, t));
  const maxChunks = sizes.map((size) => Math.max(1, Math.ceil(options.maxTrials / size)));
  const used = tasks.map(() => 0);
  const runner = await openBackend(plugin, tasks, options);
  const total = sizes.reduce((s, size, i) => s + maxChunks[i]! * size, 0);
  try {
    let wanted = tasks.map(() => 1);
    for (let round = 0; round < 64 && wanted.some((w, i) => w > used[i]!); round++) {
      const chunks: Chunk[] = [];
      tasks.forEach((t, i) => {
        for (let c = used[i]!; c < wanted[i]!; c++) {
          const trials = Math.min(sizes[i]!, options.maxTrials - c * sizes[i]!);
          chunks.push({ task: i, index: c, trials, state: deriveStream(options.seed, t.streamKey, c) });
        }
        used[i] = wanted[i]!;
      });
      await runner.runChunks(chunks, total);
      wanted = tasks.map((_, i) => {
        const hw = options.halfWidth(i, runner.tallies[i]!);
        if (hw <= options.precision || used[i]! >= maxChunks[i]!) return used[i]!;
        // Trials needed scale with (half-width / target)^2; ask for 10% more, at least one chunk.
        const need = Math.ceil(((used[i]! * (hw / options.precision) ** 2) * 1.1));
        return Math.min(maxChunks[i]!, Math.max(used[i]! + 1, need));
      });
    }
  } finally {
    await runner.close();
  }
  const reached = runner.tallies.map((t, i) => options.halfWidth(i, t) <= options.precision);
  return { tallies: runner.tallies, trials: used.map((c, i) => Math.min(c * sizes[i]!, options.maxTrials)), reached };
}
