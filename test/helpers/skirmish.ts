/** Small builders for hand-made skirmish profiles in tests. */
import {
  DEFAULT_KNOBS, DEFAULT_SITUATION, type DiceSpec, type Fighter, type Knobs, type Loadout, type Situation, type Weapon,
} from '../../src/systems/skirmish/profile.js';
import type { AttackContext } from '../../src/systems/skirmish/sequence.js';

export function dice(text: string): DiceSpec {
  if (text === '-') return { kind: 'add', n: 0, printed: 0 };
  const n = Number(text.replace('+', ''));
  return text.startsWith('+') ? { kind: 'add', n, printed: n } : { kind: 'fixed', n, printed: n };
}

export function fighter(name: string, p: Partial<Fighter>): Fighter {
  return {
    name, cc: 3, rc: 3, might: 3, skill: 3, defense: 4, wounds: 3, movement: 4, casting: null, keywords: [], ...p,
  };
}

export function weapon(name: string, p: Partial<Omit<Weapon, 'might' | 'skill'>> & { might?: string; skill?: string }): Weapon {
  const { might = '-', skill = '-', ...rest } = p;
  return {
    name, type: 'melee', class: 'other', range: null, keywords: [], school: null, primer: null, difficulty: 7, backlash: 1, ...rest,
    might: dice(might), skill: dice(skill),
  };
}

export function loadout(f: Fighter, w: Weapon | Weapon[], p: Partial<Pick<Loadout, 'armor' | 'shield'>> = {}): Loadout {
  return { name: `${f.name}-${Array.isArray(w) ? w[0]!.name : w.name}`, fighter: f, weapons: Array.isArray(w) ? w : [w], armor: 'none', shield: 'none', ...p };
}

export function ctx(attacker: Loadout, defender: Loadout, situation: Partial<Situation> = {}, knobs: Partial<Knobs> = {}): AttackContext {
  return {
    attacker, weapon: attacker.weapons[0]!, defender,
    situation: { ...DEFAULT_SITUATION, ...situation }, knobs: { ...DEFAULT_KNOBS, ...knobs },
  };
}

export const keen = fighter('keen', { cc: 3, might: 3, skill: 4, defense: 4 });
export const stout = fighter('stout', { cc: 3, might: 4, skill: 3, defense: 4 });
export const sword = weapon('sword', { class: 'sword', might: '+1', skill: '+1' });
export const battleAxe = weapon('battle-axe', { class: 'axe', might: '+2', skill: '-' });
