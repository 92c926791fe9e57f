/**
 * The command line in this process: parse, run, set the exit code. Exit codes: 0 ok, 2 bad input
 * (study, flags, output directory), 1 anything else. Problems go to stderr, one line each; stack
 * traces only with BALANCE_DEBUG=1. main.ts runs this from the bundle (scripts/build-cli.mjs).
 */
import { hideBin } from 'yargs/helpers';
import { runCli } from './cli-run.js';

// A closed pipe (`balance run ... | head`) is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

// No top-level await: the bundle is a CommonJS script, so that V8 can cache its compiled code.
void runCli(hideBin(process.argv), { stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
});
