/** What the output files and reports tell apart, d20 death rates, compare: loadouts, p-values in reports. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStudy } from '../../src/config/study-file.js';
import { planStudy } from '../../src/plan/plan.js';
import { parseCsv } from '../../src/report/data.js';
import { EXAMPLE, ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const DUEL = readFileSync(join(ROOT, 'test/fixtures/keen-stout-duel.yaml'), 'utf8')
  .replace('matchups:\n', 'matchups:\n  - { a: keen-sword, b: stout-axe-medium, policyA: kite, policyB: aggressive }\n');

const read = (dir: string, f: string) => parseCsv(readFileSync(join(dir, f), 'utf8'));

describe('matchups that differ only by policy stay apart', () => {
  it('in distribution.csv (each distribution sums to 1), compare.csv and report.md', async () => {
    const out = tempDir();
    expect((await balanceIn(['run', studyFile(DUEL), '--out', out, '--trials', '500', '--workers', '0'])).code).toBe(0);
    const sums = new Map<string, number>();
    for (const r of read(out, 'distribution.csv')) {
      expect(Number(r['probability'])).toBeLessThanOrEqual(1);
      const k = JSON.stringify([r['variant'], r['side_a'], r['side_b'], r['policy_a'], r['policy_b'], r['metric']]);
      sums.set(k, (sums.get(k) ?? 0) + Number(r['probability']));
    }
    for (const s of sums.values()) expect(s).toBeCloseTo(1, 9);
    const pair = read(out, 'compare.csv').filter((r) => r['matchup_a'] === 'keen-sword' && r['matchup_b'] === 'stout-axe-medium');
    expect(pair.map((r) => r['policy_a']).sort()).toEqual(['aggressive', 'kite']);
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toMatch(/\| keen-sword \(kite\) \| stout-axe-medium \|/);
    expect(md).toMatch(/\| keen-sword \(aggressive\) \| stout-axe-medium \|/);
  });
});

describe('d20 fights: hero death rates', () => {
  it('with Wilson intervals in summary.csv, one compare.csv test per hero, named console columns and a report section', async () => {
    const out = tempDir();
    const r = await balanceIn(['run', join(ROOT, 'configs/d20-party-vs-monsters.yaml'), '--out', out, '--trials', '1000', '--workers', '0']);
    expect(r.code).toBe(0);
    const heroes = ['fighter-longsword', 'rogue-rapier', 'cleric-mace', 'ranger-longbow'];
    expect(r.stdout.split('\n')[0]).toMatch(new RegExp(heroes.map((h) => `death ${h}`).join('\\s+')));
    for (const row of read(out, 'summary.csv')) {
      for (const h of heroes) {
        const [p, lo, hi] = ['', '_ci95_low', '_ci95_high'].map((s) => Number(row[`death_rate_${h}${s}`]));
        expect(lo).toBeLessThanOrEqual(p!);
        expect(hi).toBeGreaterThanOrEqual(p!);
        expect(hi! - lo!).toBeGreaterThan(0);
      }
    }
    const compare = read(out, 'compare.csv');
    for (const v of new Set(compare.map((c) => c['variant']))) {
      expect(compare.filter((c) => c['variant'] === v).map((c) => c['metric'])).toEqual(['a_win_rate', ...heroes.map((h) => `death_rate_${h}`)]);
    }
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toMatch(/<section class="chart" id="deaths">/);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(/## Hero death rates/);
  });
});

describe('compare: loadouts', () => {
  const STUDY = `system: skirmish
mode: attack
seed: 3
fighters:
  keen:  { cc: 3, rc: 3, might: 3, skill: 4, defense: 4, wounds: 3 }
  stout: { cc: 3, rc: 3, might: 4, skill: 3, defense: 4, wounds: 3 }
weapons:
  sword: { type: melee, class: sword, might: "+1", skill: "+1" }
  axe:   { type: melee, class: axe, might: "+2" }
  spear: { type: melee, class: spear, might: "+1", skill: "+1" }
loadouts:
  keen-sword: { fighter: keen, weapon: sword }
  keen-axe:   { fighter: keen, weapon: axe }
  keen-spear: { fighter: keen, weapon: spear }
  stout-none: { fighter: stout }
  stout-heavy: { fighter: stout, armor: heavy }
matchups:
  - { attackers: [keen-sword, keen-axe, keen-spear], defenders: [stout-none, stout-heavy] }
compare: loadouts
baseline: keen-axe
`;

  it('compares every attacker with the baseline against each defender, on the same dice', async () => {
    const file = studyFile(STUDY);
    const tasks = planStudy(loadStudy(file), 1000);
    const key = (a: string, b: string) => tasks.find((t) => t.labels['attacker'] === a && t.labels['defender'] === b)!.streamKey;
    expect(key('keen-sword', 'stout-none')).toBe(key('keen-axe', 'stout-none'));
    expect(key('keen-sword', 'stout-none')).not.toBe(key('keen-sword', 'stout-heavy'));
    const plain = planStudy(loadStudy(studyFile(STUDY.replace('compare: loadouts\nbaseline: keen-axe\n', ''))), 1000);
    expect(plain[0]!.streamKey).not.toBe(plain[3]!.streamKey);
    const out = tempDir();
    expect((await balanceIn(['run', file, '--out', out, '--trials', '20000', '--workers', '0'])).code).toBe(0);
    const rows = read(out, 'compare.csv');
    expect(rows.map((r) => [r['compared'], r['baseline'], r['matchup_a'], r['matchup_b']])).toEqual([
      ['loadouts', 'keen-axe', 'keen-sword', 'stout-none'], ['loadouts', 'keen-axe', 'keen-sword', 'stout-heavy'],
      ['loadouts', 'keen-axe', 'keen-spear', 'stout-none'], ['loadouts', 'keen-axe', 'keen-spear', 'stout-heavy'],
    ]);
    // sword and spear have the same profile here: on common dice their deltas are identical
    expect(rows[0]!['delta']).toBe(rows[2]!['delta']);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toMatch(/<section class="chart" id="loadout-deltas">/);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(/## Loadout deltas against keen-axe/);
  });

  it('a bad compare value or an unknown baseline is an input error at its line', async () => {
    const bad = await balanceIn(['validate', studyFile(STUDY.replace('compare: loadouts', 'compare: loadout'))]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/:\d+:\d+ compare: expected variants, loadouts or loadouts-b, received "loadout"/);
    const unknown = await balanceIn(['validate', studyFile(STUDY.replace('baseline: keen-axe', 'baseline: keen-ax'))]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/:\d+:\d+ baseline: "keen-ax" is not a side-a loadout of any matchup \(did you mean "keen-axe"\?\)/);
  });
});

describe('p-values in reports', () => {
  it('print <1e-16 below 1e-16 while compare.csv keeps the full number', async () => {
    const out = tempDir();
    expect((await balanceIn(['run', studyFile(EXAMPLE), '--out', out, '--trials', '400000', '--workers', '0'])).code).toBe(0);
    const ps = read(out, 'compare.csv').map((r) => Number(r['p_value']));
    expect(Math.min(...ps)).toBeLessThan(1e-16);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(/\| <1e-16 \|/);
  });
});
