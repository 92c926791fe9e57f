/**
 * Splitting tasks into fixed-size chunks and giving each chunk its own stream. The chunk size is
 * the mode's, never the worker count's, so any number of workers computes the same chunks.
 */
import { deriveStream } from '../dice/rng.js';

export interface Chunk {
  readonly task: number;
  readonly index: number;
  readonly trials: number;
  /** Initial xoshiro128** state of this chunk's stream. */
  readonly state: readonly [number, number, number, number];
}

export function chunkCount(trials: number, chunkSize: number): number {
  return Math.ceil(trials / chunkSize);
}

/** The chunks of one task: (seed, stream key, chunk index) -> stream. */
export function chunksOf(task: number, streamKey: number, trials: number, chunkSize: number, seed: number): Chunk[] {
  const n = chunkCount(trials, chunkSize);
  const chunks: Chunk[] = [];
  for (let i = 0; i < n; i++) {
    const size = Math.min(chunkSize, trials - i * chunkSize);
    chunks.push({ task, index: i, trials: size, state: deriveStream(seed, streamKey, i) });
  }
  return chunks;
}

/**
 * The order a worker pool takes chunks in: whole chunks first, then the shorter last chunks of the
 * tasks (longest first; otherwise the given order). The pool hands each free worker the next one,
 * so the run ends on short chunks and the workers finish closer together. The merged tallies do
 * not depend on the order.
 */
export function longestFirst(chunks: readonly Chunk[]): Chunk[] {
  return [...chunks].sort((a, b) => b.trials - a.trials);
}
