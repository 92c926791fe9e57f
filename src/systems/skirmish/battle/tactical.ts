/**
 * `tactical`, the battles' default fighter policy: a player who moves by shortest legal paths to
 * the destinations of the game's menu (menu.ts), keeps out of charge reach, keeps its shot, finishes
 * fallen enemies and chooses Aim or a second shot by the exact attack distributions. A decision list,
 * the first line that applies (docs/rules/skirmish-battle.md lists it):
 *
 * Downed: Recover (not in a reaction). Stunned: nothing. Active:
 * (1) only Downed or Stunned enemies within 1": Mercy Kill the chosen one if allowed, else the
 *     first one on which it is allowed (a Downed one next to a Stunned one);
 * (2) an Active enemy within 1": a fighter with a shot worth taking (a Ranged weapon: knob
 *     rangedInMelee; a spell always) shoots (3R); else a fighter with a Ranged or Cast weapon
 *     Retreats its full Movement when that leaves every Active enemy's 1" and its melee weapon
 *     expects fewer unblocked hits than its shot; else Melee the chosen engaged enemy;
 * (3) a Stunned friend within 1" (not in a reaction): Help;
 * (4) a Charge that ends where it may strike this activation (another action left, or a reaction),
 *     along its shortest path: at the nearest Active enemy (a fighter without a Ranged or Cast
 *     weapon; on the last action of its activation only one that has already activated this round,
 *     ending out of reach of every threat that may still activate, so none strikes first), else at the nearest Downed or Stunned enemy where the Mercy Kill
 *     will be allowed (anyone: it finishes the battle);
 * then a fighter with a Ranged or Cast weapon:
 * (5R) within an Active threat's charge reach (a melee enemy: no Ranged or Cast weapon, or
 *     `aggressive`; reach = its Movement + 1"): Move to the menu destination out of every threat's
 *     reach that keeps a shot (cover first, then furthest from the threats), when there is one;
 * (6R) a shot worth taking (policies.ts screenShots): at the side policy's chosen target; on the
 *     first action of an activation Aim then shoot, or shoot twice, whichever puts the target down
 *     (Downed or worse) more often by the exact distributions of the attacks (with a firearm's
 *     primer); a Cast for a spell;
 * (7R) else Move to the menu destination out of every threat's reach that gives a shot (cover first,
 *     then the shortest); else towards the chosen enemy along its shortest path as far as stays
 *     out of every threat's reach (it walks round terrain for a sight line);
 * (8R) Hide if it helps (policies.ts hideWorth), else Brace;
 * and a fighter without one:
 * (5M) Move towards the chosen enemy along its shortest path, as far as stays out of the charge
 *     reach of every Active threat that may still activate this round (it never walks into an
 *     enemy's charge reach to be struck first), at most its Movement; shot at (an Active enemy
 *     shooter has a shot at it), to a menu destination near cover instead when one ends no further
 *     than 1" beyond that stop from the enemy (the nearest to it);
 * (6M) Hide if it helps, else Brace.
 * A Move never ends less than 0.05" from where the fighter stands, nor (the last action after a
 * Move) back where its activation began, nor within 0.5" of where its last activation that Moved it
 * more than 1" began, more than 1" from where this one began (an oscillation). The side Passes when nothing is urgent: no waiting fighter
 * Downed, with a shot, able to Charge, or within an Active enemy's Move + Charge reach (2 x
 * Movement + 1"). Dodge and Shove: a fighter with a Ranged or Cast weapon keeps its attacker in
 * range (as `shooter`), one without moves the full 2".
 */
import { exactOutcomes } from '../exact.js';
import { ACTIVE, DOWNED, OUT_OF_ACTION } from '../profile.js';
import { MANOEUVRE_INCHES, keepInRangeInches } from '../fight-rules.js';
import type { AttackEntry } from '../duel/setup.js';
import { AGGRESSIVE } from '../duel/setup.js';
import { ENGAGEMENT } from './board.js';
import { Act, type Battle } from './engine.js';
import { menuOf } from './game.js';
import { COVER, MIN_MOVE, OUT_OF_REACH } from './menu.js';
import { ANY, chooseTarget, ENGAGED_ACTIVE, ENGAGED_ANY, hideWorth, RANGED, RANGED_RISKY, screenShots, stunnedFriend } from './targets.js';
import { meanUnblocked } from './setup.js';

