/**
 * Completion of a study from its JSON Schema. codemirror-json-schema completes a word once one
 * letter is typed, but offers nothing with no prefix in YAML (Ctrl+Space after `armor: `, on a new
 * line of a block). Where it offers nothing, this finds the place from the YAML itself: a
 * placeholder is put at the cursor, the study parsed (the yaml parser recovers from half-written
 * text), and the placeholder's path looked up in the schema branch of the study's system and mode:
 * a key offers the block's keys not yet written, a value the enum's values (or true / false).
 */
import { yamlCompletion } from 'codemirror-json-schema/yaml';
import type { JSONSchema7, JSONSchema7Definition } from 'json-schema';
import { isMap, isPair, isScalar, isSeq, parseDocument, visit, type Pair } from 'yaml';

type Source = ReturnType<typeof yamlCompletion>;
type Context = Parameters<Source>[0];
type Result = Exclude<ReturnType<Source>, readonly unknown[]>;
type Option = Result['options'][number];

const HOLE = 'zzcursorzz';
const WORD = /[\w.-]*$/;

/** The library's completion, and this one where the library offers nothing. */
export function studyCompletion(schema: JSONSchema7): Source {
  const library = yamlCompletion();
  return (ctx) => {
    const found = library(ctx);
    if (!Array.isArray(found) && (found as Result).options.length > 0) return found;
    return schemaCompletion(ctx, schema);
  };
}

interface Place {
  readonly role: 'key' | 'value';
  /** Keys to the mapping a key goes into, or to the value. */
  readonly path: readonly (string | number)[];
  /** Keys already written in that mapping. */
  readonly present: readonly string[];
  /** The study's top-level `system` and `mode`, when written. */
  readonly top: Readonly<Record<string, unknown>>;
}

export function schemaCompletion(ctx: Context, schema: JSONSchema7): Result {
  const empty: Result = { from: ctx.pos, options: [] };
  const line = ctx.state.doc.lineAt(ctx.pos);
  const before = line.text.slice(0, ctx.pos - line.from);
  const word = WORD.exec(before)![0];
  if (word === '' && !ctx.explicit) return empty;
  const lead = before.slice(0, before.length - word.length);
  // A block key has nothing but indentation (or a list dash) before it: it needs a colon to parse.
  const blockKey = /^\s*(?:-\s+)*$/.test(lead) && !/-\s+$/.test(lead);
  const valueOrFlow = /:\s+$/.test(lead) || /[{,[]\s*$/.test(lead) || /-\s+$/.test(lead);
  if (!blockKey && !valueOrFlow) return empty;
  const from = ctx.pos - word.length;
  const text = ctx.state.doc.sliceString(0, from) + HOLE + (blockKey ? ':' : '') + ctx.state.doc.sliceString(ctx.pos);
  const place = placeOf(text);
  if (place === null) return empty;
  const schemas = schemasAt(branch(schema, place.top), place.path);
  const options: Option[] = [];
  const seen = new Set<string>(place.present);
  const add = (o: Option): void => {
    if (seen.has(o.label)) return;
    seen.add(o.label);
    options.push(o);
  };
  for (const s of schemas.flatMap(alternatives)) {
    // A list item that is a mapping starts with one of its keys.
    const keys = place.role === 'key' || (s.type === 'object' && s.properties !== undefined && /-\s+$/.test(lead));
    if (keys) {
      for (const [key, sub] of Object.entries(s.properties ?? {})) {
        const d = typeof sub === 'object' ? sub : {};
        add({ label: key, apply: `${key}: `, type: 'property', ...(d.type !== undefined ? { detail: String(d.type) } : {}), ...(d.description !== undefined ? { info: d.description } : {}) });
      }
    } else {
      for (const v of s.enum ?? []) add({ label: String(v), type: 'enum', ...(s.description !== undefined ? { info: s.description } : {}) });
      if (s.const !== undefined) add({ label: String(s.const), type: 'enum' });
      if (s.type === 'boolean') for (const b of ['true', 'false']) add({ label: b, type: 'keyword' });
    }
  }
  return { from, options, validFor: /^[\w.-]*$/ };
}

/** Where the placeholder landed: a mapping's key or a value (of a key or a list item). */
function placeOf(text: string): Place | null {
  const doc = parseDocument(text, { uniqueKeys: false, strict: false });
  let place: Place | null = null;
  visit(doc, {
    Scalar(_key, node, ancestors) {
      if (node.value !== HOLE) return undefined;
      const path: (string | number)[] = [];
      for (let i = 0; i < ancestors.length; i++) {
        const a = ancestors[i];
        const next = ancestors[i + 1] ?? node;
        if (isPair(a) && a.value === next && isScalar(a.key)) path.push(String(a.key.value));
        else if (isSeq(a)) path.push(a.items.indexOf(next as never));
      }
      const last = ancestors[ancestors.length - 1];
      const role = isPair(last) && last.key === node ? 'key' : 'value';
      const map = role === 'key' ? ancestors[ancestors.length - 2] : null;
      const present = isMap(map) ? map.items.map((p: Pair) => (isScalar(p.key) ? String(p.key.value) : '')).filter((k) => k !== HOLE) : [];
      const top: Record<string, unknown> = {};
      if (isMap(doc.contents)) for (const k of ['system', 'mode']) top[k] = doc.contents.get(k);
      place = { role, path, present, top };
      return visit.BREAK;
    },
  });
  return place;
}

/** The study's schema for its system and mode (the `then` of the matching `if`), else the whole. */
function branch(schema: JSONSchema7, top: Readonly<Record<string, unknown>>): JSONSchema7 {
  for (const b of schema.allOf ?? []) {
    if (typeof b !== 'object' || typeof b.if !== 'object' || typeof b.then !== 'object') continue;
    const props = b.if.properties ?? {};
    const matches = Object.entries(props).every(([k, p]) => typeof p === 'object' && p.const === top[k]);
    if (matches) return b.then;
  }
  return schema;
}

/** A schema and its allOf / anyOf / oneOf branches (a union offers every branch's keys). */
function alternatives(s: JSONSchema7): JSONSchema7[] {
  const out = [s];
  for (const list of [s.allOf, s.anyOf, s.oneOf]) for (const b of list ?? []) if (typeof b === 'object') out.push(...alternatives(b));
  return out;
}

function schemasAt(root: JSONSchema7, path: readonly (string | number)[]): JSONSchema7[] {
  let here = [root];
  for (const part of path) {
    const next: JSONSchema7Definition[] = [];
    for (const s of here.flatMap(alternatives)) {
      if (typeof part === 'number') {
        if (s.items !== undefined) next.push(...(Array.isArray(s.items) ? [s.items[part] ?? false] : [s.items]));
      } else if (s.properties?.[part] !== undefined) next.push(s.properties[part]);
      else if (typeof s.additionalProperties === 'object') next.push(s.additionalProperties);
    }
    here = next.filter((s): s is JSONSchema7 => typeof s === 'object');
  }
  return here;
}
