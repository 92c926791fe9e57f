/**
 * `balance worker --queue URL [--workers N]`: serves every study queue registered in Redis until
 * SIGINT/SIGTERM. Each queue gets a BullMQ Worker; all of them share one thread pool. A worker
 * killed mid-chunk loses nothing: its lock expires and BullMQ's stalled-job check hands the chunk
 * to another worker.
 */
import { hostname } from 'node:os';
import type { Job, Worker } from 'bullmq';
import { ATTEMPTS, PREFIX, REGISTRY, type ChunkResult } from './jobs.js';
import { JobRunner, Refusal } from './run-job.js';
import { connectRedis, redactUrl } from './url.js';

export interface ServeOptions {
  readonly queue: string;
  readonly workers: number;
}

/** Lock and stalled-check timing; BALANCE_QUEUE_LOCK_MS shortens it (tests). */
export function lockTiming(env: NodeJS.ProcessEnv = process.env): { lockDuration: number; stalledInterval: number } {
  const ms = Number(env['BALANCE_QUEUE_LOCK_MS']);
  const lockDuration = Number.isInteger(ms) && ms >= 200 ? ms : 30_000;
  return { lockDuration, stalledInterval: Math.max(100, Math.round(lockDuration / 2)) };
}

/** How often a worker looks for new queues. */
const POLL_MS = 500;

export async function serveCommand(opts: ServeOptions, io: { stderr: NodeJS.WritableStream }, stop?: AbortSignal): Promise<void> {
  const conn = await connectRedis(opts.queue);
  const { Worker: BullWorker, UnrecoverableError } = await import('bullmq');
  const name = `${hostname()}/${process.pid}`;
  const runner = new JobRunner(opts.workers, name);
  const workers = new Map<string, Worker>();
  const say = (line: string): void => void io.stderr.write(`balance worker ${name}: ${line}\n`);
  say(`serving ${redactUrl(opts.queue)} with ${opts.workers} thread(s)`);
  const timing = lockTiming();

  const processJob = async (job: Job): Promise<ChunkResult> => {
    try {
      return await runner.run(job.data);
    } catch (err) {
      if (err instanceof Refusal) {
        say(`refused job ${job.id ?? '?'}: ${err.message}`);
        throw new UnrecoverableError(err.message);
      }
      throw err;
    }
  };
  const open = (queue: string): void => {
    const w = new BullWorker(queue, processJob, {
      connection: conn, prefix: PREFIX, name, concurrency: Math.max(1, opts.workers) * 2,
      ...timing, maxStalledCount: 10, drainDelay: 1,
    });
    w.on('error', (err) => say(`queue ${queue}: ${err.message}`));
    w.on('failed', (job, err) => {
      if (job && !(err instanceof UnrecoverableError) && job.attemptsMade < ATTEMPTS) say(`job ${job.id ?? '?'} failed (attempt ${job.attemptsMade}): ${err.message}`);
    });
    workers.set(queue, w);
    say(`joined queue ${queue}`);
  };

  let polling = true;
  // A new run announces its queue on the REGISTRY channel: look at once instead of at the next poll.
  const waker: { wake: (() => void) | null } = { wake: null };
  const sub = conn.duplicate();
  sub.on('error', () => undefined);
  sub.on('message', () => waker.wake?.());
  await sub.subscribe(REGISTRY);
  const poll = async (): Promise<void> => {
    while (polling) {
      try {
        const names = new Set(await conn.smembers(REGISTRY));
        for (const q of names) if (!workers.has(q)) open(q);
        for (const [q, w] of workers) {
          if (!names.has(q)) {
            workers.delete(q);
            await w.close();
            say(`left queue ${q} (finished)`);
          }
        }
      } catch (err) {
        say(`cannot read the queue list: ${(err as Error).message}`);
      }
      await new Promise<void>((r) => {
        const t = setTimeout(r, POLL_MS);
        waker.wake = () => {
          clearTimeout(t);
          r();
        };
      });
      waker.wake = null;
    }
  };
  const polled = poll();
  await new Promise<void>((resolve) => {
    const done = (): void => resolve();
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
    stop?.addEventListener('abort', done);
  });
  say('stopping: finishing the chunks in hand');
  polling = false;
  waker.wake?.();
  await polled;
  sub.disconnect();
  await Promise.all([...workers.values()].map((w) => w.close()));
  await runner.close();
  await conn.quit();
}
