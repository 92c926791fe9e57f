/** Death & Dying (seed 003, rules.md 3.4): the 2d6 - Fatigue roll, getting back up and its CON save. */
import type { Dice } from '../../dice/dice.js';
import type { TraceObserver } from '../trace.js';
import { DEAD, STABLE, STANDING, STATE_WORDS, type Creature } from './creature.js';

export const CON_SAVE_DC = 12;

/** What the rolls need from the fight: its dice, and its tracer. */
export interface DyingHost {
  readonly dice: Dice;
  readonly observer: TraceObserver | null;
  emit(c: Creature, action: string, extra: Record<string, unknown>): void;
}

/** Death & Dying: 2d6 - Fatigue. Returns true for a heroic action (a 4 during the fight). */
export function dyingRoll(f: DyingHost, c: Creature, inFight: boolean): boolean {
  const roll = f.dice.roll(6) + f.dice.roll(6) - c.fatigue;
  let heroic = false;
  let up = 0;
  if (roll >= 11) up = Math.max(1, c.spec.creature.con, f.dice.roll(c.hitDie));
  else if (roll === 10) {
    c.state = STABLE;
    c.wakeNext = true;
  } else if (roll === 4 && inFight) heroic = true;
  else if (roll <= 4) c.state = DEAD;
  if (f.observer !== null) {
    const result = up > 0 ? `back up at ${up} HP` : heroic ? 'heroic action, then dead' : roll === 10 ? 'stable' : c.state === DEAD ? 'dead' : 'still dying';
    // hp and state after the roll: getting back up (below) sets them.
    f.emit(c, 'dying-roll', {
      total: roll, fatigue: c.fatigue, result, after_fight: !inFight, hp: up > 0 ? upHp(c, up) : c.hp, state_after: up > 0 ? 'standing' : STATE_WORDS[c.state]!,
    });
  }
  if (up > 0) getUp(f, c, up);
  return heroic;
}

/** The HP a creature gets back up with: never above its maximum. */
function upHp(c: Creature, hp: number): number {
  return Math.min(hp, c.spec.creature.hp);
}

/** Back up from 0 HP (never above its maximum): a CON save (DC 12, minus Fatigue) or gain 1 Fatigue. */
export function getUp(f: DyingHost, c: Creature, hp: number): void {
  c.state = STANDING;
  c.hp = upHp(c, hp);
  const save = f.dice.roll(20) + c.conSave - c.fatigue;
  if (save < CON_SAVE_DC) c.fatigue++;
  if (f.observer !== null) f.emit(c, 'con-save', { total: save, result: save < CON_SAVE_DC ? 'fails: +1 Fatigue' : 'passes', hp: c.hp });
}
