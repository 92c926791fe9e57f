/**
 * The per-die reference: one attack resolved step by step, exactly as the seed reads, with every
 * intermediate count kept. Scripted-dice tests check the rules here; the hot kernel is proven to
 * give the very same outcomes from the same stream.
 */
import type { Dice } from '../../dice/dice.js';
import { ACTIVE } from './profile.js';
import { blockColour, passes } from './sequence.js';
import { DODGE_MOVED, SHOVE_MOVED, outcomeCode, type AttackSpec } from './spec.js';
import { applyWounds } from './wounds.js';

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
  const mightThrough = might.hits - might.crits - might.blocked;
  const skillThrough = skill.hits - skill.crits - skill.blocked;
  const dodgeBlocks = spec.dodge ? Math.min(mightThrough, Math.floor(skill.left / 2)) : 0;
  const shoveBlocks = spec.shove ? Math.min(skillThrough, Math.floor(might.left / 2)) : 0;
  const unblocked = might.crits + skill.crits + mightThrough - dodgeBlocks + skillThrough - shoveBlocks;
  const after = applyWounds(spec.defenderState, spec.woundsLeft, unblocked, spec);
  const stillActive = after.state === ACTIVE;
  const dodgeMoved = dodgeBlocks > 0 && stillActive;
  const shoveMoved = shoveBlocks > 0 && stillActive;
  return {
    might, skill, dodgeBlocks, shoveBlocks, unblocked, state: after.state, woundsLeft: after.woundsLeft,
    dodgeMoved, shoveMoved,
    code: outcomeCode(unblocked, (dodgeMoved ? DODGE_MOVED : 0) | (shoveMoved ? SHOVE_MOVED : 0)),
  };
}
