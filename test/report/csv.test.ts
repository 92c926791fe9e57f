/** CSV cells: formula-looking names escaped (OWASP), numbers never. */
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/report/csv.js';
import { parseCsv } from '../../src/report/data.js';

describe('toCsv', () => {
  it.each(['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx'])('escapes a text cell starting like a formula: %j', (name) => {
    const csv = toCsv(['name', 'n'], [[name, 1]]);
    expect(parseCsv(csv)[0]).toEqual({ name: `'${name}`, n: '1' });
  });

  it('leaves signed numbers written as text alone ("+1": a weapon\'s printed Might), but not formulas that start like one', () => {
    expect(toCsv(['v', 'w', 'x'], [['+1', '-2.5', '+1+cmd']])).toBe("v,w,x\n+1,-2.5,'+1+cmd\n");
  });

  it('leaves numbers (negative ones too) and ordinary names alone', () => {
    expect(toCsv(['a', 'b', 'c'], [['keen-sword', -0.5, -3]])).toBe('a,b,c\nkeen-sword,-0.5,-3\n');
  });
});
