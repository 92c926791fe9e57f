/** Random exchange duels for tests (exact duels): seeded characters, weapons, armour, policies, conditions and knobs. */
import { lcg } from './duel-random.js';
import type { ExchangeLoadout } from '../../src/systems/exchange/compile.js';
import { parsePolicy, type Condition, type ExchangeDuelSpec } from '../../src/systems/exchange/duel/engine.js';
import { DEFAULT_EXCHANGE_KNOBS, type ExchangeKnobs } from '../../src/systems/exchange/rules.js';
import type { CharacterInput, WeaponInput } from '../../src/systems/exchange/schema.js';

const base = { heavy: false, reach: 1, lingering: 0 } as const;
export const WEAPONS: readonly WeaponInput[] = [
  { ...base, kind: 'melee', baseAttackCost: 1, damage: 2, vitalCap: 3 },
  { ...base, kind: 'melee', baseAttackCost: 2, damage: 4, vitalCap: 3, heavy: true },
  { ...base, kind: 'melee', baseAttackCost: 1, damage: 1, vitalCap: 2, lingering: 2 },
  { ...base, kind: 'melee', baseAttackCost: 1, damage: 2, vitalCap: 3, inflicts: { reeling: { margin: 2 }, prone: { margin: 3 } } },
  { ...base, kind: 'thrown', baseAttackCost: 1, damage: 2, vitalCap: 2, effectiveRange: 6, maxRange: 12 },
  { ...base, kind: 'projectile', baseAttackCost: 1, damage: 3, vitalCap: 2, effectiveRange: 20, maxRange: 60, lingering: 1 },
];
const POLICIES = ['all-in', 'guard-first', 'reserve-1', 'reserve-2', 'all-in+keep-magic', 'reserve-1+keep-magic'];
const CONDITIONS: readonly Condition[] = ['slowed', 'reeling', 'prone', 'stunned'];
const FACES = [DEFAULT_EXCHANGE_KNOBS.faces, [0, 1, 1, 2], [0, 0, 1, 1, 1, 2, 2, 3]];

function randomLoadout(r: (n: number) => number, name: string, small: boolean): ExchangeLoadout {
  const vitality = 3 + r(small ? 3 : 5);
  const skill = small ? 2 : 3;
  const character: CharacterInput = {
    vitality, ...(r(3) === 0 ? { actionDice: 2 + r(5) } : {}), magicDice: r(3), strength: r(4), agility: r(4), cognition: 0, resilience: r(4),
    melee: r(skill), ranged: r(skill), acrobatics: r(skill), athletics: 0, baseMovement: 10,
  };
  return { name, character, weapon: WEAPONS[r(WEAPONS.length)]!, soak: r(4) };
}

/** A random exchange duel at distance 1; `maxRounds` caps its rounds; `small`: Vitality 3-5 and Skill Levels 0-1 (solved duels in tests stay quick). */
export function randomExchangeDuel(seed: number, maxRounds = 8, small = false): ExchangeDuelSpec {
  const r = lcg(seed);
  const side = (name: string) => ({
    loadout: randomLoadout(r, name, small),
    policy: parsePolicy(POLICIES[r(POLICIES.length)]!),
    conditions: CONDITIONS.filter(() => r(6) === 0),
  });
  const knobs: ExchangeKnobs = {
    faces: FACES[r(FACES.length)]!, edge: r(3) === 0 ? 'reroll-lowest' : 'extra-die', continuation: r(4) !== 0,
    opener: (['random', 'a', 'b'] as const)[r(3)]!,
  };
  return { a: side('a'), b: side('b'), knobs, maxRounds: Math.min(maxRounds, 3 + r(6)) };
}

/**
 * A random exchange duel with Prone in play (stand-up decisions): a starts Prone (b too on even
 * seeds), and both weapons knock the loser Prone from Hit Margin 2 (besides what else they inflict).
 */
export function proneExchangeDuel(seed: number, maxRounds = 8, small = false): ExchangeDuelSpec {
  const s = randomExchangeDuel(seed, maxRounds, small);
  const knock = (side: ExchangeDuelSpec['a'], prone: boolean): ExchangeDuelSpec['a'] => {
    const w = side.loadout.weapon;
    const conditions: readonly Condition[] = prone && !side.conditions.includes('prone') ? [...side.conditions, 'prone'] : side.conditions;
    return { ...side, conditions, loadout: { ...side.loadout, weapon: { ...w, inflicts: { ...w.inflicts, prone: { margin: 2 } } } } };
  };
  return { ...s, a: knock(s.a, true), b: knock(s.b, seed % 2 === 0) };
}
