/**
 * CSV text from header and rows (csv-stringify); numbers in full, shortest round-trip form. Text
 * cells starting with =, +, -, @, tab or CR (names a spreadsheet would run as a formula) get a
 * leading ' as OWASP advises (csv-stringify's escape_formulas); numbers are never escaped, nor
 * signed numbers written as text ("+1", "-2": values a spreadsheet reads as numbers).
 */
import { stringify } from 'csv-stringify/sync';
import type { Cell } from '../systems/types.js';

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return stringify([header as string[], ...(rows as Cell[][])], {
    escape_formulas: true,
    cast: {
      number: (v: number) => (Number.isInteger(v) ? String(v) : formatFloat(v)),
      // A signed number written as text ("+1", a weapon's printed Might) is a value, not a formula.
      string: (v: string) => (SIGNED_NUMBER.test(v) ? { value: v, escape_formulas: false } : v),
    },
  });
}

const SIGNED_NUMBER = /^[+-]\d+(\.\d+)?$/;

/** Full precision without exponent noise for ordinary values; -0 prints as 0. */
export function formatFloat(v: number): string {
  if (Object.is(v, -0) || Math.abs(v) < 1e-300) return '0';
  return String(v);
}
