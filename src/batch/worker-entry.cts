/**
 * The file piscina's worker threads load: CommonJS, so piscina's `require(filename)` stays plain
 * CommonJS and the ES module worker (worker.ts) is loaded by `import()` at the first chunk.
 *
 * Given worker.js itself, piscina requires it, and Node 20.19+ loads an ES module by `require`
 * synchronously (require(esm)). A pool destroyed while a thread is still in that load (a run that
 * ends before every thread had a chunk, or fails) can kill the whole process: "FATAL ERROR:
 * v8::Module::IsGraphAsync must be used on an instantiated module", seen under load in the test
 * suite. An `import()` that a terminated thread abandons is an ordinary rejected promise.
 */
import type { ChunkMessage } from './worker.js';

type Run = (msg: ChunkMessage) => Float64Array;
let loading: Promise<Run> | undefined;

export = async function runChunkEntry(msg: ChunkMessage): Promise<Float64Array> {
  loading ??= import('./worker.js').then((m) => m.default);
  return (await loading)(msg);
};
