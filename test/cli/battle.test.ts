/** `balance run` on a battle study: pinned columns, fighters.csv, determinism across workers and shards, precision, bad input. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStudy } from '../../src/config/study-file.js';
import { ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';
import { docYamlBlocks } from '../helpers/docs.js';

const BATTLE = readFileSync(join(ROOT, 'test/fixtures/small-battle.yaml'), 'utf8');
const FILES = ['summary.csv', 'distribution.csv', 'fighters.csv'];
const read = (dir: string, f: string): string => readFileSync(join(dir, f), 'utf8');

describe('the battle guide\'s example (docs/guide/skirmish-battle.md)', async () => {
  it('validates and plans with profiles added: 3 variants x 3 matchups', async () => {
    const block = docYamlBlocks().find((b) => b.file === 'docs/guide/skirmish-battle.md' && b.text.includes('mode: battle'))!.text;
    const profiles = BATTLE.slice(BATTLE.indexOf('fighters:'), BATTLE.indexOf('retinues:'))
      .replace('  stout-axe:  { fighter: stout, weapon: axe, armor: medium }', '  stout-axe-medium: { fighter: stout, weapon: axe, armor: medium }');
    const study = loadStudy(studyFile(`${block}${profiles}`));
    const tasks = study.plugin.plan(study.data, 10);
    expect(tasks.map((t) => `${t.labels['variant']}:${t.labels['a']}-${t.labels['b']}`)).toEqual(
      ['base', 'defender-ties', 'split'].flatMap((v) => [`${v}:phoenix-wardens`, `${v}:phoenix-wardens`, `${v}:phoenix-phoenix`]),
    );
  });
});

describe('balance run (battle)', () => {
  it('writes the pinned columns, byte-identical for 1 and 2 workers and for merged shards', async () => {
    const study = studyFile(BATTLE);
    const [one, two, s1, s2, merged] = [tempDir(), tempDir(), tempDir(), tempDir(), tempDir()];
    expect((await balanceIn(['run', study, '--out', one, '--workers', '1'])).code).toBe(0);
    const r = await balanceIn(['run', study, '--out', two, '--workers', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/battles in/);
    for (const f of FILES) expect(read(two, f)).toBe(read(one, f));
    expect((await balanceIn(['run', study, '--out', s1, '--shard', '1/2'])).code).toBe(0);
    expect((await balanceIn(['run', study, '--out', s2, '--shard', '2/2', '--workers', '0'])).code).toBe(0);
    expect((await balanceIn(['merge', study, join(s1, 'shard-1-of-2.json'), join(s2, 'shard-2-of-2.json'), '--out', merged])).code).toBe(0);
    for (const f of FILES) expect(read(merged, f)).toBe(read(one, f));
    const [t1, t2] = [tempDir(), tempDir()];
    expect((await balanceIn(['run', study, '--out', t1, '--workers', '1', '--engine', 'table'])).code).toBe(0);
    expect((await balanceIn(['run', study, '--out', t2, '--workers', '2', '--engine', 'table'])).code).toBe(0);
    for (const f of FILES) expect(read(t2, f)).toBe(read(t1, f));

    const summary = read(one, 'summary.csv').trim().split('\n');
    expect(summary[0]).toBe('variant,retinue_a,retinue_b,trials,a_wins,b_wins,draws,a_win_rate,a_win_ci95_low,a_win_ci95_high,mean_rounds,a_mean_survivors,b_mean_survivors,side_policy_a,side_policy_b,b_win_rate,draw_rate,sd_rounds,a_first_rate,first_mover_win_rate');
    expect(summary[1]!.startsWith('base,phoenix,wardens,4500,')).toBe(true);
    const fighters = read(one, 'fighters.csv').trim().split('\n');
    expect(fighters[0]).toBe('variant,retinue_a,retinue_b,side,fighter,loadout,trials,out_of_action_rate,ooa_ci95_low,ooa_ci95_high,mean_unblocked_hits_dealt,mean_takedowns,mean_friendly_fire_hits,side_policy_a,side_policy_b');
    expect(fighters.slice(1).map((l) => l.split(',').slice(3, 6).join(','))).toEqual([
      'a,keen-sword#1,keen-sword', 'a,keen-sword#2,keen-sword', 'a,archer,archer', 'b,stout-axe#1,stout-axe', 'b,stout-axe#2,stout-axe', 'b,stout-axe#3,stout-axe',
    ]);
    const dist = read(one, 'distribution.csv').trim().split('\n');
    expect(dist[0]).toBe('variant,retinue_a,retinue_b,metric,value,count,probability,side_policy_a,side_policy_b');
    expect(new Set(dist.slice(1).map((l) => l.split(',')[3]))).toEqual(new Set(['winner', 'rounds', 'a_survivors', 'b_survivors']));
    const report = read(one, 'report.md');
    expect(report).toContain('retinue_a');
    expect(report).toMatch(/## Fighters \(base\)[\s\S]*\| phoenix \(weakest\) vs wardens \(nearest\) \| a \| archer \|/);
    expect((await balanceIn(['report', one])).code).toBe(0);
    expect(read(one, 'report.md')).toBe(report);
  });

  it('the run table and report.md show the first mover\'s win rate (summary.csv first_mover_win_rate), so the initiative\'s effect shows', async () => {
    const out = tempDir();
    const r = await balanceIn(['run', studyFile(BATTLE), '--out', out, '--workers', '0']);
    expect(r.code).toBe(0);
    const summary = read(out, 'summary.csv').trim().split('\n');
    const col = summary[0]!.split(',').indexOf('first_mover_win_rate');
    const rates = summary.slice(1).map((l) => Number(l.split(',')[col]).toFixed(3));
    const header = r.stdout.split('\n').find((l) => l.includes('retinue a'))!;
    expect(header.trim().endsWith('first mover wins')).toBe(true);
    const tableRows = r.stdout.split('\n').filter((l) => /^\s*\S+\s+phoenix \(/.test(l));
    expect(tableRows.map((l) => l.trim().split(/\s+/).at(-1))).toEqual(rates);
    const report = read(out, 'report.md');
    const head = report.split('\n').find((l) => l.startsWith('|') && l.includes('a_win_rate'))!;
    expect(head).toMatch(/\| first mover wins \|$/);
    const rows = report.split('\n').filter((l) => /^\| (\S+ \| )?phoenix/.test(l) && !l.includes(' | a | ') && !l.includes(' | b | '));
    expect(rows.slice(0, rates.length).map((l) => l.split('|').at(-2)!.trim())).toEqual(rates);
  });

  it('--precision stops each matchup once a_win_rate is known to the target', async () => {
    const out = tempDir();
    expect((await balanceIn(['run', studyFile(BATTLE), '--out', out, '--workers', '0', '--precision', '0.03', '--max-trials', '20000'])).code).toBe(0);
    const row = read(out, 'summary.csv').trim().split('\n')[1]!.split(',');
    const [low, high] = [Number(row[8]), Number(row[9])];
    expect((high - low) / 2).toBeLessThanOrEqual(0.03);
    expect(Number(row[3])).toBeLessThan(20000);
  });

  it('bad input: one clear line per problem, exit code 2', async () => {
    const bad = BATTLE.replace('{ a: phoenix, b: wardens', '{ a: phoenx, b: wardens').replace('loadout: archer,', 'loadout: archr,')
      .replace('kind: cover', 'kind: wall').replace('board: [24, 24]', 'board: [6, 24]');
    const r = await balanceIn(['validate', studyFile(bad)]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/study\.yaml:\d+:\d+ battle\.terrain\[0\]\.kind: expected one of "cover", "block", received "wall"/)]));
    const sem = await balanceIn(['validate', studyFile(bad.replace('kind: wall', 'kind: cover'))]);
    expect(sem.code).toBe(2);
    expect(sem.stderr).toMatch(/matchups\[0\]\.a: unknown retinue "phoenx" \(did you mean "phoenix"\?\)/);
    expect(sem.stderr).toMatch(/retinues\.phoenix\[1\]\.loadout: unknown loadout "archr" \(did you mean "archer"\?\)/);
    expect(sem.stderr).toMatch(/retinues\.wardens: deployed in one line this retinue takes 7" .* wider than the board's 6"/);
    expect(sem.stderr).not.toMatch(/at .*\.js/); // no stack trace
  });
});
