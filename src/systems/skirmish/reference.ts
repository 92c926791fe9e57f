/**
 * The per-die reference: one attack resolved step by step, exactly as the seed reads, with every
 * intermediate count kept. Scripted-dice tests check the rules here; the hot kernel is proven to
 * give the very same outcomes from the same stream.
 */
import type { Dice } from '../../dice/dice.js';
import { ACTIVE } from './profile.js';
import { blockColour, colourLeft, colourThrough, passes } from './sequence.js';
import { DODGE_MOVED, SHOVE_MOVED, outcomeCode, type AttackSpec } from './spec.js';
import { stateAfter, woundsLeftAfter } from './wounds.js';

export interface ColourResult {
  readonly faces: readonly number[];
  /** Natural 1s among `faces` (what friendly fire turns on a friend in battles). */
  readonly ones: number;
  /** Hits of this colour, criticals included. */
  readonly hits: number;
  readonly crits: number;
  readonly defenceFaces: readonly number[];
  readonly successes: number;
  /** Normal hits blocked by successes of this colour (ties included). */
  readonly blocked: number;
  readonly tie: boolean;
  readonly left: number;
}

export interface AttackResult {
  readonly might: ColourResult;
  readonly skill: ColourResult;
  /** Might hits blocked by Dodge (2 left-over Skill successes each). */
  readonly dodgeBlocks: number;
  /** Skill hits blocked by Shove (2 left-over Might successes each). */
  readonly shoveBlocks: number;
  readonly unblocked: number;
  readonly state: number;
  readonly woundsLeft: number;
  readonly dodgeMoved: boolean;
  readonly shoveMoved: boolean;
  readonly code: number;
}

/** Where the criticals and natural 1s sit in rollStrike()'s packed count (a Strike Pool has at most 15 dice). */
const CRIT_SHIFT = 8;
const ONES_SHIFT = 16;
const COUNT_MASK = (1 << CRIT_SHIFT) - 1;

/**
 * Rolls n attack dice: hits (criticals included) | criticals << CRIT_SHIFT | natural 1s <<
 * ONES_SHIFT, packed so nothing is allocated; each face is also pushed to `faces` when given (the
 * reference keeps them).
 */
function rollStrike(dice: Dice, n: number, hitFace: number, critFace: number, faces: number[] | null): number {
  let hits = 0;
  let crits = 0;
  let ones = 0;
  for (let i = 0; i < n; ++i) {
    const face = dice.roll(6);
    if (faces !== null) faces.push(face);
    if (face === 1) ones++;
    if (passes(face, hitFace)) {
      hits++;
      if (face >= critFace) crits++;
    }
  }
  return hits | (crits << CRIT_SHIFT) | (ones << ONES_SHIFT);
}

const hitsOf = (strike: number): number => strike & COUNT_MASK;
const critsOf = (strike: number): number => (strike >> CRIT_SHIFT) & COUNT_MASK;
const onesOf = (strike: number): number => strike >> ONES_SHIFT;

/** Rolls one defence die per need; returns the successes (faces pushed to `faces` when given). */
function rollBlocks(dice: Dice, needs: readonly number[], faces: number[] | null): number {
  let successes = 0;
  for (let i = 0; i !== needs.length; ++i) {
    const face = dice.roll(6);
    if (faces !== null) faces.push(face);
    if (passes(face, needs[i]!)) successes++;
  }
  return successes;
}

/**
 * Rolls one attack: Might then Skill attack dice, then Might then Skill defence dice, every face
 * kept. `out` (optional) receives settle()'s details as rollCode() would fill it.
 */
export function rollAttack(dice: Dice, spec: AttackSpec, out: Settled = newSettled()): AttackResult {
  const mightFaces: number[] = [];
  const skillFaces: number[] = [];
  const am = rollStrike(dice, spec.mightDice, spec.hitFace, spec.critFace, mightFaces);
  const as = rollStrike(dice, spec.skillDice, spec.hitFace, spec.critFace, skillFaces);
  return defendKept(dice, spec, am, as, mightFaces, skillFaces, out);
}

/**
 * Hits that need no Strike Pool roll (a battle's friendly fire: natural 1s turned on a friend,
 * normal hits, never critical) against the defender of `spec`, who rolls defence as usual (Might
 * then Skill defence dice), every face kept; the strike faces are empty.
 */
export function rollDefence(dice: Dice, spec: AttackSpec, mightHits: number, skillHits: number, out: Settled = newSettled()): AttackResult {
  return defendKept(dice, spec, mightHits, skillHits, [], [], out);
}

