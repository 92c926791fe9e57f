/** Wilson bounds at the edges are exact (no 1.36e-20 printed for a rate of 0). */
import { describe, expect, it } from 'vitest';
import { wilson } from '../../src/stats/wilson.js';

describe('wilson', () => {
  it.each([1, 7, 3000, 123456789])('0 of %i has low bound exactly 0, and n of n high bound exactly 1', (n) => {
    expect(wilson(0, n).low).toBe(0);
    expect(wilson(n, n).high).toBe(1);
    expect(wilson(0, n).high).toBeGreaterThan(0);
    expect(wilson(n, n).low).toBeLessThan(1);
  });

  it('inside, the bounds mirror: low(k, n) = 1 - high(n - k, n)', () => {
    for (const [k, n] of [[10, 100], [1, 3], [2999, 3000]] as const) {
      expect(wilson(k, n).low).toBeCloseTo(1 - wilson(n - k, n).high, 12);
      expect(wilson(k, n).low).toBeGreaterThan(0);
    }
  });
});
