/**
 * Planning and reducing a run's chunks, whatever runs them: every chunk of every task (or of a
 * shard, or, with a precision target, the chunks each round asks for) goes to a ChunkBackend (the
 * local worker pool of batch/engine.ts, Web Workers on the static site, a Redis queue) and the
 * chunk tallies are merged by addition. No Node imports: the static site bundles this module.
 */
import { deriveStream } from '../dice/rng.js';
import { chunksOf, type Chunk } from '../plan/chunks.js';
import type { AnyModePlugin, PlannedTask } from '../systems/types.js';

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
  /** Where chunks run: the local worker pool (batch/engine.ts), Web Workers (the static site), a Redis queue. */
  readonly backend: ChunkBackendFactory;
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

/** A worker (or the kernel in this thread) failed: the run is abandoned. */
export class WorkerError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'WorkerError';
  }
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

/** The worker's name of the kernel that runs a chunk (a mode may run several plays per trial under its own key). */
export function kernelName(plugin: AnyModePlugin, engine: string): string {
  return `${plugin.kernelKey ?? `${plugin.system}.${plugin.mode}`}.${engine}`;
}

export async function simulate(
  plugin: AnyModePlugin, tasks: readonly PlannedTask<unknown>[], options: EngineOptions,
): Promise<Float64Array[]> {
  const runner = await options.backend(plugin, tasks, options);
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
  const runner = await options.backend(plugin, tasks, options);
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
