#!/usr/bin/env node
/**
 * The `balance` executable. Exit codes: 0 ok, 2 bad input (study, flags, output directory),
 * 1 anything else. Problems go to stderr, one line each; stack traces only with BALANCE_DEBUG=1.
 */
import { hideBin } from 'yargs/helpers';
import { runCli } from './cli-run.js';

// A closed pipe (`balance run ... | head`) is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

process.exitCode = await runCli(hideBin(process.argv), { stdout: process.stdout, stderr: process.stderr });
