/**
 * How far the ranged policies (`shooter`, `kite`) move, one reading for the duel and the battle
 * policies alike: they close in only as far as their range needs,
 * back off only to their maximum range (a Retreat at least out of engagement), so they never step
 * out of their own range and back. `aggressive` always uses its full allowance (rules.md 1.8).
 * Pure functions on plain numbers; each engine measures the distance its own way.
 */
import { ENGAGEMENT, HIDDEN_RANGE } from './fight-rules.js';

const EPS = 1e-9;

/** Where a ranged policy wants to stand: its maximum range, or 6" when the enemy is Hidden beyond 6". */
export function wantedDistance(maxRange: number, distance: number, enemyHidden: boolean): number {
  return enemyHidden && distance > HIDDEN_RANGE ? Math.min(maxRange, HIDDEN_RANGE) : maxRange;
}

/** Inches a ranged policy moves toward: only as far as its wanted distance, at most its allowance. */
export function towardInches(allowance: number, distance: number, wanted: number): number {
  return Math.min(allowance, Math.max(0, distance - wanted));
}

/**
 * Inches a ranged policy moves away (a Move away or a Retreat): back to its maximum range, a Retreat
 * at least far enough to leave engagement range; `full` (a kite whose range lies inside the enemy's
 * charge reach) the whole allowance.
 */
export function awayInches(allowance: number, distance: number, maxRange: number, retreat: boolean, full: boolean): number {
  if (full) return allowance;
  const least = retreat ? ENGAGEMENT + 1 - distance : 0;
  return Math.min(allowance, Math.max(maxRange - distance, least, 0));
}

/**
 * Whether Hiding helps a ranged fighter against one enemy (duel and battle policies alike): it is
 * not Hidden yet and may Hide (fight-rules.ts canHide), the enemy is Active and shoots (a Ranged or
 * Cast weapon), stands beyond 6" (Hidden only protects beyond 6") and could bring its weapon to
 * bear after one Move (distance minus its Movement within its maximum range).
 */
export function hideHelps(hidden: boolean, mayHide: boolean, enemyShoots: boolean, distance: number, enemyMovement: number, enemyMaxRange: number): boolean {
  if (hidden || !mayHide || !enemyShoots) return false;
  return distance > HIDDEN_RANGE && distance - enemyMovement <= enemyMaxRange;
}

/**
 * Whether a Downed ranged fighter Crawls (`crawl` inches) instead of Recovering: when the crawl takes
 * it beyond an Active enemy's Mercy Kill range (1") or beyond its charge reach (Movement + 1").
 */
export function crawlHelps(distance: number, crawl: number, reach: number): boolean {
  const after = distance + crawl;
  return (distance <= ENGAGEMENT + EPS && after > ENGAGEMENT + EPS) || (distance <= reach + EPS && after > reach + EPS);
}

/**
 * Whether a ranged policy Charges a Stunned enemy to Mercy Kill it (duel and battle policies alike):
 * not in a reaction, another action of this activation left for the Mercy Kill, the enemy Stunned
 * and not `withinOne` (within 1", as each engine measures it, the Mercy Kill comes at once).
 * Seed 002: a Mercy Kill puts a Stunned enemy within 1" Out of Action, no roll, where a shot still
 * has to hit. Each engine then asks whether its Charge ends where that Mercy Kill is allowed
 * (duel: canCharge; battle: board.ts chargeFinishes, no other Active or Downed enemy within 1").
 */
export function finishStunned(reaction: boolean, actionsLeft: number, withinOne: boolean, enemyStunned: boolean): boolean {
  return !reaction && actionsLeft >= 1 && enemyStunned && !withinOne;
}
