/** `balance run` end to end: files and columns, determinism across worker counts, failure paths. */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const SUMMARY = 'variant,attacker,defender,trials,mean_wounds,sd_wounds,mean_wounds_ci95_low,mean_wounds_ci95_high,p_wounded,p_downed,p_stunned,p_out_of_action';
const DISTRIBUTION = 'variant,attacker,defender,metric,value,count,probability';

describe('balance run', () => {
  it('writes summary.csv, distribution.csv, run.json and report.md with the pinned columns', async () => {
    const study = studyFile(EXAMPLE);
    const out = tempDir();
    const r = await balanceIn(['run', study, '--out', out, '--workers', '1']);
    expect(r.code).toBe(0);
    // the example's second matchup asks for Aim and cover on a melee attack: warned, not fatal
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/study\.yaml:17:\d+ matchups\[1\]\.situation\.aim: warning: Aim applies to Ranged attacks only; ignored for keen-sword$/),
      expect.stringMatching(/matchups\[1\]\.situation\.cover: warning: cover applies to Ranged and Cast attacks only/),
    ]);
    expect(r.stdout).toMatch(/keen-sword\s+stout-axe-medium/);
    expect(r.stdout).toContain(`wrote ${join(out, 'summary.csv')}`);
    const summary = readFileSync(join(out, 'summary.csv'), 'utf8').trim().split('\n');
    expect(summary[0]!.startsWith(`${SUMMARY},`)).toBe(true);
    expect(summary).toHaveLength(5);
    expect(summary[1]!.startsWith('base,keen-sword,stout-axe-medium,20000,')).toBe(true);
    const dist = readFileSync(join(out, 'distribution.csv'), 'utf8').trim().split('\n');
    expect(dist[0]!.startsWith(`${DISTRIBUTION},`)).toBe(true);
    expect(dist.filter((l) => l.includes(',state,')).map((l) => l.split(',')[4])).toEqual(
      Array(4).fill(['active', 'downed', 'stunned', 'out_of_action']).flat(),
    );
    const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as Record<string, unknown>;
    expect(run).toMatchObject({ seed: 7, trials: 20000, workers: 1, system: 'skirmish', mode: 'attack' });
    expect(run['study_sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(run['attacks_per_second']).toBeGreaterThan(0);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain('# ');
  });

  it('gives byte-identical CSVs with 0 (main thread), 1 and 2 workers; another seed changes them', async () => {
    const study = studyFile(EXAMPLE);
    const outs: string[] = [];
    for (const w of ['0', '1', '2']) {
      const out = tempDir();
      expect((await balanceIn(['run', study, '--out', out, '--workers', w, '--trials', '250000'])).code).toBe(0);
      outs.push(out);
    }
    for (const file of ['summary.csv', 'distribution.csv']) {
      const first = readFileSync(join(outs[0]!, file), 'utf8');
      for (const o of outs.slice(1)) expect(readFileSync(join(o, file), 'utf8')).toBe(first);
    }
    const other = tempDir();
    expect((await balanceIn(['run', study, '--out', other, '--workers', '2', '--trials', '250000', '--seed', '8'])).code).toBe(0);
    expect(readFileSync(join(other, 'summary.csv'), 'utf8')).not.toBe(readFileSync(join(outs[0]!, 'summary.csv'), 'utf8'));
  });

  it('a worker that throws ends the run with exit 1, one clear line and no files', async () => {
    const out = tempDir();
    const r = await balanceIn(['run', studyFile(EXAMPLE), '--out', out, '--workers', '2'], { BALANCE_FAULT_INJECTION: 'worker' });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n').filter((l) => !l.includes('warning:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^balance: run failed: a worker failed on task \d+ chunk \d+: injected fault/);
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
    expect(readdirSync(out)).toEqual([]);
  });

  it('defaults the output directory to reports/<study name>/ under the working directory', async () => {
    const study = studyFile(EXAMPLE, 'my-study.yaml');
    const cwd = tempDir();
    const r = await balanceIn(['run', study, '--workers', '0', '--trials', '1000'], {}, cwd);
    expect(r.code).toBe(0);
    expect(existsSync(join(cwd, 'reports/my-study/summary.csv'))).toBe(true);
  });

  it('validate prints ok for a good study', async () => {
    const r = await balanceIn(['validate', studyFile(EXAMPLE)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ok \(skirmish attack, 4 matchup x variant tasks/);
  });
});

