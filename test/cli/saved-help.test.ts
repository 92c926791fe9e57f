/**
 * The `balance` executable (dist/src/cli/balance.cjs, bundled from src/cli/launcher.ts) and the
 * `--help` text the build saves for it (src/cli/static-help.ts): the saved text is printed only
 * where yargs would print the very same bytes, and the executable starts without running an ES
 * module (Node's module jobs, translators and resolver stay unloaded). Timing: bench/startup.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { savedHelpApplies, yargsLocale } from '../../src/cli/static-help.js';
import { copyBuild, ROOT, tempDir } from '../helpers/cli.js';

const BIN = join(ROOT, (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { balance: string } }).bin.balance);
/** The compiled files without the launcher: always yargs. */
const YARGS = join(ROOT, 'dist/src/cli/entry.js');

/** No locale, wrapping or debugging from the environment the tests run in, unless asked for. */
const CLEAN = { LC_ALL: '', LC_MESSAGES: '', LANG: '', LANGUAGE: '', YARGS_DISABLE_WRAP: '', BALANCE_DEBUG: '' };

function run(file: string, args: readonly string[], env: Record<string, string>): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [file, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...CLEAN, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('saved --help text', () => {
  it('is printed, byte for byte what yargs prints, wherever yargs would pick English at width 100', () => {
    for (const env of [{}, { LANG: 'en_US.UTF-8' }, { LANG: 'en_GB.UTF-8' }, { LC_ALL: 'C.UTF-8', LANG: 'de_DE.UTF-8' }, { LANG: 'C' }, { LANG: 'POSIX' }, { LANGUAGE: 'en_US:de' }]) {
      const saved = run(BIN, ['--help'], { ...env, BALANCE_DEBUG: '1' });
      const yargs = run(YARGS, ['--help'], env);
      expect(saved.stderr, JSON.stringify(env)).toBe('balance: saved help text\n');
      expect([saved.code, saved.stdout], JSON.stringify(env)).toEqual([yargs.code, yargs.stdout]);
      expect(saved.stdout).toMatch(/^ {2}balance validate <study> +check a study and print every problem$/m);
    }
  });

  it('is not printed for another language, without wrapping, or for other arguments: yargs answers, as before', () => {
    const cases: [string[], Record<string, string>][] = [
      [['--help'], { LANG: 'de_DE.UTF-8' }],
      [['--help'], { LC_MESSAGES: 'fr_FR.UTF-8', LANG: 'en_US.UTF-8' }],
      [['--help'], { YARGS_DISABLE_WRAP: '1' }],
      [['--help', '--version'], {}],
      [['run', '--help'], {}],
    ];
    for (const [args, env] of cases) {
      const launched = run(BIN, args, { ...env, BALANCE_DEBUG: '1' });
      const yargs = run(YARGS, args, env);
      expect(launched.stderr, `${args.join(' ')} ${JSON.stringify(env)}`).toMatch(/^balance: code cache used /);
      expect([launched.code, launched.stdout]).toEqual([yargs.code, yargs.stdout]);
    }
    expect(run(BIN, ['--help'], { LANG: 'de_DE.UTF-8' }).stdout).toContain('Kommandos:');
    expect(run(BIN, ['--help'], { YARGS_DISABLE_WRAP: '1' }).stdout).toMatch(/^ {2}balance solve <study> +find the value of a study field that brings a metric to a target \(solve: block\); write solve\.csv/m);
  });

  it('applies to `--help` alone, an English, C or POSIX locale, wrapping on, and no terminal narrower than 100 columns', () => {
    expect(savedHelpApplies(['--help'], {}, () => undefined)).toBe(true);
    expect(savedHelpApplies(['--help'], {}, () => 0)).toBe(true);
    expect(savedHelpApplies(['--help'], {}, () => 100)).toBe(true);
    expect(savedHelpApplies(['--help'], {}, () => 180)).toBe(true);
    expect(savedHelpApplies(['--help'], {}, () => 99)).toBe(false);
    expect(savedHelpApplies(['--help'], {}, () => 40)).toBe(false);
    expect(savedHelpApplies(['--help', 'validate'], {}, () => undefined)).toBe(false);
    expect(savedHelpApplies(['-h'], {}, () => undefined)).toBe(false);
    expect(savedHelpApplies([], {}, () => undefined)).toBe(false);
    expect(savedHelpApplies(['--help'], { YARGS_DISABLE_WRAP: '1' }, () => undefined)).toBe(false);
    expect(savedHelpApplies(['--help'], { LANG: 'en-US' }, () => undefined)).toBe(false);
    expect(savedHelpApplies(['--help'], { LANG: 'english' }, () => undefined)).toBe(false);
    expect(savedHelpApplies(['--help'], { LANG: 'pirate' }, () => undefined)).toBe(false);
    // The width is asked for only when the arguments are `--help` (it builds process.stdout).
    const never = (): number => {
      throw new Error('asked for the terminal width');
    };
    expect(savedHelpApplies(['validate', 'a.yaml'], {}, never)).toBe(false);
    expect(savedHelpApplies(['--help'], { YARGS_DISABLE_WRAP: '1' }, never)).toBe(false);
    // yargs' order: LC_ALL, LC_MESSAGES, LANG, LANGUAGE; empty values do not count.
    expect(yargsLocale({ LC_ALL: '', LC_MESSAGES: 'de_DE.UTF-8', LANG: 'en_US.UTF-8' })).toBe('de_DE');
    expect(yargsLocale({ LANG: 'en_US.UTF-8', LANGUAGE: 'de' })).toBe('en_US');
    expect(yargsLocale({ LANGUAGE: 'fr_FR:en' })).toBe('fr_FR');
    expect(yargsLocale({})).toBe('en_US');
  });

  it('is not printed when it is older than the bundle (a bundle rebuilt without it)', () => {
    const copy = copyBuild();
    const bin = join(copy, 'dist/src/cli/balance.cjs');
    expect(run(bin, ['--help'], { BALANCE_DEBUG: '1' }).stderr).toBe('balance: saved help text\n');
    const earlier = new Date(Date.now() - 3_600_000);
    utimesSync(join(copy, 'dist/src/cli/balance-help.txt'), earlier, earlier);
    const r = run(bin, ['--help'], { BALANCE_DEBUG: '1' });
    expect(r.stderr).toMatch(/^balance: code cache used /);
    expect(r.stdout).toBe(run(YARGS, ['--help'], {}).stdout);
  });
});

describe('the balance executable', () => {
  it('is the CommonJS launcher, and starts --help and validate without running an ES module', () => {
    expect(BIN).toMatch(/dist\/src\/cli\/balance\.cjs$/);
    for (const args of [['--help'], ['validate', 'configs/skirmish-attack-example.yaml']]) {
      const log = join(tempDir(), 'probe.json');
      const r = spawnSync(process.execPath, ['--require', join(ROOT, 'test/helpers/start-probe.cjs'), BIN, ...args], {
        cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...CLEAN, PROBE_LOG: log },
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(args[0] === '--help' ? /^ {2}balance validate <study>/m : /: ok \(skirmish attack/);
      const { builtins } = JSON.parse(readFileSync(log, 'utf8')) as { builtins: string[] };
      // What running an ES module needs (main.js loads these; node:module's createRequire only the loader itself).
      expect(builtins.filter((m) => /^internal\/modules\/esm\/(module_job|translators|resolve)$/.test(m)), args.join(' ')).toEqual([]);
    }
  });

  it('gives what main.js gives: output and exit code, for good and bad input', () => {
    for (const args of [['validate', 'configs/d20-attacks.yaml'], ['validate', 'no-such-study.yaml'], ['--version'], ['no-such-command']]) {
      const bin = run(BIN, args, {});
      const main = run(join(ROOT, 'dist/src/cli/main.js'), args, {});
      expect([bin.code, bin.stdout, bin.stderr], args.join(' ')).toEqual([main.code, main.stdout, main.stderr]);
    }
  });
});
