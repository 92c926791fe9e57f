/** `balance run` on a duel study: pinned columns and metrics, identical results for any worker count. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const DUEL = readFileSync(join(ROOT, 'test/fixtures/keen-stout-duel.yaml'), 'utf8');

describe('balance run (duel)', () => {
  it('writes the pinned columns and metrics, byte-identical for 1 and 2 workers', async () => {
    const study = studyFile(DUEL);
    const [one, two] = [tempDir(), tempDir()];
    expect((await balanceIn(['run', study, '--out', one, '--workers', '1'])).code).toBe(0);
    const r = await balanceIn(['run', study, '--out', two, '--workers', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/duels in/);
    for (const f of ['summary.csv', 'distribution.csv']) expect(readFileSync(join(one, f), 'utf8')).toBe(readFileSync(join(two, f), 'utf8'));
    const summary = readFileSync(join(one, 'summary.csv'), 'utf8').trim().split('\n');
    expect(summary[0]!.startsWith('variant,side_a,side_b,trials,a_wins,b_wins,draws,a_win_rate,a_win_ci95_low,a_win_ci95_high,mean_rounds')).toBe(true);
    expect(summary).toHaveLength(1 + 2 * 4);
    const dist = readFileSync(join(one, 'distribution.csv'), 'utf8').trim().split('\n');
    expect(dist[0]).toBe('variant,side_a,side_b,metric,value,count,probability,policy_a,policy_b');
    const metrics = new Set(dist.slice(1).map((l) => l.split(',')[3]));
    expect(metrics).toEqual(new Set(['rounds', 'winner', 'a_end_state', 'b_end_state', 'a_wounds_left', 'b_wounds_left']));
    expect(dist.filter((l) => l.includes(',winner,')).map((l) => l.split(',')[4]).slice(0, 3)).toEqual(['a', 'b', 'draw']);
  });

  it('an unknown policy is an input error with a suggestion', async () => {
    const r = await balanceIn(['validate', studyFile(DUEL.replace('policyA: shooter', 'policyA: shoter'))]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/matchups\[1\]\.policyA: expected one of "aggressive", "shooter", "kite", "best-response", "optimal", "search", received "shoter" \(did you mean "shooter"\?\)/);
  });

  it('accepted but unmodelled keywords give a warning naming them (exit 0)', async () => {
    const text = DUEL.replace('wounds: 3, movement: 5 }', 'wounds: 3, movement: 5, keywords: [flying] }')
      .replace('range: [3, 24] }', 'range: [3, 24], keywords: [smoke] }');
    const r = await balanceIn(['validate', studyFile(text)]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/fighters\.keen\.keywords\[0\]: warning: keyword "flying" is not modelled and changes no result \(modelled: caster, gunslinger\)/);
    expect(r.stderr).toMatch(/weapons\.shortbow\.keywords\[0\]: warning: keyword "smoke" is accepted but not modelled: Smoke blocks line of sight/);
  });

  it('exact works for skirmish duels (files and values: test/cli/exact-duel.test.ts)', async () => {
    // maxRounds 2: the policy-gap solves (minimax with the solver's move, Dodge and reaction choices) of 20 rounds cost ~30 s.
    const r = await balanceIn(['exact', studyFile(DUEL.replace('maxRounds: 20', 'maxRounds: 2')), '--out', tempDir()]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/8 exact distributions in/);
  });
});
