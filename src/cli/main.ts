#!/usr/bin/env node
/**
 * The `balance` executable (package.json `bin`). It runs the bundled command line,
 * `balance-cli.cjs` beside this file (entry.ts, yargs, validate with its schemas, YAML and zod in
 * one script, built by scripts/build-cli.mjs), with V8's code cache for it, so `balance --help`
 * and `balance validate` start without resolving and compiling hundreds of files. The bundle
 * imports every other command (run, report, serve, ...) from its own compiled file when it runs.
 * Without a bundle (a plain `tsc` build) it runs entry.js: the same CLI, slower to start.
 *
 * BALANCE_CODE_CACHE=off compiles without the cache; =write (the build) writes the cache at exit.
 * BALANCE_DEBUG=1 says on stderr whether the cache was used.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runBundle } from './bundle-loader.js';

const bundle = fileURLToPath(new URL('./balance-cli.cjs', import.meta.url));
if (existsSync(bundle)) runBundle(bundle, process.env);
else await import('./entry.js');
