/**
 * Fighter behaviour: for each action, a named policy picks one from a state view (actions.ts);
 * the engine enforces the rules whatever the policy asks. `aggressive` is pinned exactly
 * (rules.md 1.8) because users compare its numbers across versions:
 *   (1) itself Downed: Recover; (2) more than 1" away: Charge if it can end within 1", else Move
 *   straight at the enemy by its full Movement; (3) enemy Stunned or Downed: Mercy Kill;
 *   (4) otherwise Melee. Dodge and Shove always move the full 2".
 * `shooter` and `kite` are written out as decision lists in docs/rules/skirmish.md.
 */
import { ACTIVE, DOWNED, STUNNED } from '../profile.js';
import { Action, ENGAGEMENT, MANOEUVRE_INCHES, type DuelPolicy, type DuelView } from './actions.js';
import { KITE, SHOOTER } from './setup.js';
import { crawlAllowance, keepInRangeInches } from '../fight-rules.js';
import { awayInches, crawlHelps, finishStunned, hideHelps as helps, towardInches as toward, wantedDistance as wanted } from '../policy-moves.js';

function decide(duel: DuelView, s: number, reaction: boolean): Action {
  const f = duel.fighters[s]!;
  if (f.state === DOWNED) return reaction ? Action.None : downed(duel, s);
  // Knob stunnedActs: a Stunned fighter activates; the only thing it can do is crawl away.
  if (f.state === STUNNED) return reaction || !duel.spec.knobs.stunnedActs ? Action.None : Action.CrawlAway;
  if (f.state !== ACTIVE) return Action.None;
  if (f.policy === SHOOTER && f.shooting >= 0) return shooter(duel, s, reaction);
  if (f.policy === KITE && f.shooting >= 0) return kite(duel, s, reaction);
  return aggressive(duel, s);
}

/** Whether side s plays a ranged policy (shooter or kite with something to shoot). */
function ranged(duel: DuelView, s: number): boolean {
  const f = duel.fighters[s]!;
  return (f.policy === SHOOTER || f.policy === KITE) && f.shooting >= 0;
}

function enemyDown(duel: DuelView, s: number): boolean {
  return duel.fighters[1 - s]!.state !== ACTIVE;
}

/** The enemy's charge reach (its Movement + 1"), 0 when it cannot act. */
function reachOf(duel: DuelView, s: number): number {
  const e = duel.fighters[1 - s]!;
  return e.state === ACTIVE ? e.movement + ENGAGEMENT : 0;
}

/**
 * Downed: Recover, except that `shooter` and `kite` first Crawl when distance helps: the crawl takes
 * them beyond an Active enemy's Mercy Kill range (1") or beyond its charge reach.
 */
function downed(duel: DuelView, s: number): Action {
  if (!ranged(duel, s) || duel.fighters[1 - s]!.state !== ACTIVE) return Action.Recover;
  return crawlHelps(duel.distance, crawlAllowance(duel.fighters[s]!.movement), reachOf(duel, s)) ? Action.CrawlAway : Action.Recover;
}

export function aggressive(duel: DuelView, s: number): Action {
  if (duel.distance > ENGAGEMENT) return duel.canCharge(s) ? Action.Charge : Action.MoveToward;
  if (enemyDown(duel, s)) return Action.MercyKill;
  return Action.Melee;
}

/**
 * A Stunned enemy out of reach of a Mercy Kill but within a Charge (Movement + 1"), with another
 * action of this activation left for the Mercy Kill (not in a reaction): Charge it, then Mercy
 * Kill (002: a Stunned enemy within 1" goes straight Out of Action), rather than shoot at it.
 * The same reading as the battle's ranged policies (policy-moves.ts finishStunned).
 */
function chargeToFinish(duel: DuelView, s: number, reaction: boolean): boolean {
  return finishStunned(reaction, duel.actionsLeft, duel.distance <= ENGAGEMENT, duel.fighters[1 - s]!.state === STUNNED) && duel.canCharge(s);
}

/** Shoot, after an Aim when this activation leaves another action for the shot. */
function fire(duel: DuelView, s: number, reaction: boolean): Action {
  const f = duel.fighters[s]!;
  const w = f.weapons[f.shooting]!;
  if (w.cast) return Action.Cast;
  if (!reaction && f.aimed === 0 && duel.actionsLeft >= 1) return Action.Aim;
  return Action.Ranged;
}

