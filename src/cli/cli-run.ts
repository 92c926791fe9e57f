/**
 * One invocation of the command line, in process: parse and run, then map what went wrong to an
 * exit code and one line per problem. Exit codes: 0 ok, 2 bad input (study, flags, output
 * directory), 1 anything else. main.ts is this plus process state; tests call it directly.
 */
import { ConfigError, formatProblem } from '../config/problems.js';
import { createCli, UsageError } from './args.js';
import { skipHelpCache } from './help-cache.js';
import type { RunIo } from './run.js';

export async function runCli(argv: readonly string[], io: RunIo): Promise<number> {
  try {
    await skipHelpCache(createCli(argv, io)).parseAsync();
    return 0;
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const p of err.problems) io.stderr.write(`${formatProblem(p)}\n`);
      return 2;
    }
    if (err instanceof UsageError) {
      io.stderr.write(`balance: ${err.message}\nRun balance --help for usage.\n`);
      return 2;
    }
    const e = err as Error;
    // By name: importing batch/engine.js here would load the worker pool for every command.
    const what = e.name === 'WorkerError' ? 'run failed' : 'error';
    io.stderr.write(`balance: ${what}: ${e.message}\n`);
    if (process.env['BALANCE_DEBUG']) io.stderr.write(`${e.stack ?? ''}\n`);
    return 1;
  }
}
