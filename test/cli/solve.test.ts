/** `balance solve` end to end: the bracket against a brute-force scan, Monte Carlo, determinism, roster balancing, bad input. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateCandidate } from '../../src/analysis/run-solve.js';
import { loadSolveStudy } from '../../src/analysis/solve-study.js';
import { scanBracket } from '../../src/analysis/solve.js';
import { ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const ATTACK = readFileSync(join(ROOT, 'test/fixtures/solve-attack.yaml'), 'utf8');
const ROSTER = readFileSync(join(ROOT, 'test/fixtures/solve-roster.yaml'), 'utf8');

function csv(dir: string, name: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(join(dir, name), 'utf8').trim().split('\n');
  const cols = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i]!, v])));
}

/** Every candidate of the fixture, exactly: the brute-force scan. */
async function exactScan(file: string) {
  const s = loadSolveStudy(file);
  const points = [];
  for (let i = 0; i < s.candidates.length; i++) points.push(await evaluateCandidate(s, i, 1, { engine: 'exact', workers: 0 }));
  return { points, bracket: scanBracket(points, s.study.block.target.value)!.map((i) => String(s.candidates[i])) };
}

describe('balance solve (attack study)', () => {
  const file = join(ROOT, 'test/fixtures/solve-attack.yaml');

  it('exact: the bracket equals a brute-force scan of the same values', async () => {
    const dir = tempDir();
    const r = await balanceIn(['solve', file, '--out', dir, '--workers', '0']);
    expect(r.code, r.stderr).toBe(0);
    const scan = await exactScan(file);
    const rows = csv(dir, 'solve.csv');
    const bracket = ['bracket_low', 'bracket_high'].map((role) => rows.find((x) => x['role'] === role)!);
    expect(bracket.map((b) => b['value'])).toEqual(scan.bracket);
    for (const b of bracket) {
      expect(b['exact']).toBe('true');
      expect(b['trials']).toBe('');
      const p = scan.points.find((x) => String(x.value) === b['value'])!;
      expect(Number(b['estimate'])).toBeCloseTo(p.estimate, 12);
    }
    expect(rows.length).toBeLessThan(7); // bisection, not a scan
    expect(r.stdout).toMatch(/crosses 1 between \+1 \(0\.9586, exact\) and \+2/);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<svg');
  });

  it('Monte Carlo: the bracket holds the scan\'s crossing, byte-identical for any number of workers', async () => {
    const [one, two] = [tempDir(), tempDir()];
    const r = await balanceIn(['solve', file, '--out', one, '--workers', '0', '--engine', 'dice', '--trials', '4000']);
    expect(r.code, r.stderr).toBe(0);
    expect((await balanceIn(['solve', file, '--out', two, '--workers', '2', '--engine', 'dice', '--trials', '4000'])).code).toBe(0);
    expect(readFileSync(join(two, 'solve.csv'), 'utf8')).toBe(readFileSync(join(one, 'solve.csv'), 'utf8'));
    const rows = csv(one, 'solve.csv');
    const [lo, hi] = ['bracket_low', 'bracket_high'].map((role) => rows.find((x) => x['role'] === role)!);
    expect([lo!['value'], hi!['value']]).toEqual((await exactScan(file)).bracket);
    // Each end is on its side of the target with 95% confidence, after adding trials where needed.
    expect(Number(lo!['ci95_high'])).toBeLessThan(1);
    expect(Number(hi!['ci95_low'])).toBeGreaterThan(1);
    expect(lo!['exact']).toBe('false');
    expect(Number(lo!['trials'])).toBeGreaterThanOrEqual(4000);
  });

  it('names a bad path or metric at its place in the file (exit 2)', async () => {
    const path = await balanceIn(['solve', studyFile(ATTACK.replace('weapons.battle-axe.might', 'weapons.battle-ax.might'))]);
    expect(path.code).toBe(2);
    expect(path.stderr).toMatch(/study\.yaml:\d+:\d+ solve\.vary\.path: cannot vary "weapons\.battle-ax\.might".*did you mean "battle-axe"/);
    const metric = await balanceIn(['solve', studyFile(ATTACK.replace('metric: mean_wounds', 'metric: a_win_rate')), '--workers', '0']);
    expect(metric.code).toBe(2);
    expect(metric.stderr).toMatch(/solve\.target\.metric: skirmish attack studies solve for mean_wounds, received "a_win_rate"/);
    const both = await balanceIn(['solve', studyFile(ATTACK.replace('values: [', 'from: 0, to: 3, values: ['))]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/solve\.vary: give either values or from\/to, not both/);
  });

  it('validate refuses, with the same line, every target and path solve would refuse before playing anything', async () => {
    const cases: [string, string, RegExp][] = [
      [ATTACK, ATTACK.replace('matchup: 0,', 'matchup: 99,'), /solve\.target\.matchup: the study plays 1 matchup\(s\) per variant: expected 0 to 0$/],
      [ATTACK, ATTACK.replace('metric: mean_wounds', 'metric: bogus'), /solve\.target\.metric: skirmish attack studies solve for mean_wounds, received "bogus"$/],
      [ATTACK, ATTACK.replace('metric: mean_wounds,', 'metric: mean_wounds, variant: constructor,'), /solve\.target\.variant: unknown variant "constructor"$/],
      [ATTACK, ATTACK.replace(/values: \[[^\]]*\]/, 'from: 0, to: 10000'), /solve\.vary: at most 10000 candidates$/],
      [ROSTER, ROSTER.replace('loadouts.*.fighter.wounds', 'loadouts.*.constructor.wounds'), /solve\.vary\.path: cannot follow loadouts\.\*\.constructor\.wounds for loadout \w+$/],
      [ROSTER, ROSTER.replace('from: 1, to: 5', 'from: 5, to: 9'), /solve\.vary\.path: \w+'s current wounds \(\d\) is not among the candidate values$/],
    ];
    for (const [good, bad, message] of cases) {
      expect(bad, String(message)).not.toBe(good);
      const file = studyFile(bad);
      const validated = await balanceIn(['validate', file]);
      const solved = await balanceIn(['solve', file, '--workers', '0', '--trials', '200', '--out', tempDir()]);
      expect([validated.code, solved.code], String(message)).toEqual([2, 2]);
      expect(validated.stderr.trim().split('\n'), String(message)).toHaveLength(1);
      expect(validated.stderr.trim(), String(message)).toMatch(message);
      expect(validated.stderr, String(message)).toBe(solved.stderr);
      expect(validated.stdout, String(message)).toBe('');
    }
  });
});

