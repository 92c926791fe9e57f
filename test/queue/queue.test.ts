/**
 * Queue mode end to end against a real redis-server (started here on a free loopback port, stopped
 * after): one submitter and worker processes, workers killed mid-run, a submitter killed and rerun,
 * and every failure path. Outputs must be byte-identical to a local run and to shards + merge.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadStudyText } from '../../src/config/study.js';
import { VERSION } from '../../src/cli/version.js';
import { PREFIX, REGISTRY, queueName } from '../../src/queue/jobs.js';
import { EXAMPLE, ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';
import { freePort, startRedis, type RedisServer } from '../helpers/redis.js';

const BIN = join(ROOT, 'dist/src/cli/main.js');
/** 1M attacks per task with the dice engine: 40 chunks of 100k. */
const ARGS = ['--trials', '1000000', '--engine', 'dice'];
const CHUNKS = 40;
/** Workers that hold each chunk this long, so a kill surely lands mid-run. */
const SLOW = { BALANCE_QUEUE_CHUNK_DELAY_MS: '40' };
const FILES = ['summary.csv', 'distribution.csv', 'compare.csv'];

interface Proc {
  readonly child: ChildProcess;
  readonly done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  output(): string;
}

function start(args: readonly string[], env: Record<string, string> = {}, bin = BIN): Proc {
  const child = spawn(process.execPath, [bin, ...args], { cwd: ROOT, env: { ...process.env, BALANCE_QUEUE_LOCK_MS: '1000', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done, output: () => stderr };
}

async function waitFor(what: string, cond: () => boolean | Promise<boolean>, ms = 240_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let redis: RedisServer;
let client: Redis;
let study: string;
let reference: string;
let queue: string;
const workers: Proc[] = [];

async function worker(env: Record<string, string> = {}, bin = BIN): Promise<Proc> {
  const w = start(['worker', '--queue', redis.url, '--workers', '1'], env, bin);
  workers.push(w);
  await waitFor('the worker to start', () => w.output().includes('serving') || w.child.exitCode !== null);
  return w;
}

async function kill(w: Proc, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  w.child.kill(signal);
  await w.done;
}

const completed = (): Promise<number> => client.zcard(`${PREFIX}:${queue}:completed`);

function expectSameFiles(dir: string, of = reference): void {
  for (const f of FILES) expect(readFileSync(join(dir, f), 'utf8'), `${dir}/${f}`).toBe(readFileSync(join(of, f), 'utf8'));
}

beforeAll(async () => {
  redis = await startRedis();
  client = new Redis(redis.url);
  study = studyFile(EXAMPLE);
  queue = queueName(loadStudyText(study, EXAMPLE).hash, 7);
  reference = tempDir();
  expect((await balanceIn(['run', study, '--out', reference, '--workers', '1', ...ARGS])).code).toBe(0);
});

async function killAll(): Promise<void> {
  for (const w of workers.splice(0)) if (w.child.exitCode === null && w.child.signalCode === null) await kill(w);
}

afterEach(killAll);

afterAll(async () => {
  await killAll();
  client?.disconnect();
  await redis?.stop();
});

describe('balance run --queue with balance worker processes', () => {
  // Local runs equal shards + merge (test/cli/run.test.ts, test/cli/cluster-recipes.test.ts).
  it('gives byte-identical files with 1, 2 and 3 workers, equal to a local run', async () => {
    for (let n = 1; n <= 3; n++) {
      await worker();
      const out = tempDir();
      const r = await balanceIn(['run', study, '--queue', redis.url, '--out', out, ...ARGS]);
      expect(r.stderr).not.toMatch(/balance: /);
      expect(r.code).toBe(0);
      expectSameFiles(out);
      const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as { workers: number; queue: string; command: string };
      expect(run.queue).toBe(redis.url);
      expect(run.workers).toBeGreaterThanOrEqual(1);
      expect(run.workers).toBeLessThanOrEqual(n);
      // The finished run's queue and its jobs are gone from Redis.
      expect(await client.sismember(REGISTRY, queue)).toBe(0);
      expect(await client.exists(`${PREFIX}:${queue}:completed`, `${PREFIX}:${queue}:wait`, `${PREFIX}:${queue}:${'dice-n1000000-t1-c1-k100000'}`)).toBe(0);
    }
    for (const w of workers.splice(0)) {
      w.child.kill('SIGTERM');
      const r = await w.done;
      expect([r.code, r.stderr]).toEqual([0, expect.stringContaining('stopping')]);
    }
  });

  it('--precision works through the queue in rounds of chunks, identical to a local precision run', async () => {
    const args = ['--precision', '0.004', '--engine', 'dice'];
    const local = tempDir();
    expect((await balanceIn(['run', study, '--out', local, '--workers', '1', ...args])).code).toBe(0);
    await worker();
    await worker();
    const out = tempDir();
    const r = await balanceIn(['run', study, '--queue', redis.url, '--out', out, ...args]);
    expect(r.code).toBe(0);
    expectSameFiles(out, local);
    // More than the first round's one chunk per task was needed.
    const facts = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as { trials_min: number };
    expect(facts.trials_min).toBeGreaterThan(100_000);
  });

  it('finishes with identical files when a worker is SIGKILLed mid-run', async () => {
    const doomed = await worker(SLOW);
    await worker(SLOW);
    const out = tempDir();
    const run = balanceIn(['run', study, '--queue', redis.url, '--out', out, ...ARGS]);
    await waitFor('some chunks to finish', async () => (await completed()) >= 10);
    await kill(doomed);
    expect(await completed()).toBeLessThan(CHUNKS);
    const r = await run;
    expect(r.code).toBe(0);
    expectSameFiles(out);
  });

  it('finishes with identical files when every worker is killed and new ones start', async () => {
    const first = await worker(SLOW);
    const out = tempDir();
    let settled = false;
    const run = balanceIn(['run', study, '--queue', redis.url, '--out', out, ...ARGS]).finally(() => (settled = true));
    await waitFor('some chunks to finish', async () => (await completed()) >= 5);
    await kill(first);
    const before = await completed();
    // With no worker left the run waits for one (it does not end or fail).
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(false);
    expect(before).toBeLessThan(CHUNKS);
    await worker();
    await worker();
    const r = await run;
    expect(r.code).toBe(0);
    expectSameFiles(out);
  });

  it('leaves the queue when the submitter dies; rerunning the command picks it up', async () => {
    const out = tempDir();
    const args = ['run', study, '--queue', redis.url, '--out', out, ...ARGS];
    const first = start(args);
    await waitFor('the chunks to be queued', async () => (await client.llen(`${PREFIX}:${queue}:wait`)) === CHUNKS);
    await kill(first);
    expect(existsSync(join(out, 'summary.csv'))).toBe(false);
    await worker();
    await waitFor('the worker to finish every chunk', async () => (await completed()) === CHUNKS);
    const rerun = await start(args).done;
    expect(rerun.code).toBe(0);
    expectSameFiles(out);
  });
});

describe('queue failures', () => {
  it('an unreachable Redis: one line, exit 1 at once, nothing written, no password shown', async () => {
    const port = await freePort();
    const out = tempDir();
    const url = `redis://user:hunter2@127.0.0.1:${port}`;
    const r = await balanceIn(['run', study, '--queue', url, '--out', out, ...ARGS]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n').filter((l) => l.startsWith('balance'))).toEqual([`balance: error: cannot reach Redis at redis://user:***@127.0.0.1:${port} (ECONNREFUSED)`]);
    expect(readdirSync(out)).toEqual([]);
    const w = await start(['worker', '--queue', url, '--workers', '1']).done;
    expect([w.code, w.stderr.trim()]).toEqual([1, `balance: error: cannot reach Redis at redis://user:***@127.0.0.1:${port} (ECONNREFUSED)`]);
    expect(`${r.stdout}${r.stderr}${w.stdout}${w.stderr}`).not.toContain('hunter2');
  });

  it('a chunk failing three times ends the run: exit 1 naming the chunk and the worker error, nothing written', async () => {
    await worker({ BALANCE_FAULT_INJECTION: 'worker' });
    const out = tempDir();
    const r = await balanceIn(['run', study, '--queue', redis.url, '--out', out, ...ARGS]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n').pop()).toMatch(
      /^balance: run failed: task \d+ chunk \d+ \(job dice-n1000000-t\d+-c\d+-k100000\) \[.+\] failed on worker [^ ]+\/\d+: injected fault \(BALANCE_FAULT_INJECTION=worker\)$/,
    );
    expect(readdirSync(out)).toEqual([]);
    expect(await client.sismember(REGISTRY, queue)).toBe(0);
  });

  it('a worker of another version refuses the chunks: the run exits 1 saying the versions must match', async () => {
    // A real install of "version 9.9.9": the built files beside a package.json of that version.
    const other = tempDir();
    cpSync(join(ROOT, 'dist'), join(other, 'dist'), { recursive: true });
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(other, 'package.json'), JSON.stringify({ ...pkg, version: '9.9.9' }));
    symlinkSync(join(ROOT, 'node_modules'), join(other, 'node_modules'));
    await worker({}, join(other, 'dist/src/cli/main.js'));
    const out = tempDir();
    const r = await balanceIn(['run', study, '--queue', redis.url, '--out', out, ...ARGS]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n').pop()).toMatch(
      new RegExp(`^balance: run failed: task \\d+ chunk \\d+ .* failed on worker [^ ]+: worker [^ ]+ runs tabletop-balance 9\\.9\\.9, the job comes from ${VERSION.replaceAll('.', '\\.')}: versions must match$`),
    );
    expect(readdirSync(out)).toEqual([]);
  });

  it('a worker validates every study it receives and refuses a bad one without retrying', async () => {
    const w = await worker();
    const bad = EXAMPLE.replace('seed: 7', 'seed: -1');
    const name = 'study-hostile-seed-0';
    // BullMQ's close() leaves a connection it was given open: this one is closed below.
    const connection = client.duplicate();
    const q = new Queue(name, { connection, prefix: PREFIX });
    const { createHash } = await import('node:crypto');
    await client.sadd(REGISTRY, name);
    const job = await q.add('chunk', {
      tool: 'tabletop-balance', version: VERSION, study: { name: 'hostile.yaml', text: bad, sha256: createHash('sha256').update(bad).digest('hex') },
      seed: 0, trials: 1000, engine: 'dice', task: 0, index: 0, chunkTrials: 1000,
    }, { jobId: 'hostile', attempts: 3 });
    await waitFor('the job to fail', async () => (await job.getState()) === 'failed');
    const failed = (await q.getJob('hostile'))!;
    expect(failed.failedReason).toMatch(/^the study fails validation: hostile\.yaml:3:7 seed: /);
    expect(failed.attemptsMade).toBe(1);
    expect(w.output()).toMatch(/refused job hostile: the study fails validation/);
    await client.srem(REGISTRY, name);
    await q.obliterate({ force: true });
    await q.close();
    connection.disconnect();
    await kill(w);
  });
});
