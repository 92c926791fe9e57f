/** sweep: a grid of values as variants; bad paths name the nearest valid one. */
import { describe, expect, it } from 'vitest';
import { loadStudy } from '../../src/config/study-file.js';
import { planStudy } from '../../src/plan/plan.js';
import { studyFile } from '../helpers/cli.js';

const STUDY = `system: skirmish
mode: attack
trials: 1000
fighters:
  keen:  { cc: 3, rc: 3, might: 3, skill: 4, defense: 4, wounds: 3 }
  stout: { cc: 3, rc: 3, might: 4, skill: 3, defense: 4, wounds: 3 }
weapons:
  sword:      { type: melee, class: sword, might: "+1", skill: "+1" }
  battle-axe: { type: melee, class: axe, might: "+2", skill: "-" }
loadouts:
  stout-axe: { fighter: stout, weapon: battle-axe }
  keen-sword: { fighter: keen, weapon: sword, armor: medium }
matchups:
  - { attacker: stout-axe, defender: keen-sword }
sweep: { "weapons.battle-axe.might": ["+1", "+2", "+3"], "fighters.keen.defense": [3, 4, 5] }
`;

describe('sweep', () => {
  it('gives 9 variants named by their values, each with its own profiles', () => {
    const study = loadStudy(studyFile(STUDY));
    const tasks = planStudy(study, 100) as { labels: Record<string, string>; spec: { mightDice: number; defMight: number[] } }[];
    expect(tasks.map((t) => t.labels['variant'])).toEqual([
      'weapons.battle-axe.might=+1 fighters.keen.defense=3', 'weapons.battle-axe.might=+1 fighters.keen.defense=4',
      'weapons.battle-axe.might=+1 fighters.keen.defense=5', 'weapons.battle-axe.might=+2 fighters.keen.defense=3',
      'weapons.battle-axe.might=+2 fighters.keen.defense=4', 'weapons.battle-axe.might=+2 fighters.keen.defense=5',
      'weapons.battle-axe.might=+3 fighters.keen.defense=3', 'weapons.battle-axe.might=+3 fighters.keen.defense=4',
      'weapons.battle-axe.might=+3 fighters.keen.defense=5',
    ]);
    expect(tasks.map((t) => t.spec.mightDice)).toEqual([5, 5, 5, 6, 6, 6, 7, 7, 7]);
    expect(tasks.map((t) => t.spec.defMight[0])).toEqual([5, 4, 3, 5, 4, 3, 5, 4, 3]);
  });

  it('sweeps rules knobs; combines with declared variants', () => {
    const text = STUDY.replace(/sweep: .*/, 'sweep: { "rules.tieGoesTo": [attacker, defender] }\nvariants: { base: {}, no-manoeuvres: { manoeuvres: false } }');
    const tasks = planStudy(loadStudy(studyFile(text)), 100) as { labels: Record<string, string>; spec: { tieToDefender: boolean; shove: boolean } }[];
    expect(tasks.map((t) => [t.labels['variant'], t.spec.tieToDefender, t.spec.shove])).toEqual([
      ['rules.tieGoesTo=attacker | base', false, true], ['rules.tieGoesTo=attacker | no-manoeuvres', false, false],
      ['rules.tieGoesTo=defender | base', true, true], ['rules.tieGoesTo=defender | no-manoeuvres', true, false],
    ]);
  });

  it('a bad path is an input error naming the nearest valid one', () => {
    expect(() => loadStudy(studyFile(STUDY.replace('weapons.battle-axe.might', 'weapons.battle-ax.might')))).toThrow(/did you mean "battle-axe"/);
    expect(() => loadStudy(studyFile(STUDY.replace('weapons.battle-axe.might', 'weapons.battle-axe.mihgt')))).toThrow(/no field "mihgt" \(did you mean "might"\?\)/);
    expect(() => loadStudy(studyFile(STUDY.replace('weapons.battle-axe.might', 'weapon.battle-axe.might')))).toThrow(/must start with fighters, weapons, loadouts, rules \(did you mean "weapons"\?\)/);
    expect(() => loadStudy(studyFile(STUDY.replace('[3, 4, 5]', '[3, 4, 15]')))).toThrow(/sweep\.fighters\.keen\.defense: .*defense=15: fighters\.keen\.defense: must be at most 10/);
  });
});
