/** exchange studies through the CLI: attack columns, exact mode, duel columns and metrics, bad Boost. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const ISSUE = `system: exchange
mode: attack
seed: 3
trials: 200000
characters:
  mira: { vitality: 6, strength: 2, agility: 3, resilience: 2, melee: 3, ranged: 0, acrobatics: 1 }
  rook: { vitality: 5, strength: 3, agility: 1, resilience: 2, melee: 2, acrobatics: 0 }
weapons:
  arming-sword: { kind: melee, baseAttackCost: 1, damage: 2, vitalCap: 3, reach: 1 }
  bow:          { kind: projectile, baseAttackCost: 1, damage: 2, vitalCap: 3, effectiveRange: 60, maxRange: 120 }
armours:
  leather: { soak: 1 }
loadouts:
  mira-sword:   { character: mira, weapon: arming-sword }
  rook-leather: { character: rook, weapon: arming-sword, armour: leather }
matchups:
  - { attacker: mira-sword, defender: rook-leather, situation: { attackerBoost: 2, response: clash, defenderBoost: 1 } }
variants: { base: {}, coin-dice: { die: { faces: [0, 1] } } }
`;

describe('exchange through the CLI', () => {
  it('the issue study runs and matches exact; the pinned columns and metrics are there', async () => {
    const study = studyFile(ISSUE);
    const [sim, ex] = [tempDir(), tempDir()];
    expect((await balanceIn(['run', study, '--out', sim, '--engine', 'dice'])).code).toBe(0);
    expect((await balanceIn(['exact', study, '--out', ex])).code).toBe(0);
    const s = readFileSync(join(sim, 'summary.csv'), 'utf8').trim().split('\n');
    expect(s[0]!.startsWith('variant,attacker,defender,trials,mean_wounds,sd_wounds,mean_wounds_ci95_low,mean_wounds_ci95_high,p_wounded,mean_wounds_to_attacker,p_attack_stopped')).toBe(true);
    const e = readFileSync(join(ex, 'summary.csv'), 'utf8').trim().split('\n');
    s.slice(1).forEach((row, i) => {
      const [m, sd] = [Number(row.split(',')[4]), Number(row.split(',')[5])];
      expect(Math.abs(m - Number(e[i + 1]!.split(',')[4]))).toBeLessThanOrEqual((4 * sd) / Math.sqrt(200000));
    });
    const metrics = new Set(readFileSync(join(sim, 'distribution.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[3]));
    expect(metrics).toEqual(new Set(['wounds', 'wounds_to_attacker', 'hit_margin']));
  });

  it('Boost above the Skill Level is an input error', async () => {
    const r = await balanceIn(['validate', studyFile(ISSUE.replace('attackerBoost: 2', 'attackerBoost: 4'))]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/matchups\[0\]\.situation: mira-sword vs rook-leather: attackerBoost 4 is above mira-sword's Melee Skill Level 3/);
  });

  it('duels: pinned columns, metrics end/rounds/vit left', async () => {
    const out = tempDir();
    expect((await balanceIn(['run', join(ROOT, 'configs/exchange-duels.yaml'), '--out', out, '--trials', '2000'])).code).toBe(0);
    const [header] = readFileSync(join(out, 'summary.csv'), 'utf8').split('\n');
    expect(header!.startsWith('variant,side_a,side_b,trials,a_wins,b_wins,draws,a_win_rate,a_win_ci95_low,a_win_ci95_high,mean_rounds')).toBe(true);
    const dist = readFileSync(join(out, 'distribution.csv'), 'utf8').trim().split('\n').slice(1);
    expect(new Set(dist.map((l) => l.split(',')[3]))).toEqual(new Set(['end', 'winner', 'rounds', 'a_vit_left', 'b_vit_left']));
    expect(dist.filter((l) => l.split(',')[3] === 'end').slice(0, 3).map((l) => l.split(',')[4])).toEqual(['collapse', 'broke', 'max_rounds']);
  });
});
