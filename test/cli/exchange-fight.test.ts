/** exchange fights through the CLI: pinned columns and metrics, characters.csv, workers, bad input. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';
import { docYamlBlocks } from '../helpers/docs.js';
import { PARTS } from '../systems/exchange/fight/helpers.js';

/** The guide's fight study (docs/guide/exchange-fight.md), with the profiles it names added after its header. */
const README = docYamlBlocks().find((b) => b.file === 'docs/guide/exchange-fight.md' && b.text.includes('mode: fight'))!.text;
const PROFILES = `${PARTS.split('\n').slice(4).join('\n')}  mira-sword: { character: mira, weapon: arming-sword }
  orin-spear: { character: duelist, weapon: spear }
  rook-leather: { character: rook, weapon: arming-sword, armour: leather }
  sable-bow: { character: duelist, weapon: bow }
`;
const ISSUE = README.replace('trials: 20000\n', `trials: 1000\n${PROFILES}`);

const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');

describe('exchange fights through the CLI', () => {
  it('the issue\'s study runs: pinned summary columns, characters.csv, distribution metrics; byte-identical for 1 and 2 workers', async () => {
    const study = studyFile(ISSUE);
    const [one, two] = [tempDir(), tempDir()];
    expect((await balanceIn(['run', study, '--out', one, '--workers', '1'])).code).toBe(0);
    expect((await balanceIn(['run', study, '--out', two, '--workers', '2'])).code).toBe(0);
    for (const f of ['summary.csv', 'distribution.csv', 'characters.csv']) expect(read(two, f)).toBe(read(one, f));
    expect(read(one, 'summary.csv').split('\n')[0]).toBe(
      'variant,side_a,side_b,trials,a_wins,b_wins,draws,a_win_rate,a_win_ci95_low,a_win_ci95_high,mean_rounds,a_mean_standing,b_mean_standing',
    );
    const chars = read(one, 'characters.csv').trim().split('\n');
    expect(chars[0]).toBe('variant,side_a,side_b,team,side,character,loadout,policy,trials,collapse_rate,collapse_ci95_low,collapse_ci95_high,broke_rate,mean_wounds_dealt,mean_wounds_taken,mean_ad_attacks,mean_ad_responses,mean_ad_movement');
    expect(chars.slice(1).map((l) => l.split(',')[5])).toEqual(['mira-sword', 'orin-spear', 'rook-leather#1', 'rook-leather#2', 'sable-bow']);
    const metrics = read(one, 'distribution.csv').trim().split('\n').slice(1).map((l) => l.split(',')[3]);
    expect([...new Set(metrics)]).toEqual(['winner', 'rounds', 'a_standing', 'b_standing', 'end']);
  });

  it('the shipped fight studies run', async () => {
    for (const f of ['exchange-fight-reach.yaml', 'exchange-fight-heroes-vs-monsters.yaml']) {
      expect((await balanceIn(['run', join(ROOT, 'configs', f), '--out', tempDir(), '--trials', '200', '--workers', '0'])).code).toBe(0);
    }
  });

  it('bad input: one line per problem with its place and a suggestion, exit code 2', async () => {
    const bad = ISSUE.replace('loadout: orin-spear', 'loadout: orin-spaer').replace('{ a: heroes, b: bandits }', '{ a: heroes, b: bandit }')
      .replace('opener: random', 'opener: mira-swrod').replace('kind: partial', 'kind: partal');
    const r = await balanceIn(['validate', studyFile(bad)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/study\.yaml:\d+:\d+ fight\.cover\[0\]\.kind: expected one of "partial", "full", received "partal" \(did you mean "partial"\?\)/);
    const r2 = await balanceIn(['validate', studyFile(bad.replace('kind: partal', 'kind: partial'))]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/:\d+:\d+ sides\.heroes\[1\]\.loadout: unknown loadout "orin-spaer" \(did you mean "orin-spear"\?\)/);
    expect(r2.stderr).toMatch(/:\d+:\d+ matchups\[0\]\.b: unknown side "bandit" \(did you mean "bandits"\?\)/);
    expect(r2.stderr).not.toMatch(/at .*\.js/);
    const r3 = await balanceIn(['validate', studyFile(ISSUE.replace('opener: random', 'opener: mira-swrod').replace('distance: 6', 'distance: 6\n  tactics: { heros: { targeting: weakest } }'))]);
    expect(r3.code).toBe(2);
    expect(r3.stderr).toMatch(/fight\.opener: "mira-swrod" is neither random, a, b, a side nor a character of heroes vs bandits \(did you mean "mira-sword"\?\)/);
    expect(r3.stderr).toMatch(/fight\.tactics\.heros: unknown side "heros" \(did you mean "heroes"\?\)/);
    const r4 = await balanceIn(['validate', studyFile(ISSUE.replace('map: [20, 20]', 'map: [6, 2]'))]);
    expect(r4.code).toBe(2);
    expect(r4.stderr).toMatch(/fight\.distance: distance 6 does not fit a map 6 Spaces wide/);
  });
});
