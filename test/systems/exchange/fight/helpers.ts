/** Builds exchange fights from a few lines of YAML for the scripted-dice tests. */
import { parseStudy } from '../../../../src/config/load.js';
import { validate } from '../../../../src/config/validate.js';
import type { Dice } from '../../../../src/dice/dice.js';
import { ExchangeFight } from '../../../../src/systems/exchange/fight/engine.js';
import { exchangeFight } from '../../../../src/systems/exchange/fight/mode.js';
import type { ExchangeFightStudy } from '../../../../src/systems/exchange/fight/schema.js';
import type { ExchangeFightSpec } from '../../../../src/systems/exchange/fight/spec.js';
import type { PlannedTask } from '../../../../src/systems/types.js';

export const MISS = 1;
export const HIT = 4;
export const CRIT = 6;

export const PARTS = `system: exchange
mode: fight
seed: 1
trials: 2000
characters:
  duelist: { vitality: 6, strength: 2, agility: 3, resilience: 2, melee: 2, ranged: 2, acrobatics: 1, athletics: 1 }
  mira:    { vitality: 6, strength: 2, agility: 3, resilience: 2, melee: 3, acrobatics: 1 }
  rook:    { vitality: 5, strength: 3, agility: 1, resilience: 2, melee: 1 }
  sera:    { vitality: 5, agility: 1, cognition: 4, resilience: 2, ranged: 0, acrobatics: 2 }
  veyr:    { vitality: 4, agility: 2, resilience: 2, ranged: 0 }
weapons:
  arming-sword: { kind: melee, baseAttackCost: 1, damage: 2, vitalCap: 3, reach: 1 }
  spear:        { kind: melee, baseAttackCost: 1, damage: 2, vitalCap: 2, reach: 2 }
  bow:          { kind: projectile, baseAttackCost: 1, damage: 2, vitalCap: 3, effectiveRange: 20, maxRange: 40 }
  dagger:       { kind: melee, baseAttackCost: 1, damage: 1, vitalCap: 2, lingering: 2 }
armours:
  leather: { soak: 1 }
  studded: { soak: 2 }
loadouts:
  sword:  { character: duelist, weapon: arming-sword, armour: leather }
  spear:  { character: duelist, weapon: spear, armour: leather }
  bow:    { character: duelist, weapon: bow, armour: leather }
  dagger: { character: duelist, weapon: dagger, armour: leather }
  mira:   { character: mira, weapon: arming-sword }
  rook:   { character: rook, weapon: arming-sword, armour: leather }
  sera:   { character: sera, weapon: bow }
  veyr:   { character: veyr, weapon: bow, armour: studded }
`;

export function study(rest: string): ExchangeFightStudy {
  return validate(parseStudy('test.yaml', PARTS + rest), exchangeFight.schema) as ExchangeFightStudy;
}

export function tasks(rest: string, trials = 2000): PlannedTask<ExchangeFightSpec>[] {
  return exchangeFight.plan(study(rest), trials);
}

/** The first task's fight with these dice, reset (start positions placed). */
export function fight(rest: string, dice: Dice): ExchangeFight {
  const f = new ExchangeFight(tasks(rest)[0]!.spec, dice);
  f.reset();
  return f;
}

/** Two sides of one character each. */
export function oneOnOne(a: string, b: string, fightBlock = 'fight: { map: [20, 9], distance: 1, opener: a }'): string {
  return `sides:\n  a: [{ loadout: ${a}, policy: all-in }]\n  b: [{ loadout: ${b}, policy: all-in }]\n${fightBlock}\nmatchups: [{ a: a, b: b }]\n`;
}

/** Extra entries (YAML lines, indented two spaces) under PARTS' `characters:`, `weapons:` and `loadouts:`. */
export interface ExtraParts {
  readonly characters?: string;
  readonly weapons?: string;
  readonly loadouts?: string;
}

/** Like fight(), with extra characters, weapons and loadouts added to PARTS. */
export function fightWith(extra: ExtraParts, rest: string, dice: Dice): ExchangeFight {
  const parts = PARTS.replace('characters:\n', `characters:\n${extra.characters ?? ''}`)
    .replace('weapons:\n', `weapons:\n${extra.weapons ?? ''}`)
    .replace('loadouts:\n', `loadouts:\n${extra.loadouts ?? ''}`);
  const s = validate(parseStudy('test.yaml', parts + rest), exchangeFight.schema) as ExchangeFightStudy;
  const f = new ExchangeFight(exchangeFight.plan(s, 2000)[0]!.spec, dice);
  f.reset();
  return f;
}
