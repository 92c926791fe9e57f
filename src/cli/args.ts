/**
 * The command line as data (yargs): `run`, `validate`. `createCli` builds the parser without
 * touching process state, so tests can drive it; only main.ts sets the exit code.
 */
import yargs, { type Argv } from 'yargs';
import { defaultWorkers } from '../batch/engine.js';
import { inputError } from '../config/problems.js';
import { shardFromEnv } from './shard-env.js';
import { exactCommand, mergeCommand, reportCommand, runCommand, type RunIo } from './run.js';
import { validateCommand } from './validate.js';
import { VERSION } from './version.js';

/** Bad flags or commands: exit code 2, like bad study files. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

interface RunFlags {
  study: string;
  out?: string | undefined;
  trials?: number | undefined;
  workers?: number | undefined;
  seed?: number | undefined;
  engine?: 'dice' | 'table' | 'auto' | undefined;
  precision?: number | undefined;
  maxTrials?: number | undefined;
  shard?: string | undefined;
  shardFromEnv?: boolean | undefined;
  shardCount?: number | undefined;
  queue?: string | undefined;
}

const MAX_TRIALS = 1_000_000_000;

/** Conflicting or out-of-range flags, checked before any work. */
export function checkRunFlags(f: RunFlags): void {
  const intIn = (name: string, v: number | undefined, min: number, max: number): void => {
    if (v === undefined) return;
    if (!Number.isInteger(v) || v < min || v > max) {
      throw inputError(`--${name}`, `expected an integer from ${min} to ${max}, received ${String(v)}`);
    }
  };
  intIn('trials', f.trials, 1, MAX_TRIALS);
  intIn('workers', f.workers, 0, 256);
  intIn('seed', f.seed, 0, Number.MAX_SAFE_INTEGER);
  intIn('max-trials', f.maxTrials, 1, MAX_TRIALS);
  if (f.precision !== undefined && !(f.precision > 0 && f.precision < 1e6)) {
    throw inputError('--precision', `expected a positive number (the 95% interval half-width to reach), received ${String(f.precision)}`);
  }
  if (f.out !== undefined && f.out.trim() === '') throw inputError('--out', 'expected a directory name');
  if (f.shard !== undefined) parseShard(f.shard);
  intIn('shard-count', f.shardCount, 1, 10_000);
  if (f.shardFromEnv === true && f.shard !== undefined) throw inputError('--shard-from-env', 'cannot be combined with --shard');
  if (f.shardCount !== undefined && f.shardFromEnv !== true) throw inputError('--shard-count', 'only goes with --shard-from-env');
  if (f.queue !== undefined) {
    if (f.shard !== undefined || f.shardFromEnv === true) throw inputError('--queue', 'cannot be combined with --shard or --shard-from-env');
    if (f.workers !== undefined) throw inputError('--queue', 'runs chunks on balance worker processes; --workers belongs to them');
  }
}

/** `--shard i/n`: 1 <= i <= n. */
export function parseShard(text: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const [index, count] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
  if (!m || count < 1 || index < 1 || index > count || count > 10_000) {
    throw inputError('--shard', `expected i/n with 1 <= i <= n (e.g. 1/4), received ${JSON.stringify(text)}`);
  }
  return { index, count };
}

