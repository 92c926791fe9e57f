/**
 * The policy gap's kernel: each trial of a fight task played three ways from the same stream state
 * (common random numbers): the sides' own policies (named), side a's fighters all playing the
 * challenger (search a), side b's (search b). The named play continues the chunk's stream exactly as
 * a plain run does, so its counts equal a plain run's byte for byte; the two challenger plays
 * start from the state the named play started from, and the stream then resumes where the named
 * play left it.
 *
 * Tally: [named play's tally | search a's tally | search b's tally | 27 joint winner counts], the
 * joint count of (named winner, search-a winner, search-b winner) at 9 * w0 + 3 * w1 + w2, winners
 * coded 0 = a, 1 = b, 2 = draw as at tally[0..2] of every fight mode (fight-summary.ts).
 */
import type { TraceObserver } from './trace.js';
import type { Kernel } from './types.js';

export interface GapSpec<Spec> {
  /** named, search a, search b. */
  readonly plays: readonly [Spec, Spec, Spec];
}

interface GapPrepared {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly kernel: Kernel<any, any>;
  readonly prepared: readonly [unknown, unknown, unknown];
  readonly sizes: readonly [number, number, number];
  readonly start: Int32Array;
  readonly end: Int32Array;
}

export const JOINT_CELLS = 27;

/** The winner of the one trial just added to `tally` (which held aBefore, bBefore at [0], [1]). */
function winner(tally: Float64Array, aBefore: number, bBefore: number): number {
  return tally[0]! > aBefore ? 0 : tally[1]! > bBefore ? 1 : 2;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function gapKernel(kernel: Kernel<any, any>): Kernel<GapSpec<unknown>, GapPrepared> {
  return {
    tallySize: (spec) => spec.plays.reduce((s: number, p) => s + (kernel.tallySize(p) as number), JOINT_CELLS),
    prepare: (spec) => ({
      kernel,
      prepared: [kernel.prepare(spec.plays[0]), kernel.prepare(spec.plays[1]), kernel.prepare(spec.plays[2])],
      sizes: [kernel.tallySize(spec.plays[0]), kernel.tallySize(spec.plays[1]), kernel.tallySize(spec.plays[2])],
      start: new Int32Array(4),
      end: new Int32Array(4),
    }),
    // A short warm-up, none when a play searches (a search fight costs far more than a named one).
    warmup: 64,
    warmupFor: (spec) => Math.min(64, ...spec.plays.map((p) => kernel.warmupFor?.(p) ?? kernel.warmup ?? 12_800)),
    // `balance trace` of a gap study shows the named play: the fights a plain run of the study plays.
    ...(kernel.observe ? { observe: (p: GapPrepared, observer: TraceObserver | null) => kernel.observe!(p.prepared[0], observer) } : {}),
    run(p, rng, n, tally) {
      const [s0, s1, s2] = p.sizes;
      const named = tally.subarray(0, s0);
      const searchA = tally.subarray(s0, s0 + s1);
      const searchB = tally.subarray(s0 + s1, s0 + s1 + s2);
      const joint = s0 + s1 + s2;
      for (let t = 0; t < n; t++) {
        p.start.set(rng);
        let a = named[0]!;
        let b = named[1]!;
        p.kernel.run(p.prepared[0], rng, 1, named);
        const w0 = winner(named, a, b);
        p.end.set(rng);
        rng.set(p.start);
        a = searchA[0]!;
        b = searchA[1]!;
        p.kernel.run(p.prepared[1], rng, 1, searchA);
        const w1 = winner(searchA, a, b);
        rng.set(p.start);
        a = searchB[0]!;
        b = searchB[1]!;
        p.kernel.run(p.prepared[2], rng, 1, searchB);
        const w2 = winner(searchB, a, b);
        rng.set(p.end);
        const k = joint + 9 * w0 + 3 * w1 + w2;
        tally[k] = tally[k]! + 1;
      }
    },
  };
}
