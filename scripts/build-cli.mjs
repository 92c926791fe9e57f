// @ts-check
/**
 * `npm run build`, after tsc: bundles the command line for a fast cold start (docs/development.md,
 * "How the command line starts fast"). One CommonJS script, dist/src/cli/balance-cli.cjs, holds entry.js, yargs and
 * everything `balance validate` needs (study loading, every system's schema, yaml, zod); the
 * launcher (src/cli/launcher.ts) runs it with V8's code cache, which this script writes by
 * running `balance validate` once. A second, smaller script, dist/src/cli/balance-validate.cjs
 * (quick-validate.ts, minified), holds only what `balance validate STUDY.yaml` alone needs (no
 * yargs): the launcher runs it for that command line, the one designers type most. Every other
 * command stays in its own compiled file and is imported when it runs, so worker threads,
 * reports and charts load as before. The launcher
 * itself becomes dist/src/cli/balance.cjs (the `bin`): a CommonJS script, which Node starts
 * without its ES module loader. Last, this saves the text of `balance --help`
 * (balance-help.txt), which the launcher prints without the bundle.
 */
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist/src/cli');
const BUNDLE = join(CLI, 'balance-cli.cjs');
/** `balance validate STUDY.yaml` alone (src/cli/quick-validate.ts, launcher.ts quickValidate). */
const VALIDATE_BUNDLE = join(CLI, 'balance-validate.cjs');
/** The `bin` (package.json): src/cli/launcher.ts as one CommonJS script. */
const BIN = join(CLI, 'balance.cjs');
/** `balance --help`, saved by the build (src/cli/static-help.ts). */
const HELP = join(CLI, 'balance-help.txt');
/**
 * validate's check of a study's `meta:` and `solve:` blocks (src/analysis/check.ts): bundled, so
 * that it shares the bundle's study loading, schemas and lazy plugins; it loads no engine (the
 * build fails if the bundle comes to hold src/batch/ beyond default-workers.js, args.ts's default).
 */
const ANALYSIS_CHECK = join(ROOT, 'dist/src/analysis/check.js');
/** Imported lazily by the CLI but bundled: the commands that must start fast, and yargs (args.js), which a plain `validate` does not start. */
const BUNDLED_LAZY = new Set([join(CLI, 'validate.js'), join(CLI, 'args.js'), join(CLI, 'help-cache.js'), ANALYSIS_CHECK]);
/** The same for the validate bundle: validate.js and its check of meta:/solve: blocks (runCli never reaches yargs for a plain validate). */
const VALIDATE_BUNDLED_LAZY = new Set([join(CLI, 'validate.js'), ANALYSIS_CHECK]);
/** The study `npm run build` validates once to fill the code cache. */
const TRAINING_STUDY = join(ROOT, 'configs/skirmish-weapons-vs-armour.yaml');

const fail = (message) => {
  console.error(`build-cli: ${message}`);
  process.exit(1);
};

/**
 * Two pieces of yargs' start that `balance validate` never uses, made lazy in the bundle with the
 * same behaviour (docs/development.md, "How the command line starts fast"):
 * - every copy of string-width builds an `Intl.Segmenter` when loaded, which starts ICU's break
 *   iterator (~7 ms of CPU); it is now built on the first string measured (help text only);
 * - yargs' platform shim imports `notStrictEqual` and `strictEqual` from node:assert (~5 ms to
 *   load) for its internal checks; these now compare with Object.is and call node:assert only
 *   when a check fails, so a failure throws the very same AssertionError.
 * The build fails if a dependency no longer has the text it rewrites.
 */
const LAZY_ASSERT = '\0balance:lazy-assert';
const SEGMENTER = 'const segmenter = new Intl.Segmenter();';
/** Built when first tested: creating this /v regex expands the RGI_Emoji strings through ICU (~13 ms). */
const RGI_EMOJI = 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;';
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
    let lazy = code.replace(SEGMENTER, 'let segmenterOnce;\nconst segmenter = { segment: (text) => (segmenterOnce ??= new Intl.Segmenter()).segment(text) };');
    if (/^const \w+ = \/.*\\p\{RGI_Emoji\}/m.test(lazy)) {
      if (!lazy.includes(RGI_EMOJI)) fail(`${relative(ROOT, id)} no longer builds its RGI_Emoji regex as expected; update the start-lazily plugin`);
      lazy = lazy.replace(RGI_EMOJI, 'let rgiEmojiRegexOnce;').replace(/\brgiEmojiRegex\b/g, () => '(rgiEmojiRegexOnce ??= /^\\p{RGI_Emoji}$/v)');
    }
    return lazy;
  },
};

