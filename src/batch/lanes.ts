/**
 * Which chunk each worker runs next (task affinity): the chunks, in task order, are cut into one
 * lane per worker of about equal trials, so a worker keeps to its own run of tasks and prepares
 * (and warms up) only those; within a lane whole chunks go first and the tasks' short last chunks
 * at the end. A worker whose lane is empty takes the last chunk of the lane with the most trials
 * left, so the workers finish together. Which worker runs a chunk never changes its result: each
 * chunk has its own stream and the tallies are added.
 */
import { longestFirst, type Chunk } from '../plan/chunks.js';

export class ChunkLanes {
  private readonly lanes: Chunk[][];
  /** Next chunk of each lane (front) and its end (the back, where others take from). */
  private readonly head: number[];
  private readonly tail: number[];
  private readonly left: number[];

  constructor(chunks: readonly Chunk[], count: number) {
    const total = chunks.reduce((s, c) => s + c.trials, 0);
    const lanes: Chunk[][] = Array.from({ length: Math.max(1, count) }, () => []);
    let before = 0;
    for (const chunk of chunks) {
      // The lane where this chunk's first trial falls when the trials are cut into equal parts.
      lanes[Math.min(lanes.length - 1, Math.floor((before * lanes.length) / Math.max(1, total)))]!.push(chunk);
      before += chunk.trials;
    }
    this.lanes = lanes.map(longestFirst);
    this.head = this.lanes.map(() => 0);
    this.tail = this.lanes.map((l) => l.length);
    this.left = this.lanes.map((l) => l.reduce((s, c) => s + c.trials, 0));
  }

  /** The next chunk for the worker of `lane`: its own lane's next, else the last of the fullest lane; undefined when none is left. */
  take(lane: number): Chunk | undefined {
    if (this.head[lane]! < this.tail[lane]!) return this.pop(lane, this.head[lane]!++);
    let from = -1;
    for (let k = 0; k < this.lanes.length; k++) {
      if (this.head[k]! < this.tail[k]! && (from < 0 || this.left[k]! > this.left[from]!)) from = k;
    }
    return from < 0 ? undefined : this.pop(from, --this.tail[from]!);
  }

  private pop(lane: number, at: number): Chunk {
    const chunk = this.lanes[lane]![at]!;
    this.left[lane] = this.left[lane]! - chunk.trials;
    return chunk;
  }
}
