/**
 * Battle policies: fighter policies (per loadout: `aggressive`, `shooter`, `kite`) choose each
 * action; side policies (`nearest`, `weakest`, `most-dangerous`) choose whom to target, which
 * fighter activates next and when to Pass. Each is a decision list: the first line that applies.
 * They read the battle and set `target` / `amount`; the engine never imports this file.
 *
 * Every fighter policy starts: (1) Downed: Recover (no reaction; a shooter or kite Crawls away
 * instead when that takes it out of the nearest Active enemy's 1" or its charge reach, Movement + 1");
 * Stunned (knob stunnedActs): Crawl away from the nearest enemy. Any Move that starts within 1"
 * of an Active enemy is played as a Retreat. Then:
 * aggressive (rules.md 1.8, pinned): (2) no enemy within 1": a Stunned friend within 1" -> Help;
 *   else Charge the chosen enemy (Active ones first) if it can end within 1", else Move straight
 *   at it; (3) an Active enemy within 1": Melee the chosen one; (4) only Downed or Stunned
 *   enemies within 1": Mercy Kill the chosen one if allowed, else Melee it.
 * shooter: (2) only Downed or Stunned enemies within 1" and Mercy Kill allowed: Mercy Kill;
 *   (3) an Active enemy within 1" and no shot worth taking: Retreat; (3') not engaged with an
 *   Active enemy, not in a reaction, another action left: a Stunned enemy beyond 1" that a Charge
 *   reaches where the Mercy Kill is allowed (as in the duel, policy-moves.ts finishStunned): Charge
 *   the chosen one (the next action's (2) Mercy Kills it); (4) a shot worth taking: Aim first when
 *   an action is left for the shot (not in a reaction), else shoot the chosen one (Cast for
 *   spells). Shots worth taking (screenShots): the chosen one among legal targets with no friend
 *   at risk of friendly fire (nor for an enemy within 1" of it, where a failed clustered check
 *   may move the shot); only when there is none, among targets whose expected unblocked hits
 *   exceed those of the natural 1s on the friend at risk; (5) a Stunned friend within 1": Help;
 *   (5') the last action of its activation and Hide helps: Hide; (6) the chosen enemy beyond
 *   maximum range: Move
 *   at it just far enough to stand in range; closer than minimum range: Move away just far
 *   enough; in range but out of sight: Move at it (round the terrain; not kite); (7) Hide if it
 *   helps, else Brace. Hide helps as in the duel (policy-moves.ts hideHelps): the fighter may
 *   Hide and an Active enemy that shoots stands beyond 6" but within a Move of its range.
 * kite: as shooter, but first (after (3')) (2') an Active enemy that could charge it (within that
 *   enemy's Movement + 1") and not in a reaction: Move its full Movement directly away from it; and it
 *   only closes in as far as stays out of the nearest Active enemy's charge reach.
 * Against the board's edge (escape.ts) a Move away, Retreat or Crawl is measured before it is
 * taken: (3) a Retreat that cannot leave every Active enemy's 1": Melee the chosen engaged enemy;
 * (6) closer than minimum range with the straight Move away blocked (under 0.5"): a sideways Move
 * that ends at least at minimum range, else (7); (2') the same, ending at least 0.5" further from
 * the threat, else on down the list; (1) Crawl only as far as the crawl really goes.
 */
import { ACTIVE, DOWNED, STUNNED } from '../profile.js';
import { KITE, SHOOTER } from '../duel/setup.js';
import { ENGAGEMENT } from './board.js';
import { crawlAllowance, keepInRangeInches, MANOEUVRE_INCHES } from '../fight-rules.js';
import { awayInches, crawlHelps, towardInches, wantedDistance } from '../policy-moves.js';
import { awayMoves, awayTravel, MIN_STEP, retreatLeaves, sideways } from './escape.js';
import { Act, type Battle, type BattlePolicies } from './engine.js';
import { TACTICAL } from './setup.js';
import { tacticalManoeuvre, tacticalPass, tactical } from './tactical.js';
import { ANY, chooseTarget, ENGAGED_ACTIVE, ENGAGED_ANY, FINISH, hideWorth, RANGED, RANGED_RISKY, screenShots, stunnedFriend } from './targets.js';

const EPS = 1e-9;

function act(b: Battle, action: number, target: number, amount = 0): number {
  b.target = target;
  b.amount = amount;
  b.dirX = 0;
  b.dirY = 0;
  return action;
}

