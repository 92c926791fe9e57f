/**
 * Cold start (timing: bench/startup.ts). `balance` is dist/src/cli/main.js running one bundled
 * script (scripts/build-cli.mjs) from V8's code cache: `--help` and `validate` read no other file
 * of the project or of node_modules, and the bundle holds no engine, worker pool, report or chart
 * code; every other command is imported from its own file when it runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLUGINS } from '../../src/systems/registry.js';
import { copyBuild, ROOT, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

interface Started {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Files the ES module loader loaded (node: built-ins left out), relative to the package. */
  readonly files: string[];
}

function start(args: readonly string[], env: Record<string, string> = {}): Started {
  const log = join(tempDir(), 'loaded.log');
  const r = spawnSync(process.execPath, ['--import', join(ROOT, 'test/helpers/load-register.mjs'), join(ROOT, 'dist/src/cli/main.js'), ...args], {
    cwd: ROOT, encoding: 'utf8', env: { ...process.env, LOADED_LOG: log, BALANCE_DEBUG: '1', ...env },
  });
  const urls = readFileSync(log, 'utf8').trim().split('\n');
  const files = urls.filter((u) => u.startsWith('file:')).map((u) => u.slice(`file://${ROOT}/`.length));
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, files };
}

const manifest = (): { bundled: string[]; external: string[] } =>
  JSON.parse(readFileSync(join(ROOT, 'dist/src/cli/balance-cli.modules.json'), 'utf8')) as { bundled: string[]; external: string[] };

const LAUNCHER = ['dist/src/cli/main.js', 'dist/src/cli/launcher.js', 'dist/src/cli/bundle-loader.js', 'dist/src/cli/plain-validate.js', 'dist/src/cli/static-help.js'];

/** Intl.Segmenter objects built and Node built-ins loaded by one `balance` process (test/helpers/start-probe.cjs). */
function probe(args: readonly string[]): { code: number | null; stdout: string; segmenters: number; builtins: string[] } {
  const log = join(tempDir(), 'probe.json');
  const r = spawnSync(process.execPath, ['--require', join(ROOT, 'test/helpers/start-probe.cjs'), join(ROOT, 'dist/src/cli/main.js'), ...args], {
    cwd: ROOT, encoding: 'utf8', env: { ...process.env, PROBE_LOG: log },
  });
  return { code: r.status, stdout: r.stdout, ...(JSON.parse(readFileSync(log, 'utf8')) as { segmenters: number; builtins: string[] }) };
}