describe('balance solve (duel study, Monte Carlo against the exact values)', () => {
  it('decides each side of the target and each within-tolerance verdict by the interval, as the exact values do', async () => {
    const file = join(ROOT, 'test/fixtures/solve-duel.yaml');
    const s = loadSolveStudy(file);
    const { value: target, tolerance } = s.study.block.target;
    const dir = tempDir();
    const r = await balanceIn(['solve', file, '--out', dir, '--workers', '0', '--engine', 'dice']);
    expect(r.code, r.stderr).toBe(0);
    const rows = csv(dir, 'solve.csv');
    const maxTrials = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')).max_trials as number;
    const within: string[] = [];
    for (const row of rows) {
      const i = s.candidates.indexOf(row['value']!);
      const exact = (await evaluateCandidate(s, i, 1, { engine: 'exact', workers: 0 })).estimate;
      const [est, low, high, n] = ['estimate', 'ci95_low', 'ci95_high', 'trials'].map((k) => Number(row[k]));
      // The simulation agrees with the exact value within 4 standard errors.
      expect(Math.abs(est! - exact)).toBeLessThan(4 * Math.sqrt((exact * (1 - exact)) / n!));
      // Trials were added until the interval is clear of the target and of both edges of the band,
      // or the ceiling was reached (and then the run says so).
      const open = [target - tolerance, target, target + tolerance].filter((x) => low! <= x && x <= high!);
      if (open.length > 0) {
        expect(n).toBe(maxTrials);
        expect(r.stderr).toContain(`interval of ${row['value']}`);
        continue;
      }
      // A decided verdict is the exact one.
      expect([row['value'], low! > target - tolerance && high! < target + tolerance]).toEqual([row['value'], Math.abs(exact - target) <= tolerance]);
      expect([row['value'], est! >= target]).toEqual([row['value'], exact >= target]);
      if (Math.abs(exact - target) <= tolerance) within.push(row['value']!);
    }
    // +5 is 0.5212 exactly: within 0.03 of 0.5, which a first estimate at 10000 trials cannot tell.
    expect(within).toContain('+5');
    expect(r.stdout).toMatch(/^Set weapons\.axe\.might to \+[45] .*: within 0\.03 of 0\.5 \(\+[45] .* is within it too\)\./m);
  });
});

