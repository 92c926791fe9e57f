/**
 * d20 attack kernels. `dice`: every die rolled (d20s and damage dice), from the same stream and in
 * the same order as the reference (rules.ts), with the generator inlined. `table`: one draw per
 * attack from the exact outcome distribution.
 */
import { buildAlias, type AliasTable } from '../../../dice/alias.js';
import { runAliasTable } from '../../../dice/alias-kernel.js';
import type { Kernel } from '../../types.js';
import { d20Exact } from '../exact.js';
import { CRIT, HIT, type D20AttackSpec } from '../rules.js';

interface Prepared {
  readonly spec: D20AttackSpec;
  readonly sides: Int32Array;
  readonly stride: number;
}

const U31 = 2147483648;

function runDice(p: Prepared, state: Int32Array, n: number, tally: Float64Array): void {
  let s0 = state[0]! | 0;
  let s1 = state[1]! | 0;
  let s2 = state[2]! | 0;
  let s3 = state[3]! | 0;
  const { attackBonus, ac, edge, critOn, damageMod } = p.spec;
  const sides = p.sides;
  const nDice = sides.length;
  const stride = p.stride;
  let u: number;
  for (let i = 0; i !== n; ++i) {
    // xoshiro128** steps are written out (no closure: state stays in registers)
    {
      const r = Math.imul(s1, 5);
      u = Math.imul((r << 7) | (r >>> 25), 9) >>> 1;
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
    }
    let nat = Math.floor((u * 20) / U31) + 1;
    if (edge !== 0) {
      {
        const r = Math.imul(s1, 5);
        u = Math.imul((r << 7) | (r >>> 25), 9) >>> 1;
        const t = s1 << 9;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= t;
        s3 = (s3 << 11) | (s3 >>> 21);
      }
      const second = Math.floor((u * 20) / U31) + 1;
      nat = edge > 0 ? (second > nat ? second : nat) : second < nat ? second : nat;
    }
    let kind = 0;
    if (nat !== 1) {
      if (nat >= critOn) kind = CRIT;
      else if (nat + attackBonus >= ac) kind = HIT;
    }
    let damage = 0;
    if (kind !== 0) {
      let sum = 0;
      const rolls = kind === CRIT ? 2 * nDice : nDice;
      for (let j = 0; j !== rolls; ++j) {
        {
          const r = Math.imul(s1, 5);
          u = Math.imul((r << 7) | (r >>> 25), 9) >>> 1;
          const t = s1 << 9;
          s2 ^= s0;
          s3 ^= s1;
          s1 ^= s2;
          s0 ^= s3;
          s2 ^= t;
          s3 = (s3 << 11) | (s3 >>> 21);
        }
        sum += Math.floor((u * sides[j < nDice ? j : j - nDice]!) / U31) + 1;
      }
      damage = sum + damageMod;
      if (damage < 0) damage = 0;
    }
    const code = kind * stride + damage;
    tally[code] = tally[code]! + 1;
  }
  state[0] = s0;
  state[1] = s1;
  state[2] = s2;
  state[3] = s3;
}

export const d20AttackDice: Kernel<D20AttackSpec, Prepared> = {
  tallySize: (spec) => 3 * (spec.maxDamage + 1),
  prepare: (spec) => ({ spec, sides: Int32Array.from(spec.dice), stride: spec.maxDamage + 1 }),
  run: runDice,
};

export const d20AttackTable: Kernel<D20AttackSpec, AliasTable> = {
  tallySize: (spec) => 3 * (spec.maxDamage + 1),
  prepare: (spec) => buildAlias(d20Exact(spec)),
  run: runAliasTable,
};
