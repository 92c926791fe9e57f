/**
 * `duel: { distance: N }`: an exchange duel is the special case of a fight with one
 * character a side. At distance 1 the duel engine (duel.ts) plays it as always; farther apart, the
 * duel is planned as a 1-v-1 exchange fight in Tactical Mode (fight/): an open field of 2 m Spaces,
 * `FIELD_DEPTH` Spaces behind each character and `FIELD_DEPTH` to each side of it, no cover.
 */
import type { Condition } from '../combatant.js';
import type { ExchangeParts } from '../compile.js';
import type { ExchangeKnobs } from '../rules.js';
import type { ExchangeFightStudy } from '../fight/schema.js';
import { compileFight } from '../fight/setup.js';
import type { ExchangeFightSpec } from '../fight/spec.js';

/** Open Spaces behind and beside each duelist on the field. */
export const FIELD_DEPTH = 10;

export interface DistanceDuel {
  readonly a: string;
  readonly b: string;
  readonly policyA: string;
  readonly policyB: string;
  readonly conditionsA: readonly Condition[];
  readonly conditionsB: readonly Condition[];
}

/** The 1-v-1 fight of a duel `distance` Spaces apart (sides named `a` and `b`; `knobs.opener` opens). */
export function duelAsFight(parts: ExchangeParts, m: DistanceDuel, distance: number, maxRounds: number, knobs: ExchangeKnobs): ExchangeFightSpec {
  const side = (loadout: string, policy: string, conditions: readonly Condition[]) => [{ loadout, count: 1, policy, conditions: [...conditions] }];
  const study = {
    ...parts,
    sides: { a: side(m.a, m.policyA, m.conditionsA), b: side(m.b, m.policyB, m.conditionsB) },
    fight: {
      map: [distance + 2 * FIELD_DEPTH + 1, 2 * FIELD_DEPTH + 1], distance, opener: knobs.opener, maxRounds, cover: [], groups: 'none', tactics: {},
    },
    matchups: [{ a: 'a', b: 'b' }],
  } as unknown as ExchangeFightStudy;
  return compileFight(study, 'a', 'b', knobs, knobs.opener);
}