const EPS = 1e-9;

function act(b: Battle, code: number, target: number): number {
  b.target = target;
  b.amount = 0;
  b.dirX = 0;
  b.dirY = 0;
  return code;
}

function moveTo(b: Battle, code: number, target: number, x: number, y: number): number {
  b.destX = x;
  b.destY = y;
  return act(b, code, target);
}

/** Whether enemy j threatens a Charge: Active, and a melee fighter (no Ranged or Cast weapon, or `aggressive`). */
export function threat(b: Battle, j: number): boolean {
  return b.state[j] === ACTIVE && (b.shooting[j]! < 0 || b.policy[j] === AGGRESSIVE);
}

/** Whether a base of i at (x, y) would be within the charge reach (Movement + 1") of a threat of i (threat(); `waitingOnly`: one not yet activated this round). */
export function inReach(b: Battle, i: number, x: number, y: number, waitingOnly: boolean): boolean {
  for (let j = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!); j !== end; ++j) {
    if (!threat(b, j) || (waitingOnly && b.activated[j] === 1)) continue;
    const g = Math.sqrt((x - b.x[j]!) ** 2 + (y - b.y[j]!) ** 2) - b.r[i]! - b.r[j]!;
    if (g <= b.movement[j]! + ENGAGEMENT + EPS) return true;
  }
  return false;
}

/** The gap from (x, y) to the nearest threat of i (Infinity if none). */
function threatGap(b: Battle, i: number, x: number, y: number): number {
  let best = Infinity;
  for (let j = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!); j !== end; ++j) {
    if (!threat(b, j)) continue;
    const g = Math.sqrt((x - b.x[j]!) ** 2 + (y - b.y[j]!) ** 2) - b.r[i]! - b.r[j]! - b.movement[j]!;
    if (g < best) best = g;
  }
  return best;
}

/** The target marks (`candidate`) shotFrom() keeps aside while it tries another spot. */
let kept = new Uint8Array(0);

/**
 * Whether i standing at (x, y) would have a legal Ranged or Cast target (range, line of sight,
 * Hidden; a heavy weapon as if it had not moved: the shot kept for the next activation). i is put
 * there and back, and the target marks of where it stands (screenShots) are kept: a shooter that
 * finds no safe destination shoots from where it stands at its own targets (reading the marks of the
 * last spot tried instead found no target and threw).
 */
export function shotFrom(b: Battle, i: number, x: number, y: number): boolean {
  const x0 = b.x[i]!;
  const y0 = b.y[i]!;
  const moved = b.moved[i]!;
  if (kept.length < b.n) kept = new Uint8Array(b.n);
  kept.set(b.candidate.subarray(0, b.n));
  b.moved[i] = 0;
  b.moveTo(i, x, y);
  const n = b.rangedTargets(i, false);
  b.moveTo(i, x0, y0);
  b.moved[i] = moved;
  b.candidate.set(kept.subarray(0, b.n));
  return n > 0;
}

/** Within 1" of cover terrain. */
function nearCover(b: Battle, i: number, x: number, y: number): boolean {
  for (let k = 0; k !== b.tblock.length; ++k) {
    if (b.tblock[k] === 1) continue;
    const dx = x < b.tx0[k]! ? b.tx0[k]! - x : x > b.tx1[k]! ? x - b.tx1[k]! : 0;
    const dy = y < b.ty0[k]! ? b.ty0[k]! - y : y > b.ty1[k]! ? y - b.ty1[k]! : 0;
    if (Math.sqrt(dx * dx + dy * dy) - b.r[i]! <= ENGAGEMENT) return true;
  }
  return false;
}

/**
 * A destination a Move must not take: on the last action of an activation, back within 0.05" of
 * where the activation began after a Move; in its own activation, within 0.5" of where its last
 * activation that Moved it more than 1" began (Battle.swungX) and more than 1" from where this one
 * began (an oscillation: there and back again).
 */
