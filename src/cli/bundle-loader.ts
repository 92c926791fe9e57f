/**
 * Runs a command-line bundle (a CommonJS script built by scripts/build-cli.mjs) through node:vm
 * with V8's code cache, so the compiled bytecode of yargs, zod, yaml and the schemas is read back
 * instead of compiled on every start. Node 20 has no compile cache for ES modules; this is it.
 *
 * The cache belongs to one build: the bundle's first line names it (16 hex digits of the bundle's
 * sha256) and the cache file carries that name, so a rebuilt bundle never meets a stale cache. V8
 * itself refuses a cache from another V8 version or other flags; the bundle is then compiled from
 * source, as it is when the cache is absent. Either way the CLI behaves the same, only slower.
 *
 * The build writes each bundle already wrapped as a function (wrapBundle), so the file's text is
 * the script V8 compiles: wrapping it here would copy a megabyte into a new string at every
 * start, and on a machine where a fresh page of memory costs ~11 µs that is ~3 ms.
 */
// Built-ins through process.getBuiltinModule, not `import`: an ES import of a built-in builds its
// module facade, which for node:fs reads every lazy export (and so loads fs streams): ~3 ms a start.
const { readFileSync, writeFileSync } = process.getBuiltinModule('node:fs');
const { createRequire } = process.getBuiltinModule('node:module');
const { dirname } = process.getBuiltinModule('node:path');
const { pathToFileURL } = process.getBuiltinModule('node:url');
const { Script } = process.getBuiltinModule('node:vm');

/** The first line of a bundle: `// balance-cli <build id>`. */
const BUILD_LINE = /^\/\/ balance-cli ([0-9a-f]{16})\n/;

/** Where the code cache of this very bundle lives (`NAME.<build id>.v8cache`), or null for a text without a build line. */
export function cacheFileOf(bundle: string, source: string): string | null {
  const id = BUILD_LINE.exec(source)?.[1];
  return id === undefined ? null : bundle.replace(/\.cjs$/, '') + `.${id}.v8cache`;
}

/**
 * A bundle's code as the build writes it (after the build line): the CommonJS wrapper, plus the
 * bundle's way to import the other commands' files (on Node 20 import() inside a vm script
 * cannot be combined with a code cache, so the build rewrote each import() to __balanceImport()).
 */
export function wrapBundle(code: string): string {
  return `(function (require, module, exports, __filename, __dirname, __balanceImport) {${code}\n})`;
}

/** used: compiled from the cache; rejected: V8 refused it; absent: no cache file; off: not asked for. */
export type CacheState = 'used' | 'rejected' | 'absent' | 'off';

type BundleMain = (
  require: NodeJS.Require,
  module: { exports: unknown },
  exports: unknown,
  filename: string,
  dirname: string,
  balanceImport: (specifier: string) => Promise<unknown>,
) => void;

/**
 * Compiles and runs a bundle (a build line, then wrapBundle's function). `BALANCE_CODE_CACHE=off`
 * ignores the cache; `=write` (the build) compiles from source and writes the cache when the
 * process exits, with every function the run compiled. `BALANCE_DEBUG=1` prints the cache state
 * on stderr.
 */
export function runBundle(bundle: string, env: NodeJS.ProcessEnv): { state: CacheState; exports: unknown } {
  // latin1: the build writes ASCII only (charset: 'ascii'), and latin1 is decoded without a scan.
  const source = readFileSync(bundle, 'latin1');
  const cacheFile = cacheFileOf(bundle, source);
  const mode = env['BALANCE_CODE_CACHE'];
  let cachedData: Buffer | undefined;
  if (cacheFile !== null && mode !== 'off' && mode !== 'write') {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // no cache (a fresh build, another install): compile from source
    }
  }
  const script = new Script(source, { filename: bundle, ...(cachedData !== undefined ? { cachedData } : {}) });
  const state: CacheState = cachedData !== undefined ? (script.cachedDataRejected === true ? 'rejected' : 'used') : cacheFile === null || mode === 'off' || mode === 'write' ? 'off' : 'absent';
  if (env['BALANCE_DEBUG']) process.stderr.write(`balance: code cache ${state}${cacheFile !== null ? ` (${cacheFile})` : ''}\n`);
  if (mode === 'write' && cacheFile !== null) process.once('exit', () => writeFileSync(cacheFile, script.createCachedData()));
  const here = pathToFileURL(bundle);
  const main = script.runInThisContext() as BundleMain;
  const module = { exports: {} };
  main(createRequire(bundle), module, module.exports, bundle, dirname(bundle), (specifier) => import(new URL(specifier, here).href));
  return { state, exports: module.exports };
}
