/**
 * Dice as the rules code sees them: `roll(sides)` gives a face 1..sides. Real dice wrap an Rng;
 * scripted dice return the faces a test lists (and fail loudly when the script runs out or a
 * face does not fit the die), so every rules clause can be tested with chosen faces.
 */
import { faceOf, type Rng } from './rng.js';

export interface Dice {
  roll(sides: number): number;
}

export class RngDice implements Dice {
  constructor(private readonly rng: Rng) {}
  roll(sides: number): number {
    return faceOf(this.rng.nextU32(), sides);
  }
}

export class ScriptedDice implements Dice {
  private next = 0;
  constructor(private readonly faces: readonly number[]) {}

  roll(sides: number): number {
    if (this.next >= this.faces.length) {
      throw new Error(`scripted dice ran out after ${this.faces.length} rolls`);
    }
    const face = this.faces[this.next++]!;
    if (!Number.isInteger(face) || face < 1 || face > sides) {
      throw new Error(`scripted face ${face} at roll ${this.next} does not fit a d${sides}`);
    }
    return face;
  }

  /** How many scripted faces were used. */
  get used(): number {
    return this.next;
  }
}

export function scripted(...faces: number[]): ScriptedDice {
  return new ScriptedDice(faces);
}
