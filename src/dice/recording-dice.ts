/**
 * Dice that remember the faces they rolled, for tracing fights. An engine swaps its `dice` for a
 * RecordingDice only while an observer is attached (run() never pays for it); the same inner
 * dice are called in the same order, so a traced fight draws exactly what `run` draws.
 */
import type { Dice } from './dice.js';

export class RecordingDice implements Dice {
  private faces: number[] = [];

  constructor(readonly inner: Dice) {}

  roll(sides: number): number {
    const f = this.inner.roll(sides);
    this.faces.push(f);
    return f;
  }

  /** One d6, recorded (for rules that take a `{ d6() }`, such as the initiative roll-off). */
  d6(): number {
    return this.roll(6);
  }

  /** The faces rolled since the last take(), in order; clears the record. */
  take(): number[] {
    const out = this.faces;
    this.faces = [];
    return out;
  }
}

/** The faces rolled since the last call, when `dice` records them (empty otherwise). */
export function takeRolls(dice: Dice): number[] {
  return dice instanceof RecordingDice ? dice.take() : [];
}
