/**
 * The dice a duel rolls: single d6s (initiative, checks, Recover, primer, casting) and whole
 * attacks. Three implementations: table (one draw per attack from the exact outcome table),
 * dice (every die rolled by the per-die reference) and scripted (tests list the faces).
 */
import { RngDice, ScriptedDice, type Dice } from '../../../dice/dice.js';
import { faceOf, Xoshiro128ss, type StreamState } from '../../../dice/rng.js';
import { aliasPick } from '../../../dice/alias.js';
import { rollAttack } from '../reference.js';
import { AttackCache, type AttackEntry } from './setup.js';

export interface DuelDice {
  d6(): number;
  /** One attack's outcome code (unblocked hits << 2 | Dodge block made | Shove block made << 1). */
  attack(entry: AttackEntry): number;
}

/** The fast engine: d6s and one-draw attacks from the stream. */
export class TableDuelDice implements DuelDice {
  readonly rng: Xoshiro128ss;
  constructor(state: StreamState) {
    this.rng = new Xoshiro128ss(state);
  }
  d6(): number {
    return faceOf(this.rng.nextU32(), 6);
  }
  attack(entry: AttackEntry): number {
    return aliasPick(AttackCache.table(entry), this.rng.nextU32());
  }
}

/** Every die rolled: attacks through the per-die reference. Also the scripted-dice harness. */
export class PerDieDuelDice implements DuelDice {
  constructor(
    private readonly dice: Dice,
    /** The generator underneath (unused by scripted dice). */
    readonly rng: Xoshiro128ss = new Xoshiro128ss([1, 2, 3, 4]),
  ) {}
  d6(): number {
    return this.dice.roll(6);
  }
  attack(entry: AttackEntry): number {
    return rollAttack(this.dice, entry.spec).code;
  }
}

export function perDieDice(state: StreamState): PerDieDuelDice {
  const rng = new Xoshiro128ss(state);
  return new PerDieDuelDice(new RngDice(rng), rng);
}

export function scriptedDuelDice(...faces: number[]): PerDieDuelDice {
  return new PerDieDuelDice(new ScriptedDice(faces));
}