/** The defence dice of rollAttack() / rollDefence(), every face kept, and the result. */
function defendKept(dice: Dice, spec: AttackSpec, am: number, as: number, mightFaces: number[], skillFaces: number[], out: Settled): AttackResult {
  const defMightFaces: number[] = [];
  const defSkillFaces: number[] = [];
  const dm = rollBlocks(dice, spec.defMight, defMightFaces);
  const ds = rollBlocks(dice, spec.defSkill, defSkillFaces);

  const colour = (strike: number, attackFaces: number[], successes: number, defenceFaces: number[]): ColourResult => {
    const hits = hitsOf(strike);
    const crits = critsOf(strike);
    const normal = hits - crits;
    const b = blockColour(normal, successes, spec.tieToDefender);
    return {
      faces: attackFaces, ones: onesOf(strike), hits, crits, defenceFaces, successes,
      blocked: normal - b.through, tie: normal >= 1 && normal === successes, left: b.left,
    };
  };
  const might = colour(am, mightFaces, dm, defMightFaces);
  const skill = colour(as, skillFaces, ds, defSkillFaces);
  const s = out;
  settle(spec, might.hits, might.crits, skill.hits, skill.crits, dm, ds, s);
  s.onesMight = might.ones;
  s.onesSkill = skill.ones;
  return {
    might, skill, dodgeBlocks: s.dodgeBlocks, shoveBlocks: s.shoveBlocks, unblocked: s.unblocked, state: s.state,
    woundsLeft: s.woundsLeft, dodgeMoved: s.dodgeMoved, shoveMoved: s.shoveMoved, code: s.code,
  };
}

/**
 * rollAttack() without keeping anything but counts: the same dice in the same order, the same
 * outcome code, the details (natural 1s of the Strike Pool included) in `out` (reused). What the
 * per-die engines call in their hot loop.
 */
export function rollCode(dice: Dice, spec: AttackSpec, out: Settled): number {
  const am = rollStrike(dice, spec.mightDice, spec.hitFace, spec.critFace, null);
  const as = rollStrike(dice, spec.skillDice, spec.hitFace, spec.critFace, null);
  out.onesMight = onesOf(am);
  out.onesSkill = onesOf(as);
  return defendCode(dice, spec, hitsOf(am), critsOf(am), hitsOf(as), critsOf(as), out);
}

/** rollDefence() without keeping anything but counts (the same dice, the same code, `out` filled; no natural 1s). */
export function rollDefenceCode(dice: Dice, spec: AttackSpec, mightHits: number, skillHits: number, out: Settled): number {
  out.onesMight = 0;
  out.onesSkill = 0;
  return defendCode(dice, spec, mightHits, 0, skillHits, 0, out);
}

function defendCode(dice: Dice, spec: AttackSpec, hM: number, cM: number, hS: number, cS: number, out: Settled): number {
  const dm = rollBlocks(dice, spec.defMight, null);
  const ds = rollBlocks(dice, spec.defSkill, null);
  return settle(spec, hM, cM, hS, cS, dm, ds, out);
}

/** What settle() works out; reused (not reallocated) by hot callers. */
export interface Settled {
  dodgeBlocks: number;
  shoveBlocks: number;
  unblocked: number;
  state: number;
  woundsLeft: number;
  dodgeMoved: boolean;
  shoveMoved: boolean;
  code: number;
  /** Natural 1s among the Might and Skill Strike Pool dice (set by the rollers, not by settle()). */
  onesMight: number;
  onesSkill: number;
}

export function newSettled(): Settled {
  return { dodgeBlocks: 0, shoveBlocks: 0, unblocked: 0, state: 0, woundsLeft: 0, dodgeMoved: false, shoveMoved: false, code: 0, onesMight: 0, onesSkill: 0 };
}

/**
 * Steps 4-5 after the dice are rolled: colour blocking (ties), Dodge and Shove, Wounds, and
 * whether a manoeuvre moved anyone. Hits count criticals too. Writes into `out` and returns the
 * outcome code. The one place these rules live for every per-die roller (duels, battles).
 */
export function settle(
  spec: AttackSpec, mightHits: number, mightCrits: number, skillHits: number, skillCrits: number,
  mightSuccesses: number, skillSuccesses: number, out: Settled,
): number {
  const mightThrough = colourThrough(mightHits - mightCrits, mightSuccesses, spec.tieToDefender);
  const skillThrough = colourThrough(skillHits - skillCrits, skillSuccesses, spec.tieToDefender);
  const mightLeft = colourLeft(mightHits - mightCrits, mightSuccesses);
  const skillLeft = colourLeft(skillHits - skillCrits, skillSuccesses);
  const dodgeBlocks = spec.dodge ? Math.min(mightThrough, Math.floor(skillLeft / 2)) : 0;
  const shoveBlocks = spec.shove ? Math.min(skillThrough, Math.floor(mightLeft / 2)) : 0;
  const unblocked = mightCrits + skillCrits + mightThrough - dodgeBlocks + skillThrough - shoveBlocks;
  const state = stateAfter(spec.defenderState, spec.woundsLeft, unblocked, spec.impact, spec.stepPerHit);
  const stillActive = state === ACTIVE;
  out.dodgeBlocks = dodgeBlocks;
  out.shoveBlocks = shoveBlocks;
  out.unblocked = unblocked;
  out.state = state;
  out.woundsLeft = woundsLeftAfter(spec.defenderState, spec.woundsLeft, unblocked);
  out.dodgeMoved = dodgeBlocks > 0 && stillActive;
  out.shoveMoved = shoveBlocks > 0 && stillActive;
  out.code = outcomeCode(unblocked, (out.dodgeMoved ? DODGE_MOVED : 0) | (out.shoveMoved ? SHOVE_MOVED : 0));
  return out.code;
}

export { passes };
