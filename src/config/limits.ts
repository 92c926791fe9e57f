/**
 * Limits on what a study file may ask of the tool, checked before or while it is read: its size,
 * how far YAML aliases may expand, names that clash with JavaScript built-ins, how many problems
 * are listed. (Bounds of individual numeric fields live in the schemas; docs/reference/limits.md.)
 */
import type { Problem } from './problems.js';

/** A study file larger than this is refused before it is parsed. */
export const MAX_STUDY_BYTES = 10 * 1024 * 1024;

/** How many alias expansions one YAML document may make (yaml's `maxAliasCount`). */
export const MAX_ALIAS_COUNT = 100;

/** At most this many problems are listed; the rest are counted. */
export const MAX_PROBLEMS = 50;

/**
 * A YAML list in a study has at most this many items (checked while parsing, before any schema):
 * longer lists only cost time and memory, and some reached code that handles one item per stack
 * frame (a fighter with a million keywords overflowed the stack, exit 1).
 */
export const MAX_LIST_ITEMS = 10_000;

/** Lists and mappings nest at most this deep (a study needs about 6 levels); deeper YAML is refused at the first node too deep. */
export const MAX_NESTING = 64;

/** Problems (warnings) after the first MAX_PROBLEMS counted in one last line, as errors are. */
export function capProblems(problems: readonly Problem[], what = 'problem'): Problem[] {
  if (problems.length <= MAX_PROBLEMS) return [...problems];
  const file = problems[0]!.file;
  return [...problems.slice(0, MAX_PROBLEMS), { file, line: 0, col: 0, path: '', message: `${problems.length - MAX_PROBLEMS} more ${what}(s) not shown` }];
}

/** A study plans at most this many tasks (matchups x variants x sweep points). */
export const MAX_TASKS = 100_000;

interface SchemaDef {
  type: string;
  shape?: Record<string, unknown>;
  valueType?: unknown;
  element?: unknown;
  innerType?: unknown;
  in?: unknown;
  options?: unknown[];
}

const defOf = (schema: unknown): SchemaDef => (schema as { _zod: { def: SchemaDef } })._zod.def;

/**
 * The validated study with every name table (a zod `record`: fighters, weapons, loadouts,
 * variants, ...) turned into an object without prototype, so looking up a user's name never finds
 * a built-in. Profiles and settings stay ordinary objects: engines read them in hot loops, where
 * prototype-free (dictionary-mode) objects are slow.
 */
export function withoutPrototypeTables(schema: unknown, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const d = defOf(schema);
  switch (d.type) {
    case 'record': {
      const out = Object.create(null) as Record<string, unknown>;
      for (const key of Object.keys(value)) out[key] = withoutPrototypeTables(d.valueType, (value as Record<string, unknown>)[key]);
      return out;
    }
    case 'object': {
      const obj = value as Record<string, unknown>;
      for (const [key, field] of Object.entries(d.shape ?? {})) if (Object.hasOwn(obj, key)) obj[key] = withoutPrototypeTables(field, obj[key]);
      return obj;
    }
    case 'array':
      return Array.isArray(value) ? value.map((v: unknown) => withoutPrototypeTables(d.element, v)) : value;
    case 'union':
      // Already validated: a union's object options (a side entry, say) hold no tables.
      return value;
    default:
      return d.innerType !== undefined || d.in !== undefined ? withoutPrototypeTables(d.innerType ?? d.in, value) : value;
  }
}

/**
 * A deep copy whose objects have no prototype, so looking up a user's name never finds a
 * built-in (`table["constructor"]` is undefined, `"toString" in table` is false).
 */
export function withoutPrototypes<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => withoutPrototypes(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) out[key] = withoutPrototypes((value as Record<string, unknown>)[key]);
  return out as T;
}
