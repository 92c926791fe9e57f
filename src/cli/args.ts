/**
 * The command line as data (yargs): `run`, `validate`. `createCli` builds the parser without
 * touching process state, so tests can drive it; only main.ts sets the exit code.
 */
import yargs, { type Argv } from 'yargs';
import { defaultWorkers } from '../batch/default-workers.js';
import { inputError } from '../config/problems.js';
import { closest } from '../config/suggest.js';
import type { RunIo } from './run.js';
import { shardFromEnv } from './shard-env.js';
import { VERSION } from './version.js';

// Command code (the engine, workers, reports and charts) is imported when a command runs, so
// `balance --help` and `balance validate` start fast (bench/startup.ts).

/**
 * "Unknown argument: trails" -> "Unknown argument: trails (did you mean --trials?)": each unknown
 * flag of yargs' strict-mode message gets the closest known option, as study keys do.
 */
export function withSuggestions(msg: string, options: readonly string[]): string {
  const m = /^(Unknown arguments?): (.*)$/.exec(msg);
  if (m === null) return msg;
  const flags = options.filter((o) => o.length > 1 && !/[A-Z]/.test(o) && o !== '$0' && o !== '_');
  // yargs lists a kebab-case flag twice (max-trails, maxTrails): keep the form the user typed.
  const typed = m[2]!.split(', ');
  const words = typed.filter((w) => !(/[A-Z]/.test(w) && typed.includes(w.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)))).map((w) => {
    const c = closest(w, flags);
    return c === null ? w : `${w} (did you mean --${c}?)`;
  });
  return `${words.length === 1 ? 'Unknown argument' : m[1]!}: ${words.join(', ')}`;
}

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
  searchRollouts?: number | undefined;
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
  intIn('search-rollouts', f.searchRollouts, 1, 1_000_000);
  // Queue workers plan their chunks from the study file, which does not carry the flag.
  if (f.searchRollouts !== undefined && f.queue !== undefined) throw inputError('--search-rollouts', 'cannot be combined with --queue; set search: { rollouts } in the study');
  if (f.precision !== undefined && !(f.precision > 0 && f.precision < 1e6)) {
    throw inputError('--precision', `expected a positive number (the 95% interval half-width to reach), received ${String(f.precision)}`);
  }
  checkOut(f.out);
  if (f.shard !== undefined) parseShard(f.shard);
  intIn('shard-count', f.shardCount, 1, 10_000);
  if (f.shardFromEnv === true && f.shard !== undefined) throw inputError('--shard-from-env', 'cannot be combined with --shard');
  if (f.shardCount !== undefined && f.shardFromEnv !== true) throw inputError('--shard-count', 'only goes with --shard-from-env');
  if (f.queue !== undefined) {
    if (f.shard !== undefined || f.shardFromEnv === true) throw inputError('--queue', 'cannot be combined with --shard or --shard-from-env');
    if (f.workers !== undefined) throw inputError('--queue', 'runs chunks on balance worker processes; --workers belongs to them');
  }
}

