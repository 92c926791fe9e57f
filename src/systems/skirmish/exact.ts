/**
 * Exact outcome distribution of one attack, by counting outcomes per colour and die class instead
 * of enumerating 6^n faces:
 *   attack dice of a colour -> (normal hits, criticals) by a trinomial recurrence;
 *   defence dice of a colour -> successes by convolving one die at a time (shield-shifted dice differ);
 *   per colour -> (hits through, successes left over, criticals);
 *   both colours -> unblocked hits with Dodge and Shove, then the defender's state and who moved.
 */
import { ACTIVE } from './profile.js';
import { blockColour } from './sequence.js';
import { DODGE_MOVED, OUTCOME_CODES, SHOVE_MOVED, outcomeCode, type AttackSpec, assertPoolFits } from './spec.js';
import { stateTable } from './wounds.js';

/** P(face >= need) on a d6, with a natural 1 failing and a natural 6 passing. */
function passChance(need: number): number {
  const n = Math.min(6, Math.max(2, need));
  return (7 - n) / 6;
}

/** dist[h * (n + 1) + c] = P(h normal hits and c criticals) from n attack dice. */
function attackDist(n: number, hitFace: number, critFace: number): Float64Array {
  const pHit = passChance(hitFace);
  const pCrit = critFace <= 6 ? passChance(Math.max(hitFace, critFace)) : 0;
  const pNormal = pHit - pCrit;
  const pMiss = 1 - pHit;
  const w = n + 1;
  let cur = new Float64Array(w * w);
  cur[0] = 1;
  for (let k = 0; k < n; k++) {
    const next = new Float64Array(w * w);
    for (let h = 0; h <= k; h++) {
      for (let c = 0; c + h <= k; c++) {
        const p = cur[h * w + c]!;
        if (p === 0) continue;
        next[h * w + c] = next[h * w + c]! + p * pMiss;
        next[(h + 1) * w + c] = next[(h + 1) * w + c]! + p * pNormal;
        next[h * w + c + 1] = next[h * w + c + 1]! + p * pCrit;
      }
    }
    cur = next;
  }
  return cur;
}

/** dist[d] = P(d successes) from defence dice with the given needs. */
function defenceDist(needs: readonly number[]): Float64Array {
  let cur = new Float64Array(needs.length + 1);
  cur[0] = 1;
  needs.forEach((need, k) => {
    const p = passChance(need);
    const next = new Float64Array(needs.length + 1);
    for (let d = 0; d <= k; d++) {
      const q = cur[d]!;
      next[d] = next[d]! + q * (1 - p);
      next[d + 1] = next[d + 1]! + q * p;
    }
    cur = next;
  });
  return cur;
}

interface ColourOutcome {
  through: number;
  left: number;
  crits: number;
  p: number;
}

function colourOutcomes(n: number, needs: readonly number[], spec: AttackSpec): ColourOutcome[] {
  const att = attackDist(n, spec.hitFace, spec.critFace);
  const def = defenceDist(needs);
  const w = n + 1;
  const merged = new Map<number, ColourOutcome>();
  for (let h = 0; h <= n; h++) {
    for (let c = 0; h + c <= n; c++) {
      const pa = att[h * w + c]!;
      if (pa === 0) continue;
      for (let d = 0; d <= needs.length; d++) {
        const pd = def[d]!;
        if (pd === 0) continue;
        const b = blockColour(h, d, spec.tieToDefender);
        const key = (b.through * 64 + b.left) * 64 + c;
        const o = merged.get(key);
        if (o) o.p += pa * pd;
        else merged.set(key, { through: b.through, left: b.left, crits: c, p: pa * pd });
      }
    }
  }
  return [...merged.values()];
}

/** P(outcome code) for every code (see spec.ts); sums to 1. */
export function exactOutcomes(spec: AttackSpec): Float64Array {
  assertPoolFits(spec);
  const might = colourOutcomes(spec.mightDice, spec.defMight, spec);
  const skill = colourOutcomes(spec.skillDice, spec.defSkill, spec);
  const states = stateTable(spec.defenderState, spec.woundsLeft, 64, spec);
  const out = new Float64Array(OUTCOME_CODES);
  for (const m of might) {
    for (const s of skill) {
      const dodge = spec.dodge ? Math.min(m.through, s.left >> 1) : 0;
      const shove = spec.shove ? Math.min(s.through, m.left >> 1) : 0;
      const u = m.crits + s.crits + m.through - dodge + s.through - shove;
      const active = states[u] === ACTIVE;
      const moves = (dodge > 0 && active ? DODGE_MOVED : 0) | (shove > 0 && active ? SHOVE_MOVED : 0);
      const code = outcomeCode(u, moves);
      out[code] = out[code]! + m.p * s.p;
    }
  }
  return out;
}

/** Exact expected unblocked hits (the attacker's choices maximise this). */
export function expectedUnblocked(spec: AttackSpec): number {
  const p = exactOutcomes(spec);
  let mean = 0;
  for (let code = 0; code < p.length; code++) mean += (code >> 2) * p[code]!;
  return mean;
}
