/**
 * Histogram summaries (src/stats/histogram.ts): Z95 is the normal quantile at 0.975, and the
 * mean, standard deviation and interval of a histogram are those of the samples it counts,
 * checked against simple-statistics on the expanded samples (an independent implementation).
 */
import { mean, probit, sampleStandardDeviation, standardDeviation } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { summarizeHistogram, Z95 } from '../../src/stats/histogram.js';

/** erf(x) by its Maclaurin series (converges fast for |x| < 2; terms summed smallest-error first). */
function erfSeries(x: number): number {
  const terms: number[] = [];
  let power = x; // x^(2n+1) / n!
  for (let n = 0; n < 80; n++) {
    terms.push(((n % 2 === 0 ? 1 : -1) * power) / (2 * n + 1));
    power *= (x * x) / (n + 1);
  }
  let sum = 0;
  for (let i = terms.length - 1; i >= 0; i--) sum += terms[i]!;
  return (2 / Math.sqrt(Math.PI)) * sum;
}

const phi = (z: number): number => 0.5 * (1 + erfSeries(z / Math.SQRT2));

describe('Z95', () => {
  it('is the standard normal quantile at 0.975 to double precision', () => {
    expect(Math.abs(phi(Z95) - 0.975)).toBeLessThan(1e-15);
    // 1e-13 either way is no longer the quantile to that precision (the density there is 0.058).
    expect(Math.abs(phi(Z95 + 1e-13) - 0.975)).toBeGreaterThan(1e-15);
    expect(Math.abs(phi(Z95 - 1e-13) - 0.975)).toBeGreaterThan(1e-15);
  });

  it('is not simple-statistics\' probit, whose approximation is 0.14% low here', () => {
    expect(Z95 - probit(0.975)).toBeGreaterThan(2e-3);
  });
});

describe('summarizeHistogram', () => {
  const counts = [3, 0, 7, 5, 1];
  const samples = counts.flatMap((c, v) => Array<number>(c).fill(v));

  it('gives the mean, sample sd and a Z95 interval of the samples a count histogram holds', () => {
    const h = summarizeHistogram(counts, false);
    expect(h.n).toBe(samples.length);
    expect(h.mean).toBeCloseTo(mean(samples), 14);
    expect(h.sd).toBeCloseTo(sampleStandardDeviation(samples), 14);
    expect(h.ci95High - h.mean).toBeCloseTo((Z95 * h.sd) / Math.sqrt(samples.length), 14);
    expect(h.mean - h.ci95Low).toBeCloseTo((Z95 * h.sd) / Math.sqrt(samples.length), 14);
  });

  it('gives the distribution\'s own sd and no interval for exact probabilities', () => {
    const total = samples.length;
    const h = summarizeHistogram(counts.map((c) => c / total), true);
    expect(h.mean).toBeCloseTo(mean(samples), 14);
    expect(h.sd).toBeCloseTo(standardDeviation(samples), 14);
    expect([h.ci95Low, h.ci95High]).toEqual([h.mean, h.mean]);
  });
});
