/** d20 study checks and defaults shared by attack and fight modes. */
import { didYouMean } from '../../common/suggest.js';
import type { StudyProblem } from '../types.js';
import { DEFAULT_D20_KNOBS, type D20Knobs } from './rules.js';
import type { CreatureInput, KnobsInput, WeaponInput } from './schema.js';

export interface D20Parts {
  readonly creatures: Readonly<Record<string, CreatureInput>>;
  readonly weapons: Readonly<Record<string, WeaponInput>>;
  readonly loadouts: Readonly<Record<string, { creature: string; weapon: string }>>;
}

export function checkLoadouts(s: D20Parts): StudyProblem[] {
  const problems: StudyProblem[] = [];
  for (const [name, l] of Object.entries(s.loadouts)) {
    if (!(l.creature in s.creatures)) {
      problems.push({ path: ['loadouts', name, 'creature'], message: `unknown creature "${l.creature}"${didYouMean(l.creature, Object.keys(s.creatures))}` });
    }
    if (!(l.weapon in s.weapons)) {
      problems.push({ path: ['loadouts', name, 'weapon'], message: `unknown weapon "${l.weapon}"${didYouMean(l.weapon, Object.keys(s.weapons))}` });
    }
  }
  return problems;
}

export function loadoutRef(path: StudyProblem['path'], name: string, loadouts: Readonly<Record<string, unknown>>): StudyProblem[] {
  return name in loadouts ? [] : [{ path, message: `unknown loadout "${name}"${didYouMean(name, Object.keys(loadouts))}` }];
}

export function resolveD20Knobs(...layers: readonly KnobsInput[]): D20Knobs {
  let k = DEFAULT_D20_KNOBS;
  for (const l of layers) {
    k = {
      critOn: l.critOn ?? k.critOn, fumble: l.fumble ?? k.fumble, enemiesRollDeath: l.enemiesRollDeath ?? k.enemiesRollDeath,
      dyingAfterFight: l.dyingAfterFight ?? k.dyingAfterFight,
    };
  }
  return k;
}
