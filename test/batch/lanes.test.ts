/** Task affinity: each worker's lane of chunks, whole chunks first, and taking from the fullest lane once a lane is empty. */
import { describe, expect, it } from 'vitest';
import { ChunkLanes } from '../../src/batch/lanes.js';
import { chunksOf, type Chunk } from '../../src/plan/chunks.js';

/** Four tasks of 5,000 trials in chunks of 2,000: 2000, 2000, 1000 each. */
const FOUR = Array.from({ length: 4 }, (_, t) => chunksOf(t, 10 + t, 5_000, 2_000, 1)).flat();
const label = (c: Chunk | undefined): string => (c === undefined ? '-' : `${c.task}.${c.index}`);

function drain(lanes: ChunkLanes, lane: number, n: number): string[] {
  return Array.from({ length: n }, () => label(lanes.take(lane)));
}

describe('ChunkLanes', () => {
  it('gives each of two workers its own half of the tasks, whole chunks before short ones', () => {
    const lanes = new ChunkLanes(FOUR, 2);
    expect(drain(lanes, 0, 6)).toEqual(['0.0', '0.1', '1.0', '1.1', '0.2', '1.2']);
    expect(drain(lanes, 1, 6)).toEqual(['2.0', '2.1', '3.0', '3.1', '2.2', '3.2']);
    expect(lanes.take(0)).toBeUndefined();
    expect(lanes.take(1)).toBeUndefined();
  });

  it('a worker whose lane is empty takes the last chunk of the lane with the most trials left', () => {
    const three = new ChunkLanes([...FOUR, ...chunksOf(4, 14, 6_000, 2_000, 1)], 3);
    // 26,000 trials in thirds: lane 0 holds tasks 0 and 1 (10,000), lane 1 tasks 2 and 3, lane 2 task 4.
    expect(drain(three, 2, 3)).toEqual(['4.0', '4.1', '4.2']);
    expect(drain(three, 0, 1)).toEqual(['0.0']);
    // Lane 2 is empty: lane 1 has 10,000 trials left, lane 0 8,000: take lane 1's last (short) chunk.
    expect(drain(three, 2, 2)).toEqual(['3.2', '2.2']);
    // Now lane 0 (8,000) is fuller than lane 1 (6,000).
    expect(drain(three, 2, 1)).toEqual(['1.2']);
  });

  it('hands out every chunk exactly once, however the workers interleave', () => {
    for (const workers of [1, 2, 3, 5]) {
      const lanes = new ChunkLanes(FOUR, workers);
      const seen: string[] = [];
      for (let step = 0; ; step++) {
        const c = lanes.take((step * 7) % workers);
        if (c === undefined) break;
        seen.push(label(c));
      }
      expect(seen.sort()).toEqual(FOUR.map(label).sort());
    }
  });

  it('one lane is the whole run, longest first; no chunks, no work', () => {
    expect(drain(new ChunkLanes(FOUR, 1), 0, 13).join(' ')).toBe('0.0 0.1 1.0 1.1 2.0 2.1 3.0 3.1 0.2 1.2 2.2 3.2 -');
    expect(new ChunkLanes([], 2).take(1)).toBeUndefined();
  });
});
