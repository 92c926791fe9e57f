/**
 * The dice of a battle: single dice (initiative, checks, Recover, Help, primer, casting, random
 * re-targets) and whole attacks rolled die by die in the per-die reference's order (Might then
 * Skill attack dice, then Might then Skill defence dice), keeping what friendly fire needs: the
 * natural 1s of the Strike Pool. Blocking, manoeuvres and Wounds are the reference's settle().
 */
import { RngDice, ScriptedDice, type Dice } from '../../../dice/dice.js';
import { Xoshiro128ss, type StreamState } from '../../../dice/rng.js';
import { newSettled, passes, settle } from '../reference.js';
import type { AttackSpec } from '../spec.js';

export class BattleDice {
  /** The last attack's details (unblocked hits, manoeuvre blocks, ...). */
  readonly settled = newSettled();
  /** Natural 1s among the last attack's Might and Skill Strike Pool dice. */
  onesMight = 0;
  onesSkill = 0;

  constructor(
    private readonly dice: Dice,
    /** The generator underneath (unused by scripted dice). */
    readonly rng: Xoshiro128ss = new Xoshiro128ss([1, 2, 3, 4]),
  ) {}

  d6(): number {
    return this.dice.roll(6);
  }

  roll(sides: number): number {
    return this.dice.roll(sides);
  }

  /** One Attack Sequence; returns the outcome code (unblocked << 2 | Dodge moved | Shove moved << 1). */
  attack(spec: AttackSpec): number {
    const dice = this.dice;
    let hM = 0;
    let cM = 0;
    let oM = 0;
    for (let i = 0; i !== spec.mightDice; ++i) {
      const face = dice.roll(6);
      if (face === 1) oM++;
      if (passes(face, spec.hitFace)) {
        hM++;
        if (face >= spec.critFace) cM++;
      }
    }
    let hS = 0;
    let cS = 0;
    let oS = 0;
    for (let i = 0; i !== spec.skillDice; ++i) {
      const face = dice.roll(6);
      if (face === 1) oS++;
      if (passes(face, spec.hitFace)) {
        hS++;
        if (face >= spec.critFace) cS++;
      }
    }
    this.onesMight = oM;
    this.onesSkill = oS;
    return this.defend(spec, hM, cM, hS, cS);
  }

  /**
   * Friendly fire: `might` and `skill` normal hits (natural 1s turned on a friendly: never
   * critical) against the defender of `spec`, who rolls defence as usual.
   */
  hits(spec: AttackSpec, might: number, skill: number): number {
    return this.defend(spec, might, 0, skill, 0);
  }

  private defend(spec: AttackSpec, hM: number, cM: number, hS: number, cS: number): number {
    const dice = this.dice;
    let dM = 0;
    for (let i = 0; i !== spec.defMight.length; ++i) if (passes(dice.roll(6), spec.defMight[i]!)) dM++;
    let dS = 0;
    for (let i = 0; i !== spec.defSkill.length; ++i) if (passes(dice.roll(6), spec.defSkill[i]!)) dS++;
    return settle(spec, hM, cM, hS, cS, dM, dS, this.settled);
  }
}

export function battleDice(state: StreamState): BattleDice {
  const rng = new Xoshiro128ss(state);
  return new BattleDice(new RngDice(rng), rng);
}

export function scriptedBattleDice(...faces: number[]): BattleDice {
  return new BattleDice(new ScriptedDice(faces));
}
