/** The d20 study format (seed 003, rules.md 3): creatures, weapons, loadouts; attack and fight modes. */
import { z } from 'zod';
import { attackMatchup, intIn, listOf, nameValue, searchField, studyHeader, trialsField, variantsField } from '../study-schema.js';
import { parseDamage } from './notation.js';

const int = intIn;

export const damageSpec = z.string().superRefine((v, ctx) => {
  const r = parseDamage(v);
  if (typeof r === 'string') ctx.addIssue({ code: 'custom', message: r });
});

export const hitDieSpec = z.string().regex(/^d(4|6|8|10|12|20)$/, { message: 'expected a hit die: d4, d6, d8, d10, d12 or d20' });

export const creatureSchema = z.strictObject({
  hp: int(1, 1000),
  ac: int(0, 40),
  str: int(-5, 10),
  dex: int(-5, 10),
  con: int(-5, 10),
  pb: int(0, 10).default(2),
  proficientSaves: z.array(z.enum(['str', 'dex', 'con', 'int', 'wis', 'cha'])).default([]),
  hitDie: hitDieSpec.default('d8'),
  fatigue: int(0, 10).default(0),
  speed: int(0, 200).default(30),
  /** Supply for Stabilize. */
  supply: int(0, 20).default(1),
});

export const weaponSchema = z.strictObject({
  kind: z.enum(['melee', 'ranged']),
  damage: damageSpec,
  finesse: z.boolean().default(false),
  twoHanded: z.boolean().default(false),
});

export const loadoutSchema = z.strictObject({
  creature: z.string(),
  weapon: z.string(),
});

export const situationSchema = z.strictObject({
  edge: z.enum(['none', 'edge', 'setback']).optional(),
  cover: z.enum(['none', 'partial', 'full']).optional(),
  dodge: z.boolean().optional(),
  mounted: z.boolean().optional(),
});

export const knobsSchema = z.strictObject({
  critOn: int(2, 20).optional(),
  fumble: z.enum(['miss', 'miss-and-drop-weapon']).optional(),
  enemiesRollDeath: z.boolean().optional(),
  dyingAfterFight: z.enum(['stabilize', 'roll', 'ignore']).optional(),
});

const common = {
  system: z.literal('d20'),
  ...studyHeader,
  creatures: z.record(z.string(), creatureSchema),
  weapons: z.record(z.string(), weaponSchema),
  loadouts: z.record(z.string(), loadoutSchema),
  rules: knobsSchema.default({}),
  variants: variantsField(knobsSchema),
};

export const attackMatchupSchema = attackMatchup(situationSchema);

export const attackStudySchema = z.strictObject({
  ...common,
  mode: z.literal('attack'),
  trials: trialsField(100_000),
  matchups: listOf(attackMatchupSchema),
  situation: situationSchema.default({}),
});

export const POLICIES = ['focus-weakest', 'random', 'dodge-when-low', 'support', 'skirmisher', 'finish-off', 'tactical'] as const;
/** What a fighter entry may name: a named policy, or `search` (src/games/search.ts; its play-outs play `tactical`). */
export const FIGHTER_POLICIES = [...POLICIES, 'search'] as const;

export const fighterEntry = z.union([
  z.string(),
  z.strictObject({ loadout: z.string(), policy: z.enum(FIGHTER_POLICIES).optional(), name: nameValue().optional() }),
]);

export const fightStudySchema = z.strictObject({
  ...common,
  mode: z.literal('fight'),
  trials: trialsField(20_000),
  fight: z.strictObject({ maxRounds: int(1, 1000).default(20) }).default({ maxRounds: 20 }),
  search: searchField(),
  sides: z.strictObject({ heroes: listOf(fighterEntry, 1, 12), enemies: listOf(fighterEntry, 1, 30) }),
});

export type D20AttackStudy = z.output<typeof attackStudySchema>;
export type D20FightStudy = z.output<typeof fightStudySchema>;
export type CreatureInput = z.output<typeof creatureSchema>;
export type WeaponInput = z.output<typeof weaponSchema>;
export type SituationInput = z.output<typeof situationSchema>;
export type KnobsInput = z.output<typeof knobsSchema>;
