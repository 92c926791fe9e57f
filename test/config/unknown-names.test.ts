/**
 * A misspelt name (`weapon: war-ax`) is reported together with the schema's problems, not only
 * once they are fixed; a name whose entry the schema refused is not called unknown.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStudyText } from '../../src/config/study.js';
import { ROOT } from '../helpers/cli.js';
import { problemsOf } from '../helpers/problems.js';

const ATTACK = readFileSync(join(ROOT, 'templates', 'skirmish-attack.yaml'), 'utf8');
const D20 = readFileSync(join(ROOT, 'templates', 'd20-attack.yaml'), 'utf8');
const lineOf = (text: string, part: string): number => text.split('\n').findIndex((l) => l.includes(part)) + 1;

describe('unknown names beside schema problems', () => {
  it('reports a misspelt weapon with a refused armour', () => {
    const text = ATTACK.replace('{ fighter: keen, weapon: sword }', '{ fighter: keen, weapon: war-ax }').replace('armor: medium', 'armor: heavvy');
    expect(problemsOf(() => loadStudyText('s.yaml', text))).toEqual([
      `s.yaml:${lineOf(text, 'heavvy')}:66 loadouts.stout-axe-medium.armor: expected one of "none", "light", "medium", "heavy", received "heavvy" (did you mean "heavy"?)`,
      `s.yaml:${lineOf(text, 'war-ax')}:46 loadouts.keen-sword.weapon: unknown weapon "war-ax"`,
    ]);
  });

  it('reports a misspelt loadout in a matchup with an unknown key and a refused cover', () => {
    const text = ATTACK.replace('- { attacker: keen-sword, defender: stout-axe-medium }', '- { attacker: keen-swrd, defender: stout-axe-medium, situation: { cover: bushes } }')
      .replace('seed: 1 ', 'sed: 1  ');
    const problems = problemsOf(() => loadStudyText('s.yaml', text));
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(expect.arrayContaining([
      expect.stringMatching(/ sed: unknown key "sed" \(did you mean "seed"\?\)/),
      expect.stringMatching(/ matchups\[0\]\.situation\.cover: expected one of "none", "cover", "close", received "bushes"/),
      expect.stringMatching(/ matchups\[0\]\.attacker: unknown loadout "keen-swrd" \(did you mean "keen-sword"\?\)/),
    ]));
  });

  it('does not call a name unknown when the schema refused its entry', () => {
    // keen's cc is refused, so the repaired copy has no fighter keen: keen-sword's fighter stays unreported.
    const text = ATTACK.replace('keen:  { cc: 3,', 'keen:  { cc: x,');
    expect(problemsOf(() => loadStudyText('s.yaml', text))).toEqual([`s.yaml:${lineOf(text, 'cc: x')}:16 fighters.keen.cc: expected number, received "x"`]);
  });

  it('adds nothing when a whole table is misspelt', () => {
    const text = ATTACK.replace('weapon: sword }', 'weapon: war-ax }').replace('\nweapons:', '\nweapns:');
    const problems = problemsOf(() => loadStudyText('s.yaml', text));
    expect(problems).toEqual([expect.stringMatching(/ weapons: missing required field/), expect.stringMatching(/ weapns: unknown key "weapns"/)]);
  });

  it('works for the other systems (d20)', () => {
    const text = D20.replace(/weapon: (\w+)/, 'weapon: $1x').replace(/seed: \d+/, 'seed: many');
    const problems = problemsOf(() => loadStudyText('s.yaml', text));
    expect(problems).toEqual([expect.stringMatching(/ seed: expected/), expect.stringMatching(/\.weapon: unknown weapon "\w+x"/)]);
  });
});
