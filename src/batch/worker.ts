/**
 * The worker thread (a piscina task): receives a task description and a chunk's stream, returns
 * the chunk's tally (its buffer transferred, not copied). Prepared kernels are cached per run and
 * task. Imports only the kernels, so a worker starts fast.
 */
import { move } from 'piscina';
import { KERNELS } from '../systems/kernels.js';
import { prepareTask, runChunk, type PreparedTask } from './run-chunk.js';

export interface ChunkMessage {
  readonly run: string;
  /** `system.mode.engine`, a key of KERNELS. */
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
    const kernel = KERNELS[msg.kernel];
    if (!kernel) throw new Error(`worker: unknown kernel ${msg.kernel}`);
    if (cache.size > 256) cache.clear();
    task = prepareTask(kernel, msg.spec);
    cache.set(key, task);
  }
  return runChunk(task, msg.state, msg.trials);
}

export default function runChunkTask(msg: ChunkMessage): Float64Array {
  return move(runChunkMessage(msg)) as Float64Array;
}
