/**
 * The skirmish study format (zod). One schema is the single source of the study's types; defaults
 * for situations and knobs are filled in resolve.ts. The duel's own fields are in duel/schema.ts,
 * so that an attack study does not build them (docs/development.md, "How the command line starts fast").
 */
import { z } from 'zod';
import { attackMatchup, intIn, listOf, nonEmptyString, studyHeader, trialsField, variantsField } from '../study-schema.js';
import { ARMOURS, SHIELDS, WEAPON_CLASSES } from './profile.js';

const int = intIn;

/** `"+N"` adds N to the attribute, `"N"` (or a plain number) is fixed, `"-"` adds nothing. */
export const diceSpec = z.union([z.string(), z.number()]).superRefine((v, ctx) => {
  const ok = typeof v === 'number' ? Number.isInteger(v) && v >= 0 && v <= 15 : /^(\+\d{1,2}|\d{1,2}|-)$/.test(v);
  if (!ok) {
    ctx.addIssue({
      code: 'custom',
      message: `invalid dice spec ${JSON.stringify(v)}: write "+N" (adds N to the attribute), "N" (exactly N dice) or "-" (the attribute alone)`,
    });
  }
});

export const WEAPON_KEYWORDS = ['piercing', 'heavy', 'impact', 'smoke'] as const;

export const fighterSchema = z.strictObject({
  cc: int(0, 10),
  rc: int(0, 10),
  might: int(0, 15),
  skill: int(0, 15),
  /** Required: `defense` or its spelling `defence` (exactly one; checkProfiles says so). */
  defense: int(0, 10).optional(),
  defence: int(0, 10).optional(),
  wounds: int(1, 20),
  movement: int(0, 24).default(4),
  casting: int(0, 10).optional(),
  keywords: z.array(z.string()).default([]),
  // Editors (the JSON Schema) ask for exactly one spelling too.
}).meta({ oneOf: [{ required: ['defense'] }, { required: ['defence'] }] });

export const weaponSchema = z.strictObject({
  type: z.enum(['melee', 'ranged']),
  class: z.enum(WEAPON_CLASSES).default('other'),
  might: diceSpec.default('-'),
  skill: diceSpec.default('-'),
  range: z.union([int(0, 100), z.tuple([int(0, 100), int(0, 100)])]).optional(),
  keywords: z.array(z.enum(WEAPON_KEYWORDS)).default([]),
  school: nonEmptyString().optional(),
  /** Firearms: the primer roll fires on a d6 at or above this (default: the knob `primer`, 2). */
  primer: int(1, 7).optional(),
  /** Spells: Casting Difficulty for 2d6 + casting. */
  difficulty: int(2, 30).optional(),
  /** Spells: Wounds the caster takes on a mishap (double 1s). */
  backlash: int(0, 10).optional(),
});

export const loadoutSchema = z.strictObject({
  fighter: z.string(),
  weapon: z.string().optional(),
  weapons: listOf(z.string()).optional(),
  armor: z.enum(ARMOURS).optional(),
  armour: z.enum(ARMOURS).optional(),
  shield: z.enum(SHIELDS).default('none'),
});

export const situationSchema = z.strictObject({
  aim: z.boolean().optional(),
  gangUp: z.boolean().optional(),
  cover: z.enum(['none', 'cover', 'close']).optional(),
  brace: z.boolean().optional(),
  defenderState: z.enum(['active', 'downed', 'stunned']).optional(),
  defenderWounds: int(1, 20).optional(),
  hitMod: int(-6, 6).optional(),
});

export const matchupSchema = attackMatchup(situationSchema);

const relation = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export const knobsSchema = z.strictObject({
  tieGoesTo: z.enum(['attacker', 'defender', 'shield']).optional(),
  manoeuvres: z.boolean().optional(),
  piercingKeepsPenalties: z.boolean().optional(),
  stepPerHit: z.boolean().optional(),
  hammerBreaksTriangle: z.boolean().optional(),
  triangle: relation.optional(),
  magicTriangles: z.record(z.string(), listOf(z.string(), 2)).optional(),
});

export const attackStudySchema = z.strictObject({
  system: z.literal('skirmish'),
  mode: z.literal('attack'),
  ...studyHeader,
  trials: trialsField(100_000),
  fighters: z.record(z.string(), fighterSchema),
  weapons: z.record(z.string(), weaponSchema),
  loadouts: z.record(z.string(), loadoutSchema),
  matchups: listOf(matchupSchema),
  situation: situationSchema.default({}),
  rules: knobsSchema.default({}),
  variants: variantsField(knobsSchema),
});

export type AttackStudy = z.output<typeof attackStudySchema>;
export type FighterInput = z.output<typeof fighterSchema>;
export type WeaponInput = z.output<typeof weaponSchema>;
export type LoadoutInput = z.output<typeof loadoutSchema>;
export type SituationInput = z.output<typeof situationSchema>;
export type KnobsInput = z.output<typeof knobsSchema>;
export type MatchupInput = z.output<typeof matchupSchema>;

/** The named fighter policies (duel/policies.ts). */
export const NAMED_POLICIES = ['aggressive', 'shooter', 'kite'] as const;
/** A skirmish duel's policies: the named ones, the solved ones (duel/solved-policy.ts) and the search player (duel/game.ts, src/games/search.ts). */
export const DUEL_POLICY_NAMES = [...NAMED_POLICIES, 'best-response', 'optimal', 'search'] as const;
export type DuelPolicyName = (typeof DUEL_POLICY_NAMES)[number];
