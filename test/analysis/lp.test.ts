import { describe, expect, it } from 'vitest';
import { equilibriumLp, exploitability, solveSymmetricGame } from '../../src/analysis/lp.js';
import { Xoshiro128ss, deriveStream } from '../../src/dice/rng.js';

/** Rock-paper-scissors with unequal margins: the mix is known in closed form. */
const rps = (a: number, b: number, c: number): number[][] => [
  [0, a, -c],
  [-a, 0, b],
  [c, -b, 0],
];

describe('symmetric zero-sum equilibrium (HiGHS)', () => {
  it('plays each of an even triangle a third of the time', async () => {
    const eq = await solveSymmetricGame(rps(0.2, 0.2, 0.2));
    for (const s of eq.shares) expect(s).toBeCloseTo(1 / 3, 12);
    expect(Math.abs(eq.value)).toBeLessThan(1e-12);
  });

  it('solves an uneven triangle: shares proportional to the margin of the opposite edge', async () => {
    // x = (b, c, a) / (a + b + c) equalises every column of [[0,a,-c],[-a,0,b],[c,-b,0]].
    const eq = await solveSymmetricGame(rps(0.1, 0.3, 0.2));
    expect(eq.shares[0]).toBeCloseTo(0.3 / 0.6, 12);
    expect(eq.shares[1]).toBeCloseTo(0.2 / 0.6, 12);
    expect(eq.shares[2]).toBeCloseTo(0.1 / 0.6, 12);
  });

  it('gives a strategy that loses to everything share 0', async () => {
    const m = rps(0.2, 0.2, 0.2).map((r) => [...r, 0.3]);
    m.push([-0.3, -0.3, -0.3, 0]);
    const eq = await solveSymmetricGame(m);
    expect(eq.shares[3]).toBe(0);
    expect(exploitability(m, eq.shares)).toBeLessThanOrEqual(1e-9);
  });

  it('returns mixes no pure strategy beats by more than 1e-9 (random antisymmetric games)', async () => {
    const rng = new Xoshiro128ss(deriveStream(5, 16));
    for (let g = 0; g < 20; g++) {
      const n = 2 + (g % 7);
      const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          const v = rng.nextU32() / 2 ** 32 - 0.5;
          m[i]![j] = v;
          m[j]![i] = -v;
        }
      }
      const eq = await solveSymmetricGame(m);
      expect(eq.shares.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
      expect(exploitability(m, eq.shares)).toBeLessThanOrEqual(1e-9);
    }
  });

  it('the check catches a wrong mix', () => {
    expect(exploitability(rps(0.1, 0.3, 0.2), [1 / 3, 1 / 3, 1 / 3])).toBeGreaterThan(0.03);
  });

  it('writes coefficients at full precision', () => {
    expect(equilibriumLp([[0, 1 / 3], [-1 / 3, 0]])).toContain(`+ ${String(1 / 3)} x0`);
  });
});
