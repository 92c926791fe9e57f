#!/usr/bin/env node
/**
 * The `balance` executable. Exit codes: 0 ok, 2 bad input (study, flags, output directory),
 * 1 anything else. Problems go to stderr, one line each; stack traces only with BALANCE_DEBUG=1.
 */
import { hideBin } from 'yargs/helpers';
import { ConfigError, formatProblem } from '../config/problems.js';
import { createCli, UsageError } from './args.js';

// A closed pipe (`balance run ... | head`) is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

async function main(): Promise<number> {
  try {
    await createCli(hideBin(process.argv), { stdout: process.stdout, stderr: process.stderr }).parseAsync();
    return 0;
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const p of err.problems) process.stderr.write(`${formatProblem(p)}\n`);
      return 2;
    }
    if (err instanceof UsageError) {
      process.stderr.write(`balance: ${err.message}\nRun balance --help for usage.\n`);
      return 2;
    }
    const e = err as Error;
    // By name: importing batch/engine.js here would load the worker pool for every command.
    const what = e.name === 'WorkerError' ? 'run failed' : 'error';
    process.stderr.write(`balance: ${what}: ${e.message}\n`);
    if (process.env['BALANCE_DEBUG']) process.stderr.write(`${e.stack ?? ''}\n`);
    return 1;
  }
}

process.exitCode = await main();
