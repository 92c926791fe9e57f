/**
 * The duel studies' `search: { rollouts, depth }` field: the budget per decision of a side playing
 * `policy: search` (src/games/search.ts); either field left out takes its default.
 */
import { z } from 'zod';
import { DEFAULT_SEARCH_BUDGET } from '../games/search.js';
import { intIn } from './study-schema.js';

export function duelSearchField() {
  return z.strictObject({
    rollouts: intIn(1, 1_000_000).default(DEFAULT_SEARCH_BUDGET.rollouts),
    depth: intIn(0, 1_000_000).default(DEFAULT_SEARCH_BUDGET.depth),
  }).optional();
}
