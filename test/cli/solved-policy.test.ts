/**
 * Solved policies from a study (configs/skirmish-policy-gap.yaml): `exact` appends the policy-gap
 * columns and a solved side's row equals its gap entry; `run` plays the solved table (4 SE of
 * exact); bad input is one line, exit 2 (solved policy outside skirmish duels, a solve over the
 * exact limits).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';
import { expectRateNear } from '../helpers/se.js';

const CONFIG = join(ROOT, 'configs/skirmish-policy-gap.yaml');
const GAP = ['a_win_named', 'a_win_best_response', 'a_win_optimal', 'b_win_named', 'b_win_best_response', 'b_win_optimal'];

function table(dir: string): Record<string, string>[] {
  const [h, ...rows] = readFileSync(join(dir, 'summary.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));
  return rows.map((r) => Object.fromEntries(h!.map((k, i) => [k, r[i]!])));
}

describe('solved policies in studies', () => {
  it('exact: the gap columns come last; a best-response or optimal row equals its gap entry; run agrees within 4 SE', async () => {
    const [exact, sim] = [tempDir(), tempDir()];
    const e = await balanceIn(['exact', CONFIG, '--out', exact]);
    expect(e.code, e.stderr).toBe(0);
    const header = readFileSync(join(exact, 'summary.csv'), 'utf8').split('\n')[0]!.split(',');
    expect(header.slice(-6)).toEqual(GAP);
    expect(header.slice(0, 3)).toEqual(['variant', 'side_a', 'side_b']);
    const rows = table(exact);
    expect(rows.map((r) => r['policy_a'])).toEqual(['aggressive', 'shooter', 'best-response', 'optimal']);
    for (const r of rows) for (const c of GAP) expect(Number(r[c]), c).toBeGreaterThan(0);
    // The named row is the gap's named entry; the best-response row is its best-response entry.
    expect(Number(rows[1]!['a_win_named'])).toBeCloseTo(Number(rows[1]!['a_win_rate']), 12);
    expect(Number(rows[2]!['a_win_rate'])).toBeCloseTo(Number(rows[2]!['a_win_best_response']), 12);
    expect(Number(rows[3]!['a_win_rate'])).toBeCloseTo(Number(rows[3]!['a_win_optimal']), 12);
    expect(Number(rows[3]!['b_win_rate'])).toBeCloseTo(Number(rows[3]!['b_win_optimal']), 12);
    // The archer's best reply to the axe is worth more than its named shooter policy.
    expect(Number(rows[1]!['a_win_best_response'])).toBeGreaterThan(Number(rows[1]!['a_win_named']));
    const n = 6000;
    const r = await balanceIn(['run', CONFIG, '--out', sim, '--trials', String(n), '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    const srows = table(sim);
    expect(Object.keys(srows[0]!)).not.toContain('a_win_named');
    rows.forEach((row, i) => {
      expectRateNear(Number(srows[i]!['a_win_rate']), Number(row['a_win_rate']), n, `row ${i} a`);
      expectRateNear(Number(srows[i]!['b_win_rate']), Number(row['b_win_rate']), n, `row ${i} b`);
    });    const md = readFileSync(join(exact, 'report.md'), 'utf8');
    expect(md).toMatch(/## Policy gap: named, best-response and optimal play \(base\)\n\n.*opponent's bad play stands out/);
    expect(md).toMatch(/\| archer \(shooter\) vs stout-axe \| 0\.532 \| 0\.709 \|/);
    const html = readFileSync(join(exact, 'report.html'), 'utf8');
    expect(html.match(/<section class="chart" id="policy-gap">[\s\S]*?<\/section>/)?.[0].match(/<svg/g)).toHaveLength(4);
    // A run has no gap columns, and its report no gap section.
    expect(readFileSync(join(sim, 'report.md'), 'utf8')).not.toMatch(/Policy gap:/);
    expect(readFileSync(join(sim, 'report.html'), 'utf8')).not.toMatch(/id="policy-gap"/);

  });

  it('a loadout may name its policy; the matchup\'s policyA wins over it', async () => {
    const text = readFileSync(CONFIG, 'utf8')
      .replace('archer:     { fighter: keen, weapons: [shortbow, dagger], armor: light }', 'archer:     { fighter: keen, weapons: [shortbow, dagger], armor: light, policy: best-response }')
      .replace(/matchups:[\s\S]*$/, 'matchups:\n  - { a: archer, b: stout-axe }\n  - { a: archer, b: stout-axe, policyA: kite }\n');
    const out = tempDir();
    const r = await balanceIn(['exact', studyFile(text), '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(table(out).map((row) => row['policy_a'])).toEqual(['best-response', 'kite']);
  });

  it('best-response in a battle retinue is one input line naming the field (exit 2)', async () => {
    const text = readFileSync(join(ROOT, 'configs/skirmish-battle.yaml'), 'utf8').replace('policy: shooter', 'policy: best-response');
    const r = await balanceIn(['validate', studyFile(text)]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/:\d+:\d+ retinues\.[\w-]+\[\d+\]\.policy: best-response is a solved policy, which only skirmish duels \(mode: duel\) play/);
  });

  it('a solved policy over the exact limits stops run before it starts: one line, exit 2, no files', async () => {
    const big = readFileSync(CONFIG, 'utf8').replace(/wounds: 2/g, 'wounds: 20').replace('maxRounds: 4', 'maxRounds: 1000');
    const out = join(tempDir(), 'out');
    const r = await balanceIn(['run', studyFile(big), '--out', out, '--trials', '100']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/solving policy best-response\/optimal needs? more than \d+ (states|dice paths) \(limit MAX_EXACT_(STATES|PATHS)\): use a named policy|deeper recursion/);
    expect(existsSync(join(out, 'summary.csv'))).toBe(false);
  });

  it('explain-policy prints the solved side\'s decision list, most frequent first', async () => {
    const r = await balanceIn(['explain-policy', CONFIG, '--matchup', '2', '--top', '4']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('# skirmish duel: variant=base a=archer (best-response) b=stout-axe (aggressive)');
    expect(lines[1]).toMatch(/^# side a plays its best response to b's named policy \(aggressive\); value P\(a wins\) \+ 1\/2 P\(draw\) = 0\.8039$/);
    const body = lines.filter((l) => !l.startsWith('#'));
    expect(body).toHaveLength(4);
    for (const l of body) expect(l).toMatch(/^rounds? [\d, -]+; .* apart; a archer \w+ \dW.*, b stout-axe .*; \d actions? left: [A-Z][\w ]+( [\d.]+"( \([^)]*\))?)? \(p=\d\.\d{3}\)$/);
    const ps = body.map((l) => Number(/p=([\d.]+)/.exec(l)![1]));
    expect([...ps].sort((x, y) => y - x)).toEqual(ps);
  });

  it('explain-policy: bad input is one line, exit 2', async () => {
    for (const [args, msg] of [
      [['--matchup', '9'], /--matchup: expected an index from 0 to 3/],
      [['--top', '0'], /--top: expected an integer from 1 to 1000, received 0/],
      [['--variant', 'nope'], /--variant: unknown variant "nope"/],
    ] as const) {
      const r = await balanceIn(['explain-policy', CONFIG, ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(msg);
    }
    const attack = await balanceIn(['explain-policy', join(ROOT, 'configs/skirmish-attack-example.yaml')]);
    expect(attack.code).toBe(2);
    expect(attack.stderr.trim()).toMatch(/skirmish attack has no solved policies: balance explain-policy works for skirmish and exchange duel studies$/);
  });
});
