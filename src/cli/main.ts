#!/usr/bin/env node
/**
 * The `balance` executable (package.json `bin`). It runs the bundled command line,
 * `balance-cli.cjs` beside this file (entry.ts, yargs, validate with its schemas, YAML and zod in
 * one script, built by scripts/build-cli.mjs), with V8's code cache for it, so `balance --help`
 * and `balance validate` start without resolving and compiling hundreds of files. The bundle
 * imports every other command (run, report, serve, ...) from its own compiled file when it runs.
 * Without a bundle, or with one older than entry.js (`tsc` ran again, scripts/build-cli.mjs did
 * not), it runs entry.js and the compiled files: the same CLI, slower to start.
 *
 * BALANCE_CODE_CACHE=off compiles without the cache; =write (the build) writes the cache at exit.
 * BALANCE_DEBUG=1 says on stderr whether the cache was used.
 */
import { runBundle } from './bundle-loader.js';

// Not `import ... from 'node:fs'`: see bundle-loader.ts (an ES import of a built-in costs its facade).
const { statSync } = process.getBuiltinModule('node:fs');
const { fileURLToPath } = process.getBuiltinModule('node:url');

const modified = (name: string): number => statSync(fileURLToPath(new URL(name, import.meta.url)), { throwIfNoEntry: false })?.mtimeMs ?? -1;
const bundled = modified('./balance-cli.cjs');
// A bundle older than the compiled files (tsc ran again, the bundle was not rebuilt) would run old code.
if (bundled >= 0 && bundled >= modified('./entry.js')) runBundle(fileURLToPath(new URL('./balance-cli.cjs', import.meta.url)), process.env);
else {
  if (process.env['BALANCE_DEBUG']) process.stderr.write(`balance: ${bundled < 0 ? 'no bundle' : 'the bundle is older than entry.js'}: running the compiled files\n`);
  await import('./entry.js');
}
