/**
 * What the `balance` executable does before any command runs (docs/development.md, "How the
 * command line starts fast"). It is the whole of `dist/src/cli/balance.cjs`, the package's `bin`, which
 * scripts/build-cli.mjs bundles from this file as a CommonJS script: Node starts a CommonJS main
 * script ~9 ms sooner than an ES module one (no module job, resolver or translators until
 * something is imported). main.js runs the same function as an ES module.
 *
 * - `balance --help`, when yargs would print the text the build saved (static-help.ts): that text;
 * - `balance validate STUDY.yaml` alone, of a small study (quickValidate): the validate bundle,
 *   `balance-validate.cjs` (quick-validate.ts: validate with its schemas, YAML and zod, no yargs),
 *   without V8's optimising compiler, from its own code cache;
 * - else the bundled command line, `balance-cli.cjs` beside this file (entry.ts, yargs, validate
 *   with its schemas, YAML and zod in one script), with V8's code cache for it (bundle-loader.ts);
 * - without a bundle, or with one older than entry.js (`tsc` ran again, scripts/build-cli.mjs did
 *   not): entry.js and the compiled files, the same CLI, slower to start.
 *
 * BALANCE_CODE_CACHE=off compiles without the cache; =write (the build) writes the cache at exit.
 * BALANCE_DEBUG=1 says on stderr which of these ran and whether the cache was used.
 */
import { runBundle } from './bundle-loader.js';
import { plainValidate, QUICK_STUDY_BYTES, QUICK_V8_FLAGS } from './plain-validate.js';
import { savedHelpApplies } from './static-help.js';

// Not `import ... from 'node:fs'`: see bundle-loader.ts (an ES import of a built-in costs its facade).
const { readFileSync, statSync } = process.getBuiltinModule('node:fs');
const { join } = process.getBuiltinModule('node:path');
const { pathToFileURL } = process.getBuiltinModule('node:url');

/** A directory inside an installed package. */
const INSTALLED = /[\\/]node_modules[\\/]/;

/**
 * Whether this is `balance validate STUDY.yaml` alone of a study small enough to check without
 * V8's optimising compiler (plain-validate.ts). Such a run loads the validate bundle, whose code
 * cache the build writes by validating its training study the same way (V8 keys a cache to its
 * flags, so it must be written under --no-opt too).
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

/**
 * Sets V8 flags for the rest of this process. node:v8 costs ~3 ms to load (it brings heap
 * utilities and streams along); the binding underneath it, which process.binding still hands out
 * on Node 20, costs ~0.4 ms. process.binding is deprecated (DEP0111), so its warning is held back
 * for this one call, and where it is gone or refuses, node:v8 does the same.
 */
export function setV8Flags(flags: string): void {
  const quiet = process.noDeprecation === true;
  try {
    process.noDeprecation = true;
    const binding = (process as unknown as { binding?: (name: string) => { setFlagsFromString?: unknown } }).binding?.call(process, 'v8');
    if (typeof binding?.setFlagsFromString === 'function') {
      (binding.setFlagsFromString as (f: string) => void)(flags);
      return;
    }
  } catch {
    // no binding on this Node: node:v8 below
  } finally {
    process.noDeprecation = quiet;
  }
  process.getBuiltinModule('node:v8').setFlagsFromString(flags);
}

/** Runs the command line of the build in `dir` (dist/src/cli) for this process's arguments. */
export function launch(dir: string): Promise<unknown> | undefined {
  const modified = (name: string): number => statSync(join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? -1;
  // An installed package (npm extracts its files in any order, stamped with the time it wrote
  // each) is as the build left it; in a working copy, a bundle older than the compiled files
  // (tsc ran again, the bundle was not rebuilt) would run old code, and a saved help older than
  // the bundle (the build writes it last) would print an old text.
  const installed = INSTALLED.test(dir);
  const compiled = installed ? -1 : modified('entry.js');
  const bundled = modified('balance-cli.cjs');
  const fresh = bundled >= 0 && bundled >= compiled;
  const debug = Boolean(process.env['BALANCE_DEBUG']);
  const args = process.argv.slice(2);
  // The terminal's width only for a help text: asking for it builds process.stdout (~2 ms).
  if (fresh && savedHelpApplies(args, process.env, () => process.stdout.columns) && (installed ? modified('balance-help.txt') >= 0 : modified('balance-help.txt') >= bundled)) {
    if (debug) process.stderr.write('balance: saved help text\n');
    process.stdout.write(readFileSync(join(dir, 'balance-help.txt')));
    return undefined;
  }
  if (fresh && quickValidate(args)) {
    const quick = modified('balance-validate.cjs');
    if (quick >= 0 && quick >= compiled) {
      setV8Flags(QUICK_V8_FLAGS);
      runBundle(join(dir, 'balance-validate.cjs'), process.env);
      return undefined;
    }
  }
  if (fresh) {
    runBundle(join(dir, 'balance-cli.cjs'), process.env);
    return undefined;
  }
  if (debug) process.stderr.write(`balance: ${bundled < 0 ? 'no bundle' : 'the bundle is older than entry.js'}: running the compiled files\n`);
  return import(pathToFileURL(join(dir, 'entry.js')).href);
}
