/**
 * Parses a study file: YAML with positions kept, so every later problem can name FILE:LINE:COL.
 * A plain `+1` in YAML is the number 1 to a YAML parser; in a weapon profile it means "adds 1",
 * so any number written with a leading `+` is kept as the string the user wrote.
 *
 * Hostile input is bounded: files over MAX_STUDY_BYTES are refused (devices and pipes are read
 * only that far), alias expansion is capped, duplicate keys are found with one Set per mapping
 * (linear), built-in JavaScript names are refused as keys, and the data has no prototypes.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import { MAX_ALIAS_COUNT, MAX_LIST_ITEMS, MAX_NESTING, MAX_PROBLEMS, withoutPrototypes } from './limits.js';
import { RESERVED_NAMES, reservedNameMessage } from '../common/names.js';
import { formatPath, type FieldPath } from '../common/field-path.js';
import { ConfigError, type Problem } from './problems.js';

export interface LoadedStudy {
  readonly file: string;
  readonly text: string;
  readonly data: unknown;
  /** Problem at a field path, placed at the closest node the file has for it. */
  problemAt(path: FieldPath, message: string, atKey?: boolean): Problem;
}

const OVERFLOW = /Maximum call stack size exceeded/;

/**
 * The parser's errors as problems. It catches its own stack overflow on very deep nesting and
 * reports it as an error, sometimes as several a column apart (how deep the stack already was
 * decides where it breaks): the nesting is one problem, said once.
 */
export function yamlProblems(errors: readonly { message: string; pos: readonly [number, number] }[], at: (offset: number, message: string) => Problem): Problem[] {
  const overflow = errors.find((e) => OVERFLOW.test(e.message));
  const rest = errors.filter((e) => !OVERFLOW.test(e.message)).slice(0, MAX_PROBLEMS - (overflow === undefined ? 0 : 1));
  return [
    ...(overflow === undefined ? [] : [at(overflow.pos[0], `lists and mappings nest too deeply; a study may nest them at most ${MAX_NESTING} levels`)]),
    ...rest.map((e) => at(e.pos[0], `YAML syntax error: ${e.message.split('\n')[0]}`)),
  ];
}

export function parseStudy(file: string, text: string): LoadedStudy {
  const lineCounter = new LineCounter();
  // uniqueKeys: false because yaml's own check is quadratic in a mapping's size; keys are checked below.
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const at = (offset: number, message: string): Problem => {
    const pos = lineCounter.linePos(offset);
    return { file, line: pos.line, col: pos.col, path: '', message };
  };
  if (doc.errors.length > 0) throw new ConfigError(yamlProblems(doc.errors, at));
  const keyProblems: Problem[] = [];
  let firstAlias: number | null = null;
  let deep = false;
  const tooDeep = (node: Node, path: readonly unknown[]): void => {
    if (deep || path.length < MAX_NESTING) return; // a path holds at least one node per level
    if (path.filter((n) => isMap(n) || isSeq(n)).length < MAX_NESTING) return;
    deep = true;
    keyProblems.push(at(node.range?.[0] ?? 0, `lists and mappings nest too deeply; a study may nest them at most ${MAX_NESTING} levels`));
  };
  visit(doc, {
    Scalar(_key, node) {
      // Numbers only come from plain scalars, whose source is the text of their range.
      if (typeof node.value === 'number' && node.type === 'PLAIN' && node.range && text[node.range[0]] === '+') {
        node.value = text.slice(node.range[0], node.range[1]).trimEnd();
      }
    },
    Alias(_key, node) {
      firstAlias ??= node.range?.[0] ?? 0;
    },
    Seq(_key, node, path) {
      tooDeep(node, path);
      if (node.items.length > MAX_LIST_ITEMS) {
        keyProblems.push(at(node.range?.[0] ?? 0, `a list of ${node.items.length} items; a list in a study may have at most ${MAX_LIST_ITEMS}`));
      }
    },
    Map(_key, node, path) {
      tooDeep(node, path);
      const seen = new Set<string>();
      for (const pair of node.items) {
        if (!isScalar(pair.key)) continue;
        const name = String(pair.key.value);
        const offset = pair.key.range?.[0] ?? 0;
        if (seen.has(name)) keyProblems.push(at(offset, `YAML syntax error: Map keys must be unique ("${name}" appears twice)`));
        else if (RESERVED_NAMES.has(name)) keyProblems.push(at(offset, reservedNameMessage(name)));
        seen.add(name);
      }
    },
  });
  if (keyProblems.length > 0) throw new ConfigError(keyProblems.slice(0, MAX_PROBLEMS));
  let data: unknown;
  try {
    data = withoutPrototypes(doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }));
  } catch (err) {
    if (!(err instanceof ReferenceError)) throw err;
    throw new ConfigError([at(firstAlias ?? 0, `YAML aliases expand to more than ${MAX_ALIAS_COUNT} copies (an alias bomb?); write the values out`)]);
  }
  const problemAt = (path: FieldPath, message: string, atKey = false): Problem => {
    const offset = locate(doc, path, atKey);
    const pos = lineCounter.linePos(offset);
    return { file, line: pos.line, col: pos.col, path: formatPath(path), message };
  };
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new ConfigError([problemAt([], 'a study must be a YAML mapping (system:, mode:, ...)')]);
  }
  return { file, text, data, problemAt };
}

/** Offset of the node at `path` (or its key), else of the deepest existing ancestor. */
function locate(doc: Document, path: FieldPath, atKey: boolean): number {
  let node: unknown = doc.contents;
  let offset = (doc.contents as Node | null)?.range?.[0] ?? 0;
  for (let i = 0; i < path.length; i++) {
    const part = path[i]!;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(part));
      if (!pair) break;
      const last = i === path.length - 1;
      const key = pair.key as Node;
      if (last && atKey) return key.range?.[0] ?? offset;
      node = pair.value;
      offset = (pair.value as Node | null)?.range?.[0] ?? key.range?.[0] ?? offset;
    } else if (isSeq(node) && typeof part === 'number') {
      const item = node.items[part] as Node | undefined;
      if (!item) break;
      node = item;
      offset = item.range?.[0] ?? offset;
    } else {
      break;
    }
  }
  return offset;
}
