/**
 * The policy gap of a fight (`balance run --policy-gap`): three plays of every trial on common
 * random numbers, policy_gap.csv, its report sentence. The challenger is a parameter of
 * policyGapPlugin: these tests play a named policy as the stand-in for `search` where the search
 * player is not what is tested.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStudy, renderReport, runStudy, type Study } from '../../src/api.js';
import { pairedDifference, POLICY_GAP_HEADER, policyGapPlugin, policyGapRow } from '../../src/systems/policy-gap.js';
import { parseCsv } from '../../src/report/data.js';
import { searchGapSentence } from '../../src/report/charts/search-gap.js';
import { balanceIn } from '../helpers/inprocess.js';

const gapStudy = (s: Study, challenger: string): Study => ({ ...s, plugin: policyGapPlugin(s.plugin, challenger), policyGap: true });

describe('policy_gap.csv from the joint winner counts', () => {
  it('win rates, paired gaps and their intervals, scripted counts', () => {
    // 9 * named + 3 * search a + search b; 0 = a wins, 1 = b wins, 2 = draw.
    const joint = new Float64Array(27);
    joint[9 * 0 + 3 * 0 + 1] = 50; // named a, search a: a, search b: b
    joint[9 * 0 + 3 * 0 + 0] = 20; // a wins all three
    joint[9 * 1 + 3 * 0 + 1] = 10; // named b, search a: a, search b: b
    joint[9 * 1 + 3 * 1 + 1] = 15; // b wins all three
    joint[9 * 2 + 3 * 2 + 2] = 5; // three draws
    const row = policyGapRow(joint, { variant: 'base', a: 'raiders', b: 'guards', situation: '' }, 'search');
    expect(row.slice(0, 9)).toEqual(['base', 'raiders', 'guards', 0.7, 0.8, 0.2, 0.1, 0.5, 100]);
    const gapA = pairedDifference(10, 0, 100);
    const gapB = pairedDifference(50, 0, 100);
    expect(row.slice(15, 19)).toEqual([gapA.low, gapA.high, gapB.low, gapB.high]);
    expect(row.slice(19)).toEqual([0.05, 0.05, 0.05, 'search', '']);
    expect(row).toHaveLength(POLICY_GAP_HEADER.length);
  });

  it('paired interval: sample sd of the per-trial differences', () => {
    // d = +1 on 30 trials, -1 on 10, 0 on 60: mean 0.2, sd^2 = (0.4 - 0.04) * 100/99.
    const d = pairedDifference(30, 10, 100);
    const half = 1.959963984540054 * Math.sqrt(((0.4 - 0.04) * 100) / 99 / 100);
    expect(d.mean).toBeCloseTo(0.2, 15);
    expect(d.low).toBeCloseTo(0.2 - half, 12);
    expect(d.high).toBeCloseTo(0.2 + half, 12);
  });
});

describe('three plays on common random numbers', () => {
  const cases = [
    ['skirmish battle', 'test/fixtures/small-battle.yaml', 'aggressive', 'fighters.csv'],
    ['d20 fight', 'test/fixtures/d20-named.yaml', 'focus-weakest', null],
    ['exchange fight', 'configs/exchange-fight-heroes-vs-monsters.yaml', 'all-in', 'characters.csv'],
  ] as const;
  for (const [name, file, challenger, extra] of cases) {
    it(`${name}: the named play's files equal a plain run's byte for byte; policy_gap.csv's header and win_named`, async () => {
      const study = loadStudy(file);
      const plain = await runStudy(study, { workers: 0, trials: 150, seed: 7 });
      const gap = await runStudy(gapStudy(study, challenger), { workers: 0, trials: 150, seed: 7 });
      for (const f of ['summary.csv', 'distribution.csv', ...(extra === null ? [] : [extra])]) expect(gap.files[f], f).toBe(plain.files[f]);
      const text = gap.files['policy_gap.csv']!;
      expect(text.split('\n')[0]!.startsWith('variant,side_a,side_b,win_named,win_search_a,win_search_b,gap_a,gap_b')).toBe(true);
      const rows = parseCsv(text);
      const summary = parseCsv(plain.files['summary.csv']!);
      expect(rows).toHaveLength(summary.length);
      rows.forEach((r, i) => {
        expect(r['win_named']).toBe(summary[i]!['a_win_rate']);
        expect(r['win_named_ci95_low']).toBe(summary[i]!['a_win_ci95_low']);
        expect(r['trials']).toBe('150');
        expect(r['challenger']).toBe(challenger);
        expect(Number(r['gap_a'])).toBeCloseTo(Number(r['win_search_a']) - Number(r['win_named']), 12);
        expect(Number(r['gap_b'])).toBeCloseTo(Number(r['win_named']) - Number(r['win_search_b']), 12);
        expect(Number(r['gap_a_ci95_low'])).toBeLessThanOrEqual(Number(r['gap_a']));
        expect(Number(r['gap_b_ci95_high'])).toBeGreaterThanOrEqual(Number(r['gap_b']));
      });
    }, 120_000);
  }

  it('the same files for workers 0 and 2 (needs npm run build)', async () => {
    const study = gapStudy(loadStudy('test/fixtures/small-battle.yaml'), 'aggressive');
    const one = await runStudy(study, { workers: 0, trials: 2100, seed: 11 });
    const two = await runStudy(study, { workers: 2, trials: 2100, seed: 11 });
    for (const f of ['summary.csv', 'distribution.csv', 'fighters.csv', 'policy_gap.csv']) expect(two.files[f], f).toBe(one.files[f]);
  }, 240_000);

  it('the report shows the gaps beside the win rates and one sentence per matchup', async () => {
    const study = gapStudy(loadStudy('test/fixtures/small-battle.yaml'), 'aggressive');
    const results = await runStudy(study, { workers: 0, trials: 100, seed: 3 });
    const { markdown, html } = await renderReport(results);
    const row = parseCsv(results.files['policy_gap.csv']!)[0]!;
    const sentence = searchGapSentence(row);
    expect(sentence).toMatch(/^under aggressive the phoenix win \d+% instead of \d+%: /);
    expect(markdown).toContain('## Policy gap: named play against search (base)');
    expect(markdown).toContain(sentence.replace(/_/g, '\\_'));
    expect(html).toContain('id="search-gap"');
    expect(html).toContain(sentence);
  }, 120_000);
});

describe('balance trace of a policy-gap study', () => {
  it('shows the named play: the same fights as the study without the gap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gap-trace-'));
    const text = readFileSync('configs/d20-policy-gap.yaml', 'utf8');
    const plain = join(dir, 'plain.yaml');
    writeFileSync(plain, text.replace(/^policy_gap: true\n/m, ''));
    expect(readFileSync(plain, 'utf8')).not.toMatch(/^policy_gap:/m);
    const gap = await balanceIn(['trace', 'configs/d20-policy-gap.yaml', '--fights', '3', '--format', 'jsonl']);
    const without = await balanceIn(['trace', plain, '--fights', '3', '--format', 'jsonl']);
    expect(gap.code, gap.stderr).toBe(0);
    expect(without.code, without.stderr).toBe(0);
    expect(gap.stdout.split('\n').length).toBeGreaterThan(10);
    expect(gap.stdout).toBe(without.stdout);
  });
});

describe('the sentence', () => {
  const row = (named: number, sa: number, sb: number, low: number, high: number) => ({
    variant: 'base', side_a: 'raiders', side_b: 'guards', win_named: String(named), win_search_a: String(sa), win_search_b: String(sb),
    gap_b_ci95_low: String(low), gap_b_ci95_high: String(high), challenger: 'search',
  });
  it('b\'s play holds part of a\'s margin', () => {
    expect(searchGapSentence(row(0.76, 0.8, 0.62, 0.1, 0.18))).toBe(
      "under search the raiders win 62% instead of 76%: 14 points of today's margin is the guards' play (95% interval 10 to 18); searching themselves, the raiders would win 80% (+4 points).",
    );
  });
  it('b\'s named play better than search, and no gap', () => {
    expect(searchGapSentence({ ...row(0.5, 0.45, 0.53, -0.05, -0.01), side_b: 'ogre' })).toBe(
      "under search the raiders win 53% instead of 50%: the ogre's named play holds the raiders 3 points lower than search does (95% interval -5 to -1); searching themselves, the raiders would win 45% (-5 points).",
    );
    expect(searchGapSentence(row(0.5, 0.5, 0.5, -0.01, 0.01))).toContain("no measurable part of today's margin is the guards' play (95% interval -1 to 1)");
  });
  it('an interval that holds 0 claims no part of the margin, whichever way the rounded points lean', () => {
    expect(searchGapSentence(row(0.72, 0.85, 0.73, -0.03, 0.01))).toBe(
      "under search the raiders win 73% instead of 72%: no measurable part of today's margin is the guards' play (95% interval -3 to 1); searching themselves, the raiders would win 85% (+13 points).",
    );
    expect(searchGapSentence(row(0.72, 0.85, 0.7, 0, 0.05))).toContain('no measurable part');
    expect(searchGapSentence(row(0.72, 0.85, 0.7, 0.001, 0.05))).toContain("2 points of today's margin is the guards' play");
  });
});

describe('bad input', () => {
  it('a challenger the mode does not play: one input problem naming it (exit 2 in run)', async () => {
    const { planStudy } = await import('../../src/plan/plan.js');
    const study = gapStudy(loadStudy('test/fixtures/small-battle.yaml'), 'no-such-policy');
    expect(() => planStudy(study, 10)).toThrow(/--policy-gap: skirmish battles have no policy no-such-policy, so the policy gap cannot put a side on it/);
    try {
      planStudy(study, 10);
    } catch (err) {
      expect((err as Error).name).toBe('ConfigError');
    }
  });

  it('--policy-gap on an attack study: one line, exit 2', async () => {
    const r = await balanceIn(['run', 'configs/d20-attacks.yaml', '--policy-gap', '--out', '/tmp/policy-gap-test-never']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^--policy-gap.*the policy gap plays battles and group fights .*d20 attack has none/);
  });
  it('policy_gap: true in an attack study: FILE:LINE:COL policy_gap: message, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'policy-gap-'));
    const file = join(dir, 'attack.yaml');
    writeFileSync(file, `${readFileSync('configs/d20-attacks.yaml', 'utf8')}\npolicy_gap: true\n`);
    const r = await balanceIn(['run', file, '--out', join(dir, 'out')]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/attack\.yaml:\d+:\d+ policy_gap: the policy gap plays battles and group fights/);
    writeFileSync(file, `${readFileSync('configs/d20-attacks.yaml', 'utf8')}\npolicy_gap: yes please\n`);
    const r2 = await balanceIn(['run', file, '--out', join(dir, 'out')]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/policy_gap: expected true or false/);
  });
});

describe('with the search player (configs/d20-policy-gap.yaml)', () => {
  it('balance run: the named files of a plain run, policy_gap.csv, the sentence on stdout; workers 0 and 2 the same', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'policy-gap-'));
    const args = ['configs/d20-policy-gap.yaml', '--trials', '60', '--seed', '9'];
    const gap0 = await balanceIn(['run', ...args, '--workers', '0', '--out', join(dir, 'w0')]);
    expect(gap0.code, gap0.stderr).toBe(0);
    expect(gap0.stdout).toMatch(/^heroes vs enemies: under search the heroes (still )?win \d+%/m);
    const gap2 = await balanceIn(['run', ...args, '--workers', '2', '--out', join(dir, 'w2')]);
    expect(gap2.code, gap2.stderr).toBe(0);
    for (const f of ['summary.csv', 'distribution.csv', 'policy_gap.csv']) expect(readFileSync(join(dir, 'w2', f), 'utf8'), f).toBe(readFileSync(join(dir, 'w0', f), 'utf8'));
    // The same study without the gap: the same summary.csv byte for byte.
    const plain = loadStudy('configs/d20-policy-gap.yaml');
    const plainResults = await runStudy({ ...plain, plugin: (await import('../../src/systems/registry.js')).findPlugin('d20', 'fight')!, policyGap: false }, { workers: 0, trials: 60, seed: 9 });
    expect(readFileSync(join(dir, 'w0', 'summary.csv'), 'utf8')).toBe(plainResults.files['summary.csv']);
    const row = parseCsv(readFileSync(join(dir, 'w0', 'policy_gap.csv'), 'utf8'))[0]!;
    expect(row['challenger']).toBe('search');
    expect(readFileSync(join(dir, 'w0', 'report.md'), 'utf8')).toContain(searchGapSentence(row));
    // balance report rebuilds the section from policy_gap.csv.
    rmSync(join(dir, 'w0', 'report.md'));
    const rebuilt = await balanceIn(['report', join(dir, 'w0')]);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(readFileSync(join(dir, 'w0', 'report.md'), 'utf8')).toContain(searchGapSentence(row));
    const run = JSON.parse(readFileSync(join(dir, 'w0', 'run.json'), 'utf8')) as Record<string, unknown>;
    expect(run['command']).toMatch(/^npx balance run configs\/d20-policy-gap\.yaml --seed 9 --trials 60 --out /);
  }, 300_000);
});

describe('with the search player in skirmish battles', () => {
  it('the named files of a plain run, policy_gap.csv with the search challenger', async () => {
    const study = loadStudy('test/fixtures/small-battle.yaml');
    const plain = await runStudy(study, { workers: 0, trials: 20, seed: 2 });
    const gap = await runStudy({ ...study, plugin: policyGapPlugin(study.plugin), policyGap: true }, { workers: 0, trials: 20, seed: 2 });
    for (const f of ['summary.csv', 'distribution.csv', 'fighters.csv']) expect(gap.files[f], f).toBe(plain.files[f]);
    const row = parseCsv(gap.files['policy_gap.csv']!)[0]!;
    expect(row['challenger']).toBe('search');
    expect(row['trials']).toBe('20');
  }, 300_000);
});
