/** Trials per second of one kernel on one core: warmed up, then the best of 3 runs of n trials. */
import type { Kernel } from '../src/systems/types.js';

export function kernelRate<Spec>(kernel: Kernel<Spec, unknown>, spec: Spec, n: number, warmup: number): number {
  return kernelRates(kernel, spec, n, warmup).wall;
}

/**
 * As kernelRate, by wall clock and by this process's CPU time (process.cpuUsage): on a shared
 * machine the CPU-time rate is the steadier one (waiting for a core does not count).
 */
export function kernelRates<Spec>(kernel: Kernel<Spec, unknown>, spec: Spec, n: number, warmup: number): { wall: number; cpu: number } {
  const p = kernel.prepare(spec);
  const tally = new Float64Array(kernel.tallySize(spec));
  const rng = Int32Array.from([1, 2, 3, 4]);
  kernel.run(p, rng, Math.min(n, warmup), tally);
  let wall = 0;
  let cpu = 0;
  for (let rep = 0; rep < 3; rep++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    kernel.run(p, rng, n, tally);
    const c = process.cpuUsage(c0);
    wall = Math.max(wall, n / ((performance.now() - t0) / 1000));
    cpu = Math.max(cpu, n / ((c.user + c.system) / 1e6));
  }
  return { wall, cpu };
}