function backHome(b: Battle, i: number, x: number, y: number): boolean {
  if (b.actionsLeft === 0 && b.moved[i] === 1 && Math.abs(x - b.actX) + Math.abs(y - b.actY) < 2 * MIN_MOVE) return true;
  return b.cur === i && !b.reacting && (x - b.swungX[i]!) ** 2 + (y - b.swungY[i]!) ** 2 < SWING * SWING && (x - b.actX) ** 2 + (y - b.actY) ** 2 > 1;
}

/** How near where its last activation of Moves began a Move may not end (inches): an oscillation. */
const SWING = 0.5;

export function tactical(b: Battle, i: number, reaction: boolean): number {
  const st = b.state[i];
  if (st === DOWNED) return reaction ? Act.None : act(b, Act.Recover, -1);
  if (st !== ACTIVE) return Act.None;
  const ranged = b.shooting[i]! >= 0;
  const engagedActive = b.engagedActive(i) > 0;
  if (!engagedActive && b.engaged(i, false)) {
    const t = mercyTarget(b, i);
    if (t >= 0) return act(b, Act.MercyKill, t);
  }
  const shots = ranged ? screenShots(b, i, reaction, b.aimed[i] === 1 ? 1 : 0) : 0;
  if (engagedActive) {
    if (shots > 0) return shoot(b, i, reaction);
    const e = chooseTarget(b, i, ENGAGED_ACTIVE);
    if (ranged && !reaction && retreatWorth(b, i, e)) return retreat(b, i);
    return act(b, Act.Melee, e);
  }
  if (!reaction) {
    const friend = stunnedFriend(b, i);
    if (friend >= 0) return act(b, Act.Help, friend);
  }
  const c = charge(b, i, reaction, ranged);
  if (c >= 0) return Act.ChargeTo;
  if (ranged) return shooterMoves(b, i, reaction, shots);
  const t = chooseTarget(b, i, ANY);
  if (t >= 0 && approach(b, i, t, true)) {
    if (!reaction && shotAt(b, i)) coverOnTheWay(b, i, t);
    return moveTo(b, Act.MoveTo, t, b.destX, b.destY);
  }
  return act(b, hideWorth(b, i) && !reaction ? Act.Hide : Act.Brace, -1);
}

/** Whether an Active enemy with a Ranged or Cast weapon has a shot at i where it stands. */
function shotAt(b: Battle, i: number): boolean {
  for (let j = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!); j !== end; ++j) {
    if (b.state[j] === ACTIVE && b.shooting[j]! >= 0 && b.canShootAt(j, i, false)) return true;
  }
  return false;
}

/**
 * (5M) A melee fighter that is shot at and cannot Charge: when the stop of its approach (destX,
 * destY) is not near cover, the menu destination near cover (within 1" of cover terrain) that ends
 * no further than 1" beyond that stop from t, out of reach of every threat still to activate, the
 * nearest to t (a shot-at fighter that cannot charge otherwise never takes cover). Keeps the approach otherwise.
 */
function coverOnTheWay(b: Battle, i: number, t: number): void {
  const ax = b.destX;
  const ay = b.destY;
  if (nearCover(b, i, ax, ay)) return;
  const limit = Math.sqrt((ax - b.x[t]!) ** 2 + (ay - b.y[t]!) ** 2) + ENGAGEMENT;
  const m = menuOf(b);
  const n = m.moves(i, b.movement[i]!);
  let best = -1;
  let bestD = Infinity;
  for (let k = 0; k !== n; ++k) {
    const x = m.x[k]!;
    const y = m.y[k]!;
    if (!(m.why[k] === COVER || nearCover(b, i, x, y))) continue;
    const d = Math.sqrt((x - b.x[t]!) ** 2 + (y - b.y[t]!) ** 2);
    if (d > limit || d >= bestD) continue;
    if (Math.abs(x - b.x[i]!) + Math.abs(y - b.y[i]!) < 2 * MIN_MOVE || inReach(b, i, x, y, true) || backHome(b, i, x, y)) continue;
    best = k;
    bestD = d;
  }
  if (best < 0) return;
  b.destX = m.x[best]!;
  b.destY = m.y[best]!;
}

/**
 * (1) The fallen enemy within 1" to Mercy Kill: the side policy's choice when the Mercy Kill is
 * allowed on it, else the first in roster order on which it is (a Stunned and a Downed enemy both in
 * contact: the Downed one blocks the Mercy Kill of the Stunned one, not the other way round, so it
 * finishes the Downed one rather than nothing). -1 if none.
 */
