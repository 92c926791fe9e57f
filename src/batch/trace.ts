/**
 * Replays the first fights `run` counts for one task, with an observer attached: the same kernel
 * (engine), the same prepareTask (warm-up on the scratch stream), then chunk 0's stream, chunk 1's...
 * exactly as run splits the task's trials into chunks. Works for any mode whose kernel can be
 * observed (Kernel.observe); the formatting lives in cli/trace.ts.
 */
import { inputError } from '../config/problems.js';
import { chunksOf } from '../plan/chunks.js';
import type { AnyModePlugin, PlannedTask } from '../systems/types.js';
import type { TraceObserver } from '../systems/trace.js';
import type { Engine } from './engine.js';
import { prepareTask, runChunk } from './run-chunk.js';

export interface TraceOptions {
  readonly seed: number;
  readonly engine: Engine;
  /** How many fights to play (the first K run would count). */
  readonly fights: number;
}

/** Whether the mode's kernels can be watched (fight modes). */
export function canTrace(plugin: AnyModePlugin, engine: Engine): boolean {
  return plugin.kernels[engine]?.observe !== undefined;
}

/** Plays the task's first `fights` fights with `observer` attached; returns the tally they add up to. */
export function traceTask(plugin: AnyModePlugin, task: PlannedTask<unknown>, options: TraceOptions, observer: TraceObserver): Float64Array {
  const kernel = plugin.kernels[options.engine];
  if (kernel?.observe === undefined) {
    throw inputError('trace', `${plugin.system} ${plugin.mode} has no fights to trace with the ${options.engine} engine (trace works for fight modes)`);
  }
  const prepared = prepareTask(kernel, task.spec);
  kernel.observe(prepared.prepared, observer);
  const total = new Float64Array(prepared.tallySize);
  try {
    for (const chunk of chunksOf(0, task.streamKey, options.fights, task.chunkSize ?? plugin.chunkSize, options.seed)) {
      const tally = runChunk(prepared, chunk.state, chunk.trials);
      for (let i = 0; i < total.length; i++) total[i] = total[i]! + tally[i]!;
    }
  } finally {
    kernel.observe(prepared.prepared, null);
  }
  return total;
}
