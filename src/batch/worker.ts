/**
 * The worker thread: receives a task description and a chunk's stream, returns the chunk's tally
 * (its buffer transferred, not copied). Prepared kernels are cached per run and task.
 */
import { move } from 'piscina';
import { findPlugin } from '../systems/registry.js';
import { prepareTask, runChunk, type PreparedTask } from './run-chunk.js';

export interface ChunkMessage {
  readonly run: string;
  readonly system: string;
  readonly mode: string;
  readonly task: number;
  readonly spec: unknown;
  readonly state: readonly number[];
  readonly trials: number;
}

const cache = new Map<string, PreparedTask>();

export default function runChunkMessage(msg: ChunkMessage): Float64Array {
  // For tests of the failure path: a worker that throws must end the run cleanly.
  if (process.env['BALANCE_FAULT_INJECTION'] === 'worker') throw new Error('injected fault (BALANCE_FAULT_INJECTION=worker)');
  const key = `${msg.run}/${msg.task}`;
  let task = cache.get(key);
  if (!task) {
    const plugin = findPlugin(msg.system, msg.mode);
    if (!plugin) throw new Error(`worker: unknown system/mode ${msg.system}/${msg.mode}`);
    if (cache.size > 256) cache.clear();
    task = prepareTask(plugin, msg.spec);
    cache.set(key, task);
  }
  return move(runChunk(task, msg.state, msg.trials)) as Float64Array;
}
