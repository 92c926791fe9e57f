/** Schema pieces every system's studies share: the header fields and the two shapes of matchup entries. */
import { z } from 'zod';

/** title, description and seed: the same in every study. */
export const studyHeader = {
  title: z.string().optional(),
  description: z.string().optional(),
  seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(1),
};

/**
 * Rules variants by name; omitted, one variant `base` with no knobs. An empty mapping is refused
 * (it would plan no tasks and write empty CSVs).
 */
export function variantsField<K extends z.ZodType>(knobs: K) {
  return z.record(z.string(), knobs)
    .refine((v) => Object.keys(v).length > 0, { message: 'needs at least one variant (leave out variants: for the single default variant "base")' })
    .default({ base: {} } as unknown as Record<string, z.output<K>>);
}

/** Trials per matchup and variant, with the mode's default. */
export function trialsField(fallback: number) {
  return z.number().int().min(1).max(1_000_000_000).default(fallback);
}

/** An attack matchup: attacker/defender, or attackers/defenders lists (every pair), with a situation. */
export function attackMatchup<S extends z.ZodType>(situation: S) {
  return z.strictObject({
    name: z.string().min(1).optional(),
    attacker: z.string().optional(),
    defender: z.string().optional(),
    attackers: z.array(z.string()).min(1).optional(),
    defenders: z.array(z.string()).min(1).optional(),
    situation: situation.optional(),
  });
}

/** A duel matchup: a/b, or sides/opponents lists (every pair), plus the mode's own fields. */
export function duelMatchup<E extends z.ZodRawShape>(extra: E) {
  return z.strictObject({
    name: z.string().min(1).optional(),
    a: z.string().optional(),
    b: z.string().optional(),
    sides: z.array(z.string()).min(1).optional(),
    opponents: z.array(z.string()).min(1).optional(),
    ...extra,
  });
}
