/** The exchange study format (seed 001, rules.md 2): characters, weapons, armours, loadouts. */
import { z } from 'zod';
import { attackMatchup, duelMatchup, intIn, listOf, numberIn, studyHeader, trialsField, variantsField, searchField } from '../study-schema.js';

const int = intIn;

export const characterSchema = z.strictObject({
  vitality: int(1, 40),
  actionDice: int(0, 40).optional(),
  magicDice: int(0, 20).default(0),
  strength: int(0, 10).default(0),
  agility: int(0, 10).default(0),
  cognition: int(0, 10).default(0),
  resilience: int(0, 10).default(0),
  melee: int(0, 10).default(0),
  ranged: int(0, 10).default(0),
  acrobatics: int(0, 10).default(0),
  athletics: int(0, 10).default(0),
  baseMovement: numberIn(0, 100).default(10),
});

export const weaponSchema = z.strictObject({
  kind: z.enum(['melee', 'thrown', 'projectile']),
  baseAttackCost: int(0, 10).default(1),
  damage: int(0, 20),
  vitalCap: int(0, 20),
  heavy: z.boolean().default(false),
  reach: int(1, 3).default(1),
  effectiveRange: numberIn(0, 1000).optional(),
  maxRange: numberIn(0, 1000).optional(),
  /** Lingering Harm: Wounds at the end of each of the victim's turns after a hit (duels). */
  lingering: int(0, 5).default(0),
  /** Conditions a clean hit with this weapon inflicts in duels, from a Hit Margin of `margin` up. */
  inflicts: z.strictObject({
    reeling: z.strictObject({ margin: int(1, 40) }).optional(),
    prone: z.strictObject({ margin: int(1, 40) }).optional(),
  }).optional(),
});

export const armourSchema = z.strictObject({ soak: int(0, 20) });

export const loadoutSchema = z.strictObject({
  character: z.string(),
  weapon: z.string(),
  armour: z.string().optional(),
});

const edge = z.enum(['advantage', 'disadvantage', 'none']);
const who = z.enum(['none', 'attacker', 'defender', 'both']);

export const situationSchema = z.strictObject({
  attackerBoost: int(0, 10).optional(),
  response: z.enum(['none', 'guard', 'clash']).optional(),
  defenderBoost: int(0, 10).optional(),
  attackerEdge: edge.optional(),
  defenderEdge: edge.optional(),
  range: z.enum(['effective', 'long']).optional(),
  slowed: who.optional(),
  reeling: who.optional(),
  prone: who.optional(),
});

export const knobsSchema = z.strictObject({
  die: z.strictObject({ faces: listOf(int(0, 10), 2, 20) }).optional(),
  edge: z.enum(['extra-die', 'reroll-lowest']).optional(),
  continuation: z.boolean().optional(),
  opener: z.enum(['random', 'a', 'b']).optional(),
});

const common = {
  system: z.literal('exchange'),
  ...studyHeader,
  characters: z.record(z.string(), characterSchema),
  weapons: z.record(z.string(), weaponSchema),
  armours: z.record(z.string(), armourSchema).default({}),
  loadouts: z.record(z.string(), loadoutSchema),
  rules: knobsSchema.default({}),
  variants: variantsField(knobsSchema),
};

export const attackStudySchema = z.strictObject({
  ...common,
  mode: z.literal('attack'),
  trials: trialsField(100_000),
  matchups: listOf(attackMatchup(situationSchema)),
  situation: situationSchema.default({}),
});

export const POLICY_PATTERN = /^(all-in|guard-first|reserve-\d{1,2})(\+keep-magic)?$/;

/** The solved policies an exchange duel side may play at duel.distance 1 (exchange/duel/solved-policy.ts). */
export const SOLVED_POLICY_NAMES = ['best-response', 'optimal'] as const;
/** The policies exchange duels play by value (tactical.ts), at duel.distance 1; the default there. */
export const DUEL_VALUE_POLICY_PATTERN = /^tactical(\+keep-magic)?$/;
const duelPolicy = z.string().regex(new RegExp(`^(${SOLVED_POLICY_NAMES.join('|')}|search)$|${DUEL_VALUE_POLICY_PATTERN.source}|${POLICY_PATTERN.source}`), {
  message: 'expected a policy: tactical (by value, the default), all-in, guard-first or reserve-N (N = Ready AD kept for responses), optionally with +keep-magic; best-response or optimal (solved, duel.distance 1); or search (duel.distance 1)',
});

export const duelStudySchema = z.strictObject({
  ...common,
  mode: z.literal('duel'),
  trials: trialsField(20_000),
  /** `opener` here applies to every variant that does not set its own `opener` knob. */
  /** `distance` (Spaces, default 1): above 1 the duel is played as a 1-v-1 fight in Tactical Mode (exchange/duel/distance.ts). */
  duel: z.strictObject({
    maxRounds: int(1, 1000).default(30), opener: z.enum(['random', 'a', 'b']).optional(), distance: int(1, 179).default(1),
  }).default({ maxRounds: 30, distance: 1 }),
  search: searchField(),
  matchups: listOf(duelMatchup({
    policyA: duelPolicy.optional(),
    policyB: duelPolicy.optional(),
    /** Conditions each side fights under for the whole duel. */
    conditionsA: z.array(z.enum(['slowed', 'reeling', 'prone', 'stunned'])).default([]),
    conditionsB: z.array(z.enum(['slowed', 'reeling', 'prone', 'stunned'])).default([]),
  })),
});

export type ExchangeAttackStudy = z.output<typeof attackStudySchema>;
export type ExchangeDuelStudy = z.output<typeof duelStudySchema>;
export type CharacterInput = z.output<typeof characterSchema>;
export type WeaponInput = z.output<typeof weaponSchema>;
export type SituationInput = z.output<typeof situationSchema>;
export type KnobsInput = z.output<typeof knobsSchema>;
