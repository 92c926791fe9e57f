/** Wilson score interval for a binomial proportion (better than the normal one near 0 and 1). */
import { Z95 } from './histogram.js';

export function wilson(successes: number, n: number, z = Z95): { low: number; high: number } {
  if (n <= 0) throw new Error('wilson: no trials');
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  // At 0 and n successes the bound is exactly 0 (or 1); the formula leaves rounding dust (1e-20).
  return { low: successes <= 0 ? 0 : Math.max(0, centre - half), high: successes >= n ? 1 : Math.min(1, centre + half) };
}