/** `--out DIR`: one non-empty name (yargs makes a repeated flag an array). */
export function checkOut(out: unknown): void {
  if (Array.isArray(out)) throw inputError('--out', `given ${out.length} times; name one output directory`);
  if (out !== undefined && (typeof out !== 'string' || out.trim() === '')) throw inputError('--out', 'expected a directory name');
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

/** The flags `meta` and `solve` share with `run` (no --shard). */
function analysisOptions(y: Argv) {
  return y
    .positional('study', { type: 'string', demandOption: true, describe: 'study file (YAML)' })
    .option('out', { type: 'string', describe: 'output directory [default: reports/<study name>/]' })
    .option('trials', { type: 'number', describe: 'trials per task (overrides the study)' })
    .option('workers', { type: 'number', describe: `worker threads; 0 = run in the main thread [default: ${defaultWorkers()}]` })
    .option('seed', { type: 'number', describe: 'study seed (overrides the study)' })
    .option('engine', { choices: ['auto', 'dice', 'table'] as const, describe: 'as for run', default: 'auto' as const })
    .option('precision', { type: 'number', describe: 'add trials to each task until its 95% interval half-width is at most this' })
    .option('max-trials', { type: 'number', describe: 'ceiling of trials per task: with --precision (meta, default 10 x trials) or when refining near the crossing (solve, default 16 x trials)' });
}

function analysisFlags(a: Record<string, unknown>): Omit<RunFlags, 'shard'> {
  const flags = {
    study: a['study'] as string, out: a['out'] as string | undefined, trials: a['trials'] as number | undefined,
    workers: a['workers'] as number | undefined, seed: a['seed'] as number | undefined, engine: a['engine'] as RunFlags['engine'],
    precision: a['precision'] as number | undefined, maxTrials: a['max-trials'] as number | undefined,
  };
  checkRunFlags(flags);
  return flags;
}

export function createCli(argv: readonly string[], io: RunIo): Argv {
  const parser = yargs([...argv]);
  return parser
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
          .option('queue', { type: 'string', describe: 'run the chunks on balance worker processes through Redis (redis://HOST:6379)' })
          .option('search-rollouts', { type: 'number', describe: 'play-outs per decision of fighters with policy: search (overrides the study\'s search.rollouts)' }),
      async (a) => {
        const flags: RunFlags = {
          study: a.study, out: a.out, trials: a.trials, workers: a.workers, seed: a.seed, engine: a.engine,
          precision: a.precision, maxTrials: a['max-trials'], shard: a.shard,
          shardFromEnv: a['shard-from-env'], shardCount: a['shard-count'], queue: a.queue, searchRollouts: a['search-rollouts'],
        };
        checkRunFlags(flags);
        if (flags.queue !== undefined) (await import('../queue/url.js')).checkQueueUrl(flags.queue);
        const { shard: shardText, shardFromEnv: fromEnv, shardCount, ...rest } = flags;
        const shard = shardText !== undefined ? parseShard(shardText) : fromEnv === true ? shardFromEnv(process.env, shardCount) : undefined;
        const { runCommand } = await import('./run.js');
        await runCommand({ ...rest, workers: flags.workers ?? defaultWorkers(), ...(shard !== undefined ? { shard } : {}) }, io);
      },
    )
    .command(
      'meta <study>',
      'play every pair of the study\'s meta.roster, solve for the equilibrium; write meta.csv, matrix.csv, run.json, report.md, report.html',
      (y) => analysisOptions(y),
      async (a) => {
        const flags = analysisFlags(a);
        const { metaCommand } = await import('./meta.js');
        await metaCommand({ ...flags, workers: flags.workers ?? defaultWorkers() }, io);
      },
    )
    .command(
      'solve <study>',
      'find the value of a study field that brings a metric to a target (solve: block); write solve.csv, run.json, report.md, report.html',
      (y) => analysisOptions(y),
      async (a) => {
        const flags = analysisFlags(a);
        const { solveCommand } = await import('./solve.js');
        await solveCommand({ ...flags, workers: flags.workers ?? defaultWorkers() }, io);
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
        checkOut(a.out);
        const { exactCommand } = await import('./run.js');
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
        checkOut(a.out);
        const { mergeCommand } = await import('./run.js');
        await mergeCommand({ study: a.study, shards: a.shards, out: a.out }, io);
      },
    )
    .command(
      'report <dir>',
      'rebuild report.md and report.html from the CSVs and run.json in DIR',
      (y) => y.positional('dir', { type: 'string', demandOption: true, describe: 'a run output directory' }),
      async (a) => {
        const { reportCommand } = await import('./run.js');
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
      (y) =>
        y
          .positional('study', { type: 'string', demandOption: true, describe: 'study file (YAML)' })
          .option('list', { type: 'boolean', describe: 'print every task of the expanded plan (the index balance trace --matchup takes)' }),
      async (a) => {
        const { validateCommand } = await import('./validate.js');
        await validateCommand(a.study, io, a.list === true);
      },
    )
    .command(
      'trace <study>',
      'play the first fights run counts for one matchup and print every action (text or JSONL)',
      (y) =>
        y
          .positional('study', { type: 'string', demandOption: true, describe: 'study file (YAML)' })
          .option('matchup', { type: 'number', describe: 'index in the expanded plan (balance validate --list), or within --variant [default: 0]' })
          .option('variant', { type: 'string', describe: 'count --matchup among this variant\'s tasks' })
          .option('fights', { type: 'number', describe: 'how many fights [default: 1]' })
          .option('seed', { type: 'number', describe: 'study seed (overrides the study)' })
          .option('format', { choices: ['text', 'jsonl'] as const, default: 'text' as const, describe: 'text: one line per action; jsonl: one JSON object per event' })
          .option('engine', {
            choices: ['auto', 'dice', 'table'] as const, default: 'auto' as const,
            describe: 'as for run; the table engine shows no dice faces',
          }),
      async (a) => {
        checkRunFlags({ study: a.study, seed: a.seed });
        const { traceCommand } = await import('./trace.js');
        await traceCommand({ study: a.study, matchup: a.matchup, variant: a.variant, fights: a.fights, seed: a.seed, format: a.format, engine: a.engine }, io);
      },
    )
    .command(
      'explain-policy <study>',
      'print the solved (best-response / optimal) policy of a skirmish or exchange duel side as a decision list, most frequent states first',
      (y) =>
        y
          .positional('study', { type: 'string', demandOption: true, describe: 'study file (YAML)' })
          .option('matchup', { type: 'string', describe: 'index in the expanded plan (balance validate --list), or within --variant [default: 0]', requiresArg: true })
          .option('variant', { type: 'string', describe: 'count --matchup among this variant\'s tasks', requiresArg: true })
          .option('side', { choices: ['a', 'b'] as const, describe: 'the side to explain [default: the side the study solves, else a]', requiresArg: true })
          .option('top', { type: 'string', describe: 'how many groups of states [default: 10]', requiresArg: true }),
      async (a) => {
        const { explainPolicyCommand } = await import('./explain-policy.js');
        await explainPolicyCommand({ study: a.study, matchup: a.matchup, variant: a.variant, side: a.side, top: a.top }, io);
      },
    )
    .command(
      'schema [system] [mode]',
      'print the JSON Schema of studies (all, one system, or one system and mode) for editor completion',
      (y) =>
        y
          .positional('system', { type: 'string', describe: 'skirmish | exchange | d20' })
          .positional('mode', { type: 'string', describe: 'skirmish: attack | duel | battle; exchange: attack | duel | fight; d20: attack | fight' }),
      async (a) => {
        const { schemaCommand } = await import('./schema.js');
        schemaCommand({ system: a.system, mode: a.mode }, io);
      },
    )
    .command(
      'serve [dir]',
      'start the local web playground: an editor with completion, exact answers as you type, Monte Carlo runs with progress',
      (y) =>
        y
          .positional('dir', { type: 'string', default: '.', describe: 'studies in this folder are listed in the page' })
          .option('port', { type: 'number', default: 8080, describe: 'port (0 = any free port)' })
          .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to bind (loopback by default)' })
          .option('max-run-seconds', { type: 'number', default: 300, describe: 'a Monte Carlo run started from the page stops after this' })
          .option('workers', { type: 'number', describe: `worker threads per run [default: ${defaultWorkers()}]` }),
      async (a) => {
        const { serveCommand } = await import('./serve.js');
        await serveCommand({ dir: a.dir, port: a.port, host: a.host, maxRunSeconds: a['max-run-seconds'], workers: a.workers ?? defaultWorkers() }, io);
      },
    )
    .command(
      'init <file>',
      'write a commented starting study (valid and runnable); never overwrites',
      (y) =>
        y
          .positional('file', { type: 'string', demandOption: true, describe: 'the study file to create' })
          .option('system', { type: 'string', default: 'skirmish', describe: 'skirmish | exchange | d20' })
          .option('mode', { type: 'string', describe: 'skirmish: attack | duel | battle; exchange: attack | duel | fight; d20: attack | fight [default: attack]' }),
      async (a) => {
        const { initCommand } = await import('./init.js');
        initCommand({ file: a.file, system: a.system, mode: a.mode }, io);
      },
    )
    .demandCommand(1, 'name a command: run, exact, meta, solve, merge, report, validate, trace, explain-policy, worker, serve, schema or init')
    .strict()
    .version(VERSION)
    .help()
    .wrap(Math.min(100, process.stdout.columns || 100))
    .fail((msg, err) => {
      // yargs' own parse errors (a flag given without its value) are usage errors too.
      if (err) throw err.name === 'YError' ? new UsageError(err.message) : err;
      // getOptions() (untyped in @types/yargs) holds the failing command's options at this point.
      const known = (parser as unknown as { getOptions?: () => { key?: Record<string, unknown> } }).getOptions?.().key ?? {};
      throw new UsageError(withSuggestions(msg, Object.keys(known)));
    });
}
