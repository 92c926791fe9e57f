/** `defence` is accepted for a skirmish fighter's `defense`, as `armour` is for `armor`; both at once, or neither, is an input error. */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { studyJsonSchema } from '../../../src/config/json-schema.js';
import { ConfigError } from '../../../src/config/problems.js';
import { loadStudyText } from '../../../src/config/study.js';
import { resolveLoadout } from '../../../src/systems/skirmish/resolve.js';
import type { AttackStudy } from '../../../src/systems/skirmish/schema.js';

const study = (fighter: string): string => `
system: skirmish
mode: attack
fighters:
  keen: { cc: 3, rc: 3, might: 3, skill: 4, ${fighter}wounds: 3 }
weapons:
  sword: { type: melee, class: sword, might: "+1", skill: "+1" }
loadouts:
  keen-sword: { fighter: keen, weapon: sword }
matchups:
  - { attacker: keen-sword, defender: keen-sword }
`;

const problems = (text: string): string[] => {
  try {
    loadStudyText('s.yaml', text);
    return [];
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return e.problems.map((p) => p.message);
  }
};

describe('defence / defense', () => {
  it('defence: 5 gives the fighter Defense 5, as defense: 5 does', () => {
    for (const field of ['defence: 5, ', 'defense: 5, ']) {
      const s = loadStudyText('s.yaml', study(field));
      expect(resolveLoadout('keen-sword', s.data as AttackStudy).fighter.defense).toBe(5);
    }
  });

  it('the defence pool follows it: Defense 2 and Defense 6 give different mean wounds, whichever the spelling', () => {
    const tasks = (field: string) => {
      const s = loadStudyText('s.yaml', study(field));
      return JSON.stringify(s.plugin.plan(s.data, 10).map((t) => t.spec));
    };
    expect(tasks('defence: 2, ')).toBe(tasks('defense: 2, '));
    expect(tasks('defence: 6, ')).not.toBe(tasks('defence: 2, '));
  });

  it('both at once is an error, as armor and armour are', () => {
    expect(problems(study('defense: 4, defence: 4, '))).toEqual(['give either defense or defence, not both']);
  });

  it('neither is an error naming both spellings', () => {
    expect(problems(study(''))).toEqual([expect.stringMatching(/^missing defense \(or defence\)/)]);
  });

  it('the JSON Schema agrees: one spelling validates, both or neither do not', () => {
    const check = new Ajv({ allErrors: true, strict: false }).compile(studyJsonSchema());
    expect(check(parse(study('defence: 5, ')))).toBe(true);
    expect(check(parse(study('defense: 5, ')))).toBe(true);
    expect(check(parse(study('defense: 5, defence: 5, ')))).toBe(false);
    expect(check(parse(study('')))).toBe(false);
  });
});
