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
 * change the distance (Dodge, Shove and Ranged Reactions follow attacks), and per activation side s
 * takes at most 2 actions that move (a Recover that rolls 6 gives one back but is one itself):
 * a Move toward closes at most Movement (the policy's inches are capped by the allowance), a Charge
 * at most Movement + 1" (it starts within Movement + 1" and ends at 0), a Move away, Retreat or
 * Crawl opens it. So one round (an activation of each side) closes at most
 * (2 Ma + 1) + (2 Mb + 1) inches, and from a state of round r with distance
 * d > reach + (maxRounds - r + 1) * that, the duel is a draw. A tested claim (test/systems/
 * skirmish/duel/solve-graph.test.ts: solver values equal the plain solver's near the bound).
 */
import { ENGAGEMENT } from './actions.js';
import type { FighterView } from './actions.js';

/** The largest distance an attack can happen at (`reach`), and the most one round closes while nobody attacks (`perRound`). */
export function quietReach(fighters: readonly [FighterView, FighterView]): { reach: number; perRound: number } {
  let reach = ENGAGEMENT;
  for (const f of fighters) for (const w of f.weapons) reach = Math.max(reach, w.max);
  return { reach, perRound: 2 * fighters[0].movement + 1 + 2 * fighters[1].movement + 1 };
}

/** quiet[r] (r = 1..maxRounds): beyond this distance a state of round r ends in a draw. */
export function quietDistances(fighters: readonly [FighterView, FighterView], maxRounds: number): Float64Array {
  const { reach, perRound } = quietReach(fighters);
  const quiet = new Float64Array(maxRounds + 2);
  for (let r = 1; r <= maxRounds + 1; r++) quiet[r] = reach + (maxRounds - r + 1) * perRound + 1e-6;
  return quiet;
}