/** A Move away from `target` along the direction sideways() chose (it set dirX, dirY). */
function actSideways(b: Battle, target: number, amount: number): number {
  b.target = target;
  b.amount = amount;
  return Act.MoveAway;
}

export function decide(b: Battle, i: number, reaction: boolean): number {
  const st = b.state[i];
  if (b.policy[i] === TACTICAL) return tactical(b, i, reaction);
  if (st === DOWNED) return reaction ? Act.None : downed(b, i);
  if (st === STUNNED) return reaction || !b.stunnedActs ? Act.None : act(b, Act.Crawl, b.nearestEnemy(i, false));
  if (st !== ACTIVE) return Act.None;
  const p = b.policy[i];
  if ((p === SHOOTER || p === KITE) && b.shooting[i]! >= 0) return shooter(b, i, reaction, p === KITE);
  return aggressive(b, i);
}

/**
 * Downed: Recover; a shooter or kite instead Crawls away when that takes it out of the nearest
 * Active enemy's Mercy Kill range (1") or charge reach (Movement + 1"), as in the duel (policy-moves.ts).
 */
function downed(b: Battle, i: number): number {
  const p = b.policy[i];
  if ((p === SHOOTER || p === KITE) && b.shooting[i]! >= 0) {
    const e = b.nearestEnemy(i, true);
    // The crawl as far as it really goes (escape.ts: the board's edge or a base may stop it).
    if (e >= 0 && crawlHelps(b.gap(i, e), awayTravel(b, i, e, crawlAllowance(b.movement[i]!)), b.movement[e]! + ENGAGEMENT)) return act(b, Act.Crawl, e);
  }
  return act(b, Act.Recover, -1);
}

export function aggressive(b: Battle, i: number): number {
  if (!b.engaged(i, false)) {
    const friend = stunnedFriend(b, i);
    if (friend >= 0) return act(b, Act.Help, friend);
    const t = chooseTarget(b, i, ANY);
    if (t < 0) return Act.None;
    return act(b, b.canCharge(i, t) ? Act.Charge : Act.Move, t);
  }
  if (b.engagedActive(i) > 0) return act(b, Act.Melee, chooseTarget(b, i, ENGAGED_ACTIVE));
  const t = chooseTarget(b, i, ENGAGED_ANY);
  return act(b, b.mercyAllowed(i, t) ? Act.MercyKill : Act.Melee, t);
}

