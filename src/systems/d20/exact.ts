/** Exact outcome distribution of one d20 attack: d20 faces (with Edge/Setback) x damage by convolution. */
import { diceSumDistribution } from './notation.js';
import { CRIT, d20Code, HIT, type D20AttackSpec } from './rules.js';

/** P(kept d20 = k), k = 1..20 (index 0 unused). */
export function d20Faces(edge: number): Float64Array {
  const p = new Float64Array(21);
  for (let k = 1; k <= 20; k++) p[k] = edge > 0 ? (2 * k - 1) / 400 : edge < 0 ? (41 - 2 * k) / 400 : 1 / 20;
  return p;
}

/** Damage distribution of a hit (or a critical, dice doubled), clamped at 0. */
function damageDist(spec: D20AttackSpec, crit: boolean): Float64Array {
  const sum = diceSumDistribution(crit ? [...spec.dice, ...spec.dice] : spec.dice);
  const out = new Float64Array(spec.maxDamage + 1);
  sum.forEach((p, s) => {
    const d = Math.max(0, s + spec.damageMod);
    out[d] = out[d]! + p;
  });
  return out;
}

export function d20Exact(spec: D20AttackSpec): Float64Array {
  const faces = d20Faces(spec.edge);
  let pHit = 0;
  let pCrit = 0;
  for (let k = 2; k <= 20; k++) {
    if (k >= spec.critOn) pCrit += faces[k]!;
    else if (k + spec.attackBonus >= spec.ac) pHit += faces[k]!;
  }
  const out = new Float64Array(3 * (spec.maxDamage + 1));
  out[0] = 1 - pHit - pCrit;
  damageDist(spec, false).forEach((p, d) => (out[d20Code(spec, HIT, d)] = pHit * p));
  damageDist(spec, true).forEach((p, d) => (out[d20Code(spec, CRIT, d)] = pCrit * p));
  return out;
}
