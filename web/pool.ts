/**
 * Monte Carlo on the static site: a ChunkBackend (src/batch/schedule.ts) on a pool of Web Workers,
 * one per core (navigator.hardwareConcurrency). The chunks, their streams and the merging are the
 * CLI's: schedule.ts plans the chunks, the lanes are the worker pool's (src/batch/lanes.ts), each
 * worker runs the CLI's kernels, and tallies are added, so the CSVs equal `balance run`'s for the
 * same seed. Stop (the AbortSignal) terminates the workers at once.
 */
import { ChunkLanes } from '../src/batch/lanes.js';
import { kernelName, RunCancelled, WorkerError, type ChunkBackend, type ChunkBackendFactory, type EngineOptions } from '../src/batch/schedule.js';
import type { Chunk } from '../src/plan/chunks.js';
import type { AnyModePlugin, PlannedTask } from '../src/systems/types.js';
import type { ChunkReply, ChunkRequest } from './chunk-worker.js';

export function pageWorkers(): number {
  return Math.max(1, Math.min(16, navigator.hardwareConcurrency || 2));
}

export const webWorkerBackend: ChunkBackendFactory = (plugin, tasks, options) => new WebWorkerRunner(plugin, tasks, options);

class WebWorkerRunner implements ChunkBackend {
  readonly tallies: Float64Array[];
  private readonly workers: Worker[];
  private done = 0;

  constructor(private readonly plugin: AnyModePlugin, private readonly tasks: readonly PlannedTask<unknown>[], private readonly options: EngineOptions) {
    const kernel = plugin.kernels[options.engine];
    if (!kernel) throw new Error(`${plugin.system} ${plugin.mode} has no ${options.engine} engine`);
    this.tallies = tasks.map((t) => new Float64Array(kernel.tallySize(t.spec)));
    this.workers = Array.from({ length: Math.max(1, options.workers) }, () => new Worker(new URL('./chunk-worker.ts', import.meta.url), { type: 'module' }));
  }

  async runChunks(chunks: readonly Chunk[], total: number): Promise<void> {
    const signal = this.options.signal;
    if (signal?.aborted) throw new RunCancelled();
    const lanes = new ChunkLanes(chunks, this.workers.length);
    let failure: Error | null = null;
    const stopped = new Promise<never>((_, reject) => {
      signal?.addEventListener('abort', () => {
        this.terminate();
        reject(new RunCancelled());
      }, { once: true });
    });
    stopped.catch(() => undefined);
    const feed = async (worker: Worker, lane: number): Promise<void> => {
      while (failure === null && signal?.aborted !== true) {
        const chunk = lanes.take(lane);
        if (chunk === undefined) return;
        const request: ChunkRequest = {
          kernel: kernelName(this.plugin, this.options.engine), task: chunk.task,
          spec: this.tasks[chunk.task]!.spec, state: chunk.state, trials: chunk.trials,
        };
        const reply = await new Promise<ChunkReply>((resolve) => {
          worker.onmessage = (e: MessageEvent<ChunkReply>): void => resolve(e.data);
          worker.onerror = (e): void => resolve({ ok: false, message: e.message });
          worker.postMessage(request);
        });
        if (!reply.ok) {
          failure ??= new WorkerError(`a worker failed on task ${chunk.task + 1} chunk ${chunk.index + 1}: ${reply.message}`);
          return;
        }
        const into = this.tallies[chunk.task]!;
        for (let i = 0; i < into.length; i++) into[i] = into[i]! + reply.tally[i]!;
        this.done += chunk.trials;
        this.options.onProgress?.(this.done, total);
      }
    };
    await Promise.race([Promise.all(this.workers.map(feed)), stopped]);
    if (failure !== null) throw failure;
    if (signal?.aborted) throw new RunCancelled();
  }

  private terminate(): void {
    for (const w of this.workers) w.terminate();
  }

  close(): Promise<void> {
    this.terminate();
    return Promise.resolve();
  }
}
