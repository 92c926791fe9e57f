/** Where in a study a problem is: the keys and list indexes from its root (config/ and systems/ both speak it). */
export type FieldPath = readonly (string | number)[];

export function formatPath(path: FieldPath): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}
