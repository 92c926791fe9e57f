/**
 * Exact merges of duel states (graph.ts): a saved field that no rule can read before it is reset
 * is set to 0, so states that differ only in it share one node. Two such states play on
 * identically (the same actions, dice and results), so every probability and value is unchanged
 * (tested against the plain walker and solver, test/systems/skirmish/duel/solve-graph.test.ts).
 * Each field and why it is dead (engine.ts, fight-rules.ts):
 * - `moved` of a fighter without a heavy weapon: only shotLegal reads it, for heavy weapons.
 * - `rangedThisActivation` when the duel has no terrain: only canHide reads it, and without terrain
 *   nobody can hide anyway.
 * - `braced` of a fighter that activates (Active, Downed, or Stunned with knob stunnedActs) while
 *   the distance exceeds `reach + 2 * perRound` (quiet.ts): Brace ends at the fighter's own next
 *   activation start, at most the rest of this round and the next away; only an Attack Sequence on
 *   it reads the flag, and no attack can happen within two rounds from beyond that distance
 *   (quiet.ts: one round closes at most perRound inches while nobody attacks). Without an attack
 *   its state cannot change, so it does activate again.
 */
import type { FighterView } from './actions.js';
import { activates } from '../fight-rules.js';
import { quietReach } from './quiet.js';
import { FIGHTER_FIELDS } from './state.js';

const BRACED = 3;
const MOVED = 5;
const RANGED_THIS_ACTIVATION = 6;

export class Canonical {
  private readonly heavy: readonly [boolean, boolean];
  private readonly braceFar: number;

  constructor(fighters: readonly [FighterView, FighterView], private readonly terrain: boolean, private readonly stunnedActs: boolean) {
    this.heavy = [fighters[0].weapons.some((w) => w.heavy), fighters[1].weapons.some((w) => w.heavy)];
    const { reach, perRound } = quietReach(fighters);
    this.braceFar = reach + 2 * perRound + 1e-6;
  }

  /** Zeroes the dead fields of saved state s (in place). */
  apply(s: number[]): void {
    const far = s[2 * FIGHTER_FIELDS]! > this.braceFar;
    for (let x = 0; x !== 2; ++x) {
      const at = x * FIGHTER_FIELDS;
      if (!this.heavy[x]) s[at + MOVED] = 0;
      if (!this.terrain) s[at + RANGED_THIS_ACTIVATION] = 0;
      if (far && activates(s[at]!, this.stunnedActs)) s[at + BRACED] = 0;
    }
  }
}
