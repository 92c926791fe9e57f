/** `balance exact` on an exchange duel study: run's files and columns with exact values, the distance refusal, the state limit. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';
import { expectRateNear } from '../helpers/se.js';

const DUEL = `system: exchange
mode: duel
seed: 5
trials: 4000
characters:
  duelist: { vitality: 6, magicDice: 1, strength: 2, agility: 3, resilience: 2, melee: 2, ranged: 1, acrobatics: 1 }
weapons:
  sword:  { kind: melee, baseAttackCost: 1, damage: 2, vitalCap: 3 }
  dagger: { kind: melee, baseAttackCost: 1, damage: 1, vitalCap: 2, lingering: 2 }
  mace:   { kind: melee, baseAttackCost: 1, damage: 2, vitalCap: 3, inflicts: { reeling: { margin: 2 }, prone: { margin: 4 } } }
armours: { leather: { soak: 1 }, mail: { soak: 3 } }
loadouts:
  sword-leather:  { character: duelist, weapon: sword, armour: leather }
  dagger-leather: { character: duelist, weapon: dagger, armour: leather }
  mace-mail:      { character: duelist, weapon: mace, armour: mail }
duel: { maxRounds: 3 }
matchups:
  - { a: sword-leather, b: dagger-leather }
  - { a: mace-mail, b: sword-leather, policyA: guard-first, policyB: all-in, conditionsB: [slowed] }
variants: { base: {} }
`;

const csv = (dir: string, f: string): string[][] => readFileSync(join(dir, f), 'utf8').trim().split('\n').map((l) => l.split(','));

describe('balance exact (exchange duel)', () => {
  it('writes run\'s files and columns: trials and counts empty, the interval equal to the value, agreeing with run', async () => {
    const study = studyFile(DUEL);
    const [exact, sim] = [tempDir(), tempDir()];
    const r = await balanceIn(['exact', study, '--out', exact]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/2 exact distributions in/);
    expect((await balanceIn(['run', study, '--out', sim, '--engine', 'dice', '--workers', '0'])).code).toBe(0);
    const [eh, ...erows] = csv(exact, 'summary.csv');
    const [sh, ...srows] = csv(sim, 'summary.csv');
    // exact appends the policy-gap columns (README: Solved exchange policies in studies).
    expect(eh).toEqual([...(sh ?? []), 'a_win_named', 'a_win_best_response', 'a_win_optimal', 'b_win_named', 'b_win_best_response', 'b_win_optimal']);
    expect(erows).toHaveLength(2);
    expect(srows).toHaveLength(2);
    erows.forEach((row, i) => {
      expect(row.slice(3, 7)).toEqual(['', '', '', '']);
      expect(row[8]).toBe(row[7]);
      expect(row[9]).toBe(row[7]);
      expectRateNear(Number(srows[i]![7]), Number(row[7]), 4000, `row ${i}`);
    });
    const [dh, ...drows] = csv(exact, 'distribution.csv');
    const [sdh, ...sdrows] = csv(sim, 'distribution.csv');
    expect(dh).toEqual(sdh);
    expect(drows).toHaveLength(sdrows.length);
    drows.forEach((d, i) => {
      expect(d[5]).toBe('');
      expect(d.slice(0, 5)).toEqual(sdrows[i]!.slice(0, 5));
      expectRateNear(Number(sdrows[i]![6]), Number(d[6]), 4000, `distribution row ${i} (${d[3]} ${d[4]})`);
    });
    expect(JSON.parse(readFileSync(join(exact, 'run.json'), 'utf8'))).toMatchObject({ engine: 'exact' });
  }); // the policy-gap solves (minimax with Prone in play) dominate: maxRounds 3 keeps them to seconds

  it('a duel at distance > 1 is refused in one line (exit 2, no output files)', async () => {
    const out = join(tempDir(), 'out');
    const r = await balanceIn(['exact', studyFile(DUEL.replace('duel: { maxRounds: 3 }', 'duel: { maxRounds: 6, distance: 4 }')), '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/exact exchange duels need duel.distance 1 .*use balance run/);
    expect(existsSync(join(out, 'summary.csv'))).toBe(false);
  });

  it('a duel over the state limit is one input line naming the limit (exit 2, no output files)', async () => {
    const big = DUEL.replace('vitality: 6, magicDice: 1', 'vitality: 40, actionDice: 12').replace('maxRounds: 3', 'maxRounds: 1000');
    const out = join(tempDir(), 'out');
    const r = await balanceIn(['exact', studyFile(big), '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/more than 200000 states \(limit MAX_EXACT_STATES\); use balance run/);
    expect(existsSync(join(out, 'summary.csv'))).toBe(false);
  });

  it('explaining a duel whose solve would nest deeper than the stack holds is one input line (exit 2), not a stack overflow', async () => {
    // 40 vitality, 12 Action Dice and 1000 rounds: a line of play runs to hundreds of boundaries, each a few frames of the
    // recursive solve; without MAX_SOLVE_DEPTH this was "Maximum call stack size exceeded", exit 1.
    const big = DUEL.replace('vitality: 6, magicDice: 1', 'vitality: 40, actionDice: 12').replace('maxRounds: 3', 'maxRounds: 1000');
    const r = await balanceIn(['explain-policy', studyFile(big), '--matchup', '0']);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/more than 600 boundaries in one line of play \(limit MAX_SOLVE_DEPTH\): explain-policy solves the duel exactly; use less Vitality, fewer Action Dice or a smaller maxRounds/);
  });
});
