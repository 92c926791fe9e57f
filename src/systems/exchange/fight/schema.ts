/** The exchange fight study format: sides of characters with NPC groups, a Tactical map. */
import { z } from 'zod';
import { intIn, listOf, nonEmptyString, studyHeader, trialsField } from '../../study-schema.js';
import { armourSchema, characterSchema, knobsSchema, loadoutSchema, POLICY_PATTERN, weaponSchema } from '../schema.js';

const int = intIn;

/** The fight's policies: the default `tactical` or a named one (../schema.ts POLICY_PATTERN), each optionally `+keep-magic`. */
export const FIGHT_POLICY_PATTERN = new RegExp(`^tactical(\\+keep-magic)?$|${POLICY_PATTERN.source}`);
const name = nonEmptyString();

export const CONDITIONS = ['slowed', 'reeling', 'prone', 'stunned'] as const;
export const MOVES = ['close', 'keep-range', 'protect'] as const;
export const TARGETING = ['nearest', 'weakest', 'focus'] as const;
export const ORDERS = ['listed', 'fresh-first'] as const;

export const fighterEntrySchema = z.strictObject({
  loadout: name,
  count: int(1, 100).default(1),
  /** `tactical` (the default: paths, responses and Boost by value) or a named policy (all-in, guard-first, reserve-N). */
  policy: z.string().regex(FIGHT_POLICY_PATTERN, {
    error: (iss) => (iss.input === 'best-response' || iss.input === 'optimal'
      ? `${iss.input} is a solved policy, which only duels play (exchange: mode duel at duel.distance 1); use tactical, all-in, guard-first or reserve-N`
      : 'expected a policy: tactical, all-in, guard-first or reserve-N (N = Ready AD kept for responses)'),
  }).default('tactical'),
  /** Movement policy of the named policies; default: keep-range for ranged weapons, close otherwise. `tactical` finds its own. */
  move: z.enum(MOVES).optional(),
  group: name.optional(),
  conditions: z.array(z.enum(CONDITIONS)).default([]),
});

const cell = z.tuple([int(0, 199), int(0, 199)]);

export const coverSchema = z.strictObject({
  at: cell,
  size: z.tuple([int(1, 200), int(1, 200)]).default([1, 1]),
  kind: z.enum(['partial', 'full']),
});

export const sideTacticsSchema = z.strictObject({
  targeting: z.enum(TARGETING).default('nearest'),
  order: z.enum(ORDERS).default('listed'),
});

export const fightBlockSchema = z.strictObject({
  map: z.tuple([int(2, 200), int(1, 200)]).default([20, 20]),
  distance: int(1, 199).default(6),
  /** random | a | b | <side name> | <character name>; a variant's `opener` knob overrides it. */
  opener: name.default('random'),
  maxRounds: int(1, 1000).default(30),
  cover: z.array(coverSchema).default([]),
  /** auto: a side with more characters than the other, none of them grouped, forms groups as the seed says. */
  groups: z.enum(['auto', 'none']).default('auto'),
  tactics: z.record(z.string(), sideTacticsSchema).default({}),
});

export const fightStudySchema = z.strictObject({
  system: z.literal('exchange'),
  mode: z.literal('fight'),
  ...studyHeader,
  trials: trialsField(20_000),
  characters: z.record(z.string(), characterSchema),
  weapons: z.record(z.string(), weaponSchema),
  armours: z.record(z.string(), armourSchema).default({}),
  loadouts: z.record(z.string(), loadoutSchema),
  rules: knobsSchema.default({}),
  variants: z.record(z.string(), knobsSchema).default({ base: {} }),
  sides: z.record(z.string(), listOf(fighterEntrySchema)),
  fight: fightBlockSchema.default(fightBlockSchema.parse({})),
  matchups: listOf(z.strictObject({ name: name.optional(), a: name, b: name })),
});

export type ExchangeFightStudy = z.output<typeof fightStudySchema>;
export type FighterEntry = z.output<typeof fighterEntrySchema>;
export type FightBlock = z.output<typeof fightBlockSchema>;
