/** The policy gap's challenger in d20 fights: every creature of one side plays one policy (types.ts ModePlugin.challenge). */
import { DEFAULT_SEARCH_BUDGET } from '../../../games/search.js';
import { HEROES, ENEMIES, type FightSpec } from './engine.js';
import { POLICIES, type D20FightStudy } from '../schema.js';

/** The policy a searching fighter's play-outs play for it. */
export const SEARCH_ROLLOUT_POLICY = 'tactical';

export function challengeD20Fight(spec: FightSpec, side: 0 | 1, policy: string, study: D20FightStudy): FightSpec {
  const search = policy === 'search';
  const id = POLICIES.indexOf((search ? SEARCH_ROLLOUT_POLICY : policy) as (typeof POLICIES)[number]);
  if (id < 0) throw new Error(`d20 fights have no policy ${policy}`);
  const which = side === 0 ? HEROES : ENEMIES;
  const fighters = spec.fighters.map((f) => {
    if (f.side !== which) return f;
    const { search: _search, ...rest } = f;
    return search ? { ...rest, policy: id, search: true } : { ...rest, policy: id };
  });
  // As fight-mode.ts plans a study with searching fighters: the budget from the study's search: field.
  const budget = spec.search ?? (search ? { ...DEFAULT_SEARCH_BUDGET, ...study.search } : undefined);
  const { search: _budget, ...base } = spec;
  return { ...base, fighters, ...(budget !== undefined && fighters.some((f) => f.search === true) ? { search: budget } : {}) };
}
