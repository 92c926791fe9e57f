/**
 * The worker script hands its chunk tally back as a plain Float64Array (copied by postMessage),
 * never as a piscina transferable: a transfer detaches the buffer, and the first detach in a
 * thread deoptimises every optimised typed-array function there (see src/batch/worker.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { transferableSymbol } from 'piscina';
import { describe, expect, it } from 'vitest';
import { workerFile } from '../../src/batch/engine.js';
import { runChunk, prepareTask } from '../../src/batch/run-chunk.js';
import runChunkTask, { type ChunkMessage } from '../../src/batch/worker.js';
import { loadStudy } from '../../src/config/study-file.js';
import { deriveStream } from '../../src/dice/rng.js';
import { planStudy } from '../../src/plan/plan.js';
import { ROOT, studyFile } from '../helpers/cli.js';

const BATTLE = readFileSync(join(ROOT, 'test/fixtures/small-battle.yaml'), 'utf8');

describe('worker chunk result', () => {
  it('is a plain Float64Array holding the chunk tally, not a transferable that detaches its buffer', () => {
    const study = loadStudy(studyFile(BATTLE));
    const task = planStudy(study, 40)[0]!;
    const state = deriveStream(9, task.streamKey, 0);
    const msg: ChunkMessage = { run: 'worker-test', kernel: 'skirmish.battle.table', task: 0, spec: task.spec, state, trials: 40 };
    const result: unknown = runChunkTask(msg);
    expect(result).toBeInstanceOf(Float64Array);
    expect(transferableSymbol in (result as object)).toBe(false);
    const tally = result as Float64Array;
    expect(tally.buffer.byteLength).toBe(tally.length * 8);
    const expected = runChunk(prepareTask(study.plugin.kernels.table!, task.spec), state, 40);
    expect(Array.from(tally)).toEqual(Array.from(expected));
    expect(tally[0]! + tally[1]! + tally[2]!).toBe(40);
  });
});

describe('the file piscina loads in each thread', () => {
  it('is CommonJS that loads the ES module worker by import() at the first chunk, with the same tally', async () => {
    // Given the ES module itself, piscina's require() would load it synchronously (require(esm)),
    // and a pool destroyed during that load can abort the whole process (worker-entry.cts).
    const file = workerFile();
    expect(file).toMatch(/worker-entry\.cjs$/);
    expect(readFileSync(file, 'utf8')).not.toMatch(/\brequire\(/);
    const entry: unknown = createRequire(import.meta.url)(file);
    expect(typeof entry).toBe('function');
    const study = loadStudy(studyFile(BATTLE));
    const task = planStudy(study, 40)[0]!;
    const state = deriveStream(9, task.streamKey, 0);
    const msg: ChunkMessage = { run: 'worker-entry-test', kernel: 'skirmish.battle.table', task: 0, spec: task.spec, state, trials: 40 };
    const tally = await (entry as (m: ChunkMessage) => Promise<Float64Array>)(msg);
    expect(Array.from(tally)).toEqual(Array.from(runChunk(prepareTask(study.plugin.kernels.table!, task.spec), state, 40)));
  });
});
