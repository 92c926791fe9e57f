/**
 * Walker's alias method (Vose's construction): sample an outcome from a fixed discrete
 * distribution with ONE 32-bit draw. The top `bits` bits pick a column (K = 2^bits columns), the
 * remaining bits are compared with the column's threshold. Threshold resolution is 2^-(31-bits),
 * below 1e-8 for up to 64 columns.
 */

export interface AliasTable {
  /** log2 of the number of columns. */
  readonly bits: number;
  /** Per column: keep `keep[c]` when the 31-bit fraction is below `threshold[c]`, else `other[c]`. */
  readonly threshold: Int32Array;
  readonly keep: Int32Array;
  readonly other: Int32Array;
}

/** Builds the table over the outcomes with non-zero probability (`probs` need not be normalised). */
export function buildAlias(probs: ArrayLike<number>): AliasTable {
  const outcomes: number[] = [];
  const weights: number[] = [];
  let total = 0;
  for (let i = 0; i < probs.length; i++) {
    const p = probs[i]!;
    if (!(p >= 0)) throw new RangeError(`buildAlias: probability ${p} at ${i}`);
    if (p > 0) {
      outcomes.push(i);
      weights.push(p);
      total += p;
    }
  }
  if (outcomes.length === 0) throw new RangeError('buildAlias: no outcome has a positive probability');
  let bits = 0;
  while (1 << bits < outcomes.length) bits++;
  const k = 1 << bits;
  const scaled = new Float64Array(k);
  const keep = new Int32Array(k);
  const other = new Int32Array(k);
  for (let c = 0; c < k; c++) {
    scaled[c] = c < outcomes.length ? (weights[c]! * k) / total : 0;
    keep[c] = c < outcomes.length ? outcomes[c]! : outcomes[0]!;
    other[c] = keep[c]!;
  }
  const small: number[] = [];
  const large: number[] = [];
  for (let c = 0; c < k; c++) (scaled[c]! < 1 ? small : large).push(c);
  const final = new Float64Array(k).fill(1);
  while (small.length > 0 && large.length > 0) {
    const s = small.pop()!;
    const l = large[large.length - 1]!;
    final[s] = scaled[s]!;
    other[s] = keep[l]!;
    scaled[l] = scaled[l]! + scaled[s]! - 1;
    if (scaled[l]! < 1) {
      large.pop();
      small.push(l);
    }
  }
  // Whatever is left holds probability 1 up to rounding.
  const threshold = new Int32Array(k);
  for (let c = 0; c < k; c++) {
    const t = Math.round(final[c]! * 2 ** (31 - bits));
    threshold[c] = Math.min(t, 2 ** (31 - bits));
  }
  return { bits, threshold, keep, other };
}

/** The probability the table gives each outcome (for tests): exact up to threshold rounding. */
export function aliasProbabilities(t: AliasTable, size: number): Float64Array {
  const out = new Float64Array(size);
  const k = 1 << t.bits;
  const scale = 2 ** (31 - t.bits);
  for (let c = 0; c < k; c++) {
    const p = t.threshold[c]! / scale;
    out[t.keep[c]!] = out[t.keep[c]!]! + p / k;
    out[t.other[c]!] = out[t.other[c]!]! + (1 - p) / k;
  }
  return out;
}

/** Outcome for one 32-bit draw u (the same rule the hot loops inline). */
export function aliasPick(t: AliasTable, u: number): number {
  const col = t.bits === 0 ? 0 : u >>> (32 - t.bits);
  const frac = ((u << t.bits) >>> 0) >>> (t.bits + 1);
  return frac < t.threshold[col]! ? t.keep[col]! : t.other[col]!;
}
