/** Trials per second of one kernel on one core: warmed up, then the best of 3 runs of n trials. */
import type { Kernel } from '../src/systems/types.js';

export function kernelRate<Spec>(kernel: Kernel<Spec, unknown>, spec: Spec, n: number, warmup: number): number {
  const p = kernel.prepare(spec);
  const tally = new Float64Array(kernel.tallySize(spec));
  const rng = Int32Array.from([1, 2, 3, 4]);
  kernel.run(p, rng, Math.min(n, warmup), tally);
  let best = 0;
  for (let rep = 0; rep < 3; rep++) {
    const t0 = performance.now();
    kernel.run(p, rng, n, tally);
    best = Math.max(best, n / ((performance.now() - t0) / 1000));
  }
  return best;
}
