/**
 * The one-draw engine: the exact outcome distribution of a compiled attack (exact.ts) as an alias
 * table, sampled with one 32-bit draw per attack. It applies whenever an attack's outcome depends
 * on dice counts alone, which is every skirmish attack; building the table costs about a
 * millisecond, repaid after some ten thousand attacks.
 */
import { buildAlias, type AliasTable } from '../../dice/alias.js';
import { exactOutcomes } from './exact.js';
import type { AttackSpec } from './spec.js';

export function buildTable(spec: AttackSpec): AliasTable {
  return buildAlias(exactOutcomes(spec));
}

/** Runs n attacks from the alias table, adding each outcome code to counts. */
export function runTable(t: AliasTable, state: Int32Array, n: number, counts: Float64Array): void {
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
