/** `balance exact` on a skirmish duel study: the same files and columns as `run`, exact values, and the state limit. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';
import { expectRateNear } from '../helpers/se.js';

// maxRounds 5: the policy-gap solves of 20 rounds take twice as long and prove nothing more here.
const DUEL = readFileSync(join(ROOT, 'test/fixtures/keen-stout-duel.yaml'), 'utf8').replace('maxRounds: 20', 'maxRounds: 5').replace(/matchups:[\s\S]*?variants:/, `matchups:
  - { a: keen-sword, b: stout-axe-medium }
  - { a: archer, b: stout-axe-medium, policyA: shooter, policyB: aggressive }
variants:`);

const csv = (dir: string, f: string): string[][] => readFileSync(join(dir, f), 'utf8').trim().split('\n').map((l) => l.split(','));

describe('balance exact (skirmish duel)', () => {
  it('writes run\'s files and columns: trials and counts empty, the interval equal to the value, agreeing with run', async () => {
    const study = studyFile(DUEL);
    const [exact, sim] = [tempDir(), tempDir()];
    const r = await balanceIn(['exact', study, '--out', exact]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/exact distributions in/);
    expect((await balanceIn(['run', study, '--out', sim, '--trials', '4000', '--workers', '0'])).code).toBe(0);
    const [eh, ...erows] = csv(exact, 'summary.csv');
    const [sh, ...srows] = csv(sim, 'summary.csv');
    // exact appends the policy-gap columns at the end (run's columns keep their order).
    expect(eh).toEqual([...sh!, 'a_win_named', 'a_win_best_response', 'a_win_optimal', 'b_win_named', 'b_win_best_response', 'b_win_optimal']);
    expect(erows).toHaveLength(srows.length);
    erows.forEach((row, i) => {
      expect(row.slice(3, 7)).toEqual(['', '', '', '']);
      expect(row[8]).toBe(row[7]);
      expect(row[9]).toBe(row[7]);
      expectRateNear(Number(srows[i]![7]), Number(row[7]), 4000, `row ${i}`);
    });
    const [dh, ...drows] = csv(exact, 'distribution.csv');
    expect(dh).toEqual(csv(sim, 'distribution.csv')[0]);
    expect(drows.every((d) => d[5] === '')).toBe(true);
    expect(drows.length).toBe(csv(sim, 'distribution.csv').length - 1);
  });

  // 20 Wounds each over 1000 rounds: fewer than 200000 distinct states, but far more (round, state) pairs than MAX_EXACT_PAIRS.
  it('a duel over a limit is one input line naming the limit (exit 2, no output files)', async () => {
    const big = DUEL.replace(/wounds: 3/g, 'wounds: 20').replace('maxRounds: 5', 'maxRounds: 1000');
    const out = join(tempDir(), 'out');
    const r = await balanceIn(['exact', studyFile(big), '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/more than 5000000 \(round, state\) pairs \(limit MAX_EXACT_PAIRS\); use balance run/);
    expect(existsSync(join(out, 'summary.csv'))).toBe(false);
  });
});
