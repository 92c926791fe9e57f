/**
 * Solved policies in exchange duel studies (issue #15): `exact` appends the policy-gap columns and a
 * solved side's row equals its gap entry; `run` plays the solved table (4 SE of exact); the report
 * charts the gap; explain-policy prints the decision list; a solved policy farther apart than
 * distance 1 or in an exchange fight is one input line, exit 2.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';
import { expectRateNear } from '../helpers/se.js';

const GAP = ['a_win_named', 'a_win_best_response', 'a_win_optimal', 'b_win_named', 'b_win_best_response', 'b_win_optimal'];
// configs/exchange-policy-gap.yaml, made small (VIT 3, 3 rounds) so the CLI test stays quick.
const STUDY = readFileSync(join(ROOT, 'configs/exchange-policy-gap.yaml'), 'utf8').replace('vitality: 4', 'vitality: 3').replace('maxRounds: 6', 'maxRounds: 3');

function table(dir: string): Record<string, string>[] {
  const [h, ...rows] = readFileSync(join(dir, 'summary.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));
  return rows.map((r) => Object.fromEntries(h!.map((k, i) => [k, r[i]!])));
}

describe('solved policies in exchange duel studies', () => {
  it('exact: the gap columns come last and a solved row equals its gap entry; run agrees within 4 SE; the report charts the gap', async () => {
    const [exact, sim] = [tempDir(), tempDir()];
    const file = studyFile(STUDY);
    const e = await balanceIn(['exact', file, '--out', exact]);
    expect(e.code, e.stderr).toBe(0);
    const header = readFileSync(join(exact, 'summary.csv'), 'utf8').split('\n')[0]!.split(',');
    expect(header.slice(-6)).toEqual(GAP);
    const rows = table(exact);
    expect(rows.map((r) => r['policy_a'])).toEqual(['tactical', 'all-in', 'best-response', 'optimal']);
    for (const r of rows) for (const c of GAP) expect(r[c], c).not.toBe('');
    expect(Number(rows[0]!['a_win_named'])).toBeCloseTo(Number(rows[0]!['a_win_rate']), 12);
    expect(Number(rows[2]!['a_win_rate'])).toBeCloseTo(Number(rows[2]!['a_win_best_response']), 12);
    // Row 2's named play is the solved side's fallback (reserve-1) against b's default (tactical): no other row plays that.
    expect(Number(rows[3]!['a_win_rate'])).toBeCloseTo(Number(rows[3]!['a_win_optimal']), 12);
    expect(Number(rows[3]!['b_win_rate'])).toBeCloseTo(Number(rows[3]!['b_win_optimal']), 12);
    const n = 6000;
    const r = await balanceIn(['run', file, '--out', sim, '--trials', String(n), '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    const srows = table(sim);
    expect(Object.keys(srows[0]!)).not.toContain('a_win_named');
    rows.forEach((row, i) => {
      expectRateNear(Number(srows[i]!['a_win_rate']), Number(row['a_win_rate']), n, `row ${i} a`);
      expectRateNear(Number(srows[i]!['b_win_rate']), Number(row['b_win_rate']), n, `row ${i} b`);
    });
    expect(readFileSync(join(exact, 'report.md'), 'utf8')).toMatch(/## Policy gap: named, best-response and optimal play \(base\)/);
    const html = readFileSync(join(exact, 'report.html'), 'utf8');
    expect(html.match(/<section class="chart" id="policy-gap">[\s\S]*?<\/section>/)?.[0].match(/<svg/g)).toHaveLength(4);
  });

  it('explain-policy prints the solved exchange side\'s decisions, most frequent first', async () => {
    const r = await balanceIn(['explain-policy', studyFile(STUDY), '--matchup', '2', '--top', '5']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('# exchange duel: variant=base a=sword (best-response) b=greataxe (tactical)');
    expect(lines[1]).toMatch(/^# side a plays its best response to b's named policy \(tactical\); value P\(a wins\) \+ 1\/2 P\(draw\) = 0\.\d{4}$/);
    const body = lines.filter((l) => !l.startsWith('#'));
    // Against tactical the best response reaches few decision states (it waits, then answers).
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThanOrEqual(5);
    for (const l of body) {
      expect(l).toMatch(/^rounds? [\d, -]+; VIT \d, \d Ready AD.*; opponent VIT \d.*; ((your|their) turn( \((1st|2nd) in the round\))?, \d attacks? made|end of your turn)/);
      expect(l).toMatch(/: (no attack this turn|stop attacking|attack( again)?, Boost \d|No Response|Full Guard, Boost \d|Clash, Boost \d|the Wounds? takes? Ready (MD|AD) first|stand up \(\d AD\)|stay Prone) \(p=\d\.\d{3}\)$/);
    }
    const ps = body.map((l) => Number(/p=([\d.]+)/.exec(l)![1]));
    expect([...ps].sort((x, y) => y - x)).toEqual(ps);
  });

  it('a solved policy at duel.distance above 1, or in an exchange fight, is one input line (exit 2)', async () => {
    const far = await balanceIn(['validate', studyFile(STUDY.replace('duel: { maxRounds: 3 }', 'duel: { maxRounds: 3, distance: 3 }'))]);
    expect(far.code).toBe(2);
    const lines = far.stderr.trim().split('\n');
    expect(lines).toHaveLength(3); // best-response in matchup 2, optimal twice in matchup 3
    expect(lines[0]).toMatch(/:\d+:\d+ matchups\[2\]\.policyA: best-response is a solved policy, which exchange duels play only at duel\.distance 1 \(this study: 3\); use a named policy$/);
    const fight = readFileSync(join(ROOT, 'configs/exchange-fight-heroes-vs-monsters.yaml'), 'utf8');
    const bad = fight.replace(/policy: [\w-]+/, 'policy: optimal');
    expect(bad).not.toBe(fight);
    const f = await balanceIn(['validate', studyFile(bad)]);
    expect(f.code).toBe(2);
    expect(f.stderr.trim().split('\n')).toHaveLength(1);
    expect(f.stderr).toMatch(/policy: optimal is a solved policy, which only duels play \(exchange: mode duel at duel\.distance 1\)/);
    const typo = await balanceIn(['validate', studyFile(STUDY.replace('policyA: all-in', 'policyA: best'))]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/matchups\[1\]\.policyA: expected a policy: tactical \(by value, the default\), all-in, guard-first or reserve-N .* best-response or optimal \(solved, duel.distance 1\); or search \(duel.distance 1\)/);
  });
});
