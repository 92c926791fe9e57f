/** The policy gap's challenger in battles: every fighter of one side plays one policy (types.ts ModePlugin.challenge). */
import { DEFAULT_SEARCH_BUDGET } from '../../../games/search.js';
import { POLICIES } from '../duel/setup.js';
import type { BattleStudy } from './schema.js';
import { TACTICAL, type BattleSpec } from './setup.js';

/** The fighter policy id of a policy name (`tactical` or a duel policy); -1 if the name is unknown. */
export function battlePolicyId(name: string): number {
  return name === 'tactical' ? TACTICAL : POLICIES.indexOf(name as (typeof POLICIES)[number]);
}

/** `search` plays tactical in its play-outs, flagged `search` (as mode.ts plans a retinue entry with policy: search). */
export function challengeBattle(spec: BattleSpec, side: 0 | 1, policy: string, study: BattleStudy): BattleSpec {
  const search = policy === 'search';
  const id = battlePolicyId(search ? 'tactical' : policy);
  if (id < 0) throw new Error(`skirmish battles have no policy ${policy}`);
  const sides = [...spec.sides] as [BattleSpec['sides'][0], BattleSpec['sides'][1]];
  sides[side] = sides[side].map((f) => {
    const { search: _search, ...rest } = f;
    return search ? { ...rest, policy: id, search: true } : { ...rest, policy: id };
  });
  const budget = spec.search ?? (search ? { ...DEFAULT_SEARCH_BUDGET, ...study.search } : undefined);
  const { search: _budget, ...base } = spec;
  return { ...base, sides, ...(budget !== undefined && sides.some((s) => s.some((f) => f.search === true)) ? { search: budget } : {}) };
}
