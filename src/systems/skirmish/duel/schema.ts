/**
 * The skirmish duel study format (zod): the attack study's profiles (../schema.ts) with the duel's
 * own settings, matchups, loadout policy and fight knobs. Apart from ../schema.ts so that a study
 * of another mode does not build these (docs/development.md, "How the command line starts fast").
 */
import { z } from 'zod';
import { duelMatchup, intIn, listOf, numberIn, searchField, studyHeader, trialsField, variantsField } from '../../study-schema.js';
import { DUEL_POLICY_NAMES, fighterSchema, knobsSchema, loadoutSchema, NAMED_POLICIES, weaponSchema } from '../schema.js';

const int = intIn;

/** Knobs that only fights read (duel mode). */
export const fightKnobsSchema = knobsSchema.extend({
  initiative: z.enum(['roll-off', 'a', 'b', 'alternate']).optional(),
  stunnedActs: z.boolean().optional(),
  failedRetreat: z.enum(['leaves', 'stays']).optional(),
  primer: int(1, 7).optional(),
});

export const duelSettingsSchema = z.strictObject({
  distance: numberIn(0, 200).default(12),
  maxRounds: int(1, 1000).default(20),
  cover: z.enum(['none', 'cover', 'close']).default('none'),
  terrain: z.boolean().default(false),
});

/** A fighter policy outside skirmish duels: a named one; `best-response` and `optimal` get their own message. */
export const namedPolicyField = z.enum(NAMED_POLICIES, {
  error: (iss) => (iss.input === 'best-response' || iss.input === 'optimal'
    ? `${iss.input} is a solved policy, which only skirmish duels (mode: duel) play; use aggressive, shooter or kite`
    : undefined),
});

export const duelMatchupSchema = duelMatchup({
  policyA: z.enum(DUEL_POLICY_NAMES).optional(),
  policyB: z.enum(DUEL_POLICY_NAMES).optional(),
});

/** A duel's loadout may name the policy it plays when a matchup does not (policyA / policyB win). */
export const duelLoadoutSchema = loadoutSchema.extend({ policy: z.enum(DUEL_POLICY_NAMES).optional() });

export const duelStudySchema = z.strictObject({
  system: z.literal('skirmish'),
  mode: z.literal('duel'),
  ...studyHeader,
  trials: trialsField(20_000),
  fighters: z.record(z.string(), fighterSchema),
  weapons: z.record(z.string(), weaponSchema),
  loadouts: z.record(z.string(), duelLoadoutSchema),
  duel: duelSettingsSchema.default({ distance: 12, maxRounds: 20, cover: 'none', terrain: false }),
  search: searchField(),
  matchups: listOf(duelMatchupSchema),
  rules: fightKnobsSchema.default({}),
  variants: variantsField(fightKnobsSchema),
});

export type DuelStudy = z.output<typeof duelStudySchema>;
export type DuelMatchupInput = z.output<typeof duelMatchupSchema>;
export type FightKnobsInput = z.output<typeof fightKnobsSchema>;
