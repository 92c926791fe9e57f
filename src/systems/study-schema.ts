/** Schema pieces every system's studies share: the header fields and the two shapes of matchup entries. */
import { z } from 'zod';
import { RESERVED_NAMES, reservedNameMessage } from '../config/limits.js';
import { DEFAULT_SEARCH_BUDGET } from '../games/search.js';

/**
 * Bounded fields as one schema carrying its checks. The chain `z.number().int().min(a).max(b)`
 * builds four schemas (each step copies the last, after binding the method it calls), which at
 * start costs ~3x as much to construct for the same issues and the same JSON Schema; `balance
 * validate` builds every field of a system's studies before it reads one (docs/development.md, "How the command line starts fast").
 */
export const intIn = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));
export const numberIn = (min: number, max: number) => z.number().check(z.gte(min), z.lte(max));
/** A list of at least `min` (and at most `max`) items (as `z.array(item).min(min).max(max)`). */
export const listOf = <T extends z.ZodType>(item: T, min = 1, max?: number) =>
  z.array(item).check(...(max === undefined ? [z.minLength(min)] : [z.minLength(min), z.maxLength(max)]));
/** A non-empty string (as `z.string().min(1)`). */
export const nonEmptyString = () => z.string().check(z.minLength(1));
/**
 * A name given as a value (a d20 fighter's `name:`), which becomes a label in the outputs: non-empty
 * and not a built-in JavaScript name (the report's charts break on one, as keys would).
 */
export const nameValue = () => nonEmptyString().superRefine((v, ctx) => {
  if (RESERVED_NAMES.has(v)) ctx.addIssue({ code: 'custom', message: reservedNameMessage(v) });
});

/** title, description and seed: the same in every study. */
export const studyHeader = {
  title: z.string().optional(),
  description: z.string().optional(),
  seed: intIn(0, Number.MAX_SAFE_INTEGER).default(1),
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

/**
 * `search: { rollouts, depth }`: the budget per decision of the fighters that play `policy: search`
 * (src/games/search.ts); either field left out takes its default. `--search-rollouts` overrides
 * `rollouts`.
 */
export function searchField() {
  return z.strictObject({
    rollouts: intIn(1, 1_000_000).default(DEFAULT_SEARCH_BUDGET.rollouts),
    depth: intIn(0, 1_000_000).default(DEFAULT_SEARCH_BUDGET.depth),
  }).optional();
}

/** Trials per matchup and variant, with the mode's default. */
export function trialsField(fallback: number) {
  return intIn(1, 1_000_000_000).default(fallback);
}

/** An attack matchup: attacker/defender, or attackers/defenders lists (every pair), with a situation. */
export function attackMatchup<S extends z.ZodType>(situation: S) {
  return z.strictObject({
    name: nonEmptyString().optional(),
    attacker: z.string().optional(),
    defender: z.string().optional(),
    attackers: listOf(z.string()).optional(),
    defenders: listOf(z.string()).optional(),
    situation: situation.optional(),
  });
}

/** A duel matchup: a/b, or sides/opponents lists (every pair), plus the mode's own fields. */
export function duelMatchup<E extends z.ZodRawShape>(extra: E) {
  return z.strictObject({
    name: nonEmptyString().optional(),
    a: z.string().optional(),
    b: z.string().optional(),
    sides: listOf(z.string()).optional(),
    opponents: listOf(z.string()).optional(),
    ...extra,
  });
}