/** Hide helps (policy-moves.ts, shared with the battle policies) against the one enemy. */
function hideHelps(duel: DuelView, s: number): boolean {
  const f = duel.fighters[s]!;
  const e = duel.fighters[1 - s]!;
  const shoots = e.state === ACTIVE && e.shooting >= 0;
  return helps(f.hidden, duel.canHide(s), shoots, duel.distance, e.movement, shoots ? e.weapons[e.shooting]!.max : 0);
}

/** Where a shooter wants to stand (policy-moves.ts): its maximum range, or 6" when the enemy is Hidden beyond 6". */
function wantedDistance(duel: DuelView, s: number): number {
  const f = duel.fighters[s]!;
  return wanted(f.weapons[f.shooting]!.max, duel.distance, duel.fighters[1 - s]!.hidden);
}

export function shooter(duel: DuelView, s: number, reaction: boolean): Action {
  const f = duel.fighters[s]!;
  const w = f.weapons[f.shooting]!;
  const canShoot = duel.canShoot(s);
  if (duel.distance <= ENGAGEMENT) {
    if (enemyDown(duel, s)) return Action.MercyKill;
    if (!canShoot) return Action.Retreat;
  }
  if (chargeToFinish(duel, s, reaction)) return Action.Charge;
  if (canShoot) return fire(duel, s, reaction);
  if (duel.actionsLeft === 0 && !reaction && hideHelps(duel, s)) return Action.Hide;
  if (duel.distance > wantedDistance(duel, s)) return Action.MoveToward;
  if (duel.distance < w.min) return Action.MoveAway;
  // In range but unable to fire (a heavy weapon after moving): Hide where it helps, else Brace.
  return hideHelps(duel, s) ? Action.Hide : Action.Brace;
}

export function kite(duel: DuelView, s: number, reaction: boolean): Action {
  const f = duel.fighters[s]!;
  const w = f.weapons[f.shooting]!;
  const canShoot = duel.canShoot(s);
  if (duel.distance <= ENGAGEMENT) {
    if (enemyDown(duel, s)) return Action.MercyKill;
    if (!canShoot) return Action.Retreat;
  }
  if (chargeToFinish(duel, s, reaction)) return Action.Charge;
  const reach = reachOf(duel, s);
  // Within the enemy's charge reach: step out (a Retreat while engaged with an Active enemy).
  if (duel.distance <= reach && !reaction) return Action.MoveAway;
  if (canShoot) return fire(duel, s, reaction);
  if (duel.actionsLeft === 0 && !reaction && hideHelps(duel, s)) return Action.Hide;
  const d = duel.distance;
  if (d > wantedDistance(duel, s) && d - towardInches(duel, s, f.movement) > reach) return Action.MoveToward;
  if (d < w.min) return Action.MoveAway;
  return hideHelps(duel, s) ? Action.Hide : Action.Brace;
}

/** Inches a ranged policy moves toward: only as far as its wanted distance. */
function towardInches(duel: DuelView, s: number, allowance: number): number {
  return toward(allowance, duel.distance, wantedDistance(duel, s));
}

/**
 * How far a Move, Retreat or Crawl goes. `aggressive` (and fighters without anything to shoot)
 * use the full allowance. `shooter` and `kite` move toward only as far as their range needs, and
 * away only as far as their maximum range (kite: further when its range is inside the enemy's
 * charge reach), so they never step out of their own range and back (no oscillation).
 */
function moveInches(duel: DuelView, s: number, action: Action, allowance: number): number {
  if (!ranged(duel, s) || action === Action.CrawlAway) return allowance;
  if (action === Action.MoveToward) return towardInches(duel, s, allowance);
  const f = duel.fighters[s]!;
  const max = f.weapons[f.shooting]!.max;
  return awayInches(allowance, duel.distance, max, action === Action.Retreat, f.policy === KITE && max <= reachOf(duel, s));
}

/**
 * Dodge and Shove move "up to 2"". `aggressive` keeps its pinned reading (the full 2"). `shooter`
 * and `kite` go only as far as keeps the enemy within their own maximum range.
 */
function manoeuvreInches(duel: DuelView, s: number): number {
  if (!ranged(duel, s)) return MANOEUVRE_INCHES;
  const f = duel.fighters[s]!;
  return keepInRangeInches(f.weapons[f.shooting]!.max, duel.distance);
}

export const DUEL_POLICY: DuelPolicy = { decide, moveInches, manoeuvreInches };
export { decide };
