/** `balance meta` end to end: the triangle's equal shares, the loser's share 0, determinism, bad input. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Z95 } from '../../src/stats/histogram.js';
import { ROOT, studyFile, tempDir, type CliResult } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';
import { SE_MULTIPLE } from '../helpers/se.js';

const TRIANGLE = readFileSync(join(ROOT, 'test/fixtures/meta-triangle.yaml'), 'utf8');

function csv(dir: string, name: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(join(dir, name), 'utf8').trim().split('\n');
  const cols = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i]!, v])));
}

describe('balance meta (skirmish duels)', () => {
  const study = studyFile(TRIANGLE);
  const [one, two] = [tempDir(), tempDir()];
  let first: CliResult;
  beforeAll(async () => {
    first = await balanceIn(['meta', study, '--out', one, '--workers', '0']);
  });

  it('writes meta.csv with the pinned columns and matrix.csv with every ordered pair', async () => {
    expect(first.code, first.stderr).toBe(0);
    expect(readFileSync(join(one, 'meta.csv'), 'utf8').split('\n')[0]).toBe(
      'variant,loadout,equilibrium_share,share_ci95_low,share_ci95_high,p_in_support,vs_field_win_rate,vs_field_ci95_low,vs_field_ci95_high,best_counter,dominated_by',
    );
    const matrix = csv(one, 'matrix.csv');
    expect(matrix).toHaveLength(4 * 3);
    for (const r of matrix) {
      const back = matrix.find((x) => x['loadout'] === r['opponent'] && x['opponent'] === r['loadout'])!;
      expect(Number(back['payoff'])).toBe(-Number(r['payoff']));
      expect(Number(r['trials'])).toBe(3000);
      expect(Number(r['wins']) + Number(r['losses']) + Number(r['draws'])).toBe(3000);
    }
    expect(first.stdout).toMatch(/wrote .*meta\.csv/);
  });

  it('gives the triangle a third each (within 4 SE) and the loadout that loses to all share 0, dominated', async () => {
    const meta = csv(one, 'meta.csv');
    for (const name of ['sword', 'axe', 'spear']) {
      const r = meta.find((x) => x['loadout'] === name)!;
      const share = Number(r['equilibrium_share']);
      const se = (Number(r['share_ci95_high']) - Number(r['share_ci95_low'])) / (2 * Z95);
      expect(Math.abs(share - 1 / 3), `${name} ${share} se ${se}`).toBeLessThanOrEqual(SE_MULTIPLE * se);
      expect(Number(r['p_in_support'])).toBe(1);
      expect(r['dominated_by']).toBe('');
    }
    const peasant = meta.find((x) => x['loadout'] === 'peasant')!;
    expect(Number(peasant['equilibrium_share'])).toBe(0);
    expect(Number(peasant['p_in_support'])).toBe(0);
    expect(['sword', 'axe', 'spear']).toContain(peasant['dominated_by']);
    // Counters go around the triangle.
    expect(meta.find((x) => x['loadout'] === 'sword')!['best_counter']).toBe('spear');
    expect(meta.find((x) => x['loadout'] === 'axe')!['best_counter']).toBe('sword');
  });

  it('reports the matrix, the cycle and a sentence per loadout', async () => {
    const md = readFileSync(join(one, 'report.md'), 'utf8');
    expect(md).toContain('- sword > axe > spear > sword');
    expect(md).toMatch(/- peasant: never in the equilibrium; (sword|axe|spear) does better against every loadout/);
    expect(md).toContain('### Payoff matrix (row against column, ordered by share)');
    const html = readFileSync(join(one, 'report.html'), 'utf8');
    expect(html).toContain('sword &gt; axe &gt; spear &gt; sword');
  });

  it('is byte-identical for another number of workers', async () => {
    expect((await balanceIn(['meta', study, '--out', two, '--workers', '2'])).code).toBe(0);
    for (const f of ['meta.csv', 'matrix.csv']) expect(readFileSync(join(two, f), 'utf8')).toBe(readFileSync(join(one, f), 'utf8'));
  });

  it('with --precision cut short by --max-trials, says so on stderr, in run.json and in both reports, never claiming the target', async () => {
    const out = tempDir();
    const r = await balanceIn(['meta', study, '--out', out, '--workers', '0', '--trials', '100', '--precision', '0.001', '--max-trials', '200']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('balance: 12 of 12 matchup(s) stopped at --max-trials 200 before their 95% half-width reached 0.001');
    const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as Record<string, unknown>;
    expect([run['precision_reached'], run['precision_missed']]).toEqual([0, 12]);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain('| precision | 95% half-width <= 0.001 NOT reached by 12 of 12 matchups (stopped at 200 trials), 200-200 trials per matchup |');
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('95% half-width &lt;= 0.001 NOT reached by 12 of 12 matchups');
    // A target within reach is claimed, and stderr stays quiet.
    const easy = await balanceIn(['meta', study, '--out', out, '--workers', '0', '--trials', '100', '--precision', '0.2', '--max-trials', '200']);
    expect([easy.code, easy.stderr]).toEqual([0, '']);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(/\| precision \| 95% half-width <= 0\.2, \d+-\d+ trials per matchup \|/);
  });

  it('names an unknown roster loadout at its place in the file (exit 2)', async () => {
    const r = await balanceIn(['meta', studyFile(TRIANGLE.replace('roster: [sword, axe,', 'roster: [sword, ax,'))]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/study\.yaml:\d+:\d+ meta\.roster\[1\]: unknown loadout "ax" \(did you mean "axe"\?\)/);
  });

  it('refuses a study without a meta block or of a mode it cannot play (exit 2)', async () => {
    const none = await balanceIn(['meta', studyFile(TRIANGLE.replace(/\nmeta:[\s\S]*$/, '\nmatchups: [{ a: sword, b: axe }]\n'))]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no meta: block/);
    const policy = await balanceIn(['meta', studyFile(TRIANGLE.replace('policy: aggressive', 'policy: agressive'))]);
    expect(policy.code).toBe(2);
    expect(policy.stderr).toMatch(/meta\.roster: sword vs axe: matchups\[0\]\.policyA: expected one of .*did you mean "aggressive"/);
    expect(policy.stderr.split('\n').filter((l) => l !== '')).toHaveLength(2);
    const attack = readFileSync(join(ROOT, 'test/fixtures/solve-attack.yaml'), 'utf8').replace(/\nsolve:[\s\S]*$/, '\nmeta:\n  roster: [keen-sword, stout-axe-medium]\n');
    const mode = await balanceIn(['meta', studyFile(attack)]);
    expect(mode.code).toBe(2);
    expect(mode.stderr).toMatch(/study\.yaml:\d+:\d+ meta: balance meta plays skirmish\.duel, exchange\.duel, d20\.fight studies, not skirmish attack/);
  });
});

describe('balance validate (meta: and solve: blocks)', () => {
  it('checks the blocks as balance meta and balance solve would', async () => {
    const ok = await balanceIn(['validate', join(ROOT, 'configs/skirmish-balance-roster.yaml')]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/meta: ok \(4 entries, 12 ordered pair x variant tasks\)/);
    expect(ok.stdout).toMatch(/solve: ok \(6 candidate values of loadouts\.\*\.fighter\.wounds\)/);
    const config = readFileSync(join(ROOT, 'configs/skirmish-meta.yaml'), 'utf8');
    const bad = await balanceIn(['validate', studyFile(config.replace('roster: [sword, axe-medium,', 'roster: [sword, ax,'))]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/meta\.roster\[1\]: unknown loadout "ax"/);
  });
});

const PARTIES = `system: d20
mode: fight
seed: 4
trials: 1500
creatures:
  fighter: { hp: 14, ac: 16, str: 3, dex: 1, con: 2, pb: 2, hitDie: d10 }
  rogue:   { hp: 10, ac: 14, str: 0, dex: 3, con: 1, pb: 2, hitDie: d8 }
weapons:
  longsword: { kind: melee, damage: 1d8 }
  rapier:    { kind: melee, damage: 1d8, finesse: true }
loadouts:
  fighter: { creature: fighter, weapon: longsword }
  rogue:   { creature: rogue, weapon: rapier }
meta:
  roster:
    duo: [fighter, rogue]
    twins: [fighter, rogue]
    rogues: [rogue, rogue]
  resamples: 20
`;

describe('balance meta (d20 fights, parties as the roster)', () => {
  it('plays both orders, so two identical parties score exactly even', async () => {
    const dir = tempDir();
    const r = await balanceIn(['meta', studyFile(PARTIES), '--out', dir, '--workers', '0']);
    expect(r.code, r.stderr).toBe(0);
    const matrix = csv(dir, 'matrix.csv');
    const twins = matrix.find((x) => x['loadout'] === 'duo' && x['opponent'] === 'twins')!;
    const n = Number(twins['trials']);
    expect(n).toBe(3000);
    // d20 fights key their streams by the fighters, so both orders see the same dice: duo wins as
    // heroes exactly as often as twins do, and only combining both orders gives exactly 0.
    expect(Math.abs(Number(twins['payoff']))).toBeLessThan(1e-12);
    expect(Number(twins['wins'])).toBe(Number(twins['losses']));
    expect(csv(dir, 'meta.csv')).toHaveLength(3);
  });
});