function mercyTarget(b: Battle, i: number): number {
  const t = chooseTarget(b, i, ENGAGED_ANY);
  if (t >= 0 && b.mercyAllowed(i, t)) return t;
  for (let j = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!); j !== end; ++j) {
    if (j === t || b.state[j] === OUT_OF_ACTION || b.gap(i, j) > ENGAGEMENT + EPS) continue;
    if (b.mercyAllowed(i, j)) return j;
  }
  return -1;
}

/** (2) Retreat rather than Melee: the Retreat leaves every Active enemy's 1" and the melee weapon expects fewer unblocked hits than a shot. */
function retreatWorth(b: Battle, i: number, e: number): boolean {
  if (e < 0) return false;
  const m = b.movement[i]!;
  if (!(m > 0)) return false;
  const w = b.shooting[i]!;
  const melee = meanUnblocked(entry(b, i, b.meleeWeapon[i]!, e, 0));
  const shot = meanUnblocked(entry(b, i, w, e, 0));
  if (melee >= shot) return false;
  // Where the Retreat would end: directly away from the nearest enemy (actions.ts retreat), as the engine measures it.
  const near = b.nearestEnemy(i, false);
  let dx = b.x[i]! - b.x[near]!;
  let dy = b.y[i]! - b.y[near]!;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d === 0) return false;
  dx /= d;
  dy /= d;
  const s = b.travel(i, dx, dy, m, true);
  const x = b.x[i]! + dx * s;
  const y = b.y[i]! + dy * s;
  for (let j = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!); j !== end; ++j) {
    if (b.state[j] !== ACTIVE) continue;
    if (Math.sqrt((x - b.x[j]!) ** 2 + (y - b.y[j]!) ** 2) - b.r[i]! - b.r[j]! <= ENGAGEMENT + EPS) return false;
  }
  return true;
}

function retreat(b: Battle, i: number): number {
  b.target = -1;
  b.amount = b.movement[i]!;
  b.dirX = 0;
  b.dirY = 0;
  return Act.Retreat;
}

function entry(b: Battle, i: number, w: number, t: number, aim: number): AttackEntry {
  const melee = b.weapons[i]![w]!.kind === 'melee';
  return b.attacks.get(i, w, t, b.primary[t]!, aim, 0, melee ? 0 : b.cover(i, t), b.braced[t]!, b.state[t]!, 0);
}

/**
 * (4) The Charge to take, if any (its destination in destX, destY, target set): enemies a Charge
 * reaches (menu.ts chargeTo), Active ones first by the side policy's order (chooseTarget's keys).
 * Returns the target, or -1.
 */
function charge(b: Battle, i: number, reaction: boolean, ranged: boolean): number {
  const strikes = reaction || b.actionsLeft >= 1;
  // The enemies a Charge may be taken at, ranked as the choice ranks them (Active ones first, then
  // the smaller gap, then roster order): the first whose Charge works is the one taken, so the
  // paths of the others are never measured.
  if (order.length < b.n) order = new Int32Array(b.n);
  let count = 0;
  for (let j = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!); j !== end; ++j) {
    const st = b.state[j];
    if (st === OUT_OF_ACTION || b.gap(i, j) > b.movement[i]! + ENGAGEMENT + EPS) continue;
    const active = st === ACTIVE;
    if (ranged && active) continue;
    if (active && !strikes && b.activated[j] === 0) continue;
    if (!active && !strikes) continue;
    let at = count++;
    while (at > 0 && ranksBefore(b, i, j, order[at - 1]!)) {
      order[at] = order[at - 1]!;
      at--;
    }
    order[at] = j;
  }
  const m = count > 0 ? menuOf(b) : null;
  for (let q = 0; q !== count; ++q) {
    const j = order[q]!;
    if (!m!.chargeTo(i, j)) continue;
    // A Charge that does not strike this activation ends out of reach of every threat that may still activate this round.
    if (!strikes && inReach(b, i, m!.sx, m!.sy, true)) continue;
    if (b.state[j] !== ACTIVE) {
      // The Mercy Kill must be allowed where the Charge ends.
      const x0 = b.x[i]!;
      const y0 = b.y[i]!;
      b.moveTo(i, m!.sx, m!.sy);
      const ok = b.mercyAllowed(i, j);
      b.moveTo(i, x0, y0);
      if (!ok) continue;
    }
    b.destX = m!.sx;
    b.destY = m!.sy;
    b.target = j;
    b.amount = 0;
    return j;
  }
  return -1;
}

