/**
 * `balance run --queue URL`: the submitting side. Registers the study's queue, puts each batch of
 * chunks on it as jobs keyed by chunk id (adding a job that exists is a no-op, so a rerun after the
 * submitter died picks up what the queue already holds), and collects the tallies: the first result
 * per chunk id counts, any later one is ignored. A chunk that fails three times ends the run.
 */
import cliProgress from 'cli-progress';
import type { Queue, QueueEvents } from 'bullmq';
import type { ChunkBackend, ChunkBackendFactory, Engine } from '../batch/engine.js';
import { WorkerError } from '../batch/engine.js';
import { VERSION } from '../cli/version.js';
import type { Study } from '../config/study.js';
import type { Chunk } from '../plan/chunks.js';
import type { PlannedTask } from '../systems/types.js';
import { ATTEMPTS, PREFIX, REGISTRY, chunkId, chunkLabel, parseResult, queueName, type ChunkJob } from './jobs.js';
import { connectRedis, QueueError } from './url.js';
import { formatCount } from '../cli/progress.js';

export interface QueueRunOptions {
  readonly url: string;
  readonly study: Study;
  readonly seed: number;
  readonly trials: number;
  readonly engine: Engine;
  readonly stderr: NodeJS.WriteStream;
}

export interface QueueRun {
  readonly name: string;
  readonly backend: ChunkBackendFactory;
  /** Distinct worker processes that returned a chunk. */
  workersSeen(): number;
  /** Removes the queue from Redis (after the files are written, or after a failed run). */
  remove(): Promise<void>;
  /** Closes the connections, leaving the queue (and its results) in Redis. */
  close(): Promise<void>;
}

/** How often pending chunks are looked up directly, in case an event was missed. */
const RECONCILE_MS = 2000;
const BATCH = 500;

export async function openQueueRun(opts: QueueRunOptions): Promise<QueueRun> {
  const conn = await connectRedis(opts.url);
  const { Queue, QueueEvents } = await import('bullmq');
  const name = queueName(opts.study.hash, opts.seed);
  const queue = new Queue(name, { connection: conn, prefix: PREFIX });
  queue.on('error', () => undefined);
  const eventsConn = conn.duplicate();
  eventsConn.on('error', () => undefined);
  const events = new QueueEvents(name, { connection: eventsConn, prefix: PREFIX });
  events.on('error', () => undefined);
  try {
    await events.waitUntilReady();
    await conn.sadd(REGISTRY, name);
    await conn.publish(REGISTRY, name);
  } catch (err) {
    eventsConn.disconnect();
    conn.disconnect();
    throw new QueueError(`cannot set up queue ${name}: ${(err as Error).message}`, { cause: err });
  }
  let backend: QueueBackend | null = null;
  const close = async (): Promise<void> => {
    backend?.stop();
    // The events connection sits in a blocking read: drop it rather than wait for the read to time out.
    eventsConn.disconnect();
    await events.close();
    await queue.close();
    await conn.quit();
  };
  return {
    name,
    backend: (_plugin, tasks) => (backend = new QueueBackend(queue, events, tasks, opts)),
    workersSeen: () => backend?.workers.size ?? 0,
    async remove() {
      await conn.srem(REGISTRY, name);
      await queue.obliterate({ force: true });
      await close();
    },
    close,
  };
}

class QueueBackend implements ChunkBackend {
  readonly tallies: Float64Array[];
  readonly workers = new Set<string>();
  private readonly merged = new Set<string>();
  private waiting = new Map<string, Chunk>();
  private settle: ((err?: Error) => void) | null = null;
  private readonly bar: Bar;
  private submitted = 0;
  private trialsDone = 0;
  private readonly started = performance.now();

  constructor(
    private readonly queue: Queue, events: QueueEvents, private readonly tasks: readonly PlannedTask<unknown>[], private readonly opts: QueueRunOptions,
  ) {
    const kernel = opts.study.plugin.kernels[opts.engine]!;
    this.tallies = tasks.map((t) => new Float64Array(kernel.tallySize(t.spec)));
    this.bar = createBar(opts.stderr);
    events.on('completed', ({ jobId, returnvalue }) => this.completed(jobId, returnvalue));
    events.on('failed', ({ jobId, failedReason }) => void this.failed(jobId, failedReason));
  }

  private job(chunk: Chunk): ChunkJob {
    const s = this.opts.study;
    return {
      tool: 'tabletop-balance', version: VERSION, study: { name: s.file, text: s.text, sha256: s.hash },
      seed: this.opts.seed, trials: this.opts.trials, engine: this.opts.engine, task: chunk.task, index: chunk.index, chunkTrials: chunk.trials,
    };
  }

