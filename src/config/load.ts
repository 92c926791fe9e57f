/**
 * Reads a study file: YAML with positions kept, so every later problem can name FILE:LINE:COL.
 * A plain `+1` in YAML is the number 1 to a YAML parser; in a weapon profile it means "adds 1",
 * so any number written with a leading `+` is kept as the string the user wrote.
 */
import { readFileSync } from 'node:fs';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import { ConfigError, formatPath, type FieldPath, type Problem } from './problems.js';

export interface LoadedStudy {
  readonly file: string;
  readonly text: string;
  readonly data: unknown;
  /** Problem at a field path, placed at the closest node the file has for it. */
  problemAt(path: FieldPath, message: string, atKey?: boolean): Problem;
}

export function readStudyFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot read (${code})`;
    throw new ConfigError([{ file, line: 0, col: 0, path: '', message: why }]);
  }
}

export function parseStudy(file: string, text: string): LoadedStudy {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { keepSourceTokens: true, lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new ConfigError(
      doc.errors.map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return { file, line: pos.line, col: pos.col, path: '', message: `YAML syntax error: ${e.message.split('\n')[0]}` };
      }),
    );
  }
  visit(doc, {
    Scalar(_key, node) {
      const src = node.srcToken && 'source' in node.srcToken ? node.srcToken.source : undefined;
      if (typeof node.value === 'number' && node.srcToken?.type === 'scalar' && src?.startsWith('+')) node.value = src;
    },
  });
  const data: unknown = doc.toJS();
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
