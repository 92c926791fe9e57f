/**
 * The validate bundle (scripts/build-cli.mjs → dist/src/cli/balance-validate.cjs): what the
 * launcher runs for `balance validate STUDY.yaml` alone of a small study (launcher.ts,
 * quickValidate), docs/development.md "How the command line starts fast". The same runCli as entry.ts, so the same output and exit
 * code; only what a plain validate needs is in it (no yargs), it prints through writeSync
 * (fd-writer.ts) and it ends the process as soon as the answer is written: nothing else is left
 * to run, and a normal exit would first tear down the heap (~5 ms).
 */
import { runCli } from './cli-run.js';
import { fdWriter } from './fd-writer.js';
import type { RunIo } from './run.js';

// runCli only calls write() on these (validate.ts, cli-run.ts).
const io = { stdout: fdWriter(1), stderr: fdWriter(2) } as unknown as RunIo;

// No top-level await: the bundle is a CommonJS script, so that V8 can cache its compiled code.
void runCli(process.argv.slice(2), io).then((code) => process.exit(code));