/** charge()'s scratch: the enemies in rank order. */
let order = new Int32Array(16);

/** Whether enemy j ranks before enemy k (j after k in roster order) as a Charge target of i: Active first, then the smaller gap. */
function ranksBefore(b: Battle, i: number, j: number, k: number): boolean {
  const aj = b.state[j] === ACTIVE;
  const ak = b.state[k] === ACTIVE;
  if (aj !== ak) return aj;
  return b.gap(i, j) < b.gap(i, k);
}

/**
 * The stop towards t along its shortest path (menu.ts along): the furthest that stays out of the
 * charge reach of every threat (`waitingOnly`: that may still activate this round); destination in
 * destX, destY. False when that goes nowhere.
 */
function approach(b: Battle, i: number, t: number, waitingOnly: boolean): boolean {
  const m = menuOf(b);
  if (!m.along(i, t, b.movement[i]!)) return false;
  let s = m.stop[0]!;
  for (let q = 1; q !== m.stops; ++q) {
    if (m.stopWhy[q] !== OUT_OF_REACH) continue;
    const j = m.stopOf[q]!;
    if (!threat(b, j) || (waitingOnly && b.activated[j] === 1)) continue;
    if (m.stop[q]! < s) s = m.stop[q]!;
  }
  if (!m.settle(i, s)) return false;
  // A path round a base may be 0.05" long and still end nearer than that to where i stands: it goes nowhere.
  if ((m.sx - b.x[i]!) ** 2 + (m.sy - b.y[i]!) ** 2 < MIN_MOVE * MIN_MOVE) return false;
  if (backHome(b, i, m.sx, m.sy)) return false;
  b.destX = m.sx;
  b.destY = m.sy;
  return true;
}

/** (5R) - (8R): the moves and shots of a fighter with a Ranged or Cast weapon. */
function shooterMoves(b: Battle, i: number, reaction: boolean, shots: number): number {
  const threatened = inReach(b, i, b.x[i]!, b.y[i]!, false);
  if (threatened && pickDestination(b, i, true)) return Act.MoveTo;
  if (shots > 0) return shoot(b, i, reaction);
  if (pickDestination(b, i, false)) return Act.MoveTo;
  const t = chooseTarget(b, i, ANY);
  if (t >= 0 && approach(b, i, t, false)) return moveTo(b, Act.MoveTo, t, b.destX, b.destY);
  return act(b, hideWorth(b, i) && !reaction ? Act.Hide : Act.Brace, -1);
}

/**
 * The best Move destination of the menu that is out of every threat's reach and keeps a shot: near
 * cover first; then (`away`) furthest from the threats, or the shortest Move. Sets destX, destY and
 * the target (the enemy it heads for, if any); false if none.
 */
function pickDestination(b: Battle, i: number, away: boolean): boolean {
  const m = menuOf(b);
  const n = m.moves(i, b.movement[i]!);
  let best = -1;
  let bestCover = false;
  let bestKey = -Infinity;
  for (let k = 0; k !== n; ++k) {
    const x = m.x[k]!;
    const y = m.y[k]!;
    if (inReach(b, i, x, y, false) || backHome(b, i, x, y)) continue;
    const cover = m.why[k] === COVER || nearCover(b, i, x, y);
    if (bestCover && !cover) continue;
    const key = away ? threatGap(b, i, x, y) : -Math.sqrt((x - b.x[i]!) ** 2 + (y - b.y[i]!) ** 2);
    if (cover === bestCover && key <= bestKey) continue;
    if (!shotFrom(b, i, x, y)) continue;
    best = k;
    bestCover = cover;
    bestKey = key;
  }
  if (best < 0) return false;
  moveTo(b, Act.MoveTo, m.toward[best]!, m.x[best]!, m.y[best]!);
  return true;
}

