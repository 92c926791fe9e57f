/**
 * Fighter behaviour: for each action, a named policy picks one. `aggressive` is pinned exactly
 * (rules.md 1.8) because users compare its numbers across versions:
 *   (1) itself Downed: Recover; (2) more than 1" away: Charge if it can end within 1", else Move
 *   straight at the enemy; (3) enemy Stunned or Downed: Mercy Kill; (4) otherwise Melee.
 * `shooter`: Aim then shoot; Retreat when engaged with an Active enemy; close to or back off to
 * its weapon's range. `kite`: stay out of the enemy's charge reach (its Movement + 1") and shoot.
 */
import { ACTIVE, DOWNED, STUNNED } from '../profile.js';
import { Action, ENGAGEMENT, type Duel } from './engine.js';
import { KITE, SHOOTER } from './setup.js';

export function decide(duel: Duel, s: number, reaction: boolean): Action {
  const f = duel.fighters[s]!;
  if (f.state === DOWNED) return reaction ? Action.None : Action.Recover;
  // Knob stunnedActs: a Stunned fighter activates; the only thing it can do is crawl away.
  if (f.state === STUNNED) return reaction || !duel.spec.knobs.stunnedActs ? Action.None : Action.CrawlAway;
  if (f.state !== ACTIVE) return Action.None;
  if (f.policy === SHOOTER && f.shooting >= 0) return shooter(duel, s, reaction);
  if (f.policy === KITE && f.shooting >= 0) return kite(duel, s, reaction);
  return aggressive(duel, s);
}

function enemyDown(duel: Duel, s: number): boolean {
  return duel.fighters[1 - s]!.state !== ACTIVE;
}

export function aggressive(duel: Duel, s: number): Action {
  if (duel.distance > ENGAGEMENT) return duel.canCharge(s) ? Action.Charge : Action.MoveToward;
  if (enemyDown(duel, s)) return Action.MercyKill;
  return Action.Melee;
}

/** Shoot, after an Aim when this activation leaves another action for the shot. */
function fire(duel: Duel, s: number, reaction: boolean): Action {
  const f = duel.fighters[s]!;
  const w = f.weapons[f.shooting]!;
  if (w.kind === 'cast') return Action.Cast;
  if (!reaction && f.aimed === 0 && duel.actionsLeft >= 1) return Action.Aim;
  return Action.Ranged;
}

export function shooter(duel: Duel, s: number, reaction: boolean): Action {
  const f = duel.fighters[s]!;
  const w = f.weapons[f.shooting]!;
  if (duel.distance <= ENGAGEMENT) {
    if (enemyDown(duel, s)) return Action.MercyKill;
    if (!duel.canShoot(s)) return Action.Retreat;
  }
  if (duel.canShoot(s)) return fire(duel, s, reaction);
  if (duel.distance > w.max) return Action.MoveToward;
  if (duel.distance < w.min) return Action.MoveAway;
  // In range but unable to fire (a heavy weapon after moving, a Hidden target): brace instead.
  return Action.Brace;
}

export function kite(duel: Duel, s: number, reaction: boolean): Action {
  const f = duel.fighters[s]!;
  const enemy = duel.fighters[1 - s]!;
  const w = f.weapons[f.shooting]!;
  if (duel.distance <= ENGAGEMENT) {
    if (enemyDown(duel, s)) return Action.MercyKill;
    if (!duel.canShoot(s)) return Action.Retreat;
  }
  const reach = enemy.state === ACTIVE ? enemy.movement + ENGAGEMENT : 0;
  if (duel.distance <= reach && !reaction) return Action.MoveAway;
  if (duel.canShoot(s)) return fire(duel, s, reaction);
  if (duel.distance > w.max && duel.distance - f.movement > reach) return Action.MoveToward;
  if (duel.distance < w.min) return Action.MoveAway;
  return Action.Brace;
}
