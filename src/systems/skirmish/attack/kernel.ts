/**
 * The hot loop: n attacks of one compiled matchup, per die, with xoshiro128** inlined (state in
 * locals) and branchless threshold tests on 31-bit uniforms. It consumes exactly the draws the
 * per-die reference does (reference.ts, through RngDice), in the same order, so both give
 * identical tallies from the same stream (tested).
 */
import { faceCut } from '../../../dice/rng.js';
import { ACTIVE } from '../profile.js';
import { MAX_UNBLOCKED, type AttackSpec, assertPoolFits } from '../spec.js';
import { stateTable } from '../wounds.js';

export interface AttackKernel {
  readonly nMight: number;
  readonly nSkill: number;
  /** A die hits when (u >>> 1) >= hitCut, and is critical when also >= critCut. */
  readonly hitCut: number;
  readonly critCut: number;
  /** Cut for each defence die: Might dice first, then Skill dice. */
  readonly defCuts: Int32Array;
  readonly nDefMight: number;
  /** 1 when the attacker wins ties, else 0. */
  readonly tieToAttacker: number;
  readonly dodge: boolean;
  readonly shove: boolean;
  /** 1 when the defender is still Active after u unblocked hits. */
  readonly activeAfter: Uint8Array;
}

const clampNeed = (need: number): number => Math.min(6, Math.max(2, need));

export function buildKernel(spec: AttackSpec): AttackKernel {
  assertPoolFits(spec);
  const defNeeds = [...spec.defMight, ...spec.defSkill];
  const states = stateTable(spec.defenderState, spec.woundsLeft, MAX_UNBLOCKED, spec);
  const hitCut = faceCut(clampNeed(spec.hitFace), 6);
  return {
    nMight: spec.mightDice,
    nSkill: spec.skillDice,
    hitCut,
    critCut: Math.max(hitCut, faceCut(spec.critFace, 6)),
    defCuts: Int32Array.from(defNeeds, (need) => faceCut(clampNeed(need), 6)),
    nDefMight: spec.defMight.length,
    tieToAttacker: spec.tieToDefender ? 0 : 1,
    dodge: spec.dodge,
    shove: spec.shove,
    activeAfter: Uint8Array.from(states, (s) => (s === ACTIVE ? 1 : 0)),
  };
}

/**
 * Runs n attacks and adds each outcome code (unblocked * 4 + moved bits) to counts.
 * `state` holds the four xoshiro128** words and is advanced in place.
 */
export function runAttacks(k: AttackKernel, state: Int32Array, n: number, counts: Float64Array): void {
  let s0 = state[0]! | 0;
  let s1 = state[1]! | 0;
  let s2 = state[2]! | 0;
  let s3 = state[3]! | 0;
  const nMight = k.nMight | 0;
  const nAttack = (k.nMight + k.nSkill) | 0;
  const hitCut1 = (k.hitCut - 1) | 0;
  const critCut1 = (k.critCut - 1) | 0;
  const defCuts = k.defCuts;
  const nDefMight = k.nDefMight | 0;
  const nDef = defCuts.length | 0;
  const tieAtt = k.tieToAttacker | 0;
  const dodge = k.dodge ? 1 : 0;
  const shove = k.shove ? 1 : 0;
  const activeAfter = k.activeAfter;

  for (let i = 0; i !== n; ++i) {
    let hM = 0;
    let cM = 0;
    let hS = 0;
    let cS = 0;
    let dM = 0;
    let dS = 0;
    for (let j = 0; j !== nMight; ++j) {
      const r = Math.imul(s1, 5);
      const out = Math.imul((r << 7) | (r >>> 25), 9);
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
      const u = out >>> 1;
      hM += (hitCut1 - u) >>> 31;
      cM += (critCut1 - u) >>> 31;
    }
    for (let j = nMight; j !== nAttack; ++j) {
      const r = Math.imul(s1, 5);
      const out = Math.imul((r << 7) | (r >>> 25), 9);
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
      const u = out >>> 1;
      hS += (hitCut1 - u) >>> 31;
      cS += (critCut1 - u) >>> 31;
    }
    for (let j = 0; j !== nDefMight; ++j) {
      const r = Math.imul(s1, 5);
      const out = Math.imul((r << 7) | (r >>> 25), 9);
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
      dM += ((defCuts[j]! - 1) - (out >>> 1)) >>> 31;
    }
    for (let j = nDefMight; j !== nDef; ++j) {
      const r = Math.imul(s1, 5);
      const out = Math.imul((r << 7) | (r >>> 25), 9);
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
      dS += ((defCuts[j]! - 1) - (out >>> 1)) >>> 31;
    }
    // Colour blocking, branchless (unpredictable branches cost more than the arithmetic):
    // through = max(h - d, 0), plus one on an attacker's tie (h = d >= 1); left = max(d - h, 0).
    const nm = hM - cM;
    const ns = hS - cS;
    const diffM = nm - dM;
    const diffS = ns - dS;
    const negM = diffM >> 31;
    const negS = diffS >> 31;
    const thM = (diffM & ~negM) + ((((diffM | -diffM) >>> 31) ^ 1) & ((-nm) >>> 31) & tieAtt);
    const thS = (diffS & ~negS) + ((((diffS | -diffS) >>> 31) ^ 1) & ((-ns) >>> 31) & tieAtt);
    const halfLeftM = ((-diffM) & negM) >> 1;
    const halfLeftS = ((-diffS) & negS) >> 1;
    // Dodge: 2 left-over Skill successes block 1 Might hit; Shove: 2 Might successes block 1 Skill hit.
    const dodgeBlocks = dodge * (halfLeftS + ((thM - halfLeftS) & ((thM - halfLeftS) >> 31)));
    const shoveBlocks = shove * (halfLeftM + ((thS - halfLeftM) & ((thS - halfLeftM) >> 31)));
    const u = cM + cS + thM - dodgeBlocks + thS - shoveBlocks;
    const active = activeAfter[u]!;
    const moves = (((-dodgeBlocks) >>> 31) & active) | ((((-shoveBlocks) >>> 31) & active) << 1);
    const code = (u << 2) | moves;
    counts[code] = counts[code]! + 1;
  }
  state[0] = s0;
  state[1] = s1;
  state[2] = s2;
  state[3] = s3;
}
