/** The policy gap's challenger in battles: every fighter of one side plays one policy (types.ts ModePlugin.challenge). */
import { POLICIES } from '../duel/setup.js';
import { TACTICAL, type BattleSpec } from './setup.js';

/** The fighter policy id of a policy name (`tactical` or a duel policy); -1 if the name is unknown. */
export function battlePolicyId(name: string): number {
  return name === 'tactical' ? TACTICAL : POLICIES.indexOf(name as (typeof POLICIES)[number]);
}

export function challengeBattle(spec: BattleSpec, side: 0 | 1, policy: string): BattleSpec {
  const id = battlePolicyId(policy);
  if (id < 0) throw new Error(`skirmish battles have no policy ${policy}`);
  const sides = [...spec.sides] as [BattleSpec['sides'][0], BattleSpec['sides'][1]];
  sides[side] = sides[side].map((f) => ({ ...f, policy: id }));
  return { ...spec, sides };
}
