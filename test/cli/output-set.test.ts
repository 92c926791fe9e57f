/** Output sets: all or nothing, stale files of the set removed, a lock on --out, no stray directories. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE, ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const SMALL = EXAMPLE.replace('trials: 20000', 'trials: 200');
const ONE_VARIANT = SMALL.replace(/variants:\n( {2}.*\n)+/, '');
const SET = ['distribution.csv', 'report.html', 'report.md', 'run.json', 'summary.csv'];

/** A pid that is certainly not running: a child that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('output set', () => {
  it('a single-variant rerun removes the earlier compare.csv, and balance report does not blend it in', async () => {
    const out = join(tempDir(), 'out');
    expect((await balanceIn(['run', studyFile(SMALL), '--out', out, '--workers', '0'])).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['compare.csv', ...SET].sort());
    expect((await balanceIn(['run', studyFile(ONE_VARIANT), '--out', out, '--workers', '0'])).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(SET);
    const r = await balanceIn(['report', out]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).not.toContain('Variant deltas');
    expect(readdirSync(dirname(out)).sort()).toEqual(['out']);
  });

  it('keeps files that are not of the set, and still replaces the set', async () => {
    const out = join(tempDir(), 'out');
    expect((await balanceIn(['run', studyFile(SMALL), '--out', out, '--workers', '0'])).code).toBe(0);
    writeFileSync(join(out, 'notes.txt'), 'mine');
    expect((await balanceIn(['run', studyFile(ONE_VARIANT), '--out', out, '--workers', '0'])).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual([...SET, 'notes.txt'].sort());
    expect(readFileSync(join(out, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('cleans temporaries left by killed runs, beside and inside --out', async () => {
    const parent = tempDir();
    const out = join(parent, 'out');
    mkdirSync(out);
    const pid = deadPid();
    mkdirSync(join(parent, `.out.tmp-${pid}-abc`));
    writeFileSync(join(parent, `.out.tmp-${pid}-abc`, 'summary.csv'), 'half');
    writeFileSync(join(out, `.summary.csv.tmp-${pid}`), 'half');
    writeFileSync(join(out, `.summary.csv.tmp-${process.pid}`), 'a live run');
    expect((await balanceIn(['run', studyFile(ONE_VARIANT), '--out', out, '--workers', '0'])).code).toBe(0);
    expect(readdirSync(parent)).toEqual(['out']);
    expect(readdirSync(out).sort()).toEqual([`.summary.csv.tmp-${process.pid}`, ...SET].sort());
  });

  it('a second run into a locked --out exits 2 naming the holder; a lock whose run is gone is taken over', async () => {
    const parent = tempDir();
    const out = join(parent, 'out');
    const lock = join(parent, '.out.lock');
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), command: 'npx balance run other.yaml', started: '2026-01-01T00:00:00.000Z' }));
    const r = await balanceIn(['run', studyFile(ONE_VARIANT), '--out', out, '--workers', '0']);
    expect([r.code, r.stderr.trim().split('\n').pop()]).toEqual([
      2, `--out ${out}: is in use by balance run pid ${process.pid} on ${hostname()} (npx balance run other.yaml, since 2026-01-01T00:00:00.000Z); wait for it to finish, or delete ${lock} if that run is gone`,
    ]);
    expect(existsSync(out)).toBe(false);
    writeFileSync(lock, JSON.stringify({ pid: deadPid(), host: hostname(), command: 'x', started: 'y' }));
    expect((await balanceIn(['run', studyFile(ONE_VARIANT), '--out', out, '--workers', '0'])).code).toBe(0);
    expect(readdirSync(parent)).toEqual(['out']);
  });

  it('meta and solve hold the lock for the whole run too: a locked --out exits 2 before any work, and their files replace a run\'s', async () => {
    const meta = studyFile(readFileSync(join(ROOT, 'test/fixtures/meta-triangle.yaml'), 'utf8').replace('trials: 1500', 'trials: 100'));
    const solve = join(ROOT, 'test/fixtures/solve-attack.yaml');
    for (const [command, study] of [['meta', meta], ['solve', solve]] as const) {
      const parent = tempDir();
      const out = join(parent, 'out');
      const lock = join(parent, '.out.lock');
      writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), command: 'npx balance run other.yaml', started: '2026-01-01T00:00:00.000Z' }));
      const r = await balanceIn([command, study, '--out', out, '--workers', '0']);
      expect([r.code, r.stderr.trim().split('\n').pop()]).toEqual([2, expect.stringMatching(new RegExp(`^--out ${out}: is in use by balance run pid ${process.pid} `))]);
      expect(existsSync(out)).toBe(false);
      writeFileSync(lock, JSON.stringify({ pid: deadPid(), host: hostname(), command: 'x', started: 'y' }));
      expect((await balanceIn(['run', studyFile(SMALL), '--out', out, '--workers', '0'])).code).toBe(0);
      const again = await balanceIn([command, study, '--out', out, '--workers', '0', '--trials', '100']);
      expect(again.code, again.stderr).toBe(0);
      // No summary.csv or compare.csv of the run is left beside the analysis for balance report to blend in.
      expect(readdirSync(out).sort()).toEqual([...(command === 'meta' ? ['matrix.csv', 'meta.csv'] : ['solve.csv']), 'report.html', 'report.md', 'run.json'].sort());
      expect(readdirSync(parent)).toEqual(['out']);
    }
  });

  it('a signal at any point from before the lock to the end of the run leaves no lock and no temporaries', async () => {
    // Each point holds the run still (BALANCE_PAUSE_AT) until the test has sent the signal. Up to the
    // end of the simulation the run dies of the signal with nothing written; a signal while the
    // finished set is being swapped in lets the swap and the run finish (exit 0, the whole set); after
    // the lock is dropped the signal kills at once, the set already whole.
    const big = EXAMPLE.replace('trials: 20000', 'trials: 1000000000');
    const points: readonly [string, string, 'signal' | 'finished', readonly string[]][] = [
      ['claim:start', big, 'signal', []],
      ['claim:handlers', big, 'signal', []],
      ['claim:lock-open', big, 'signal', []],
      ['claim:locked', big, 'signal', []],
      ['run:chunk', big, 'signal', []],
      ['write:temporary', SMALL, 'finished', ['out']],
      ['write:swapped', SMALL, 'finished', ['out']],
      ['claim:released', SMALL, 'signal', ['out']],
    ];
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    for (const [i, [point, text, ends, left]] of points.entries()) {
      const signal = signals[i % signals.length]!;
      const parent = tempDir();
      const out = join(parent, 'out');
      const hold = join(tempDir(), 'hold');
      writeFileSync(hold, '');
      const child = spawn(process.execPath, [join(ROOT, 'dist/src/cli/main.js'), 'run', studyFile(text), '--out', out, '--workers', '0'], {
        stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, BALANCE_PAUSE_AT: point, BALANCE_PAUSE_FILE: hold },
      });
      const exit = new Promise<[number | null, NodeJS.Signals | null]>((done) => child.on('exit', (code, sig) => done([code, sig])));
      let stderr = '';
      await new Promise<void>((paused, failed) => {
        child.stderr.on('data', (d: Buffer) => {
          stderr += d.toString();
          if (stderr.includes(`balance: paused at ${point}\n`)) paused();
        });
        child.on('exit', () => failed(new Error(`${point}: the run ended before pausing: ${stderr}`)));
      });
      child.kill(signal);
      rmSync(hold);
      expect([point, ...await exit]).toEqual([point, ends === 'signal' ? null : 0, ends === 'signal' ? signal : null]);
      expect([point, readdirSync(parent)]).toEqual([point, left]);
      if (left.length > 0) expect(readdirSync(out).sort()).toEqual(['compare.csv', ...SET].sort());
    }
  });

  it('shards of one run writing into one directory at the same moment keep each other\'s files', async () => {
    // Shard 1 is held with its file written aside, just after it found no --out; shard 2 creates --out
    // and writes its own file meanwhile; then shard 1 goes on. Renaming its temporary directory into
    // place (as a run that owns --out does) failed, or swept shard 2's file away.
    const out = join(tempDir(), 'shared');
    const study = studyFile(ONE_VARIANT);
    const hold = join(tempDir(), 'hold');
    writeFileSync(hold, '');
    const first = spawn(process.execPath, [join(ROOT, 'dist/src/cli/main.js'), 'run', study, '--out', out, '--shard', '1/2', '--workers', '0'], {
      stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, BALANCE_PAUSE_AT: 'write:looked', BALANCE_PAUSE_FILE: hold },
    });
    let stderr = '';
    const exit = new Promise<number | null>((done) => first.on('exit', (code) => done(code)));
    await new Promise<void>((paused) => first.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (stderr.includes('balance: paused at write:looked')) paused();
    }));
    expect((await balanceIn(['run', study, '--out', out, '--shard', '2/2', '--workers', '0'])).code).toBe(0);
    rmSync(hold);
    expect([await exit, stderr.split('\n').filter((l) => l.startsWith('balance'))]).toEqual([0, ['balance: paused at write:looked']]);
    expect(readdirSync(out).sort()).toEqual(['shard-1-of-2.json', 'shard-2-of-2.json']);
    expect(readdirSync(dirname(out))).toEqual(['shared']);
  });

  it('an input error leaves no directory behind (not even the parents of --out)', async () => {
    const root = tempDir();
    const out = join(root, 'a', 'b', 'out');
    const r = await balanceIn(['run', studyFile(`${ONE_VARIANT}precision: 0.01\n`), '--out', out, '--shard', '1/2']);
    expect(r.code).toBe(2);
    const bad = await balanceIn(['run', studyFile(ONE_VARIANT.replace('cc: 3', 'cc: 99')), '--out', out]);
    expect(bad.code).toBe(2);
    expect(readdirSync(root)).toEqual([]);
  });

  it('refuses --out / and a repeated --out, in one line each', async () => {
    const root = await balanceIn(['run', studyFile(ONE_VARIANT), '--out', '/', '--workers', '0']);
    expect([root.code, root.stderr.trim().split('\n').pop()]).toEqual([2, '--out /: refusing to write a run into the root directory; name a directory of its own']);
    const twice = await balanceIn(['run', studyFile(ONE_VARIANT), '--out', 'a', '--out', 'b']);
    expect([twice.code, twice.stderr.trim()]).toEqual([2, '--out: given 2 times; name one output directory']);
    const exact = await balanceIn(['exact', studyFile(ONE_VARIANT), '--out', 'a', '--out', 'b']);
    expect(exact.code).toBe(2);
  });

  it('a study named ..yaml does not write into reports/ itself', async () => {
    const file = studyFile(ONE_VARIANT, '..yaml');
    const r = await balanceIn(['run', file, '--workers', '0']);
    expect([r.code, r.stderr.trim().split('\n').pop()]).toEqual([2, `${file}: cannot name an output directory after this file name; pass --out DIR`]);
    expect(basename(file)).toBe('..yaml');
  });
});