describe('cold start', () => {
  it('balance --help prints the text the build saved, without the bundle or any other file', () => {
    const r = start(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('balance validate <study>');
    expect(r.stderr).toBe('balance: saved help text\n');
    expect(r.files.filter((f) => !f.startsWith('test/helpers/'))).toEqual(LAUNCHER);
  });

  it('balance validate --help runs the bundle from the code cache (only the top-level help is saved)', () => {
    const r = start(['validate', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--list +print every task of the expanded plan/);
    expect(r.stderr).toMatch(/^balance: code cache used \(.*balance-cli\.[0-9a-f]{16}\.v8cache\)$/m);
  });

  it('balance validate runs the bundle from the code cache and loads no other file', () => {
    const r = start(['validate', 'configs/skirmish-attack-example.yaml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('configs/skirmish-attack-example.yaml: ok (skirmish attack');
    expect(r.stderr).toMatch(/^balance: code cache used /m);
    expect(r.files.filter((f) => !f.startsWith('test/helpers/'))).toEqual(LAUNCHER);
  });

  it('so does balance validate of a study with meta: and solve: blocks, which it checks without the engine', () => {
    for (const args of [['validate', 'configs/skirmish-balance-roster.yaml'], ['validate', 'configs/skirmish-balance-roster.yaml', '--no-list']]) {
      const r = start(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).toMatch(/: meta: ok \(4 entries, 12 ordered pair x variant tasks\)\n.*: solve: ok \(6 candidate values of loadouts\.\*\.fighter\.wounds\)\n$/);
      expect(r.stderr, args.join(' ')).toMatch(/^balance: code cache used /m);
      expect(r.files.filter((f) => !f.startsWith('test/helpers/')), args.join(' ')).toEqual(LAUNCHER);
    }
  });

  it('a plain validate of a small study runs the validate bundle under its own V8 flags, from its cache; a big one or --list the full bundle', () => {
    // V8 refuses a cache written under other flags, so "used" shows that the flags match the build's.
    const quick = start(['validate', 'configs/skirmish-attack-example.yaml']);
    expect(quick.stderr).toMatch(/^balance: code cache used \(.*balance-validate\.[0-9a-f]{16}\.v8cache\)$/m);
    const listed = start(['validate', 'configs/skirmish-attack-example.yaml', '--list']);
    expect(listed.stderr).toMatch(/^balance: code cache used \(.*balance-cli\.[0-9a-f]{16}\.v8cache\)$/m);
    const big = join(tempDir(), 'big.yaml');
    const text = readFileSync(join(ROOT, 'configs/skirmish-attack-example.yaml'), 'utf8');
    writeFileSync(big, `${text}\n${'# padding\n'.repeat(30_000)}`);
    const slow = start(['validate', big]);
    expect(slow.stderr).toMatch(/^balance: code cache used \(.*balance-cli\.[0-9a-f]{16}\.v8cache\)$/m);
    const files = spawnSync(process.execPath, [join(ROOT, 'dist/src/cli/entry.js'), 'validate', big], { cwd: ROOT, encoding: 'utf8' });
    expect([slow.code, slow.stdout]).toEqual([files.status, files.stdout]);
    expect(slow.stdout).toContain(': ok (skirmish attack');
  });

  it('validate starts no ICU segmenter (no help layout), loads no node:assert, node:crypto or fs streams; --help still lays out its text', () => {
    const v = probe(['validate', 'configs/skirmish-attack-example.yaml']);
    expect(v.code).toBe(0);
    expect(v.stdout).toContain(': ok (skirmish attack');
    expect(v.segmenters).toBe(0);
    expect(v.builtins.filter((m) => m === 'assert' || m === 'crypto' || m === 'internal/fs/streams')).toEqual([]);
    // The validate bundle writes with writeSync (fd-writer.ts) and sets its flags without node:v8.
    expect(v.builtins.filter((m) => m === 'stream' || m === 'v8' || m === 'tty' || m === 'net')).toEqual([]);
    const h = probe(['validate', '--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/--list +print every task of the expanded plan/);
    expect(h.segmenters).toBeGreaterThan(0);
  });

  it('the bundle builds string-width\'s RGI_Emoji regex (~13 ms of ICU) when first used, not when loaded', () => {
    const bundle = readFileSync(join(ROOT, 'dist/src/cli/balance-cli.cjs'), 'utf8');
    expect(bundle).not.toMatch(/^\s*(const|let|var) \w+ = \/[^\n]*\\p\{RGI_Emoji\}/m);
    expect(bundle).toContain('(rgiEmojiRegexOnce ??= /^\\p{RGI_Emoji}$/v).test(segment)');
    // Used (yargs lays out a non-ASCII help text), it measures as the unbundled string-width does.
    const env = { ...process.env, LANG: 'ja_JP.UTF-8', LC_ALL: '' };
    const bundled = spawnSync(process.execPath, [join(ROOT, 'dist/src/cli/main.js'), '--help'], { encoding: 'utf8', env });
    const files = spawnSync(process.execPath, [join(ROOT, 'dist/src/cli/entry.js'), '--help'], { encoding: 'utf8', env });
    expect(bundled.stdout).toContain('ヘルプを表示');
    expect([bundled.status, bundled.stdout]).toEqual([files.status, files.stdout]);
  });

  it('in the bundle a mode is loaded when a study names it; validate answers as the compiled files do, every mode', async () => {
    const bundle = readFileSync(join(ROOT, 'dist/src/cli/balance-cli.cjs'), 'utf8');
    for (const p of PLUGINS) expect(bundle, `${p.system} ${p.mode}`).toContain(`lazyPlugin(${JSON.stringify(p.system)}, ${JSON.stringify(p.mode)}, () =>`);
    const studies = [
      'skirmish-attack-example', 'skirmish-duels', 'skirmish-battle', 'exchange-weapons-vs-armour', 'exchange-duels',
      'exchange-fight-reach', 'd20-attacks', 'd20-party-vs-monsters', 'skirmish-meta', 'skirmish-solve', 'skirmish-balance-roster',
    ].map((name) => `configs/${name}.yaml`);
    const wrongMode = join(tempDir(), 'wrong-mode.yaml');
    writeFileSync(wrongMode, 'system: exchange\nmode: atack\n');
    const modes = new Set<string>();
    for (const study of [...studies, wrongMode]) {
      const bundled = start(['validate', study]);
      // The compiled files, in this process (runCli, which entry.js calls).
      const files = await balanceIn(['validate', study], {}, ROOT);
      expect(bundled.stderr, study).toMatch(/^balance: code cache used /m);
      expect([bundled.code, bundled.stdout, bundled.stderr.replace(/^balance: code cache .*\n/m, '')], study).toEqual([files.code, files.stdout, files.stderr]);
      const mode = /: ok \((\w+ \w+),/.exec(bundled.stdout)?.[1];
      if (mode !== undefined) modes.add(mode);
    }
    expect(modes.size).toBe(PLUGINS.length);
  });

  it('the validate bundle holds what validate needs and neither yargs nor engine, worker pool, report or chart code', () => {
    const { bundled } = JSON.parse(readFileSync(join(ROOT, 'dist/src/cli/balance-validate.modules.json'), 'utf8')) as { bundled: string[] };
    for (const needed of ['node_modules/zod/', 'node_modules/yaml/', 'dist/src/cli/validate.js', 'dist/src/cli/quick-validate.js', 'dist/src/config/study.js', 'dist/src/systems/registry.js']) {
      expect(bundled.some((m) => m.startsWith(needed)), needed).toBe(true);
    }
    const unwanted = /^node_modules\/(yargs|yargs-parser|cliui|y18n|vega|vega-lite|piscina|cli-progress|csv-stringify|csv-parse|fastify|bullmq|ioredis|highs|simple-statistics)\/|^dist\/src\/(report\/|serve\/|queue\/|analysis\/(?!(check|plan-meta|roster|solve-study|study)\.js$)|batch\/(engine|worker)\.js|cli\/(args|run|serve|trace|meta|solve)\.js)/;
    expect(bundled.filter((m) => unwanted.test(m))).toEqual([]);
  });

  it('the bundle holds yargs and what validate needs, and no engine, worker pool, report or chart code', () => {
    const { bundled } = manifest();
    for (const needed of ['node_modules/yargs/', 'node_modules/zod/', 'node_modules/yaml/', 'dist/src/cli/validate.js', 'dist/src/config/study.js', 'dist/src/systems/registry.js']) {
      expect(bundled.some((m) => m.startsWith(needed)), needed).toBe(true);
    }
    const heavy = /^node_modules\/(vega|vega-lite|piscina|cli-progress|csv-stringify|csv-parse|fastify|bullmq|ioredis|highs)\/|^dist\/src\/(report\/|serve\/|queue\/|analysis\/(?!(check|plan-meta|roster|solve-study|study)\.js$)|batch\/(engine|worker)\.js|cli\/(run|serve|trace|meta|solve)\.js)/;
    expect(bundled.filter((m) => heavy.test(m))).toEqual([]);
  });

  it('other commands are imported from their own files when they run (run, report, serve, workers)', () => {
    const { external } = manifest();
    expect(external).toEqual(expect.arrayContaining(['dist/src/cli/run.js', 'dist/src/cli/serve.js', 'dist/src/cli/trace.js', 'dist/src/queue/serve.js']));
    for (const f of external) expect(existsSync(join(ROOT, f)), f).toBe(true);
    const out = tempDir();
    const r = start(['run', 'configs/skirmish-attack-example.yaml', '--trials', '2000', '--workers', '1', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.files).toEqual(expect.arrayContaining(['dist/src/cli/run.js', 'dist/src/batch/engine.js']));
    expect(existsSync(join(out, 'report.html'))).toBe(true);
  });

  it('a switched-off cache (BALANCE_CODE_CACHE=off) changes nothing but the time', () => {
    const cached = start(['validate', 'configs/d20-attacks.yaml']);
    const off = start(['validate', 'configs/d20-attacks.yaml'], { BALANCE_CODE_CACHE: 'off' });
    expect(off.stderr).toMatch(/^balance: code cache off /m);
    expect([off.code, off.stdout]).toEqual([cached.code, cached.stdout]);
  });

  it('yargs still finds its translations inside the bundle (LANG=de_DE)', () => {
    const r = start(['--help'], { LANG: 'de_DE.UTF-8', LC_ALL: '' });
    expect(r.stdout).toContain('Kommandos:');
  });

  it('a bundle older than the compiled files (tsc ran again) is not run: the compiled files are', () => {
    const copy = copyBuild();
    const run = (): ReturnType<typeof spawnSync> => spawnSync(process.execPath, [join(copy, 'dist/src/cli/main.js'), 'validate', join(ROOT, 'configs/d20-attacks.yaml')], {
      encoding: 'utf8', env: { ...process.env, BALANCE_DEBUG: '1' },
    });
    const fresh = run();
    expect(fresh.stderr).toMatch(/^balance: code cache used /m);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(copy, 'dist/src/cli/entry.js'), later, later);
    const stale = run();
    expect(stale.stderr).toMatch(/^balance: the bundle is older than entry\.js: running the compiled files$/m);
    expect([stale.status, stale.stdout]).toEqual([0, fresh.stdout]);
  });

  it('a validate bundle older than the compiled files, or missing, is not run: a plain validate takes the full bundle', () => {
    const copy = copyBuild();
    const cli = join(copy, 'dist/src/cli');
    const run = (): ReturnType<typeof spawnSync> => spawnSync(process.execPath, [join(cli, 'main.js'), 'validate', join(ROOT, 'configs/d20-attacks.yaml')], {
      encoding: 'utf8', env: { ...process.env, BALANCE_DEBUG: '1' },
    });
    const quick = run();
    expect(quick.stderr).toMatch(/^balance: code cache used \(.*balance-validate\.[0-9a-f]{16}\.v8cache\)$/m);
    const earlier = new Date(statSync(join(cli, 'entry.js')).mtimeMs - 60_000);
    utimesSync(join(cli, 'balance-validate.cjs'), earlier, earlier);
    const stale = run();
    expect(stale.stderr).toMatch(/^balance: code cache used \(.*balance-cli\.[0-9a-f]{16}\.v8cache\)$/m);
    rmSync(join(cli, 'balance-validate.cjs'));
    const missing = run();
    expect(missing.stderr).toMatch(/^balance: code cache used \(.*balance-cli\.[0-9a-f]{16}\.v8cache\)$/m);
    for (const r of [stale, missing]) expect([r.status, r.stdout]).toEqual([0, quick.stdout]);
  });
});
