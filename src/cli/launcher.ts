/**
 * What the `balance` executable does before any command runs (README "Cold start: how the CLI is
 * built"). It is the whole of `dist/src/cli/balance.cjs`, the package's `bin`, which
 * scripts/build-cli.mjs bundles from this file as a CommonJS script: Node starts a CommonJS main
 * script ~9 ms sooner than an ES module one (no module job, resolver or translators until
 * something is imported). main.js runs the same function as an ES module.
 *
 * - `balance --help`, when yargs would print the text the build saved (static-help.ts): that text;
 * - else the bundled command line, `balance-cli.cjs` beside this file (entry.ts, yargs, validate
 *   with its schemas, YAML and zod in one script), with V8's code cache for it (bundle-loader.ts);
 *   `balance validate STUDY.yaml` alone, of a small study, runs it without V8's optimising
 *   compiler (quickValidate), from a code cache of its own;
 * - without a bundle, or with one older than entry.js (`tsc` ran again, scripts/build-cli.mjs did
 *   not): entry.js and the compiled files, the same CLI, slower to start.
 *
 * BALANCE_CODE_CACHE=off compiles without the cache; =write (the build) writes the cache at exit.
 * BALANCE_DEBUG=1 says on stderr which of these ran and whether the cache was used.
 */
import { runBundle } from './bundle-loader.js';
import { plainValidate, QUICK_STUDY_BYTES } from './plain-validate.js';
import { savedHelpApplies } from './static-help.js';

// Not `import ... from 'node:fs'`: see bundle-loader.ts (an ES import of a built-in costs its facade).
const { readFileSync, statSync } = process.getBuiltinModule('node:fs');
const { join } = process.getBuiltinModule('node:path');
const { pathToFileURL } = process.getBuiltinModule('node:url');

/** A directory inside an installed package. */
const INSTALLED = /[\\/]node_modules[\\/]/;

/**
 * Whether this is `balance validate STUDY.yaml` alone of a study small enough to check without
 * V8's optimising compiler (plain-validate.ts). Such a run uses a code cache of its own (V8 keys
 * caches to its flags), which the build writes by validating its training study the same way.
 */
export function quickValidate(args: readonly string[]): boolean {
  const study = plainValidate(args);
  if (study === null) return false;
  try {
    const size = statSync(study, { throwIfNoEntry: false })?.size;
    return size !== undefined && size <= QUICK_STUDY_BYTES;
  } catch {
    return false; // validate itself says what is wrong with the path
  }
}

/** Runs the command line of the build in `dir` (dist/src/cli) for this process's arguments. */
export function launch(dir: string): Promise<unknown> | undefined {
  const modified = (name: string): number => statSync(join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? -1;
  const bundled = modified('balance-cli.cjs');
  // An installed package (npm extracts its files in any order, stamped with the time it wrote
  // each) is as the build left it; in a working copy, a bundle older than the compiled files
  // (tsc ran again, the bundle was not rebuilt) would run old code, and a saved help older than
  // the bundle (the build writes it last) would print an old text.
  const installed = INSTALLED.test(dir);
  const fresh = bundled >= 0 && (installed || bundled >= modified('entry.js'));
  const debug = Boolean(process.env['BALANCE_DEBUG']);
  if (fresh && savedHelpApplies(process.argv.slice(2), process.env, process.stdout.columns) && (installed ? modified('balance-help.txt') >= 0 : modified('balance-help.txt') >= bundled)) {
    if (debug) process.stderr.write('balance: saved help text\n');
    process.stdout.write(readFileSync(join(dir, 'balance-help.txt')));
    return undefined;
  }
  if (fresh) {
    const quick = quickValidate(process.argv.slice(2));
    if (quick) process.getBuiltinModule('node:v8').setFlagsFromString('--no-opt');
    runBundle(join(dir, 'balance-cli.cjs'), process.env, quick ? 'validate' : undefined);
    return undefined;
  }
  if (debug) process.stderr.write(`balance: ${bundled < 0 ? 'no bundle' : 'the bundle is older than entry.js'}: running the compiled files\n`);
  return import(pathToFileURL(join(dir, 'entry.js')).href);
}
