/** d20 studies through the CLI: the pinned columns, exact mode, fights with one death-rate column per hero. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

describe('d20 through the CLI', () => {
  it('attack: run and exact agree, with the pinned columns', async () => {
    const study = join(ROOT, 'configs/d20-attacks.yaml');
    const [sim, ex] = [tempDir(), tempDir()];
    expect((await balanceIn(['run', study, '--out', sim, '--trials', '50000', '--engine', 'dice'])).code).toBe(0);
    expect((await balanceIn(['exact', study, '--out', ex])).code).toBe(0);
    const read = (d: string) => readFileSync(join(d, 'summary.csv'), 'utf8').trim().split('\n');
    const [hs, ...rs] = read(sim);
    const [, ...re] = read(ex);
    expect(hs!.startsWith('variant,attacker,defender,trials,mean_damage,sd_damage,mean_damage_ci95_low,mean_damage_ci95_high,p_hit,p_crit,p_drop')).toBe(true);
    rs.forEach((row, i) => {
      const [m, sd] = [Number(row.split(',')[4]), Number(row.split(',')[5])];
      const exact = Number(re[i]!.split(',')[4]);
      expect(Math.abs(m - exact)).toBeLessThanOrEqual((4 * sd) / Math.sqrt(50000));
    });
    expect(readFileSync(join(ex, 'distribution.csv'), 'utf8')).toMatch(/,damage,0,,/);
  });

  it('fight: summary with death_rate_<hero> columns; distribution metrics', async () => {
    const out = tempDir();
    const r = await balanceIn(['run', join(ROOT, 'configs/d20-party-vs-monsters.yaml'), '--out', out, '--trials', '2000']);
    expect(r.code).toBe(0);
    const [header] = readFileSync(join(out, 'summary.csv'), 'utf8').split('\n');
    expect(header).toBe(
      'variant,side_a,side_b,trials,a_wins,b_wins,draws,a_win_rate,a_win_ci95_low,a_win_ci95_high,mean_rounds,' +
        ['fighter-longsword', 'rogue-rapier', 'cleric-mace', 'ranger-longbow'].map((h) => `death_rate_${h},death_rate_${h}_ci95_low,death_rate_${h}_ci95_high,`).join('') +
        'b_win_rate,draw_rate,mean_heroes_dead,mean_heroes_hp_left',
    );
    const metrics = new Set(readFileSync(join(out, 'distribution.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[3]));
    expect(metrics).toEqual(new Set(['rounds', 'winner', 'heroes_dead', 'heroes_hp_left']));
  });

  it('bad dice notation and full cover are input errors', async () => {
    const text = readFileSync(join(ROOT, 'configs/d20-attacks.yaml'), 'utf8');
    const bad = await balanceIn(['validate', studyFile(text.replace('damage: 1d8 }', 'damage: 1x8 }'))]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/weapons\.longsword\.damage: invalid dice notation "1x8"/);
    const cover = await balanceIn(['validate', studyFile(text.replace('cover: partial', 'cover: full'))]);
    expect(cover.code).toBe(2);
    expect(cover.stderr).toMatch(/situation\.cover: a target in full cover cannot be targeted/);
  });
});