function shooter(b: Battle, i: number, reaction: boolean, kite: boolean): number {
  const engagedActive = b.engagedActive(i) > 0;
  const aimFirst = !reaction && b.aimed[i] === 0 && b.actionsLeft >= 1;
  const shots = screenShots(b, i, reaction, aimFirst || b.aimed[i] === 1 ? 1 : 0);
  if (!engagedActive && b.engaged(i, false)) {
    const t = chooseTarget(b, i, ENGAGED_ANY);
    if (b.mercyAllowed(i, t)) return act(b, Act.MercyKill, t);
  }
  const w = b.weapons[i]![b.shooting[i]!]!;
  const threat = b.nearestEnemy(i, true);
  const reach = threat >= 0 ? b.movement[threat]! + ENGAGEMENT : 0;
  // The duel's reading of how far to back off (policy-moves.ts): to maximum range, a kite whose
  // range lies inside the threat's charge reach its full Movement.
  const full = kite && w.max <= reach;
  if (engagedActive && shots === 0) {
    const len = away(b, i, b.nearestEnemy(i, false), w.max, true, full);
    if (retreatLeaves(b, i, len)) return act(b, Act.Retreat, -1, len);
    // Cornered (escape.ts): a Retreat that cannot leave engagement is no escape: fight in melee.
    return act(b, Act.Melee, chooseTarget(b, i, ENGAGED_ACTIVE));
  }
  // As in the duel (policy-moves.ts finishStunned): Charge a Stunned enemy to Mercy Kill it next.
  if (!engagedActive) {
    const t = chooseTarget(b, i, FINISH, reaction);
    if (t >= 0) return act(b, Act.Charge, t);
  }
  if (kite && !reaction && threat >= 0 && b.gap(i, threat) <= reach + EPS) {
    const len = away(b, i, threat, w.max, engagedActive, full);
    // Only a move that gets somewhere (escape.ts); blocked straight away, a sideways one that takes
    // it at least MIN_STEP further from the threat; else on down the list.
    if (engagedActive ? retreatLeaves(b, i, len) : awayMoves(b, i, threat, len)) return act(b, engagedActive ? Act.Retreat : Act.MoveAway, threat, len);
    if (!engagedActive && sideways(b, i, threat, len, b.gap(i, threat) + MIN_STEP)) return actSideways(b, threat, len);
  }
  if (shots > 0) {
    let t = chooseTarget(b, i, RANGED);
    if (t < 0) t = chooseTarget(b, i, RANGED_RISKY);
    if (w.kind === 'cast') return act(b, Act.Cast, t);
    if (aimFirst) return act(b, Act.Aim, t);
    return act(b, Act.Ranged, t);
  }
  const friend = stunnedFriend(b, i);
  if (friend >= 0 && !b.engaged(i, false)) return act(b, Act.Help, friend);
  if (b.actionsLeft === 0 && !reaction && hideWorth(b, i)) return act(b, Act.Hide, -1);
  const t = chooseTarget(b, i, ANY);
  if (t < 0) return Act.None;
  const d = b.gap(i, t);
  const want = wantedDistance(w.max, d, b.hidden[t] === 1);
  if (d > want + EPS) {
    let need = towardInches(b.movement[i]!, d, want);
    if (kite && threat >= 0) need = Math.min(need, b.gap(i, threat) - reach - EPS);
    if (need > EPS) return act(b, Act.Move, t, need);
  } else if (d < w.min - EPS) {
    const len = away(b, i, t, w.max, false, full);
    if (awayMoves(b, i, t, len)) return act(b, Act.MoveAway, t, len);
    // Cornered (escape.ts): straight away goes nowhere. A sideways Move that ends in range of it
    // (at least its minimum range); else on to Hide or Brace.
    if (sideways(b, i, t, len, w.min)) return actSideways(b, t, len);
  } else if (!b.lineOfSight(i, t) && !kite) {
    return act(b, Act.Move, t);
  }
  return act(b, hideWorth(b, i) ? Act.Hide : Act.Brace, -1);
}


/** Inches a ranged policy moves away from j (policy-moves.ts); never 0, which would mean "full Movement" to the engine. */
function away(b: Battle, i: number, j: number, max: number, retreat: boolean, full: boolean): number {
  const d = j >= 0 ? b.gap(i, j) : 0;
  return Math.max(EPS, awayInches(b.movement[i]!, d, max, retreat, full));
}

/** The eligible fighter of side s nearest to an enemy activates next (ties: roster order). */
export function nextFighter(b: Battle, s: number): number {
  let best = -1;
  let bestGap = Infinity;
  for (let i = b.from(s), end = b.to(s); i !== end; ++i) {
    if (b.activated[i] === 1 || !b.activates(i)) continue;
    const g = b.nearestEnemyGap(i);
    if (best < 0 || g < bestGap) {
      best = i;
      bestGap = g;
    }
  }
  return best;
}

/**
 * A side spends a Pass token (when it may: never twice in a row, only while the enemy still has
 * fighters to activate) when nothing is urgent: none of its waiting fighters is Downed or within
 * its Movement + 1" of an enemy. Passing then lets the enemy commit first.
 */
export function passNow(b: Battle, s: number): boolean {
  if (b.tacticalSide[s] === 1) return tacticalPass(b, s);
  for (let i = b.from(s), end = b.to(s); i !== end; ++i) {
    if (b.activated[i] === 1 || !b.activates(i)) continue;
    if (b.state[i] !== ACTIVE) return false;
    if (b.nearestEnemyGap(i) <= b.movement[i]! + ENGAGEMENT + EPS) return false;
  }
  return true;
}

/**
 * Dodge and Shove move "up to 2"" (as in the duel): `aggressive` the full 2" (pinned);
 * `shooter` and `kite` only as far as keeps the attacker within their own maximum range.
 */
export function manoeuvre(b: Battle, t: number, i: number, which: number): number {
  void which;
  const p = b.policy[t];
  if (p === TACTICAL) return tacticalManoeuvre(b, t, i);
  if (!((p === SHOOTER || p === KITE) && b.shooting[t]! >= 0)) return MANOEUVRE_INCHES;
  return keepInRangeInches(b.weapons[t]![b.shooting[t]!]!.max, b.gap(i, t));
}

export const BATTLE_POLICIES: BattlePolicies = { action: decide, next: nextFighter, pass: passNow, manoeuvre };
