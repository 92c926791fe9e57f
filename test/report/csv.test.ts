/** CSV cells: formula-looking names escaped (OWASP), numbers never, and read back as they were. */
import { describe, expect, it } from 'vitest';
import { needsFormulaEscape, toCsv, unescapeCell } from '../../src/report/csv.js';
import { parseCsv } from '../../src/report/data.js';

/** The cell as a spreadsheet gets it: the CSV's second line, unquoted. */
const rawCell = (csv: string): string => {
  const line = csv.slice(csv.indexOf('\n') + 1).replace(/,1\n$/, '');
  return line.startsWith('"') ? line.slice(1, -1).replaceAll('""', '"') : line;
};

const FORMULAS = ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx', '\0x', '＝1+1', '＋x', '－x', '＠x'];
/** A formula behind blanks or quotes: a spreadsheet that trims cells on import would run it. */
const HIDDEN = [' =1+1', '  @x', '\n=x', '\u00a0=x', '\u3000+x', '"=1+1', '" =x', "' =x", '\t=x', ' -cmd'];

describe('toCsv', () => {
  it.each([...FORMULAS, ...HIDDEN])('escapes a text cell that starts like a formula: %j', (name) => {
    expect(rawCell(toCsv(['name', 'n'], [[name, 1]]))).toBe(`'${name}`);
  });

  it.each(["'=x", "'plain", "''", "'", "'-1"])('escapes a cell starting with \' too, so the escape can be undone: %j', (name) => {
    expect(rawCell(toCsv(['name', 'n'], [[name, 1]]))).toBe(`'${name}`);
  });

  it('leaves signed numbers written as text alone ("+1": a weapon\'s printed Might), but not formulas that start like one', () => {
    expect(toCsv(['v', 'w', 'x'], [['+1', '-2.5', '+1+cmd']])).toBe("v,w,x\n+1,-2.5,'+1+cmd\n");
  });

  it('leaves numbers (negative ones too) and ordinary names alone', () => {
    expect(toCsv(['a', 'b', 'c', 'd', 'e'], [['keen-sword', -0.5, -3, -Infinity, 'a =b']])).toBe('a,b,c,d,e\nkeen-sword,-0.5,-3,-Infinity,a =b\n');
  });
});

describe('parseCsv reads back what toCsv was given (the escape removed, nothing else)', () => {
  it.each([...FORMULAS, ...HIDDEN, "'=x", "''=x", "'plain", "''", "'", "'-1", '-1', '+1', 'plain', '', ' x', 'a\nb', '"q"'])('%j', (name) => {
    expect(parseCsv(toCsv(['name', 'n'], [[name, -1]]))).toEqual([{ name, n: '-1' }]);
  });

  it('unescapeCell undoes exactly one escape: reading twice changes nothing more than reading once would', () => {
    for (const name of [...FORMULAS, ...HIDDEN, "'=x", "''=x"]) {
      expect(needsFormulaEscape(name)).toBe(true);
      expect(unescapeCell(`'${name}`)).toBe(name);
    }
    expect(unescapeCell("'plain")).toBe("'plain"); // never written by toCsv: not an escape
  });
});
