/**
 * The dice of a battle: single dice (initiative, checks, Recover, Help, primer, casting, random
 * re-targets) and whole attacks rolled die by die by the per-die reference (reference.ts: Might
 * then Skill attack dice, then Might then Skill defence dice), keeping what friendly fire needs:
 * the natural 1s of the Strike Pool. Untraced, an attack goes through rollCode (counts only);
 * traced (`keep`), through rollAttack, which rolls the very same dice in the same order and keeps
 * every face for the trace event (`last`), as the per-die duel dice do.
 */
import { aliasPick } from '../../../dice/alias.js';
import { RngDice, ScriptedDice, type Dice } from '../../../dice/dice.js';
import { Xoshiro128ss, type StreamState } from '../../../dice/rng.js';
import { AttackCache, type AttackEntry } from '../duel/setup.js';
import { newSettled, rollAttack, rollCode, rollDefence, rollDefenceCode, type AttackResult } from '../reference.js';
import type { AttackSpec } from '../spec.js';

export class BattleDice {
  /** The last attack's details (unblocked hits, manoeuvre blocks, ...). */
  readonly settled = newSettled();
  /** Natural 1s among the last attack's Might and Skill Strike Pool dice. */
  onesMight = 0;
  onesSkill = 0;
  /** The last attack (or friendly fire) rolled with `keep`: every face; null after a table draw. Stale otherwise. */
  last: AttackResult | null = null;

  constructor(
    private dice: Dice,
    /** The generator underneath (unused by scripted dice). */
    readonly rng: Xoshiro128ss = new Xoshiro128ss([1, 2, 3, 4]),
  ) {}

  /** Rolls with `dice` from now on (the game interface: apply() is given the dice of each step). */
  use(dice: Dice): void {
    this.dice = dice;
  }

  /** The dice rolled with now. */
  get source(): Dice {
    return this.dice;
  }

  d6(): number {
    return this.dice.roll(6);
  }

  roll(sides: number): number {
    return this.dice.roll(sides);
  }

  /**
   * One Attack Sequence; returns the outcome code (unblocked << 2 | Dodge moved | Shove moved << 1).
   * `needOnes`: friendly fire will want the natural 1s (the per-die engine always counts them).
   * `keep` (a tracer watches): every face kept in `last`, the same dice rolled.
   */
  attack(entry: AttackEntry, needOnes: boolean, keep = false): number {
    void needOnes;
    return this.perDie(entry.spec, keep);
  }

  /** Every die rolled, the natural 1s of the Strike Pool counted (and every face kept in `last` with `keep`). */
  perDie(spec: AttackSpec, keep = false): number {
    if (keep) {
      const r = rollAttack(this.dice, spec, this.settled);
      this.last = r;
    } else {
      rollCode(this.dice, spec, this.settled);
    }
    this.onesMight = this.settled.onesMight;
    this.onesSkill = this.settled.onesSkill;
    return this.settled.code;
  }

  /**
   * Friendly fire: `might` and `skill` normal hits (natural 1s turned on a friendly: never
   * critical) against the defender of `spec`, who rolls defence as usual (faces in `last` with `keep`).
   */
  hits(spec: AttackSpec, might: number, skill: number, keep = false): number {
    if (keep) {
      const r = rollDefence(this.dice, spec, might, skill, this.settled);
      this.last = r;
      return r.code;
    }
    return rollDefenceCode(this.dice, spec, might, skill, this.settled);
  }
}

/**
 * The table engine: an attack whose natural 1s nobody needs is one draw from its exact outcome
 * table (alias method, built once per attack spec); one with a friend at risk rolls every die.
 */
export class TableBattleDice extends BattleDice {
  override attack(entry: AttackEntry, needOnes: boolean, keep = false): number {
    if (needOnes) return this.perDie(entry.spec, keep);
    this.onesMight = 0;
    this.onesSkill = 0;
    // One draw: there are no faces to show.
    if (keep) this.last = null;
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
