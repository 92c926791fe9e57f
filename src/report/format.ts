/**
 * Numbers as reports print them (CSVs keep full precision): estimates rounded to what their
 * interval supports, p-values with two significant digits and `<1e-16` below what a double
 * tells apart from 0.
 */

/** Decimals that show an estimate whose 95% interval has this half-width: the half-width's first significant digit. */
export function decimalsFor(halfWidth: number): number {
  if (!(halfWidth > 0) || !Number.isFinite(halfWidth)) return 4;
  return Math.min(6, Math.max(0, -Math.floor(Math.log10(halfWidth))));
}

/** An estimate and its interval, rounded alike: `{ value: '0.512', ci: '0.507 to 0.517' }`; exact: 4 decimals. */
export function formatEstimate(value: number, low: number, high: number, exact: boolean): { value: string; ci: string } {
  if (exact) return { value: value.toFixed(4), ci: 'exact' };
  const k = decimalsFor((high - low) / 2);
  return { value: value.toFixed(k), ci: `${low.toFixed(k)} to ${high.toFixed(k)}` };
}

/** A delta with its interval: sign shown, rounded to the interval. */
export function formatDelta(delta: number, low: number, high: number, exact: boolean): { value: string; ci: string } {
  const sign = (s: string): string => (s.startsWith('-') || Number(s) === 0 ? s.replace(/^-(0\.?0*)$/, '$1') : `+${s}`);
  const e = formatEstimate(delta, low, high, exact);
  return { value: sign(e.value), ci: e.ci };
}

/** A p-value: '' stays '', below 1e-16 prints `<1e-16`, otherwise two significant digits. */
export function formatP(p: string | number | undefined): string {
  if (p === undefined || p === '') return '';
  const x = Number(p);
  if (!Number.isFinite(x)) return String(p);
  if (x < 1e-16) return '<1e-16';
  return x >= 0.001 ? String(Number(x.toPrecision(2))) : x.toExponential(1);
}

/** What an exact comparison is, where a report shows one (the delta tables and charts). */
export const EXACT_NOTE = 'Exact differences: computed from exact probabilities, with no sampling error, so there is no interval, p-value or significance test.';
