/**
 * The one-draw hot loop shared by every table engine: n outcomes from an alias table, counted by
 * outcome code, xoshiro128** inlined. (The same rule as aliasPick, branchless.)
 */
import type { AliasTable } from './alias.js';

export function runAliasTable(t: AliasTable, state: Int32Array, n: number, counts: Float64Array): void {
  let s0 = state[0]! | 0;
  let s1 = state[1]! | 0;
  let s2 = state[2]! | 0;
  let s3 = state[3]! | 0;
  const shiftCol = 31 - t.bits;
  const lowMask = t.bits === 0 ? -1 : (2 ** (32 - t.bits) - 1) | 0;
  const threshold = t.threshold;
  const keep = t.keep;
  const other = t.other;
  for (let i = 0; i !== n; ++i) {
    const r = Math.imul(s1, 5);
    const out = Math.imul((r << 7) | (r >>> 25), 9);
    const tt = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= tt;
    s3 = (s3 << 11) | (s3 >>> 21);
    const col = (out >>> 1) >>> shiftCol;
    const frac = (out & lowMask) >>> 1;
    const m = (frac - threshold[col]!) >> 31;
    const o = other[col]!;
    const code = o ^ ((keep[col]! ^ o) & m);
    counts[code] = counts[code]! + 1;
  }
  state[0] = s0;
  state[1] = s1;
  state[2] = s2;
  state[3] = s3;
}
