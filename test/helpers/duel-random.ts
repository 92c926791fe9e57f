/** Random skirmish duels for tests (exact and solved duels): seeded profiles, policies, knobs and settings. */
import { duelSpec } from './duel.js';
import { fighter, loadout, sword, battleAxe, weapon } from './skirmish.js';
import { AGGRESSIVE, KITE, SHOOTER, type DuelSpec } from '../../src/systems/skirmish/duel/setup.js';
import { ARMOURS, SHIELDS, type Loadout } from '../../src/systems/skirmish/profile.js';

/** A small deterministic generator for test profiles (not the engine's RNG). */
export function lcg(seed: number): (n: number) => number {
  let x = seed >>> 0;
  return (n) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return Math.floor(((x >>> 8) / 2 ** 24) * n);
  };
}

const MELEE = [sword, battleAxe, weapon('spear', { class: 'spear', might: '+1', keywords: ['reach'] }), weapon('hammer', { class: 'hammer', might: '+2', skill: '-1' })];
const RANGED = [
  weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4', range: [3, 24] }),
  weapon('pistol', { type: 'ranged', class: 'firearm', might: '3', skill: '2', range: [0, 12] }),
  weapon('musket', { type: 'ranged', class: 'firearm', might: '4', skill: '2', range: [2, 24], keywords: ['heavy'] }),
];

function randomLoadout(r: (n: number) => number, name: string): { l: Loadout; ranged: boolean } {
  const f = fighter(name, {
    cc: 2 + r(3), rc: 2 + r(3), might: 2 + r(3), skill: 2 + r(3), defense: 3 + r(3), wounds: 1 + r(3), movement: 3 + r(4),
  });
  const ranged = r(3) === 0;
  const weapons = ranged ? [RANGED[r(RANGED.length)]!, MELEE[r(MELEE.length)]!] : [MELEE[r(MELEE.length)]!];
  return { l: { ...loadout(f, weapons), armor: ARMOURS[r(ARMOURS.length)]!, shield: SHIELDS[r(3)]! }, ranged };
}

/** A random duel; `maxRounds` caps its rounds (solved duels in tests stay small). */
export function randomSpec(seed: number, maxRounds = 8): DuelSpec {
  const r = lcg(seed);
  const a = randomLoadout(r, 'a');
  const b = randomLoadout(r, 'b');
  const policy = (x: { ranged: boolean }): number => (x.ranged ? [SHOOTER, KITE][r(2)]! : AGGRESSIVE);
  return duelSpec(a.l, b.l, {
    policies: [policy(a), policy(b)],
    knobs: {
      initiative: (['roll-off', 'a', 'b', 'alternate'] as const)[r(4)]!, stunnedActs: r(2) === 0,
      failedRetreat: r(2) === 0 ? 'leaves' : 'stays',
    },
    settings: { distance: [0, 4, 8, 14][r(4)]!, maxRounds: Math.min(maxRounds, 3 + r(6)), cover: r(3) === 0 ? 'cover' : 'none', terrain: r(2) === 0 },
  });
}

