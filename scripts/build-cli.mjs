// @ts-check
/**
 * `npm run build`, after tsc: bundles the command line for a fast cold start (README "How the
 * CLI is built"). One CommonJS script, dist/src/cli/balance-cli.cjs, holds entry.js, yargs and
 * everything `balance validate` needs (study loading, every system's schema, yaml, zod);
 * dist/src/cli/main.js (the `bin`) runs it with V8's code cache, which this script writes by
 * running `balance validate` once. Every other command stays in its own compiled file and is
 * imported when it runs, so worker threads, reports and charts load as before.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist/src/cli');
const BUNDLE = join(CLI, 'balance-cli.cjs');
/** Imported lazily by the CLI but bundled: the commands that must start fast. */
const BUNDLED_LAZY = new Set([join(CLI, 'validate.js')]);
/** The study `npm run build` validates once to fill the code cache. */
const TRAINING_STUDY = join(ROOT, 'configs/skirmish-weapons-vs-armour.yaml');

const fail = (message) => {
  console.error(`build-cli: ${message}`);
  process.exit(1);
};

/**
 * Two pieces of yargs' start that `balance validate` never uses, made lazy in the bundle with the
 * same behaviour (README "Cold start"):
 * - every copy of string-width builds an `Intl.Segmenter` when loaded, which starts ICU's break
 *   iterator (~7 ms of CPU); it is now built on the first string measured (help text only);
 * - yargs' platform shim imports `notStrictEqual` and `strictEqual` from node:assert (~5 ms to
 *   load) for its internal checks; these now compare with Object.is and call node:assert only
 *   when a check fails, so a failure throws the very same AssertionError.
 * The build fails if a dependency no longer has the text it rewrites.
 */
const LAZY_ASSERT = '\0balance:lazy-assert';
const SEGMENTER = 'const segmenter = new Intl.Segmenter();';
/** @type {import('rolldown').Plugin} */
const startLazily = {
  name: 'start-lazily',
  resolveId(source, importer) {
    if (source === 'assert' && importer !== undefined && importer.endsWith('/yargs/lib/platform-shims/esm.mjs')) return LAZY_ASSERT;
    return null;
  },
  load(id) {
    if (id !== LAZY_ASSERT) return null;
    return [
      "const real = () => require('node:assert');",
      'export function notStrictEqual(actual, expected, message) { if (Object.is(actual, expected)) real().notStrictEqual(actual, expected, message); }',
      'export function strictEqual(actual, expected, message) { if (!Object.is(actual, expected)) real().strictEqual(actual, expected, message); }',
    ].join('\n');
  },
  transform(code, id) {
    if (!/\/string-width\/index\.js$/.test(id)) return null;
    if (!code.includes(SEGMENTER)) fail(`${relative(ROOT, id)} no longer builds its Intl.Segmenter as expected; update the start-lazily plugin`);
    return code.replace(SEGMENTER, 'let segmenterOnce;\nconst segmenter = { segment: (text) => (segmenterOnce ??= new Intl.Segmenter()).segment(text) };');
  },
};

/** @type {Set<string>} */
const external = new Set();
const build = await rolldown({
  input: join(CLI, 'entry.js'),
  platform: 'node',
  logLevel: 'warn',
  onLog(level, log, handler) {
    // yargs' `extends` option (import.meta.resolve) is not used by this CLI.
    if (log.code === 'EMPTY_IMPORT_META') return;
    handler(level, log);
  },
  plugins: [startLazily, {
    name: 'lazy-commands-stay-files',
    resolveId(source, importer, options) {
      if (options.kind !== 'dynamic-import' || importer === undefined || !source.startsWith('.')) return null;
      const file = resolve(dirname(importer), source);
      if (BUNDLED_LAZY.has(file)) return null;
      external.add(file);
      return { id: file, external: true };
    },
  }],
});
const { output } = await build.generate({ format: 'cjs', strict: true, charset: 'ascii', codeSplitting: false, comments: { legal: true, annotation: false, jsdoc: false } });
await build.close();
if (output.length !== 1 || output[0].type !== 'chunk') fail(`expected one script, got ${output.map((o) => o.fileName).join(', ')}`);
const chunk = output[0];

// import() of another command's file becomes __balanceImport(), which main.js provides: on Node 20
// a vm script with a code cache cannot import() by itself.
let code = chunk.code.replace(/^#!.*\n/, '').replace(/\bimport\("(\.{1,2}\/[^"]+)"\)/g, '__balanceImport("$1")');
const left = /\bimport\s*\(/.exec(code);
if (left) fail(`an import() the bundle cannot run remains: ${code.slice(left.index, left.index + 80)}`);
const id = createHash('sha256').update(code).digest('hex').slice(0, 16);
code = `// balance-cli ${id}\n${code}`;
writeFileSync(BUNDLE, code);
writeFileSync(join(CLI, 'balance-cli.modules.json'), `${JSON.stringify({
  bundled: chunk.moduleIds.filter((m) => !m.startsWith('\0')).map((m) => relative(ROOT, m)).sort(),
  external: [...external].map((m) => relative(ROOT, m)).sort(),
}, null, 2)}\n`);

// yargs reads its translations from ../../../locales of its own file, which is now the bundle.
const locales = resolve(BUNDLE, '../../../locales');
mkdirSync(locales, { recursive: true });
const yargsLocales = join(ROOT, 'node_modules/yargs/locales');
for (const f of readdirSync(yargsLocales)) copyFileSync(join(yargsLocales, f), join(locales, f));

for (const f of readdirSync(CLI)) if (f.endsWith('.v8cache')) rmSync(join(CLI, f));
const train = spawnSync(process.execPath, [join(CLI, 'main.js'), 'validate', TRAINING_STUDY], {
  cwd: ROOT, encoding: 'utf8', env: { ...process.env, BALANCE_CODE_CACHE: 'write', BALANCE_DEBUG: '' },
});
if (train.status !== 0) fail(`the bundle does not run: balance validate exited ${String(train.status)}\n${train.stderr}`);
const caches = readdirSync(CLI).filter((f) => f.endsWith('.v8cache'));
if (caches.length !== 1) fail('no code cache was written');
console.log(`build-cli: ${relative(ROOT, BUNDLE)} (${(code.length / 1024).toFixed(0)} KB, ${chunk.moduleIds.length} modules, ${external.size} lazy files) + ${caches[0]}`);
