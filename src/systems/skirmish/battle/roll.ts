/**
 * The dice of a battle: single dice (initiative, checks, Recover, Help, primer, casting, random
 * re-targets) and whole attacks rolled die by die in the per-die reference's order (Might then
 * Skill attack dice, then Might then Skill defence dice), keeping what friendly fire needs: the
 * natural 1s of the Strike Pool. Blocking, manoeuvres and Wounds are the reference's settle().
 */
import { aliasPick } from '../../../dice/alias.js';
import { RngDice, ScriptedDice, type Dice } from '../../../dice/dice.js';
import { Xoshiro128ss, type StreamState } from '../../../dice/rng.js';
import { AttackCache, type AttackEntry } from '../duel/setup.js';
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

  /**
   * One Attack Sequence; returns the outcome code (unblocked << 2 | Dodge moved | Shove moved << 1).
   * `needOnes`: friendly fire will want the natural 1s (the per-die engine always counts them).
   */
  attack(entry: AttackEntry, needOnes: boolean): number {
    void needOnes;
    return this.perDie(entry.spec);
  }

  /** Every die rolled, the natural 1s of the Strike Pool counted. */
  perDie(spec: AttackSpec): number {
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

/**
 * The table engine: an attack whose natural 1s nobody needs is one draw from its exact outcome
 * table (alias method, built once per attack spec); one with a friend at risk rolls every die.
 */
export class TableBattleDice extends BattleDice {
  override attack(entry: AttackEntry, needOnes: boolean): number {
    if (needOnes) return this.perDie(entry.spec);
    this.onesMight = 0;
    this.onesSkill = 0;
    return aliasPick(AttackCache.table(entry), this.rng.nextU32());
  }
}

export function tableBattleDice(state: StreamState): TableBattleDice {
  const rng = new Xoshiro128ss(state);
  return new TableBattleDice(new RngDice(rng), rng);
}

export function battleDice(state: StreamState): BattleDice {
  const rng = new Xoshiro128ss(state);
  return new BattleDice(new RngDice(rng), rng);
}

export function scriptedBattleDice(...faces: number[]): BattleDice {
  return new BattleDice(new ScriptedDice(faces));
}