describe('balance solve (a mode with an exact engine, a study without one)', () => {
  it('simulates every candidate of an exchange duel farther apart than distance 1, and says so', async () => {
    const study = `system: exchange
mode: duel
seed: 3
trials: 400
characters:
  duelist: { vitality: 6, strength: 2, agility: 3, resilience: 2, melee: 2, ranged: 1, acrobatics: 1 }
weapons:
  arming-sword: { kind: melee, baseAttackCost: 1, damage: 2, vitalCap: 3 }
  spear: { kind: melee, baseAttackCost: 1, damage: 2, vitalCap: 2, reach: 2 }
loadouts:
  sword: { character: duelist, weapon: arming-sword }
  spear: { character: duelist, weapon: spear }
duel: { maxRounds: 30, distance: 3 }
matchups:
  - { a: spear, b: sword }
solve:
  target: { metric: a_win_rate, matchup: 0, value: 0.5, tolerance: 0.05 }
  vary: { path: weapons.spear.damage, values: [1, 2, 3] }
  maxTrials: 400
`;
    const dir = tempDir();
    const r = await balanceIn(['solve', studyFile(study), '--out', dir, '--workers', '0']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('balance: no exact answer for this study (exact exchange duels need duel.distance 1');
    const rows = csv(dir, 'solve.csv');
    expect(rows.every((row) => row['exact'] === 'false' && row['trials'] === '400')).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')).engine).toBe('dice');
  });
});

describe('balance solve (vs_field of one loadout)', () => {
  it('brackets the Wounds at which the spearman\'s vs-field score crosses 0.45', async () => {
    const dir = tempDir();
    const study = ROSTER.replace(/target: .*\n.*\n/, 'target: { metric: vs_field, loadout: spear, value: 0.45, tolerance: 0.01 }\n  vary: { path: fighters.thin.wounds, from: 1, to: 5 }\n');
    const r = await balanceIn(['solve', studyFile(study), '--out', dir, '--workers', '0']);
    expect(r.code, r.stderr).toBe(0);
    const rows = csv(dir, 'solve.csv');
    const [lo, hi] = ['bracket_low', 'bracket_high'].map((role) => rows.find((x) => x['role'] === role)!);
    // Two Wounds leave the spearman well below even; three make the triangle symmetric (1/2).
    expect([lo!['value'], hi!['value']]).toEqual(['2', '3']);
    expect(Number(lo!['ci95_high'])).toBeLessThan(0.45);
    expect(Number(hi!['ci95_low'])).toBeGreaterThan(0.45);
    expect(Number(lo!['trials'])).toBe(2 * 800 * 2);
  });
});

describe('balance solve (roster form)', () => {
  it('gives the spearman back the Wound that breaks the triangle, and says every score is even', async () => {
    const dir = tempDir();
    const r = await balanceIn(['solve', studyFile(ROSTER), '--out', dir, '--workers', '0']);
    expect(r.code, r.stderr).toBe(0);
    const final = csv(dir, 'solve.csv').filter((x) => x['role'] === 'final');
    expect(final.map((x) => [x['loadout'], x['value']])).toEqual([['sword', '3'], ['axe', '3'], ['spear', '3']]);
    for (const x of final) expect(Math.abs(Number(x['estimate']) - 0.5)).toBeLessThanOrEqual(0.04);
    expect(r.stdout).toMatch(/Every loadout's vs-field score is within 0\.04 of 0\.5 .*changed spear: 2 -> 3/);
  });

  it('says so when no single change brings every score within the tolerance', async () => {
    // Ranged Combat does nothing in a melee duel: no change can help the spearman.
    const r = await balanceIn(['solve', studyFile(ROSTER.replace('fighter.wounds, from: 1, to: 5', 'fighter.rc, from: 2, to: 4')), '--out', tempDir(), '--workers', '0']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/No change of one rc by one step improves further; best found: sword 3, axe 3, spear 3. Still outside 0.5 ± 0.04: .*spear 0.3/);
  });
});