/** (6R) A shot at the chosen target: Aim first or not by the exact distributions; Cast for a spell. */
function shoot(b: Battle, i: number, reaction: boolean): number {
  let t = chooseTarget(b, i, RANGED, reaction);
  if (t < 0) t = chooseTarget(b, i, RANGED_RISKY, reaction);
  const w = b.shooting[i]!;
  const info = b.weapons[i]![w]!;
  if (info.kind === 'cast') return act(b, Act.Cast, t);
  if (!reaction && b.aimed[i] === 0 && b.actionsLeft >= 1 && aimBetter(b, i, w, t)) return act(b, Act.Aim, t);
  return act(b, Act.Ranged, t);
}

/** P(unblocked hits = u) of an attack (exact.ts), kept on its entry. */
function unblockedDist(e: AttackEntry): Float64Array {
  if (e.dist === undefined) {
    const p = exactOutcomes(e.spec);
    let top = 0;
    for (let c = 0; c < p.length; c++) if (p[c]! > 0) top = Math.max(top, c >> 2);
    const d = new Float64Array(top + 1);
    for (let c = 0; c < p.length; c++) d[c >> 2] = d[c >> 2]! + p[c]!;
    e.dist = d;
  }
  return e.dist;
}

/**
 * Aim then one shot, against two shots (a crossbow puts a target down more often with two):
 * the chance that the target goes down (its Wounds left, or 1 when already Downed or Stunned),
 * each shot firing with its primer's chance; ties to Aim. Ignores what the first shot changes (the
 * target's state, a Dodge) and the second shot's Ranged Reaction.
 */
export function aimBetter(b: Battle, i: number, w: number, t: number): boolean {
  const info = b.weapons[i]![w]!;
  const fire = info.firearm ? Math.max(0, Math.min(1, (7 - info.primer) / 6)) : 1;
  const need = b.state[t] === ACTIVE ? Math.max(1, b.woundsLeft[t]!) : 1;
  const aimed = unblockedDist(entry(b, i, w, t, 1));
  const one = unblockedDist(entry(b, i, w, t, 0));
  let pAim = 0;
  for (let u = need; u < aimed.length; u++) pAim += aimed[u]!;
  pAim *= fire;
  // Two shots: each fires with `fire`; P(sum >= need).
  let below = 0;
  for (let u = 0; u < Math.min(need, one.length); u++) {
    for (let v = 0; u + v < need && v < one.length; v++) below += one[u]! * one[v]!;
  }
  let oneBelow = 0;
  for (let u = 0; u < Math.min(need, one.length); u++) oneBelow += one[u]!;
  const pTwo = fire * fire * (1 - below) + 2 * fire * (1 - fire) * (1 - oneBelow);
  return pAim >= pTwo - 1e-12;
}

/**
 * The tactical side's Pass (when it may): nothing urgent among its waiting fighters: none is
 * Downed, none has a shot or a Charge, none stands within an Active enemy's Move + Charge reach
 * (2 x its Movement + 1"), the enemy's whole activation, nor has one within its own.
 */
export function tacticalPass(b: Battle, s: number): boolean {
  for (let i = b.from(s), end = b.to(s); i !== end; ++i) {
    if (b.activated[i] === 1 || !b.activates(i)) continue;
    if (b.state[i] !== ACTIVE) return false;
    for (let j = b.from(1 - s), e = b.to(1 - s); j !== e; ++j) {
      if (b.state[j] === OUT_OF_ACTION) continue;
      const g = b.gap(i, j);
      if (g <= 2 * b.movement[i]! + ENGAGEMENT + EPS) return false;
      if (b.state[j] === ACTIVE && g <= 2 * b.movement[j]! + ENGAGEMENT + EPS) return false;
    }
    if (b.shooting[i]! >= 0 && b.rangedTargets(i, false) > 0) return false;
  }
  return true;
}

/** Dodge and Shove "up to 2"": with a Ranged or Cast weapon only as far as keeps the attacker in range (as `shooter`); else 2". */
export function tacticalManoeuvre(b: Battle, t: number, i: number): number {
  if (b.shooting[t]! < 0) return MANOEUVRE_INCHES;
  return keepInRangeInches(b.weapons[t]![b.shooting[t]!]!.max, b.gap(i, t));
}

