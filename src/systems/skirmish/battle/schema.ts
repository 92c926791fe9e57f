/**
 * The battle study format (zod): fighters, weapons and loadouts as in duels, plus `retinues`
 * (lists of loadouts with counts and policies), the `battle:` block (board, deployment distance,
 * rounds, terrain rectangles) and matchups of two retinues with optional side policies.
 */
import { z } from 'zod';
import { duelMatchup, intIn, listOf, numberIn, searchField, studyHeader, trialsField } from '../../study-schema.js';
import { fightKnobsSchema } from '../duel/schema.js';
import { fighterSchema, loadoutSchema, NAMED_POLICIES, weaponSchema } from '../schema.js';

/** Battle fighter policies: the named ones (pinned) and `tactical`, the default (tactical.ts). */
export const FIGHTER_POLICIES = [...NAMED_POLICIES, 'tactical'] as const;

/** A retinue entry's policy: `best-response` and `optimal` get their own message. */
export const battlePolicyField = z.enum(FIGHTER_POLICIES, {
  error: (iss) => (iss.input === 'best-response' || iss.input === 'optimal'
    ? `${iss.input} is a solved policy, which only skirmish duels (mode: duel) play; use tactical, aggressive, shooter or kite`
    : undefined),
});
/** What a retinue entry may play: a fighter policy, or `search` (src/games/search.ts; its play-outs play `tactical`). */
export const RETINUE_POLICIES = [...FIGHTER_POLICIES, 'search'] as const;
const retinuePolicyField = z.enum(RETINUE_POLICIES, {
  error: (iss) => (iss.input === 'best-response' || iss.input === 'optimal'
    ? `${iss.input} is a solved policy, which only skirmish duels (mode: duel) play; use tactical, search, aggressive, shooter or kite`
    : undefined),
});
export const SIDE_POLICIES = ['nearest', 'weakest', 'most-dangerous'] as const;
export type SidePolicyName = (typeof SIDE_POLICIES)[number];

const inches = numberIn(0, 1000);

export const retinueEntrySchema = z.strictObject({
  loadout: z.string(),
  count: intIn(1, 20).default(1),
  /** Default `tactical`. */
  policy: retinuePolicyField.optional(),
  /** Base diameter in inches (default 1"). */
  base: numberIn(0.5, 6).default(1),
});

export const terrainSchema = z.strictObject({
  at: z.tuple([inches, inches]),
  size: z.tuple([numberIn(0.1, 1000), numberIn(0.1, 1000)]),
  kind: z.enum(['cover', 'block']),
});

export const battleSettingsSchema = z.strictObject({
  board: z.tuple([numberIn(2, 1000), numberIn(2, 1000)]).default([24, 24]),
  distance: numberIn(0, 1000).default(12),
  maxRounds: intIn(1, 1000).default(12),
  /** At most 100 pieces: moves and sight lines test every piece (1000 pieces made a battle ~30,000x slower). */
  terrain: listOf(terrainSchema, 0, 100).default([]),
});

export const battleKnobsSchema = fightKnobsSchema.extend({
  /** Multiple Engagement: `focus` puts the whole Strike Pool on one enemy; `split` shares it among every engaged Active enemy. */
  multipleEngagement: z.enum(['focus', 'split']).optional(),
  /** Ranged weapons (not spells) within 1" of an Active enemy: `allowed` (default) or `forbidden`. */
  rangedInMelee: z.enum(['allowed', 'forbidden']).optional(),
  /**
   * Retreat: which fighter of the retreater's side within 1" of an enemy keeps that enemy from its
   * free attack: `any` (default: any not Out of Action, Downed or Stunned too) or `active` (only an Active one).
   */
  freeAttackEngaged: z.enum(['any', 'active']).optional(),
  /** A Cast that goes off: `apart` (default: no friendly fire, never Dodged) or `ranged` (friendly fire and Dodge as a Ranged attack). */
  castAttack: z.enum(['apart', 'ranged']).optional(),
});

export const battleMatchupSchema = duelMatchup({
  sidePolicyA: z.enum(SIDE_POLICIES).optional(),
  sidePolicyB: z.enum(SIDE_POLICIES).optional(),
});

export const battleStudySchema = z.strictObject({
  system: z.literal('skirmish'),
  mode: z.literal('battle'),
  ...studyHeader,
  trials: trialsField(20_000),
  fighters: z.record(z.string(), fighterSchema),
  weapons: z.record(z.string(), weaponSchema),
  loadouts: z.record(z.string(), loadoutSchema),
  retinues: z.record(z.string(), listOf(retinueEntrySchema, 1, 20)),
  battle: battleSettingsSchema.default({ board: [24, 24], distance: 12, maxRounds: 12, terrain: [] }),
  search: searchField(),
  matchups: listOf(battleMatchupSchema),
  rules: battleKnobsSchema.default({}),
  variants: z.record(z.string(), battleKnobsSchema).default({ base: {} }),
});

export type BattleStudy = z.output<typeof battleStudySchema>;
export type BattleMatchupInput = z.output<typeof battleMatchupSchema>;
export type BattleKnobsInput = z.output<typeof battleKnobsSchema>;
