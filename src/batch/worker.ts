/**
 * The worker thread (a piscina task): receives a task description and a chunk's stream, returns
 * the chunk's tally. Prepared kernels are cached per run and task. Imports only the kernels, so a
 * worker starts fast.
 *
 * The tally is copied back, never transferred (no piscina `move`): transferring detaches its
 * ArrayBuffer, and the first detach in a thread invalidates V8's "array buffers are never detached"
 * protector, which deoptimises every optimised function that indexes a typed array (the whole
 * battle engine: ~45 functions compiled again) and leaves detach checks in all code compiled after.
 * A tally is a few hundred bytes; copying it costs nothing next to a chunk.
 */
import { kernelByKey } from '../systems/kernels.js';
import { prepareTask, runChunk, type PreparedTask } from './run-chunk.js';

export interface ChunkMessage {
  readonly run: string;
  /** `system.mode.engine`, a key of KERNELS (or `policy-gap:system.mode.engine`: kernelByKey). */
  readonly kernel: string;
  readonly task: number;
  readonly spec: unknown;
  readonly state: readonly number[];
  readonly trials: number;
}

const cache = new Map<string, PreparedTask>();

export function runChunkMessage(msg: ChunkMessage): Float64Array {
  // For tests of the failure path: a worker that throws must end the run cleanly.
  if (process.env['BALANCE_FAULT_INJECTION'] === 'worker') throw new Error('injected fault (BALANCE_FAULT_INJECTION=worker)');
  const key = `${msg.run}/${msg.task}`;
  let task = cache.get(key);
  if (!task) {
    const kernel = kernelByKey(msg.kernel);
    if (!kernel) throw new Error(`worker: unknown kernel ${msg.kernel}`);
    if (cache.size > 256) cache.clear();
    task = prepareTask(kernel, msg.spec);
    cache.set(key, task);
  }
  return runChunk(task, msg.state, msg.trials);
}

export default function runChunkTask(msg: ChunkMessage): Float64Array {
  return runChunkMessage(msg);
}
