/**
 * One chunk of one task, the same in a worker and in the main thread: prepare the kernel once per
 * task (warming it up on a scratch stream so V8 optimises it with the right type feedback), then
 * run the chunk's trials into a fresh tally.
 */
import type { Kernel } from '../systems/types.js';

export interface PreparedTask {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly kernel: Kernel<any, any>;
  readonly prepared: unknown;
  readonly tallySize: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function prepareTask(kernel: Kernel<any, any>, spec: unknown): PreparedTask {
  const prepared: unknown = kernel.prepare(spec);
  const tallySize = kernel.tallySize(spec);
  const scratch = new Float64Array(tallySize);
  const rng = Int32Array.from([0x9e3779b9, 0x243f6a88, 0x85a308d3, 0x13198a2e]);
  const rounds = Math.ceil((kernel.warmupFor?.(spec) ?? kernel.warmup ?? 12_800) / 64);
  for (let i = 0; i < rounds; i++) kernel.run(prepared, rng, 64, scratch);
  return { kernel, prepared, tallySize };
}

export function runChunk(task: PreparedTask, state: readonly number[], trials: number): Float64Array {
  const tally = new Float64Array(task.tallySize);
  task.kernel.run(task.prepared, Int32Array.from(state), trials, tally);
  return tally;
}
