/**
 * `node dist/bench/queue.js`: queue mode on a real redis-server (started here, stopped after, as
 * in the tests). Whole skirmish duels with the per-die engine (10k-duel chunks of a few hundred
 * ms, so a job's round trip through Redis is small beside it): one local run on one thread, then
 * `balance run --queue` served by 1 and by 2 `balance worker --workers 1` processes. Prints the
 * throughput ratio (2 processes vs 1) and the queue's overhead per chunk against the local run.
 * Times are the runs' own wall_time_ms (simulation only, process start-up excluded), best of two.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { startRedis } from '../test/helpers/redis.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'dist/src/cli/main.js');
const TRIALS = 100_000;
const dir = mkdtempSync(join(tmpdir(), 'balance-bench-queue-'));
const study = join(dir, 'duels.yaml');
writeFileSync(study, readFileSync(join(ROOT, 'test/fixtures/keen-stout-duel.yaml'), 'utf8'));

interface RunFacts {
  wall_time_ms: number;
  total_trials: number;
  chunk_size: number;
  tasks: number;
}

function run(name: string, args: readonly string[]): RunFacts {
  const out = join(dir, name);
  const r = spawnSync(process.execPath, [BIN, 'run', study, '--trials', String(TRIALS), '--engine', 'dice', '--out', out, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${name}: ${r.stderr}`);
  return JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunFacts;
}

async function withWorkers<T>(url: string, n: number, fn: () => T): Promise<T> {
  const procs: ChildProcess[] = [];
  for (let i = 0; i < n; i++) {
    const p = spawn(process.execPath, [BIN, 'worker', '--queue', url, '--workers', '1'], { stdio: ['ignore', 'ignore', 'pipe'] });
    await new Promise<void>((resolve) => p.stderr!.on('data', (d: Buffer) => d.toString().includes('serving') && resolve()));
    procs.push(p);
  }
  try {
    return fn();
  } finally {
    for (const p of procs) {
      const gone = new Promise((r) => p.once('exit', r));
      p.kill('SIGTERM');
      await gone;
    }
  }
}

/** The queue's own cost per job: jobs with an empty processor, one at a time (robust to load). */
async function roundTrip(url: string, n = 300): Promise<number> {
  const conn = new Redis(url, { maxRetriesPerRequest: null });
  const q = new Queue('bench-round-trip', { connection: conn, prefix: 'balance' });
  await q.addBulk(Array.from({ length: n }, (_, i) => ({ name: 'chunk', data: { i }, opts: { jobId: `j${i}` } })));
  let first = 0;
  let done = 0;
  let end = (): void => undefined;
  const all = new Promise<void>((r) => (end = r));
  const w = new Worker('bench-round-trip', () => {
    first ||= performance.now();
    return Promise.resolve({ tally: [1, 2, 3] });
  }, { connection: conn, prefix: 'balance', concurrency: 1 });
  w.on('completed', () => ++done === n && end());
  await all;
  const ms = (performance.now() - first) / (n - 1);
  await w.close();
  await q.obliterate({ force: true });
  await q.close();
  await conn.quit();
  return ms;
}

const redis = await startRedis();
try {
  const trip = await roundTrip(redis.url);
  // Best of two of each (the shortest wall time): the machine may be busy with other things.
  const best = (a: RunFacts, b: RunFacts): RunFacts => (a.wall_time_ms <= b.wall_time_ms ? a : b);
  const local = best(run('local', ['--workers', '1']), run('local', ['--workers', '1']));
  const one = await withWorkers(redis.url, 1, () => best(run('queue-1', ['--queue', redis.url]), run('queue-1', ['--queue', redis.url])));
  const two = await withWorkers(redis.url, 2, () => best(run('queue-2', ['--queue', redis.url]), run('queue-2', ['--queue', redis.url])));
  const chunks = local.tasks * Math.ceil(TRIALS / local.chunk_size);
  const rate = (f: RunFacts): number => f.total_trials / (f.wall_time_ms / 1000);
  const perChunk = (one.wall_time_ms - local.wall_time_ms) / chunks;
  const chunkMs = local.wall_time_ms / chunks;
  const k = (x: number): string => `${(x / 1e3).toFixed(1)}k duels/s`;
  console.log(`\nQueue mode, ${local.total_trials} skirmish duels (dice engine) in ${chunks} chunks of ${local.chunk_size}:`);
  console.log(`${'local run, 1 thread'.padEnd(50)} ${k(rate(local)).padStart(18)}`);
  console.log(`${'queue, 1 worker process (1 thread)'.padEnd(50)} ${k(rate(one)).padStart(18)}`);
  console.log(`${'queue, 2 worker processes (1 thread each)'.padEnd(50)} ${k(rate(two)).padStart(18)}   ${(rate(two) / rate(one)).toFixed(2)}x one process`);
  console.log(`queue overhead per chunk, run against local: ${perChunk.toFixed(1)} ms on a ${chunkMs.toFixed(0)} ms chunk (${((100 * perChunk) / chunkMs).toFixed(1)}%)`);
  console.log(`BullMQ round trip per job (empty job, one at a time): ${trip.toFixed(2)} ms = ${((100 * trip) / chunkMs).toFixed(2)}% of a chunk`);
} finally {
  await redis.stop();
}
