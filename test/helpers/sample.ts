/**
 * The quick suite and the full one. `npm test` runs a seeded sample of each exhaustive sweep (random
 * duels, fuzz cases, every starting distance): the same sample every time, so it is never flaky;
 * `npm run test:full` (BALANCE_TEST_FULL=1) runs all of them. BALANCE_TEST_SAMPLE_SEED picks another
 * sample, to rotate what the quick suite covers without running everything.
 */
export const FULL = process.env['BALANCE_TEST_FULL'] === '1';

const SEED = Number(process.env['BALANCE_TEST_SAMPLE_SEED'] ?? 20261205) >>> 0;

/** `quick` of `items` (all of them in the full suite), chosen by a seeded shuffle, in their first order. */
export function sampled<T>(items: readonly T[], quick: number, salt = 0): T[] {
  if (FULL || quick >= items.length) return [...items];
  let s = (SEED ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0;
  const next = (): number => {
    // mulberry32
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const idx = items.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx.slice(0, quick).sort((a, b) => a - b).map((i) => items[i]!);
}

/** A count for the quick suite, or the full one's. */
export function quickOr(quick: number, full: number): number {
  return FULL ? full : quick;
}