  private idOf(chunk: Chunk): string {
    return chunkId({ engine: this.opts.engine, trials: this.opts.trials, task: chunk.task, index: chunk.index, chunkTrials: chunk.trials });
  }

  async runChunks(chunks: readonly Chunk[], _total: number): Promise<void> {
    const batch = chunks.map((c) => ({ id: this.idOf(c), chunk: c })).filter((b) => !this.merged.has(b.id));
    if (batch.length === 0) return;
    this.waiting = new Map(batch.map((b) => [b.id, b.chunk]));
    this.submitted += batch.length;
    const done = new Promise<void>((resolve, reject) => {
      this.settle = (err) => (err ? reject(err) : resolve());
    });
    done.catch(() => undefined);
    for (let i = 0; i < batch.length; i += BATCH) {
      await this.queue.addBulk(batch.slice(i, i + BATCH).map((b) => ({
        name: 'chunk', data: this.job(b.chunk),
        opts: { jobId: b.id, attempts: ATTEMPTS, backoff: { type: 'fixed', delay: 100 }, removeOnComplete: false, removeOnFail: false },
      })));
    }
    this.bar.update(this.merged.size, this.submitted, this.rate(), this.workers.size);
    // Chunks finished before this submitter was listening (a rerun) are collected here; chunks that
    // failed in an earlier submission get a fresh set of attempts.
    await this.reconcile(true);
    const timer = setInterval(() => void this.reconcile(false), RECONCILE_MS);
    try {
      await done;
    } finally {
      clearInterval(timer);
      this.settle = null;
    }
  }

  private async reconcile(first: boolean): Promise<void> {
    const ids = [...this.waiting.keys()];
    for (let i = 0; i < ids.length && this.settle !== null; i += BATCH) {
      await Promise.all(ids.slice(i, i + BATCH).map(async (id) => {
        // State first, then the job: read the other way round, a job that completes in between
        // would show as completed with the empty return value it had while active.
        const state = await this.queue.getJobState(id);
        if (state !== 'completed' && state !== 'failed') return;
        const job = await this.queue.getJob(id);
        if (!job) return;
        if (state === 'completed') this.completed(id, job.returnvalue);
        else if (first) await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
        else await this.failed(id, job.failedReason);
      }));
    }
  }

  private completed(id: string, value: unknown): void {
    const chunk = this.waiting.get(id);
    if (chunk === undefined || this.merged.has(id)) return;
    const result = parseResult(value, this.tallies[chunk.task]!.length);
    if (typeof result === 'string') {
      this.fail(id, chunk, 'unknown', result);
      return;
    }
    const into = this.tallies[chunk.task]!;
    for (let i = 0; i < into.length; i++) into[i] = into[i]! + result.tally[i]!;
    this.merged.add(id);
    this.waiting.delete(id);
    this.workers.add(result.worker);
    this.trialsDone += chunk.trials;
    this.bar.update(this.merged.size, this.submitted, this.rate(), this.workers.size);
    if (this.waiting.size === 0) this.settle?.();
  }

  private async failed(id: string, reason: string): Promise<void> {
    const chunk = this.waiting.get(id);
    if (chunk === undefined) return;
    const job = await this.queue.getJob(id).catch(() => undefined);
    this.fail(id, chunk, job?.processedBy ?? 'unknown', reason);
  }

  private fail(id: string, chunk: Chunk, worker: string, reason: string): void {
    if (!this.waiting.has(id)) return;
    const label = chunkLabel({ engine: this.opts.engine, trials: this.opts.trials, task: chunk.task, index: chunk.index, chunkTrials: chunk.trials });
    const t = this.tasks[chunk.task];
    const what = t ? ` [${Object.values(t.labels).join(', ')}]` : '';
    this.settle?.(new WorkerError(`${label}${what} failed on worker ${worker}: ${reason}`));
  }

  private rate(): number {
    const secs = (performance.now() - this.started) / 1000;
    return secs > 0 ? this.trialsDone / secs : 0;
  }

  stop(): void {
    this.bar.stop();
  }

  close(): Promise<void> {
    this.bar.stop();
    return Promise.resolve();
  }
}

interface Bar {
  update(done: number, total: number, rate: number, workers: number): void;
  stop(): void;
}

/** Progress across the cluster on stderr when it is a terminal: chunks done, trials/s, workers seen. */
function createBar(stream: NodeJS.WriteStream): Bar {
  if (!stream.isTTY) return { update: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar(
    { stream, format: '{bar} {value}/{total} chunks | {rate} trials/s | {workers} worker(s) seen', hideCursor: true, fps: 5 },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total, rate, workers) {
      const payload = { rate: formatCount(rate), workers };
      if (!started) {
        bar.start(total, done, payload);
        started = true;
      }
      bar.setTotal(total);
      bar.update(done, payload);
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}
