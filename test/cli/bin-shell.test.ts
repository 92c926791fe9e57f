/**
 * The `bin` (dist/src/cli/balance.cjs) is both a POSIX shell script and a CommonJS script
 * (scripts/build-cli.mjs, SH_PROLOGUE): executed, its shell line execs Node on the same file, with
 * NODE_EXTRA_CA_CERTS dropped for the commands that never open a network connection (Node parses
 * those certificates before any script runs, ~40 ms); run by `node`, it is the launcher as before.
 * A missing certificate file makes Node warn at start, which shows whether the variable reached it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';

const BIN = join(ROOT, (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { balance: string } }).bin.balance);
const STUDY = join(ROOT, 'configs/skirmish-weapons-vs-armour.yaml');
/** Node warns at start, before any script, when it cannot read NODE_EXTRA_CA_CERTS. */
const MISSING_CERTS = { NODE_EXTRA_CA_CERTS: join(ROOT, 'no-such-certificates.pem'), BALANCE_DEBUG: '' };
const WARNED = /Warning: Ignoring extra certs from/;

function exec(file: string, args: readonly string[], env: Record<string, string> = {}, cwd = ROOT): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(file, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The commands the shell line lists as offline. */
function offlineCommands(): string[] {
  const line = readFileSync(BIN, 'utf8').split('\n')[1] ?? '';
  const list = /case "\$1" in ([^)]+)\) unset NODE_EXTRA_CA_CERTS;; esac; exec node "\$0" "\$@"$/.exec(line);
  expect(list, line).not.toBeNull();
  return list![1]!.split('|');
}

describe('the bin as a shell script', () => {
  it('starts with /bin/sh, is executable, and its second line is a string and a comment to Node', () => {
    const [first, second] = readFileSync(BIN, 'utf8').split('\n');
    expect(first).toBe('#!/bin/sh');
    expect(second).toMatch(/^":" \/\/; /);
    accessSync(BIN, constants.X_OK);
  });

  it('drops NODE_EXTRA_CA_CERTS for validate when executed, and answers as `node balance.cjs` does', () => {
    const executed = exec(BIN, ['validate', STUDY], MISSING_CERTS);
    const byNode = exec(process.execPath, [BIN, 'validate', STUDY], MISSING_CERTS);
    expect(byNode.stderr).toMatch(WARNED); // the probe works: Node itself keeps the environment
    expect(executed.stderr).not.toMatch(WARNED);
    expect([executed.code, executed.stdout]).toEqual([byNode.code, byNode.stdout]);
    expect(executed.stdout).toMatch(/: ok \(skirmish attack, 288 matchup x variant tasks/);
    for (const args of [['--help'], ['--version'], ['schema', 'd20']]) {
      const r = exec(BIN, args, MISSING_CERTS);
      expect([r.code, r.stderr], args.join(' ')).toEqual([0, '']);
      expect(r.stdout, args.join(' ')).toBe(exec(process.execPath, [BIN, ...args], MISSING_CERTS).stdout);
    }
  });

  it('keeps NODE_EXTRA_CA_CERTS for commands that may open a TLS connection (a rediss:// queue) and for anything unknown', () => {
    for (const args of [['run', '--help'], ['worker', '--help'], ['meta', '--help'], ['solve', '--help'], ['serve', '--help'], ['no-such-command']]) {
      expect(exec(BIN, args, MISSING_CERTS).stderr, args.join(' ')).toMatch(WARNED);
    }
  });

  it('lists only commands the CLI has, none of those that may reach Redis or serve', () => {
    const help = exec(BIN, ['--help']).stdout;
    const offline = offlineCommands();
    for (const command of offline.filter((c) => !c.startsWith('-'))) expect(help, command).toMatch(new RegExp(`^ {2}balance ${command}\\b`, 'm'));
    expect(offline.filter((c) => ['run', 'meta', 'solve', 'worker', 'serve'].includes(c))).toEqual([]);
    expect(offline).toContain('validate');
  });

  it('runs through a symlink in a directory with a space, from anywhere, and passes its arguments untouched', () => {
    const dir = join(tempDir(), 'a bin dir');
    mkdirSync(dir);
    const link = join(dir, 'balance');
    symlinkSync(BIN, link);
    const ok = exec(link, ['validate', STUDY], {}, dir);
    expect([ok.code, ok.stdout]).toEqual([0, exec(process.execPath, [BIN, 'validate', STUDY]).stdout]);
    // Spaces, a glob and a quote reach the CLI as one word each, unexpanded.
    const odd = 'no such * "study".yaml';
    const missing = exec(link, ['validate', odd], {}, dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(odd);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('closed pipes', () => {
  it('a run whose stderr reader is gone (balance run ... 2>&1 | head -1) still writes its files and exits 0', async () => {
    const out = join(tempDir(), 'out');
    // configs/skirmish-attack-example.yaml warns twice (Aim and cover on a melee attack) before it runs.
    const child = spawn(BIN, ['run', join(ROOT, 'configs/skirmish-attack-example.yaml'), '--out', out, '--trials', '200', '--workers', '1'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stderr.destroy(); // the reader goes away before the first warning: every write to stderr fails with EPIPE
    let stdout = '';
    child.stdout.on('data', (b: Buffer) => { stdout += b.toString(); });
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(code).toBe(0);
    expect(stdout).toContain(`wrote ${join(out, 'summary.csv')}`);
    expect(readdirSync(out).sort()).toEqual(['compare.csv', 'distribution.csv', 'report.html', 'report.md', 'run.json', 'summary.csv']);
  });
});

describe('a deleted working directory', () => {
  it('is one clear line and exit 2, not an ENOENT uv_cwd error with exit 1', () => {
    const gone = join(tempDir(), 'gone');
    mkdirSync(gone);
    for (const args of ['--version', `run ${JSON.stringify(STUDY)}`]) {
      const r = spawnSync('/bin/sh', ['-c', `cd "${gone}" && rmdir "${gone}" && exec "${BIN}" ${args}`], { encoding: 'utf8' });
      mkdirSync(gone);
      expect([r.status, r.stdout, r.stderr.replace(/^sh: .*getcwd.*\n/gm, '')]).toEqual([2, '', 'balance: the current directory no longer exists (ENOENT); cd to one that does\n']);
    }
  });
});