/**
 * The bundle builds a mode's plugin (its zod schema, its modules) when a study names it, not every
 * system's at start (~10 ms of zod for a study that needs one system). In the bundle only,
 * registry.js's PLUGINS become stand-ins that know their system and mode (read here from the
 * compiled registry) and load the real plugin on first use of anything else, with the same
 * properties; every other command imports the compiled registry.js as it is.
 */
const REGISTRY = join(ROOT, 'dist/src/systems/registry.js');
const { PLUGINS } = await import(pathToFileURL(REGISTRY).href);
const LAZY_PLUGIN = `
const lazyPlugin = (system, mode, load) => {
  let real;
  const plugin = () => (real ??= load());
  return new Proxy({ system, mode }, {
    get: (known, key) => (key === 'system' || key === 'mode' ? known[key] : Reflect.get(plugin(), key)),
    has: (_, key) => Reflect.has(plugin(), key),
    ownKeys: () => Reflect.ownKeys(plugin()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(plugin(), key);
      return d === undefined ? undefined : { ...d, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(plugin()),
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
};
`;
/** @type {import('rolldown').Plugin} */
const lazyPlugins = {
  name: 'lazy-plugins',
  transform(code, id) {
    if (id !== REGISTRY) return null;
    const imports = [...code.matchAll(/^import \{ (\w+) \} from '(\.\/[^']+)';\n/gm)];
    const list = /^export const PLUGINS = \[([^\]\n]*)\];$/m.exec(code);
    const names = list?.[1]?.split(',').map((n) => n.trim()) ?? [];
    const from = new Map(imports.map((m) => [m[1], m[2]]));
    if (names.length === 0 || names.length !== PLUGINS.length || imports.length !== names.length || names.some((n) => !from.has(n))) {
      fail('src/systems/registry.ts no longer lists its plugins as the lazy-plugins step expects (one `import { x } from` line each, then `export const PLUGINS = [...]`); update scripts/build-cli.mjs');
    }
    const stand = names.map((n, i) => `const ${n} = lazyPlugin(${JSON.stringify(PLUGINS[i].system)}, ${JSON.stringify(PLUGINS[i].mode)}, () => require(${JSON.stringify(from.get(n))}).${n});`);
    let out = code;
    for (const m of imports) out = out.replace(m[0], '');
    return out.replace(list[0], `${LAZY_PLUGIN}${stand.join('\n')}\n${list[0]}`);
  },
};

const { wrapBundle } = await import(pathToFileURL(join(CLI, 'bundle-loader.js')).href);

/**
 * One CommonJS script from `input`: the files of `lazy` bundled although imported lazily, every
 * other lazy import() of a project file left as a file (returned in `external`). Written as the
 * launcher runs it: the build line (`// balance-cli <id>`, 16 hex digits of its sha256, which
 * names its code cache), then the code already wrapped as a function (bundle-loader.ts).
 */
