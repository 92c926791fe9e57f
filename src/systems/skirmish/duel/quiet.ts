/**
 * When a duel can no longer end: beyond a distance that shrinks with the rounds left, no attack
 * can happen before maxRounds, so the duel is a draw (the solver values such a state 1/2 without
 * walking it: an exact merge of every state beyond, since play from any of them ends the same).
 *
 * Why (engine.ts, fight-rules.ts): a fighter goes Out of Action only through wound() (an Attack
 * Sequence, or a Cast's backlash) or takeOut() (a Mercy Kill). Each needs the enemy within reach:
 * Melee, Mercy Kill and a failed Retreat's free attack within 1" (ENGAGEMENT); Ranged and Cast
 * within the weapon's maximum range (shotLegal). So no duel ends while the distance stays beyond
 * `reach`, the largest of 1" and every weapon's maximum range. While nobody attacks, only actions
 * change the distance (Dodge, Shove and Ranged Reactions follow attacks): a Move toward closes at
 * most Movement (the policy's inches are capped by the allowance), a Move away, Retreat, Crawl
 * opens it, and a Charge needs d <= Movement + 1" (it ends at 0). Side s moves in at most k actions
 * of an activation with k actions left (a Recover that rolls 6 gives back the action it took).
 * By induction over the activations left: if d > reach + 2 M(s) + (the activations after this
 * one, 2 M each), then before each action of this activation d > reach + M(s) >= 1 + M(s), so no
 * Charge and no attack is possible, and the activation ends beyond reach + (the rest). So the duel
 * is a draw when d > reach + (what this round's activations left can close) + (maxRounds - r) *
 * perRound, perRound = 2 Ma + 2 Mb. A tested claim (test/systems/skirmish/duel/solve-graph.test.ts:
 * solver values equal the plain solver's on every starting distance around the bound).
 */
import { ENGAGEMENT } from './actions.js';
import type { FighterView } from './actions.js';

/** The largest distance an attack can happen at (`reach`), and the most one round closes while nobody can attack (`perRound`). */
export function quietReach(fighters: readonly [FighterView, FighterView]): { reach: number; perRound: number } {
  let reach = ENGAGEMENT;
  for (const f of fighters) for (const w of f.weapons) reach = Math.max(reach, w.max);
  return { reach, perRound: 2 * fighters[0].movement + 2 * fighters[1].movement };
}

/** later[r] (r = 1..maxRounds): reach + what the rounds after r can close (a node adds restOfRound). */
export function quietDistances(fighters: readonly [FighterView, FighterView], maxRounds: number): Float64Array {
  const { reach, perRound } = quietReach(fighters);
  const later = new Float64Array(maxRounds + 2);
  for (let r = 1; r <= maxRounds + 1; r++) later[r] = reach + (maxRounds - r) * perRound + 1e-6;
  return later;
}

/**
 * What the rest of the round can close at most while nobody attacks: at a round start both
 * activations; at side s's action boundary with k actions left, k Moves of s, and the other
 * side's activation when s's is the first of the round (which = 0).
 */
export function restOfRound(fighters: readonly [FighterView, FighterView], roundStart: boolean, side: number, which: number, actionsLeft: number): number {
  const m = fighters[side]!.movement;
  const other = fighters[1 - side]!.movement;
  if (roundStart) return 2 * m + 2 * other;
  return actionsLeft * m + (which === 0 ? 2 * other : 0);
}
