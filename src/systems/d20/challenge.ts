/** The policy gap's challenger in d20 fights: every creature of one side plays one policy (types.ts ModePlugin.challenge). */
import { HEROES, ENEMIES, type FightSpec } from './fight.js';
import { POLICIES } from './schema.js';

export function challengeD20Fight(spec: FightSpec, side: 0 | 1, policy: string): FightSpec {
  const id = POLICIES.indexOf(policy as (typeof POLICIES)[number]);
  if (id < 0) throw new Error(`d20 fights have no policy ${policy}`);
  const which = side === 0 ? HEROES : ENEMIES;
  return { ...spec, fighters: spec.fighters.map((f) => (f.side === which ? { ...f, policy: id } : f)) };
}