describe('bad input: one line per problem, exit code 2, no output files', () => {
  const cases: [string, (s: string) => string, RegExp][] = [
    ['YAML syntax error', (s) => s.replace('seed: 7', 'seed: [7'), /study\.yaml:\d+:\d+: YAML syntax error/],
    ['unknown system', (s) => s.replace('system: skirmish', 'system: skirmsh'), /study\.yaml:1:9 system: unknown system "skirmsh" \(did you mean "skirmish"\?\)/],
    ['unknown mode', (s) => s.replace('mode: attack', 'mode: atack'), /study\.yaml:2:7 mode: unknown mode "atack" for system skirmish \(did you mean "attack"\?\)/],
    ['missing fighter', (s) => s.replace('{ fighter: keen, weapon: sword }', '{ fighter: kean, weapon: sword }'), /study\.yaml:13:\d+ loadouts\.keen-sword\.fighter: unknown fighter "kean" \(did you mean "keen"\?\)/],
    ['missing weapon', (s) => s.replace('weapon: battle-axe', 'weapon: battleaxe'), /loadouts\.stout-axe-medium\.weapon: unknown weapon "battleaxe" \(did you mean "battle-axe"\?\)/],
    ['attribute out of range', (s) => s.replace('cc: 3, rc: 3, might: 3', 'cc: 12, rc: 3, might: 3'), /study\.yaml:6:16 fighters\.keen\.cc: must be at most 10, received 12/],
    ['attribute not an integer', (s) => s.replace('might: 4, skill: 3', 'might: 4.5, skill: 3'), /study\.yaml:7:\d+ fighters\.stout\.might: expected an integer, received 4\.5/],
    ['bad dice spec', (s) => s.replace('skill: "4"', 'skill: "4+"'), /study\.yaml:11:\d+ weapons\.shortbow\.skill: invalid dice spec "4\+"/],
    ['unknown variant knob', (s) => s.replace('tieGoesTo: defender', 'tieGoesto: defender'), /study\.yaml:21:\d+ variants\.defender-ties\.tieGoesto: unknown key "tieGoesto" \(did you mean "tieGoesTo"\?\)/],
    ['bad knob value', (s) => s.replace('tieGoesTo: defender', 'tieGoesTo: defendr'), /variants\.defender-ties\.tieGoesTo: expected one of "attacker", "defender", "shield", received "defendr" \(did you mean "defender"\?\)/],
    ['trials zero', (s) => s.replace('trials: 20000', 'trials: 0'), /study\.yaml:4:9 trials: must be at least 1, received 0/],
    ['trials absurd', (s) => s.replace('trials: 20000', 'trials: 1e12'), /trials: must be at most 1000000000/],
  ];
  for (const [name, edit, pattern] of cases) {
    it(name, async () => {
      const out = tempDir();
      const r = await balanceIn(['run', studyFile(edit(EXAMPLE)), '--out', out]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(pattern);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(readdirSync(out)).toEqual([]);
    });
  }

  it('validate reports every problem at once', async () => {
    const text = EXAMPLE.replace('fighter: kean', '').replace('cc: 3, rc: 3, might: 3', 'cc: 12, rc: 3, might: 3').replace('skill: "4"', 'skill: "x"');
    const r = await balanceIn(['validate', studyFile(text)]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(2);
  });

  it('a bad --trials flag, an unknown flag and an unwritable --out', async () => {
    const study = studyFile(EXAMPLE);
    const t = await balanceIn(['run', study, '--trials', '-5']);
    expect([t.code, t.stderr.trim()]).toEqual([2, '--trials: expected an integer from 1 to 1000000000, received -5']);
    const u = await balanceIn(['run', study, '--trails', '5']);
    expect(u.code).toBe(2);
    expect(u.stderr).toMatch(/Unknown argument: trails \(did you mean --trials\?\)/);
    const blocker = join(tempDir(), 'a-file');
    writeFileSync(blocker, '');
    const w = await balanceIn(['run', study, '--out', join(blocker, 'out')]);
    expect(w.code).toBe(2);
    expect(w.stderr).toMatch(/^--out .*a-file\/out: output directory is not writable \(ENOTDIR\)$/m);
  });

  it('a missing study file', async () => {
    const r = await balanceIn(['run', '/nonexistent/study.yaml']);
    expect([r.code, r.stderr.trim()]).toEqual([2, '/nonexistent/study.yaml: no such file']);
  });
});

describe('balance exact and --engine', () => {
  it('exact writes the same files and columns, trials and count empty, intervals equal to the mean', async () => {
    const study = studyFile(EXAMPLE);
    const out = tempDir();
    const r = await balanceIn(['exact', study, '--out', out]);
    expect(r.code).toBe(0);
    const [header, ...rows] = readFileSync(join(out, 'summary.csv'), 'utf8').trim().split('\n');
    expect(header!.startsWith(`${SUMMARY},`)).toBe(true);
    for (const row of rows) {
      const c = row.split(',');
      expect(c[3]).toBe('');
      expect(c[6]).toBe(c[4]);
      expect(c[7]).toBe(c[4]);
    }
    const dist = readFileSync(join(out, 'distribution.csv'), 'utf8').trim().split('\n').slice(1);
    expect(dist.every((l) => l.split(',')[5] === '')).toBe(true);
    const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as Record<string, unknown>;
    expect(run['engine']).toBe('exact');
    expect(typeof run['exact_time_ms']).toBe('number');
  });

  it('the dice engine is byte-identical across worker counts too, and both engines land near exact', async () => {
    const study = studyFile(EXAMPLE);
    const [a, b, c] = [tempDir(), tempDir(), tempDir()];
    expect((await balanceIn(['run', study, '--out', a, '--workers', '0', '--engine', 'dice'])).code).toBe(0);
    expect((await balanceIn(['run', study, '--out', b, '--workers', '2', '--engine', 'dice'])).code).toBe(0);
    expect(readFileSync(join(a, 'summary.csv'), 'utf8')).toBe(readFileSync(join(b, 'summary.csv'), 'utf8'));
    expect(JSON.parse(readFileSync(join(a, 'run.json'), 'utf8'))).toMatchObject({ engine: 'dice' });
    expect((await balanceIn(['exact', study, '--out', c])).code).toBe(0);
    const mean = (dir: string): number[] => readFileSync(join(dir, 'summary.csv'), 'utf8').trim().split('\n').slice(1).map((l) => Number(l.split(',')[4]));
    const sd = readFileSync(join(c, 'summary.csv'), 'utf8').trim().split('\n').slice(1).map((l) => Number(l.split(',')[5]));
    mean(a).forEach((m, i) => expect(Math.abs(m - mean(c)[i]!)).toBeLessThanOrEqual((4 * sd[i]!) / Math.sqrt(20000)));
  });

  it('a bad engine name is a usage error', async () => {
    const r = await balanceIn(['run', studyFile(EXAMPLE), '--engine', 'tabel']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Invalid values:[\s\S]*engine/);
  });
});

describe('--precision', () => {
  it('adds trials until the 95% half-width is reached, identically for any worker count, capped by --max-trials', async () => {
    const study = studyFile(EXAMPLE);
    const [a, b, c] = [tempDir(), tempDir(), tempDir()];
    expect((await balanceIn(['run', study, '--out', a, '--workers', '0', '--precision', '0.01', '--engine', 'dice'])).code).toBe(0);
    expect((await balanceIn(['run', study, '--out', b, '--workers', '2', '--precision', '0.01', '--engine', 'dice'])).code).toBe(0);
    const sa = readFileSync(join(a, 'summary.csv'), 'utf8');
    expect(readFileSync(join(b, 'summary.csv'), 'utf8')).toBe(sa);
    for (const row of sa.trim().split('\n').slice(1)) {
      const cells = row.split(',');
      expect(Number(cells[7]) - Number(cells[4])).toBeLessThanOrEqual(0.01);
      expect(Number(cells[3]) % 100000).toBe(0);
    }
    expect((await balanceIn(['run', study, '--out', c, '--precision', '0.0001', '--max-trials', '300000'])).code).toBe(0);
    const trials = readFileSync(join(c, 'summary.csv'), 'utf8').trim().split('\n').slice(1).map((r) => Number(r.split(',')[3]));
    expect(trials.every((t) => t === 300000)).toBe(true);
  });

  it('a bad precision is an input error, from the flag or the study', async () => {
    expect((await balanceIn(['run', studyFile(EXAMPLE), '--precision', '0'])).stderr).toMatch(/^--precision: expected a positive number/);
    const r = await balanceIn(['validate', studyFile(EXAMPLE.replace('seed: 7', 'seed: 7\nprecision: -1'))]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/study\.yaml:4:\d+ precision: expected a positive number/);
  });
});

describe('--shard and merge', () => {
  it('merged shards give byte-identical CSVs to one run; a missing shard or a bad flag is an input error', async () => {
    const study = studyFile(EXAMPLE);
    const [one, s1, s2, merged] = [tempDir(), tempDir(), tempDir(), tempDir()];
    expect((await balanceIn(['run', study, '--out', one, '--workers', '1', '--trials', '250000'])).code).toBe(0);
    expect((await balanceIn(['run', study, '--out', s1, '--shard', '1/2', '--trials', '250000'])).code).toBe(0);
    expect((await balanceIn(['run', study, '--out', s2, '--shard', '2/2', '--trials', '250000', '--workers', '0'])).code).toBe(0);
    const shards = [join(s1, 'shard-1-of-2.json'), join(s2, 'shard-2-of-2.json')];
    expect((await balanceIn(['merge', study, ...shards, '--out', merged])).code).toBe(0);
    for (const f of ['summary.csv', 'distribution.csv', 'compare.csv']) {
      expect(readFileSync(join(merged, f), 'utf8')).toBe(readFileSync(join(one, f), 'utf8'));
    }
    const missing = await balanceIn(['merge', study, shards[0]!, '--out', tempDir()]);
    expect([missing.code, missing.stderr.trim().split('\n').pop()]).toEqual([2, 'merge: needs each of the 2 shards exactly once; missing 2']);
    expect((await balanceIn(['run', study, '--shard', '3/2'])).stderr).toMatch(/^--shard: expected i\/n with 1 <= i <= n/);
  });
});
