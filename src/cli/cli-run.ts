/**
 * One invocation of the command line, in process: parse and run, then map what went wrong to an
 * exit code and one line per problem. Exit codes: 0 ok, 2 bad input (study, flags, output
 * directory), 1 anything else. main.ts is this plus process state; tests call it directly.
 *
 * `balance validate STUDY.yaml` with nothing else runs without starting yargs (docs/development.md,
 * "How the command line starts fast"): yargs would do exactly this with it, and starting it costs ~10 ms of the command's
 * start. Every other command line goes through yargs (args.ts), loaded when needed.
 */
import { ConfigError, formatProblem } from '../config/problems.js';
import { plainValidate } from './plain-validate.js';
import type { RunIo } from './run.js';

export { plainValidate };

export async function runCli(argv: readonly string[], io: RunIo): Promise<number> {
  try {
    const study = plainValidate(argv);
    if (study !== null) {
      await (await import('./validate.js')).validateCommand(study, io);
    } else {
      const [{ createCli }, { skipHelpCache }] = await Promise.all([import('./args.js'), import('./help-cache.js')]);
      await skipHelpCache(createCli(argv, io)).parseAsync();
    }
    return 0;
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const p of err.problems) io.stderr.write(`${formatProblem(p)}\n`);
      return 2;
    }
    const e = err as NodeJS.ErrnoException;
    // Started from a directory that was deleted since (yargs and relative paths need it).
    if (e.syscall === 'uv_cwd') {
      io.stderr.write(`balance: the current directory no longer exists (${e.code ?? 'ENOENT'}); cd to one that does\n`);
      return 2;
    }
    // By name: args.ts (yargs) is not loaded for a plain validate.
    if (e.name === 'UsageError') {
      io.stderr.write(`balance: ${e.message}\nRun balance --help for usage.\n`);
      return 2;
    }
    // By name: importing batch/engine.js here would load the worker pool for every command.
    const what = e.name === 'WorkerError' ? 'run failed' : 'error';
    io.stderr.write(`balance: ${what}: ${e.message}\n`);
    if (process.env['BALANCE_DEBUG']) io.stderr.write(`${e.stack ?? ''}\n`);
    return 1;
  }
}
