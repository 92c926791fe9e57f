/**
 * Schema validation with zod, turned into one clear problem per issue:
 * `FILE:LINE:COL path: message`, with "did you mean" for unknown keys and options.
 */
import type { z } from 'zod';
import { MAX_PROBLEMS, withoutPrototypeTables } from './limits.js';
import type { LoadedStudy } from './load.js';
import type { FieldPath } from '../common/field-path.js';
import { ConfigError, type Problem } from './problems.js';
import { didYouMean } from '../common/suggest.js';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  valueType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
}

function def(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** The object keys a schema allows at a path (for "did you mean" on unknown keys). */
export function keysAt(schema: z.ZodType, path: FieldPath): string[] {
  let s: z.ZodType | undefined = schema;
  const unwrap = (x: z.ZodType): z.ZodType => {
    let d = def(x);
    while (d.innerType || d.in) {
      x = (d.innerType ?? d.in)!;
      d = def(x);
    }
    return x;
  };
  for (const part of [...path, null]) {
    if (!s) return [];
    s = unwrap(s);
    const d = def(s);
    if (part === null) return d.shape ? Object.keys(d.shape) : [];
    if (d.type === 'object') s = d.shape?.[String(part)];
    else if (d.type === 'record') s = d.valueType;
    else if (d.type === 'array') s = d.element;
    else return [];
  }
  return [];
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  // JSON would print .inf and .nan as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return JSON.stringify(value);
}

function messageFor(issue: z.core.$ZodIssue, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return `missing required field (expected ${issue.expected})`;
      return `expected ${issue.expected === 'int' ? 'an integer' : issue.expected}, received ${describe(input)}`;
    case 'invalid_value': {
      // A schema's own message for this value (zod's defaults start "Invalid"): a solved policy outside duels.
      if (!issue.message.startsWith('Invalid')) return issue.message;
      const opts = issue.values.map((v) => JSON.stringify(v));
      const hint = typeof input === 'string' ? didYouMean(input, issue.values.map(String)) : '';
      return `expected one of ${opts.join(', ')}, received ${describe(input)}${hint}`;
    }
    case 'too_small':
      return issue.origin === 'array'
        ? `needs at least ${String(issue.minimum)} item(s)`
        : `must be at least ${String(issue.minimum)}, received ${describe(input)}`;
    case 'too_big':
      return issue.origin === 'array'
        ? `takes at most ${String(issue.maximum)} item(s)`
        : `must be at most ${String(issue.maximum)}, received ${describe(input)}`;
    default:
      return issue.message;
  }
}

/** 1 when a union branch failed on its input's type itself (a string branch given a mapping), else 0. */
function rootMismatch(issues: readonly z.core.$ZodIssue[]): number {
  return issues.some((i) => i.code === 'invalid_type' && i.path.length === 0) ? 1 : 0;
}

/** Validates `study.data` against `schema`; throws a ConfigError listing every problem. */
export function validate<T extends z.ZodType>(study: LoadedStudy, schema: T): z.output<T> {
  // jitless: a study is parsed once per process, so zod's compiled fast path (new Function per
  // object schema, which V8's code cache cannot keep) cost `balance validate` ~4 ms and saved nothing.
  const result = schema.safeParse(study.data, { reportInput: true, jitless: true });
  // Name tables without prototypes: a lookup of a user's name never finds a built-in such as `constructor`.
  if (result.success) return withoutPrototypeTables(schema, result.data) as z.output<T>;
  const problems: Problem[] = [];
  const issues = result.error.issues;
  for (const issue of issues.slice(0, MAX_PROBLEMS)) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      const known = keysAt(schema, path);
      for (const key of issue.keys) {
        const hint = didYouMean(key, known);
        const allowed = hint === '' && known.length > 0 ? ` (allowed: ${known.join(', ')})` : '';
        problems.push(study.problemAt([...path, key], `unknown key "${key}"${hint}${allowed}`, true));
      }
      continue;
    }
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Report the branch that got furthest, so the message is specific: a branch whose type
      // matched (no type mismatch at its root) wins over one that did not, then the fewest issues.
      const best = [...issue.errors].sort((a, b) => rootMismatch(a) - rootMismatch(b) || a.length - b.length)[0]!;
      for (const sub of best) {
        const subPath = [...path, ...sub.path.filter((p): p is string | number => typeof p !== 'symbol')];
        problems.push(study.problemAt(subPath, messageFor(sub, (sub as { input?: unknown }).input)));
      }
      continue;
    }
    problems.push(study.problemAt(path, messageFor(issue, (issue as { input?: unknown }).input)));
  }
  if (issues.length > MAX_PROBLEMS) {
    problems.push({ file: study.file, line: 0, col: 0, path: '', message: `${issues.length - MAX_PROBLEMS} more problem(s) not shown` });
  }
  throw new ConfigError(problems);
}
