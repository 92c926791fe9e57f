/**
 * Dice that give recorded faces first, then roll `live` and record what it rolls (and into
 * `history` when set): a game state (src/games/game.ts) made of decisions and faces replays the
 * engine's call stack up to where it paused, then goes on with fresh dice (the duel games).
 */
import type { Dice } from './dice.js';

export class ReplayDice implements Dice {
  faces: number[] = [];
  i = 0;
  live: Dice | null = null;
  history: number[] | null = null;

  roll(sides: number): number {
    if (this.i < this.faces.length) return this.faces[this.i++]!;
    if (this.live === null) throw new Error('replay dice: the record ends and there are no live dice for a new roll');
    const f = this.live.roll(sides);
    this.faces.push(f);
    this.i++;
    if (this.history !== null) this.history.push(f);
    return f;
  }
}
