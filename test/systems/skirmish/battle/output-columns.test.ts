/** Battle output: rows of matchups that differ only in side policy are told apart in every file. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../../src/batch/engine.js';
import { parseStudy } from '../../../../src/config/load.js';
import { validate } from '../../../../src/config/validate.js';
import { fightersMarkdown } from '../../../../src/report/fighters.js';
import { FIGHTERS_HEADER, skirmishBattle } from '../../../../src/systems/skirmish/battle/mode.js';
import type { BattleStudy } from '../../../../src/systems/skirmish/battle/schema.js';
import { toCsv } from '../../../../src/report/csv.js';

const STUDY = `
system: skirmish
mode: battle
seed: 3
fighters:
  keen: { cc: 3, rc: 3, might: 3, skill: 4, defense: 4, wounds: 3, movement: 4 }
weapons:
  sword: { type: melee, class: sword, might: "+1", skill: "+1" }
loadouts:
  keen-sword: { fighter: keen, weapon: sword }
retinues:
  duo: [{ loadout: keen-sword, count: 2 }]
battle: { board: [24, 24], distance: 6, maxRounds: 4 }
matchups:
  - { a: duo, b: duo }
  - { a: duo, b: duo, sidePolicyA: weakest }
`;

describe('battle files carry side_policy_a, side_policy_b after their pinned columns', () => {
  it('distribution.csv and fighters.csv rows of the two matchups differ by their side policies; report.md labels them', async () => {
    const study = validate(parseStudy('battle.yaml', STUDY), skirmishBattle.schema) as BattleStudy;
    const tasks = skirmishBattle.plan(study, 20);
    const tallies = await simulate(skirmishBattle, tasks, { seed: 3, engine: 'dice', workers: 0 });
    const out = tasks.map((t, i) => skirmishBattle.rows(t, tallies[i]!, false));
    expect(skirmishBattle.distributionHeader).toEqual(['variant', 'retinue_a', 'retinue_b', 'metric', 'value', 'count', 'probability', 'side_policy_a', 'side_policy_b']);
    expect(FIGHTERS_HEADER.slice(-2)).toEqual(['side_policy_a', 'side_policy_b']);
    expect(FIGHTERS_HEADER.slice(0, 3)).toEqual(['variant', 'retinue_a', 'retinue_b']);
    for (const [i, policies] of [[0, ['nearest', 'nearest']], [1, ['weakest', 'nearest']]] as const) {
      for (const r of out[i]!.distribution) expect(r.slice(7)).toEqual(policies);
      const fighters = out[i]!.extra!['fighters.csv']!;
      for (const r of fighters) expect([r.length, ...r.slice(-2)]).toEqual([FIGHTERS_HEADER.length, ...policies]);
    }
    const summaryCsv = toCsv(skirmishBattle.summaryHeader, out.map((o) => o.summary));
    const fightersCsv = toCsv(FIGHTERS_HEADER, out.flatMap((o) => o.extra!['fighters.csv']!));
    const md = fightersMarkdown(summaryCsv, fightersCsv);
    expect(md).toContain('| duo (nearest) vs duo (nearest) | a |');
    expect(md).toContain('| duo (weakest) vs duo (nearest) | a |');
    expect(md).toContain('| duo (weakest) | duo (nearest) |');
  });
});
