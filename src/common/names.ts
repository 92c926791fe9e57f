/**
 * Names that are properties of every JavaScript object (`__proto__`, `constructor`, `toString`,
 * `hasOwnProperty`, ...). As keys in a study they would be dropped or confused with built-ins, so
 * they are refused wherever a study names something.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

export function reservedNameMessage(name: string): string {
  return `"${name}" is a built-in JavaScript name and cannot be used as a name or key; choose another`;
}