async function bundle(file, input, lazy, minify) {
  /** @type {Set<string>} */
  const external = new Set();
  const build = await rolldown({
    input,
    platform: 'node',
    logLevel: 'warn',
    onLog(level, log, handler) {
      // yargs' `extends` option (import.meta.resolve) is not used by this CLI.
      if (log.code === 'EMPTY_IMPORT_META') return;
      handler(level, log);
    },
    plugins: [startLazily, lazyPlugins, {
      name: 'lazy-commands-stay-files',
      resolveId(source, importer, options) {
        if (options.kind !== 'dynamic-import' || importer === undefined || !source.startsWith('.')) return null;
        const resolved = resolve(dirname(importer), source);
        if (lazy.has(resolved)) return null;
        external.add(resolved);
        return { id: resolved, external: true };
      },
    }],
  });
  const { output } = await build.generate({ format: 'cjs', strict: true, charset: 'ascii', codeSplitting: false, minify, comments: { legal: true, annotation: false, jsdoc: false } });
  await build.close();
  if (output.length !== 1 || output[0].type !== 'chunk') fail(`expected one script, got ${output.map((o) => o.fileName).join(', ')}`);
  const chunk = output[0];
  // import() of another command's file becomes __balanceImport(), which the loader provides: on
  // Node 20 a vm script with a code cache cannot import() by itself.
  const code = chunk.code.replace(/^#!.*\n/, '').replace(/\bimport\((["'`])(\.{1,2}\/[^"'`]+)\1\)/g, '__balanceImport("$2")');
  const left = /\bimport\s*\(/.exec(code);
  if (left) fail(`an import() the bundle cannot run remains: ${code.slice(left.index, left.index + 80)}`);
  // The loader reads the bundle as latin1 (no UTF-8 scan): it must be ASCII, as charset: 'ascii' writes.
  const wide = /[\u0080-\uffff]/.exec(code);
  if (wide) fail(`${relative(ROOT, file)} is not ASCII: ${JSON.stringify(code.slice(Math.max(0, wide.index - 40), wide.index + 40))}`);
  const engine = chunk.moduleIds.find((m) => m.startsWith(join(ROOT, 'dist/src/batch/')) && !m.endsWith('/default-workers.js'));
  if (engine !== undefined) fail(`${relative(ROOT, file)} holds ${relative(ROOT, engine)}: the commands it starts (validate, --help) must not load the engine`);
  const id = createHash('sha256').update(code).digest('hex').slice(0, 16);
  writeFileSync(file, `// balance-cli ${id}\n${wrapBundle(code)}`);
  writeFileSync(file.replace(/\.cjs$/, '.modules.json'), `${JSON.stringify({
    bundled: chunk.moduleIds.filter((m) => !m.startsWith('\0')).map((m) => relative(ROOT, m)).sort(),
    external: [...external].map((m) => relative(ROOT, m)).sort(),
  }, null, 2)}\n`);
  return { id, size: code.length, modules: chunk.moduleIds.length, external };
}

const main = await bundle(BUNDLE, join(CLI, 'entry.js'), BUNDLED_LAZY, false);
// Minified: fewer bytes to read and hold at every start (~4 ms of the command). Its stack traces
// (BALANCE_DEBUG=1) name minified functions; the same failure through `--no-list` names them all.
const quick = await bundle(VALIDATE_BUNDLE, join(CLI, 'quick-validate.js'), VALIDATE_BUNDLED_LAZY, true);

// yargs reads its translations from ../../../locales of its own file, which is now the bundle.
const locales = resolve(BUNDLE, '../../../locales');
mkdirSync(locales, { recursive: true });
const yargsLocales = join(ROOT, 'node_modules/yargs/locales');
for (const f of readdirSync(yargsLocales)) copyFileSync(join(yargsLocales, f), join(locales, f));

/**
 * The commands that never open a network connection, for which the `bin` starts Node without
 * NODE_EXTRA_CA_CERTS (SH_PROLOGUE). Not run, meta, solve (their --queue may reach a rediss://
 * Redis, whose TLS may need those certificates), worker, serve, nor anything unknown.
 */
const OFFLINE_COMMANDS = ['validate', 'schema', 'init', 'trace', 'exact', 'explain-policy', 'report', 'merge', '--help', '-h', '--version'];
/**
 * The first two lines of the `bin` (docs/development.md, "How the command line starts fast"). The file is
 * both a POSIX shell script and a CommonJS script: the shell runs line 2 and execs Node on the
 * same file; Node skips the #! line and reads line 2 as the string ":" and a comment (still a
 * directive prologue, so "use strict" below keeps its meaning). When NODE_EXTRA_CA_CERTS is set,
 * Node parses every certificate of that file and all of its own (~40 ms for 144 certificates on
 * the reference machine) before it runs any script; certificates serve only TLS, so for an
 * offline command the shell drops the variable and Node starts that much sooner. `node balance.cjs`
 * runs the same launcher with the environment as it is.
 */
const SH_PROLOGUE = [
  '#!/bin/sh',
  `":" //; case "$1" in ${OFFLINE_COMMANDS.join('|')}) unset NODE_EXTRA_CA_CERTS;; esac; exec node "$0" "$@"`,
  '',
].join('\n');

// The launcher: launcher.js with bundle-loader.js and static-help.js, started from a CommonJS
// script (its directory is __dirname). Its import() of entry.js and of other commands stays import().
const LAUNCH = '\0balance:launch';
const launcher = await rolldown({
  input: LAUNCH,
  platform: 'node',
  logLevel: 'warn',
  plugins: [{
    name: 'launch',
    resolveId: (source) => (source === LAUNCH ? LAUNCH : null),
    load: (id) => (id === LAUNCH ? `import { launch } from ${JSON.stringify(join(CLI, 'launcher.js'))};\nvoid launch(__dirname);\n` : null),
  }],
});
const launched = await launcher.generate({ format: 'cjs', strict: true, charset: 'ascii', codeSplitting: false, comments: { legal: true, annotation: false, jsdoc: false } });
await launcher.close();
const launcherChunk = launched.output[0];
if (launched.output.length !== 1 || launcherChunk.type !== 'chunk') fail('expected one launcher script');
const launcherModules = launcherChunk.moduleIds.filter((m) => !m.startsWith('\0')).map((m) => relative(CLI, m)).sort().join(',');
if (launcherModules !== 'bundle-loader.js,launcher.js,plain-validate.js,static-help.js') fail(`the launcher should hold launcher.js, bundle-loader.js, plain-validate.js and static-help.js only, not ${launcherModules}`);
if (/\brequire\(["']\./.test(launcherChunk.code) || (launcherChunk.code.match(/\bimport\(/g) ?? []).length !== 2) fail('the launcher must import() entry.js and the commands, not require() them');
writeFileSync(BIN, `${SH_PROLOGUE}${launcherChunk.code.replace(/^#!.*\n/, '')}`);
chmodSync(BIN, 0o755);

for (const f of readdirSync(CLI)) if (f.endsWith('.v8cache')) rmSync(join(CLI, f));
rmSync(HELP, { force: true });
// `--no-list` (the default) takes validate through yargs in balance-cli.cjs, so its cache also holds
// yargs for the other commands. Then `validate STUDY` alone, which the launcher runs from the
// validate bundle under other V8 flags (launcher.ts, quickValidate), fills that bundle's cache
// under the same flags (V8 keys a cache to its flags).
for (const args of [[TRAINING_STUDY, '--no-list'], [TRAINING_STUDY]]) {
  const train = spawnSync(process.execPath, [BIN, 'validate', ...args], {
    cwd: ROOT, encoding: 'utf8', env: { ...process.env, BALANCE_CODE_CACHE: 'write', BALANCE_DEBUG: '' },
  });
  if (train.status !== 0) fail(`the bundle does not run: balance validate ${args.join(' ')} exited ${String(train.status)}\n${train.stderr}`);
}
const caches = readdirSync(CLI).filter((f) => f.endsWith('.v8cache')).sort();
const expected = [`balance-cli.${main.id}.v8cache`, `balance-validate.${quick.id}.v8cache`];
if (caches.join() !== expected.join()) fail(`expected the code caches ${expected.join(', ')}, found ${caches.join(', ') || 'none'}`);

// `balance --help` as yargs prints it in English at width 100 (not a terminal), saved for main.js
// to print without loading the bundle (written last: it must not be printed instead of yargs' own) (src/cli/static-help.ts says when it may).
const help = spawnSync(process.execPath, [BIN, '--help'], {
  cwd: ROOT, encoding: 'utf8',
  env: { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'en_US.UTF-8', LANGUAGE: '', YARGS_DISABLE_WRAP: '', BALANCE_DEBUG: '' },
});
if (help.status !== 0 || !help.stdout.includes('balance validate <study>')) fail(`balance --help exited ${String(help.status)}\n${help.stderr}`);
writeFileSync(HELP, help.stdout);
console.log(`build-cli: ${relative(ROOT, BUNDLE)} (${(main.size / 1024).toFixed(0)} KB, ${main.modules} modules, ${main.external.size} lazy files), ${relative(ROOT, VALIDATE_BUNDLE)} (${(quick.size / 1024).toFixed(0)} KB, ${quick.modules} modules) + ${caches.join(' + ')} + ${relative(ROOT, HELP)}; bin ${relative(ROOT, BIN)}`);
