/**
 * The command line in this process: parse, run, set the exit code. Exit codes: 0 ok, 2 bad input
 * (study, flags, output directory), 1 anything else. Problems go to stderr, one line each; stack
 * traces only with BALANCE_DEBUG=1. The launcher (launcher.ts) runs this from the bundle (scripts/build-cli.mjs).
 */
import { runCli } from './cli-run.js';

// A closed pipe (`balance run ... | head`) is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

// A closed stderr (`balance run ... 2>&1 | head -1`) leaves nowhere to say anything, but the
// command goes on: the files it writes are what it is for (fd-writer.ts does the same for validate).
process.stderr.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
});

// No top-level await: the bundle is a CommonJS script, so that V8 can cache its compiled code.
// The arguments after `node script` (yargs' hideBin, which would load yargs-parser at start).
void runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
});
