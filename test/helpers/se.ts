/**
 * The one statistical pass criterion of the suite: 4 standard errors (a 95% interval used as a
 * pass test fails one run in twenty whenever a stream changes; 4 SE fails about 1 in 16,000).
 * Tests run with fixed seeds, so a pass is reproducible; the tolerance still comes from the SE.
 */
import { expect } from 'vitest';

export const SE_MULTIPLE = 4;

/** Standard error of a proportion p estimated from n trials (floored at 1/n so p = 0 or 1 still has room). */
export function rateSe(p: number, n: number): number {
  return Math.sqrt(Math.max(p * (1 - p), 1 / n) / n);
}

/** A simulated rate within 4 SE of an exact probability. */
export function expectRateNear(observed: number, exact: number, n: number, label = ''): void {
  expect(Math.abs(observed - exact), `${label} observed ${observed} vs exact ${exact} (n=${n})`).toBeLessThanOrEqual(SE_MULTIPLE * rateSe(exact, n));
}

/** Two independently simulated rates within 4 SE of each other (SE of the difference). */
export function expectRatesAgree(p: number, n: number, q: number, m: number, label = ''): void {
  const se = Math.sqrt(rateSe(p, n) ** 2 + rateSe(q, m) ** 2);
  expect(Math.abs(p - q), `${label} ${p} (n=${n}) vs ${q} (n=${m})`).toBeLessThanOrEqual(SE_MULTIPLE * se);
}

/** A simulated mean within 4 SE of an expected value (sd of one observation, n observations). */
export function expectMeanNear(observed: number, expected: number, sd: number, n: number, label = ''): void {
  expect(Math.abs(observed - expected), `${label} mean ${observed} vs ${expected}`).toBeLessThanOrEqual((SE_MULTIPLE * sd) / Math.sqrt(n) + 1e-12);
}
