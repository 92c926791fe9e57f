/**
 * Decision lists of exchange fights (documented in docs/guide/exchange-fight.md). Policies read the
 * fight through `FightView` and return a decision; they do not import the engine.
 */
import { spaces } from './map.js';
import { MOVE_PROTECT, RUN, SPRINT, TARGET_FOCUS, TARGET_WEAKEST, WALK } from './spec.js';

/** What policies may read. */
export interface FightView {
  readonly count: number;
  readonly sideOf: Int8Array;
  readonly x: Int16Array;
  readonly y: Int16Array;
  /** Still fighting (not collapsed, not broken): the only characters policies target or protect. */
  inFight(f: number): boolean;
  /** Still taking turns (not collapsed). */
  onMap(f: number): boolean;
  vit(f: number): number;
  ready(f: number): number;
}

/** The enemy of `side` nearest to (px, py); ties: lower VIT, then listed first. -1 if none. */
export function nearestEnemy(v: FightView, side: number, px: number, py: number): number {
  let best = -1;
  let bd = 0;
  for (let e = 0; e < v.count; e++) {
    if (v.sideOf[e] === side || !v.inFight(e)) continue;
    const d = spaces(px, py, v.x[e]!, v.y[e]!);
    if (best < 0 || d < bd || (d === bd && v.vit(e) < v.vit(best))) {
      best = e;
      bd = d;
    }
  }
  return best;
}

/** The enemy with the lowest VIT; ties: nearest, then listed first. */
export function weakestEnemy(v: FightView, side: number, px: number, py: number): number {
  let best = -1;
  for (let e = 0; e < v.count; e++) {
    if (v.sideOf[e] === side || !v.inFight(e)) continue;
    if (best < 0 || v.vit(e) < v.vit(best) || (v.vit(e) === v.vit(best) && spaces(px, py, v.x[e]!, v.y[e]!) < spaces(px, py, v.x[best]!, v.y[best]!))) best = e;
  }
  return best;
}

/**
 * Target decision list: (1) `protect`: the enemy nearest to the ally (not itself) with the lowest
 * VIT; (2) side targeting `focus`: the side's focus while it is in the fight, else the nearest enemy
 * becomes the focus; `weakest`: the lowest VIT; `nearest`: the nearest enemy.
 */
export function chooseTarget(v: FightView, f: number, move: number, targeting: number, focus: Int32Array): number {
  const side = v.sideOf[f]!;
  if (move === MOVE_PROTECT) {
    let ally = -1;
    for (let a = 0; a < v.count; a++) {
      if (a === f || v.sideOf[a] !== side || !v.inFight(a)) continue;
      if (ally < 0 || v.vit(a) < v.vit(ally)) ally = a;
    }
    if (ally >= 0) return nearestEnemy(v, side, v.x[ally]!, v.y[ally]!);
  }
  if (targeting === TARGET_WEAKEST) return weakestEnemy(v, side, v.x[f]!, v.y[f]!);
  if (targeting === TARGET_FOCUS) {
    const cur = focus[side]!;
    if (cur >= 0 && v.inFight(cur)) return cur;
    focus[side] = nearestEnemy(v, side, v.x[f]!, v.y[f]!);
    return focus[side]!;
  }
  return nearestEnemy(v, side, v.x[f]!, v.y[f]!);
}

/** AD cost of Walk, Run, Sprint (before Slowed). */
export const MODE_COST: readonly number[] = [0, 1, 2];

/**
 * Movement mode decision list, `need` Spaces short of attacking: (1) Walk if it gets there;
 * (2) Run if it gets there and the attack (plus the reserve) is still affordable after 1 AD;
 * (3) Sprint likewise after 2 AD; (4) otherwise Walk as far as it goes (free).
 */
export function chooseMode(need: number, walk: number, run: number, sprint: number, ready: number, costMult: number, attackCost: number, reserve: number): number {
  if (need <= walk) return WALK;
  if (need <= run && ready - MODE_COST[RUN]! * costMult - reserve >= attackCost) return RUN;
  if (need <= sprint && ready - MODE_COST[SPRINT]! * costMult - reserve >= attackCost) return SPRINT;
  return WALK;
}

/** Side order `fresh-first`: the candidate unit whose next member has the most Ready AD (ties: current order). `listed`: the first. */
export function pickFreshest(v: FightView, units: readonly (readonly number[])[], acted: Uint8Array, candidates: Int32Array, n: number): number {
  let best = 0;
  let bestReady = -1;
  for (let i = 0; i < n; i++) {
    const m = units[candidates[i]!]!;
    for (let k = 0; k < m.length; k++) {
      const f = m[k]!;
      if (acted[f] === 0 && v.onMap(f)) {
        if (v.ready(f) > bestReady) {
          bestReady = v.ready(f);
          best = i;
        }
        break;
      }
    }
  }
  return best;
}
