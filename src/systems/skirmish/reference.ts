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

function rollColour(dice: Dice, n: number, spec: AttackSpec): { faces: number[]; hits: number; crits: number } {
  const faces: number[] = [];
  let hits = 0;
  let crits = 0;
  for (let i = 0; i < n; i++) {
    const face = dice.roll(6);
    faces.push(face);
    const hit = passes(face, spec.hitFace);
    if (hit) hits++;
    if (hit && face >= spec.critFace) crits++;
  }
  return { faces, hits, crits };
}

function rollDefence(dice: Dice, needs: readonly number[]): { faces: number[]; successes: number } {
  const faces: number[] = [];
  let successes = 0;
  for (const need of needs) {
    const face = dice.roll(6);
    faces.push(face);
    if (passes(face, need)) successes++;
  }
  return { faces, successes };
}

/** Rolls one attack: Might then Skill attack dice, then Might then Skill defence dice. */
export function rollAttack(dice: Dice, spec: AttackSpec): AttackResult {
  const am = rollColour(dice, spec.mightDice, spec);
  const as = rollColour(dice, spec.skillDice, spec);
  const dm = rollDefence(dice, spec.defMight);
  const ds = rollDefence(dice, spec.defSkill);

  const colour = (a: typeof am, d: typeof dm): ColourResult => {
    const normal = a.hits - a.crits;
    const b = blockColour(normal, d.successes, spec.tieToDefender);
    return {
      faces: a.faces, hits: a.hits, crits: a.crits, defenceFaces: d.faces, successes: d.successes,
      blocked: normal - b.through, tie: normal >= 1 && normal === d.successes, left: b.left,
    };
  };
  const might = colour(am, dm);
  const skill = colour(as, ds);
  const s = newSettled();
  settle(spec, am.hits, am.crits, as.hits, as.crits, dm.successes, ds.successes, s);
  return {
    might, skill, dodgeBlocks: s.dodgeBlocks, shoveBlocks: s.shoveBlocks, unblocked: s.unblocked, state: s.state,
    woundsLeft: s.woundsLeft, dodgeMoved: s.dodgeMoved, shoveMoved: s.shoveMoved, code: s.code,
  };
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
}

export function newSettled(): Settled {
  return { dodgeBlocks: 0, shoveBlocks: 0, unblocked: 0, state: 0, woundsLeft: 0, dodgeMoved: false, shoveMoved: false, code: 0 };
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
