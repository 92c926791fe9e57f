/**
 * Misspelt names (`weapon: war-ax`) reported together with the schema's problems. A mode's
 * cross-field check reads a study the schema accepted, so on its own a misspelt reference would
 * only be reported once every schema problem is fixed. Here the check reads a repaired copy: each
 * value the schema refuses is dropped (its enclosing entry when dropping the value is not enough).
 * Of the check's problems only `unknown <kind> "<name>"` ones are kept, and only for a name that
 * is no key anywhere in the study: a name whose entry the repair dropped is not reported.
 */
import type { AnyModePlugin } from '../systems/types.js';
import { withoutPrototypes, withoutPrototypeTables } from './limits.js';
import type { LoadedStudy } from './load.js';
import type { FieldPath } from '../common/field-path.js';
import type { Problem } from './problems.js';

/** Repairs tried before giving up (each drops every value the schema refused in the round before). */
const MAX_ROUNDS = 8;

const UNKNOWN_NAME = /^unknown [a-z ]+ "(.*?)"(?= \(|$)/;

export function unknownNamesDespiteSchema(loaded: LoadedStudy, plugin: AnyModePlugin, data: Readonly<Record<string, unknown>>): Problem[] {
  const copy = withoutPrototypes(data) as Record<string, unknown>;
  for (let round = 0; round !== MAX_ROUNDS; ++round) {
    const result = plugin.schema.safeParse(copy, { jitless: true });
    if (result.success) {
      const keys = keysIn(data);
      return plugin.check(withoutPrototypeTables(plugin.schema, result.data))
        .filter((p) => {
          const name = p.warning ? undefined : UNKNOWN_NAME.exec(p.message)?.[1];
          return name !== undefined && !keys.has(name);
        })
        .map((p) => loaded.problemAt(p.path, p.message, p.atKey ?? false));
    }
    let changed = false;
    for (const issue of result.error.issues) {
      const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) changed = drop(copy, [...path, key]) || changed;
      } else {
        changed = drop(copy, path) || changed;
      }
    }
    if (!changed) return [];
  }
  return [];
}

/**
 * Drops the value at `path`, or the nearest enclosing entry that exists (a missing required field
 * drops its mapping). Never an item of a list (the later items' positions would move) nor the
 * whole study: false when nothing was dropped.
 */
function drop(root: Record<string, unknown>, path: FieldPath): boolean {
  for (let end = path.length; end >= 1; --end) {
    const parent = at(root, path.slice(0, end - 1));
    const key = path[end - 1]!;
    if (parent === null || Array.isArray(parent)) return false;
    if (Object.hasOwn(parent, key)) {
      delete parent[key];
      return true;
    }
  }
  return false;
}

function at(root: unknown, path: FieldPath): Record<string | number, unknown> | null {
  let node = root;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return null;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>) : null;
}

/** Every mapping key in the study, at any depth. */
function keysIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysIn(v, out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysIn(v, out);
    }
  }
  return out;
}
