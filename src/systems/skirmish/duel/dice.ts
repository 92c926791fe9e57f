/**
 * The dice a duel rolls: single d6s (initiative, checks, Recover, primer, casting) and whole
 * attacks. Three implementations: table (one draw per attack from the exact outcome table),
 * dice (every die rolled by the per-die reference) and scripted (tests list the faces).
 */
import { RngDice, ScriptedDice, type Dice } from '../../../dice/dice.js';
import { faceOf, Xoshiro128ss, type StreamState } from '../../../dice/rng.js';
import { aliasPick } from '../../../dice/alias.js';
import { newSettled, rollAttack, rollCode, type AttackResult } from '../reference.js';
import { AttackCache, type AttackEntry } from './setup.js';

export interface DuelDice {
  d6(): number;
  /** One attack's outcome code (unblocked hits << 2 | Dodge block made | Shove block made << 1). */
  attack(entry: AttackEntry): number;
  /** Keep (true) or stop keeping the faces rolled, for a tracer. Engines without faces ignore it. */
  record(on: boolean): void;
  /** The faces rolled since the last take() while recording, or null (table engine; not recording). */
  take(): RolledDice | null;
}

/** Faces one action rolled: single d6s in order, and the last attack rolled die by die. */
export interface RolledDice {
  readonly d6: readonly number[];
  readonly attack: AttackResult | null;
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
  record(): void {
    // one draw per attack: there are no individual faces to keep
  }
  take(): null {
    return null;
  }
}

/** Every die rolled: attacks through the per-die reference. Also the scripted-dice harness. */
export class PerDieDuelDice implements DuelDice {
  private log: number[] | null = null;
  private last: AttackResult | null = null;
  /** rollCode()'s details, reused for every attack. */
  private readonly settled = newSettled();
  constructor(
    private readonly dice: Dice,
    /** The generator underneath (unused by scripted dice). */
    readonly rng: Xoshiro128ss = new Xoshiro128ss([1, 2, 3, 4]),
  ) {}
  d6(): number {
    const face = this.dice.roll(6);
    if (this.log !== null) this.log.push(face);
    return face;
  }
  attack(entry: AttackEntry): number {
    // Not tracing: the same dice counted, nothing kept. Tracing: every face, for the event.
    if (this.log === null) return rollCode(this.dice, entry.spec, this.settled);
    const r = rollAttack(this.dice, entry.spec);
    this.last = r;
    return r.code;
  }
  record(on: boolean): void {
    this.log = on ? [] : null;
    this.last = null;
  }
  take(): RolledDice | null {
    if (this.log === null) return null;
    const out = { d6: this.log, attack: this.last };
    this.log = [];
    this.last = null;
    return out;
  }
}

export function perDieDice(state: StreamState): PerDieDuelDice {
  const rng = new Xoshiro128ss(state);
  return new PerDieDuelDice(new RngDice(rng), rng);
}

export function scriptedDuelDice(...faces: number[]): PerDieDuelDice {
  return new PerDieDuelDice(new ScriptedDice(faces));
}
