/** Scripted-dice d20 fights for the rules tests: creatures, weapons and fighters with defaults. */
import { scripted } from '../../src/dice/dice.js';
import { Fight, FOCUS_WEAKEST, type FighterSpec } from '../../src/systems/d20/fight/engine.js';
import { DEFAULT_D20_KNOBS, type D20Knobs } from '../../src/systems/d20/rules.js';
import type { CreatureInput, WeaponInput } from '../../src/systems/d20/schema.js';

export const sword: WeaponInput = { kind: 'melee', damage: '1d8', finesse: false, twoHanded: false };
export const bow: WeaponInput = { kind: 'ranged', damage: '1d6', finesse: false, twoHanded: false };

/** Fixtures whose creatures carry `supply` Supply unless a test says otherwise. */
export function d20Fixtures(supply: number) {
  const creature = (p: Partial<CreatureInput>): CreatureInput => ({
    hp: 10, ac: 13, str: 0, dex: 0, con: 0, pb: 2, proficientSaves: [], hitDie: 'd8', fatigue: 0, speed: 30, supply, ...p,
  });
  const f = (name: string, side: number, c: Partial<CreatureInput> = {}, w = sword, policy = FOCUS_WEAKEST): FighterSpec => ({
    name, side, creature: creature(c), weapon: w, policy,
  });
  const fight = (fighters: FighterSpec[], faces: number[], knobs: Partial<D20Knobs> = {}): Fight => {
    const x = new Fight({ fighters, knobs: { ...DEFAULT_D20_KNOBS, ...knobs }, maxRounds: 5 }, scripted(...faces));
    x.reset();
    return x;
  };
  return { creature, f, fight };
}
