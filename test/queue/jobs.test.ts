/**
 * The queue's pieces that need no Redis: job checks, chunk ids, tally checks, URL redaction, the
 * worker's handling of a job (version, validation, the chunk's tally) and --shard-from-env.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/batch/engine.js';
import { shardFromEnv } from '../../src/cli/shard-env.js';
import { VERSION } from '../../src/cli/version.js';
import { ConfigError } from '../../src/config/problems.js';
import { loadStudyText } from '../../src/config/study.js';
import { planChunks } from '../../src/batch/engine.js';
import { planStudy } from '../../src/plan/plan.js';
import { chunkId, parseChunkJob, parseResult, queueName, type ChunkJob } from '../../src/queue/jobs.js';
import { JobRunner, Refusal } from '../../src/queue/run-job.js';
import { checkQueueUrl, redactUrl } from '../../src/queue/url.js';
import { EXAMPLE } from '../helpers/cli.js';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

function jobFor(text: string, over: Partial<ChunkJob> = {}): ChunkJob {
  return {
    tool: 'tabletop-balance', version: VERSION, study: { name: 'study.yaml', text, sha256: sha(text) },
    seed: 7, trials: 250_000, engine: 'table', task: 0, index: 0, chunkTrials: 100_000, ...over,
  };
}

describe('queue jobs', () => {
  it('chunk ids and queue names are deterministic and contain no colon (BullMQ forbids it)', () => {
    const a = chunkId({ engine: 'table', trials: 250_000, task: 2, index: 1, chunkTrials: 100_000 });
    expect(a).toBe('table-n250000-t3-c2-k100000');
    expect(queueName('ab'.repeat(32), 7)).toBe('study-abababababababab-seed-7');
    expect(`${a}${queueName('ab'.repeat(32), 7)}`).not.toContain(':');
  });

  it('refuses malformed jobs and malformed tallies', () => {
    expect(parseChunkJob(jobFor('x'))).toMatchObject({ task: 0 });
    expect(parseChunkJob({ ...jobFor('x'), code: 'process.exit()' })).toMatch(/^malformed job: /);
    expect(parseChunkJob({ ...jobFor('x'), task: -1 })).toMatch(/^malformed job: task: /);
    expect(parseChunkJob({ ...jobFor('x'), engine: 'eval' })).toMatch(/^malformed job: engine: /);
    expect(parseResult({ tally: [1, 2, 3], worker: 'w' }, 3)).toEqual({ tally: [1, 2, 3], worker: 'w' });
    expect(parseResult(JSON.stringify({ tally: [1, 2, 3], worker: 'w' }), 3)).toEqual({ tally: [1, 2, 3], worker: 'w' });
    expect(parseResult({ tally: [1, 2], worker: 'w' }, 3)).toBe('the worker returned a tally of 2 counts, expected 3');
    expect(parseResult({ tally: [1, 2.5, 3] }, 3)).toBe('the worker returned a tally that is not counts');
    expect(parseResult({ tally: [1, -1, 3] }, 3)).toBe('the worker returned a tally that is not counts');
    expect(parseResult(null, 3)).toBe('the worker returned no tally');
  });
});

describe('--queue URLs', () => {
  it('never shows a password', () => {
    expect(redactUrl('redis://user:hunter2@cache.example:6379/0')).toBe('redis://user:***@cache.example:6379/0');
    expect(redactUrl('redis://:hunter2@cache.example:6379')).toBe('redis://:***@cache.example:6379');
    expect(redactUrl('redis://token@cache.example:6379')).toBe('redis://***@cache.example:6379');
    expect(redactUrl('redis://cache.example:6379')).toBe('redis://cache.example:6379');
  });

  it('accepts redis:// and rediss:// only, and says so without the password', () => {
    expect(() => checkQueueUrl('redis://127.0.0.1:6379')).not.toThrow();
    expect(() => checkQueueUrl('rediss://u:p@host:6380')).not.toThrow();
    const err = (() => {
      try {
        checkQueueUrl('http://u:hunter2@host:6379');
      } catch (e) {
        return e as ConfigError;
      }
      throw new Error('no error');
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toBe('--queue: expected a redis:// or rediss:// URL, received "http://u:***@host:6379"');
  });
});

describe('a queue worker running a job', () => {
  it('returns exactly the tallies a local run computes, chunk by chunk', async () => {
    const study = loadStudyText('study.yaml', EXAMPLE);
    const tasks = planStudy(study, 250_000);
    const local = await simulate(study.plugin, tasks, { seed: 7, engine: 'table', workers: 0 });
    const runner = new JobRunner(0, 'test');
    const sums = local.map((t) => new Float64Array(t.length));
    const chunks = planChunks(study.plugin, tasks, 7);
    expect(chunks.length).toBe(12);
    for (const c of chunks) {
      const r = await runner.run(jobFor(EXAMPLE, { task: c.task, index: c.index, chunkTrials: c.trials }));
      const into = sums[c.task]!;
      r.tally.forEach((v, i) => (into[i] = into[i]! + v));
      expect(r.worker).toBe('test');
    }
    await runner.close();
    expect(sums).toEqual(local);
  });

  it('refuses another version, a study that fails validation, a text that does not match its hash', async () => {
    const runner = new JobRunner(0, 'w1', '0.0.0-other');
    await expect(runner.run(jobFor(EXAMPLE))).rejects.toThrow(
      new Refusal(`worker w1 runs tabletop-balance 0.0.0-other, the job comes from ${VERSION}: versions must match`),
    );
    const same = new JobRunner(0, 'w1');
    const bad = EXAMPLE.replace('seed: 7', 'seed: -1');
    await expect(same.run(jobFor(bad))).rejects.toThrow(/^the study fails validation: study\.yaml:3:7 seed: /);
    await expect(same.run({ ...jobFor(EXAMPLE), study: { name: 's', text: bad, sha256: sha(EXAMPLE) } })).rejects.toThrow(
      /^the study text does not match its sha256 /,
    );
    await expect(same.run(jobFor(EXAMPLE, { task: 4 }))).rejects.toThrow(/the study has 4 tasks$/);
    await expect(same.run(jobFor(EXAMPLE, { chunkTrials: 100_001 }))).rejects.toThrow(/more trials than the mode's chunk size 100000$/);
    await expect(same.run({ not: 'a job' })).rejects.toThrow(Refusal);
  });
});

describe('--shard-from-env', () => {
  const problem = (fn: () => unknown): string => {
    try {
      fn();
    } catch (e) {
      return (e as ConfigError).message;
    }
    return 'no error';
  };

  it('maps a Kubernetes completion index (0-based) and a Slurm array id to shard i/n', () => {
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '0' }, 3)).toEqual({ index: 1, count: 3 });
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '2' }, 3)).toEqual({ index: 3, count: 3 });
    expect(shardFromEnv({ SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_COUNT: '4' })).toEqual({ index: 1, count: 4 });
    expect(shardFromEnv({ SLURM_ARRAY_TASK_ID: '4', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '4' })).toEqual({ index: 4, count: 4 });
    expect(shardFromEnv({ SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_COUNT: '9' }, 2)).toEqual({ index: 2, count: 2 });
  });

  it('says what is missing or out of range', () => {
    expect(problem(() => shardFromEnv({}))).toBe('--shard-from-env: neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm job array) is set');
    expect(problem(() => shardFromEnv({ JOB_COMPLETION_INDEX: '1' }))).toMatch(/give the number of shards with --shard-count N/);
    expect(problem(() => shardFromEnv({ JOB_COMPLETION_INDEX: '3' }, 3))).toBe('--shard-from-env: JOB_COMPLETION_INDEX=3 gives shard 4 of 3, outside 1..3');
    expect(problem(() => shardFromEnv({ SLURM_ARRAY_TASK_ID: 'x' }, 3))).toBe('--shard-from-env: SLURM_ARRAY_TASK_ID should be a whole number, is "x"');
    expect(problem(() => shardFromEnv({ SLURM_ARRAY_TASK_ID: '1' }))).toMatch(/give --shard-count N or set SLURM_ARRAY_TASK_COUNT/);
    expect(problem(() => shardFromEnv({ SLURM_ARRAY_TASK_ID: '1', JOB_COMPLETION_INDEX: '1' }, 2))).toMatch(/both JOB_COMPLETION_INDEX and SLURM_ARRAY_TASK_ID are set/);
  });
});
