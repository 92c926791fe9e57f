/**
 * A Web Worker of the static site: runs one chunk at a time with the same kernels and the same
 * prepare/run code as the CLI's worker threads (src/batch/run-chunk.ts), caching each task's
 * prepared kernel for the run, and sends the chunk's tally back.
 */
import { prepareTask, runChunk, type PreparedTask } from '../src/batch/run-chunk.js';
import { KERNELS } from '../src/systems/kernels.js';

export interface ChunkRequest {
  /** `system.mode.engine`, a key of KERNELS. */
  readonly kernel: string;
  readonly task: number;
  readonly spec: unknown;
  readonly state: readonly number[];
  readonly trials: number;
}

export type ChunkReply = { readonly ok: true; readonly tally: Float64Array } | { readonly ok: false; readonly message: string };

const prepared = new Map<number, PreparedTask>();

self.onmessage = (e: MessageEvent<ChunkRequest>): void => {
  const msg = e.data;
  try {
    let task = prepared.get(msg.task);
    if (task === undefined) {
      const kernel = KERNELS[msg.kernel];
      if (kernel === undefined) throw new Error(`unknown kernel ${msg.kernel}`);
      task = prepareTask(kernel, msg.spec);
      prepared.set(msg.task, task);
    }
    self.postMessage({ ok: true, tally: runChunk(task, msg.state, msg.trials) } satisfies ChunkReply);
  } catch (err) {
    self.postMessage({ ok: false, message: (err as Error).message } satisfies ChunkReply);
  }
};
