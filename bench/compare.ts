/**
 * What the build-against-build compare benches share (duel-compare.ts, exchange-fight-compare.ts):
 * loading a module from another checkout's dist/, a warmed-up kernel timed in CPU seconds, and
 * alternating runs of two builds in one process (the machine is shared: wall clock is noise,
 * alternating CPU-time runs are comparable).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kernel, PlannedTask } from '../src/systems/types.js';

/** The CPU seconds of n trials. */
export type Run = (n: number) => number;

/** A module of the checkout at `root` (a path under its dist/src/). */
export function checkout(root: string): <T>(path: string) => Promise<T> {
  return async <T>(path: string): Promise<T> => (await import(pathToFileURL(resolve(root, 'dist/src', path)).href)) as T;
}

/** The first tasks' specs of a study text, planned by the mode at `modePath` (export `modeName`) of that checkout. */
export async function planIn(root: string, modePath: string, modeName: string, study: string): Promise<PlannedTask<unknown>[]> {
  const from = checkout(root);
  const { parseStudy } = await from<{ parseStudy(file: string, text: string): unknown }>('config/load.js');
  const { validate } = await from<{ validate(doc: unknown, schema: unknown): unknown }>('config/validate.js');
  const mode = (await from<Record<string, { schema: unknown; plan(study: unknown, n: number): PlannedTask<unknown>[] }>>(modePath))[modeName]!;
  return mode.plan(validate(parseStudy('bench.yaml', study), mode.schema), 1);
}

/** `kernel` prepared for `spec`, warmed up by `warm` (called with the kernel's run), timed in CPU seconds. */
export function cpuRun(kernel: Kernel<unknown, unknown>, spec: unknown, warm: (run: (n: number) => void) => void): Run {
  const p = kernel.prepare(spec);
  const tally = new Float64Array(kernel.tallySize(spec));
  const rng = Int32Array.from([1, 2, 3, 4]);
  const run = (n: number): void => kernel.run(p, rng, n, tally);
  warm(run);
  return (n) => {
    const c0 = process.cpuUsage();
    run(n);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1e6;
  };
}

/** `reps` runs of n trials of each build, their order alternating: the total CPU seconds of each and each pair's ratio other / this. */
export function alternate(other: Run, self: Run, reps: number, n: number): { other: number; self: number; ratios: number[] } {
  let t = 0;
  let o = 0;
  const ratios: number[] = [];
  for (let r = 0; r < reps; r++) {
    let a: number;
    let b: number;
    if (r % 2 === 0) {
      a = other(n);
      b = self(n);
    } else {
      b = self(n);
      a = other(n);
    }
    t += a;
    o += b;
    ratios.push(a / b);
  }
  return { other: t, self: o, ratios };
}
