/** The pool's chunk order: whole chunks first, the short last chunks of the tasks at the end. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/batch/engine.js';
import { loadStudy } from '../../src/config/study-file.js';
import { chunksOf, longestFirst } from '../../src/plan/chunks.js';
import { planStudy } from '../../src/plan/plan.js';
import { ROOT, studyFile } from '../helpers/cli.js';

describe('longestFirst', () => {
  it('puts every task\'s short last chunk after all whole chunks, keeping the order otherwise', () => {
    const chunks = [...chunksOf(0, 10, 5_000, 2_000, 1), ...chunksOf(1, 11, 4_500, 2_000, 1), ...chunksOf(2, 12, 300, 2_000, 1)];
    const order = longestFirst(chunks).map((c) => `${c.task}.${c.index}:${c.trials}`);
    expect(order).toEqual(['0.0:2000', '0.1:2000', '1.0:2000', '1.1:2000', '0.2:1000', '1.2:500', '2.0:300']);
  });

  it('returns a new array with the same chunks (the streams are untouched)', () => {
    const chunks = chunksOf(0, 3, 4_100, 2_000, 7);
    const order = longestFirst(chunks);
    expect(order).not.toBe(chunks);
    expect(chunks.map((c) => c.index)).toEqual([0, 1, 2]);
    expect(order.map((c) => c.state)).toEqual([chunks[0]!.state, chunks[1]!.state, chunks[2]!.state]);
  });
});

describe('the worker pool takes chunks longest first', () => {
  it('a one-worker pool finishes the whole chunks of every task before any short last chunk', async () => {
    const study = loadStudy(studyFile(readFileSync(join(ROOT, 'test/fixtures/small-battle.yaml'), 'utf8')));
    const [task] = planStudy(study, 1);
    const size = study.plugin.chunkSize;
    const tasks = [{ ...task!, trials: size + 30 }, { ...task!, streamKey: task!.streamKey + 1, trials: size + 20 }];
    const steps: number[] = [];
    let last = 0;
    await simulate(study.plugin, tasks, {
      seed: 4, engine: 'table', workers: 1,
      onProgress: (done) => {
        steps.push(done - last);
        last = done;
      },
    });
    expect(steps).toEqual([size, size, 30, 20]);
  });
});
