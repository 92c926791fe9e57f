/**
 * CSV text from header and rows (csv-stringify); numbers in full, shortest round-trip form. Text
 * cells a spreadsheet could run as a formula get a leading ' as OWASP advises (what csv-stringify's
 * `escape_formulas` does, widened): cells starting with =, +, -, @ (or their full-width forms),
 * tab, CR or NUL, and also those where such a sign follows leading blanks or quotes (a spreadsheet
 * that trims cells on import would see the formula). Cells starting with ' are escaped too, so
 * the escape can be undone without guessing (`unescapeCell`, which every reader of these CSVs
 * applies): a name that really starts with ' keeps it. Numbers are never escaped, nor signed
 * numbers written as text ("+1", "-2": values a spreadsheet reads as numbers).
 */
import { stringify } from 'csv-stringify/sync';
import type { Cell } from '../systems/types.js';

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return stringify([header as string[], ...(rows as Cell[][])], {
    cast: {
      number: (v: number) => (Number.isInteger(v) ? String(v) : formatFloat(v)),
      string: (v: string) => (needsFormulaEscape(v) ? `'${v}` : v),
    },
  });
}

const SIGNED_NUMBER = /^[+-]\d+(\.\d+)?$/;
/** A formula sign first, or after blanks and quotes (\s covers tab, CR, LF, NBSP and the ideographic space). */
const FORMULA = /^[\s'"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Whether toCsv writes this text cell with a leading '. */
export function needsFormulaEscape(v: string): boolean {
  if (SIGNED_NUMBER.test(v)) return false;
  return v.startsWith("'") || /^[\t\r\0]/.test(v) || FORMULA.test(v);
}

/** The text toCsv was given for a cell it wrote: the leading ' it added is removed, no other. */
export function unescapeCell(cell: string): string {
  return cell.startsWith("'") && needsFormulaEscape(cell.slice(1)) ? cell.slice(1) : cell;
}

/** Full precision without exponent noise for ordinary values; -0 prints as 0. */
export function formatFloat(v: number): string {
  if (Object.is(v, -0) || Math.abs(v) < 1e-300) return '0';
  return String(v);
}
