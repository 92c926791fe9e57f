/**
 * `sweep:` turns a grid of values into variants. Each key is a path into the study
 * ("weapons.battle-axe.might", "fighters.stout.defense", "loadouts.guard.shield", "rules.tieGoesTo"), each value a list;
 * every combination becomes one sweep point, named by its values, whose study is the original
 * with those fields set. Paths must name an existing profile (or a rules knob) and a field its
 * schema knows: anything else is an input error naming the nearest valid choice.
 */
import type { z } from 'zod';
import { RESERVED_NAMES, reservedNameMessage } from '../common/names.js';
import type { FieldPath } from '../common/field-path.js';
import { MAX_TASKS } from './limits.js';
import { didYouMean } from '../common/suggest.js';
import { keysAt } from './validate.js';

export const SWEEP_ROOTS = ['fighters', 'weapons', 'armours', 'characters', 'creatures', 'loadouts', 'rules'] as const;

export type SweepValue = string | number | boolean;

export interface SweepProblem {
  readonly path: FieldPath;
  readonly message: string;
  readonly atKey?: boolean;
}

export interface SweepPoint {
  readonly label: string;
  readonly data: Record<string, unknown>;
}

/** Checks the sweep block's shape and paths; returns problems (empty when fine). */
export function checkSweep(data: Record<string, unknown>, schema: z.ZodType): SweepProblem[] {
  const sweep = data['sweep'];
  if (sweep === undefined) return [];
  if (sweep === null || typeof sweep !== 'object' || Array.isArray(sweep)) {
    return [{ path: ['sweep'], message: 'expected a mapping of "path.to.field": [values...]' }];
  }
  const problems: SweepProblem[] = [];
  let points = 1;
  for (const [path, values] of Object.entries(sweep as Record<string, unknown>)) {
    const at: FieldPath = ['sweep', path];
    if (!Array.isArray(values) || values.length === 0 || !values.every((v) => ['string', 'number', 'boolean'].includes(typeof v))) {
      problems.push({ path: at, message: 'expected a non-empty list of values' });
      continue;
    }
    points *= values.length;
    const parts = path.split('.');
    const reserved = parts.find((p) => RESERVED_NAMES.has(p));
    if (reserved !== undefined) {
      problems.push({ path: at, atKey: true, message: `cannot sweep "${path}": ${reservedNameMessage(reserved)}` });
      continue;
    }
    const root = parts[0]!;
    if (!(SWEEP_ROOTS as readonly string[]).includes(root) || !(root in data || root === 'rules')) {
      const roots = SWEEP_ROOTS.filter((r) => r in data || r === 'rules');
      problems.push({ path: at, atKey: true, message: `cannot sweep "${path}": it must start with ${roots.join(', ')}${didYouMean(root, roots)}` });
      continue;
    }
    if (root === 'rules') {
      const knobs = keysAt(schema, ['rules']);
      if (parts.length !== 2 || !knobs.includes(parts[1]!)) {
        problems.push({ path: at, atKey: true, message: `cannot sweep "${path}": rules knobs are ${knobs.join(', ')}${didYouMean(parts[1] ?? '', knobs)}` });
      }
      continue;
    }
    const table = data[root] as Record<string, unknown>;
    const names = Object.keys(table ?? {});
    if (parts.length !== 3 || !Object.hasOwn(table ?? {}, parts[1]!)) {
      const hint = parts[1] !== undefined ? didYouMean(parts[1], names) : '';
      problems.push({ path: at, atKey: true, message: `cannot sweep "${path}": expected ${root}.<name>.<field> with a name from ${names.join(', ')}${hint}` });
      continue;
    }
    const fields = keysAt(schema, [root, parts[1]!]);
    if (!fields.includes(parts[2]!)) {
      problems.push({ path: at, atKey: true, message: `cannot sweep "${path}": ${root} have no field "${parts[2]}"${didYouMean(parts[2]!, fields)}` });
    }
  }
  if (problems.length === 0 && points > MAX_TASKS) {
    problems.push({ path: ['sweep'], message: `${points} sweep points; a sweep may have at most ${MAX_TASKS}` });
  }
  return problems;
}

export function setPath(data: Record<string, unknown>, parts: readonly string[], value: SweepValue): void {
  // checkSweep has refused built-in names; own-property lookups keep a slip from reaching a prototype.
  let node = data;
  for (const part of parts.slice(0, -1)) {
    const next = (Object.hasOwn(node, part) ? node[part] : Object.create(null)) as Record<string, unknown>;
    node[part] = next;
    node = next;
  }
  Object.defineProperty(node, parts[parts.length - 1]!, { value, enumerable: true, writable: true, configurable: true });
}

/** Every combination of the sweep's values (the first key varying slowest), or null without a sweep. */
export function sweepPoints(data: Record<string, unknown>): SweepPoint[] | null {
  const sweep = data['sweep'] as Record<string, SweepValue[]> | undefined;
  if (sweep === undefined) return null;
  const { sweep: _drop, ...base } = data;
  let points: SweepPoint[] = [{ label: '', data: base }];
  for (const [path, values] of Object.entries(sweep)) {
    const next: SweepPoint[] = [];
    for (const p of points) {
      for (const v of values) {
        const copy = structuredClone(p.data);
        setPath(copy, path.split('.'), v);
        next.push({ label: p.label === '' ? `${path}=${String(v)}` : `${p.label} ${path}=${String(v)}`, data: copy });
      }
    }
    points = next;
  }
  return points;
}