export function createCli(argv: readonly string[], io: RunIo): Argv {
  return yargs([...argv])
    .scriptName('balance')
    .usage('$0 <command> STUDY.yaml [options]')
    .command(
      'run <study>',
      'simulate a study and write summary.csv, distribution.csv, compare.csv, run.json, report.md and report.html',
      (y) =>
        y
          .positional('study', { type: 'string', demandOption: true, describe: 'study file (YAML)' })
          .option('out', { type: 'string', describe: 'output directory [default: reports/<study name>/]' })
          .option('trials', { type: 'number', describe: 'trials per matchup and variant (overrides the study)' })
          .option('workers', { type: 'number', describe: `worker threads; 0 = run in the main thread [default: ${defaultWorkers()}]` })
          .option('seed', { type: 'number', describe: 'study seed (overrides the study)' })
          .option('engine', {
            choices: ['auto', 'dice', 'table'] as const,
            describe: 'dice: roll every die; table: one draw per trial from the exact outcome table; auto: table for 10000+ trials where the mode has one',
            default: 'auto' as const,
          })
          .option('precision', { type: 'number', describe: 'add trials to each matchup until its 95% interval half-width is at most this' })
          .option('max-trials', { type: 'number', describe: 'ceiling of trials per matchup with --precision [default: 10 x trials]' })
          .option('shard', { type: 'string', describe: 'run shard i/n only, writing shard-i-of-n.json for balance merge' })
          .option('shard-from-env', { type: 'boolean', describe: 'take the shard from JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm)' })
          .option('shard-count', { type: 'number', describe: 'number of shards with --shard-from-env [Slurm default: SLURM_ARRAY_TASK_COUNT]' })
          .option('queue', { type: 'string', describe: 'run the chunks on balance worker processes through Redis (redis://HOST:6379)' }),
      async (a) => {
        const flags: RunFlags = {
          study: a.study, out: a.out, trials: a.trials, workers: a.workers, seed: a.seed, engine: a.engine,
          precision: a.precision, maxTrials: a['max-trials'], shard: a.shard,
          shardFromEnv: a['shard-from-env'], shardCount: a['shard-count'], queue: a.queue,
        };
        checkRunFlags(flags);
        if (flags.queue !== undefined) (await import('../queue/url.js')).checkQueueUrl(flags.queue);
        const { shard: shardText, shardFromEnv: fromEnv, shardCount, ...rest } = flags;
        const shard = shardText !== undefined ? parseShard(shardText) : fromEnv === true ? shardFromEnv(process.env, shardCount) : undefined;
        await runCommand({ ...rest, workers: flags.workers ?? defaultWorkers(), ...(shard !== undefined ? { shard } : {}) }, io);
      },
    )
    .command(
      'exact <study>',
      'write the same files from exact probabilities (trials and count columns empty)',
      (y) =>
        y
          .positional('study', { type: 'string', demandOption: true, describe: 'study file (YAML)' })
          .option('out', { type: 'string', describe: 'output directory [default: reports/<study name>/]' }),
      async (a) => {
        if (a.out !== undefined && a.out.trim() === '') throw inputError('--out', 'expected a directory name');
        await exactCommand({ study: a.study, out: a.out }, io);
      },
    )
    .command(
      'merge <study> <shards..>',
      'add up shard files (balance run --shard i/n) and write what one run would have',
      (y) =>
        y
          .positional('study', { type: 'string', demandOption: true, describe: 'the study the shards ran' })
          .positional('shards', { type: 'string', array: true, demandOption: true, describe: 'shard-i-of-n.json files' })
          .option('out', { type: 'string', describe: 'output directory [default: reports/<study name>/]' }),
      async (a) => {
        await mergeCommand({ study: a.study, shards: a.shards, out: a.out }, io);
      },
    )
    .command(
      'report <dir>',
      'rebuild report.md and report.html from the CSVs and run.json in DIR',
      (y) => y.positional('dir', { type: 'string', demandOption: true, describe: 'a run output directory' }),
      async (a) => {
        await reportCommand(a.dir, io);
      },
    )
    .command(
      'worker',
      'run chunks for balance run --queue: serves every study queued in Redis until SIGINT/SIGTERM',
      (y) =>
        y
          .option('queue', { type: 'string', demandOption: true, describe: 'the Redis URL the runs use (redis://HOST:6379)' })
          .option('workers', { type: 'number', describe: `worker threads; 0 = run in the main thread [default: ${defaultWorkers()}]` }),
      async (a) => {
        checkRunFlags({ study: '', workers: a.workers });
        const { checkQueueUrl } = await import('../queue/url.js');
        checkQueueUrl(a.queue);
        const { serveCommand } = await import('../queue/serve.js');
        await serveCommand({ queue: a.queue, workers: a.workers ?? defaultWorkers() }, io);
      },
    )
    .command(
      'validate <study>',
      'check a study and print every problem',
      (y) => y.positional('study', { type: 'string', demandOption: true, describe: 'study file (YAML)' }),
      (a) => validateCommand(a.study, io),
    )
    .demandCommand(1, 'name a command: run, exact, merge, report, validate or worker')
    .strict()
    .version(VERSION)
    .help()
    .wrap(Math.min(100, process.stdout.columns || 100))
    .fail((msg, err) => {
      if (err) throw err;
      throw new UsageError(msg);
    });
}
