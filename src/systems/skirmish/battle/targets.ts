/**
 * Whom a battle policy aims at, shared by the named policies (policies.ts) and tactical
 * (tactical.ts): which enemies a choice looks at, the shots worth their risk to friends, the
 * target by the side's rule (weakest / most dangerous), a Stunned friend to shield, whether Hide helps.
 */
import { ACTIVE, OUT_OF_ACTION, STUNNED } from '../profile.js';
import { ENGAGEMENT } from './board.js';
import { canHide } from '../fight-rules.js';
import { finishStunned, hideHelps } from '../policy-moves.js';
import type { Battle } from './engine.js';
import { meanFriendlyFire, meanUnblocked, MOST_DANGEROUS, WEAKEST } from './setup.js';

const EPS = 1e-9;
/** Which enemies a target choice looks at. */
export const ENGAGED_ACTIVE = 0;
export const ENGAGED_ANY = 1;
export const ANY = 2;
/** Legal shots (rangedTargets) with no friend at risk; legal shots into a melee worth the risk (screenShots). */
export const RANGED = 3;
export const RANGED_RISKY = 4;
/** Stunned enemies a Charge reaches where the Mercy Kill is allowed (board.ts chargeFinishes). */
export const FINISH = 5;
/** `candidate` marks after screenShots(). */
const CLEAR = 1;
const WORTH = 2;

function eligible(b: Battle, i: number, j: number, kind: number, activeOnly: boolean, reaction: boolean): boolean {
  if (b.side[j] === b.side[i] || b.state[j] === OUT_OF_ACTION) return false;
  if (activeOnly && b.state[j] !== ACTIVE) return false;
  if (kind === RANGED) return b.candidate[j] === CLEAR;
  if (kind === RANGED_RISKY) return b.candidate[j] === WORTH;
  if (kind === ANY) return true;
  if (kind === FINISH) return finishStunned(reaction, b.actionsLeft, b.gap(i, j) <= ENGAGEMENT + EPS, b.state[j] === STUNNED) && b.chargeFinishes(i, j);
  return b.gap(i, j) <= ENGAGEMENT + EPS;
}

/**
 * Friendly fire (seed 000) in a ranged policy's choice of target: each legal target t marked by
 * rangedTargets() stays CLEAR when no friend of i is at risk (actions.ts atRisk, the rule the shot
 * itself uses), neither for t nor for any enemy within 1" of t that a failed clustered-enemies check
 * could move the shot to; with a friend at risk it is WORTH shooting only when the exact expected
 * unblocked hits on t exceed those the shot's natural 1s would deal the friend at risk (the worst
 * of them; setup.ts meanUnblocked, meanFriendlyFire; `aim` as the shot will have it), and is
 * dropped otherwise. A Cast is not a Ranged attack: no friend is ever at risk. Returns how many
 * targets are left (CLEAR or WORTH).
 */
export function screenShots(b: Battle, i: number, reaction: boolean, aim: number): number {
  const legal = b.rangedTargets(i, reaction);
  const w = b.shooting[i]!;
  if (legal === 0 || (b.weapons[i]![w]!.kind === 'cast' && !b.castRanged)) return legal;
  let left = 0;
  const from = b.from(1 - b.side[i]!);
  const to = b.to(1 - b.side[i]!);
  // The harm of a shot that lands on enemy k (NaN: not measured yet; -1: no friend at risk): the
  // same for every target t it is weighed against, so measured once per call.
  if (harmOf.length < b.n) harmOf = new Float64Array(b.n);
  harmOf.fill(NaN, from, to);
  for (let t = from; t !== to; ++t) {
    if (b.candidate[t] !== CLEAR) continue;
    // The friends at risk if the shot goes to t, or to another enemy a failed clustered-enemies
    // check may move it to (actions.ts clustered: any not Out of Action within 1" of t): the worst.
    let harm = -1;
    for (let k = from; k !== to; ++k) {
      if (k !== t && (b.state[k] === OUT_OF_ACTION || b.gap(k, t) > ENGAGEMENT + EPS)) continue;
      let h = harmOf[k]!;
      if (h !== h) {
        const ff = b.atRisk(i, k);
        h = ff >= 0 ? meanFriendlyFire(b.attacks.get(i, w, ff, b.primary[ff]!, aim, 0, b.cover(i, ff), b.braced[ff]!, ACTIVE, 0)) : -1;
        harmOf[k] = h;
      }
      if (h >= 0) harm = Math.max(harm, h);
    }
    if (harm >= 0) {
      const hit = meanUnblocked(b.attacks.get(i, w, t, b.primary[t]!, aim, 0, b.cover(i, t), b.braced[t]!, b.state[t]!, 0));
      b.candidate[t] = hit > harm ? WORTH : 0;
    }
    if (b.candidate[t] !== 0) left++;
  }
  return left;
}

/** screenShots()'s scratch: the harm of a shot landing on each enemy. */
let harmOf = new Float64Array(16);

/**
 * The side policy's target among eligible enemies: `nearest` (smallest gap), `weakest` (fewest
 * Wounds left), `most-dangerous` (most attack dice with its first weapon); ties to the nearest,
 * then roster order. ANY looks at Active enemies first. -1 if none. `reaction` only matters to
 * FINISH (no Charge to finish a Stunned enemy in a reaction).
 */
export function chooseTarget(b: Battle, i: number, kind: number, reaction = false): number {
  const rule = b.sideRule[b.side[i]!]!;
  const activeFirst = kind === ENGAGED_ACTIVE || kind === ANY;
  for (let pass = activeFirst ? 0 : 1; pass !== 2; ++pass) {
    let best = -1;
    let bestKey = Infinity;
    let bestGap = Infinity;
    for (let j = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!); j !== end; ++j) {
      if (!eligible(b, i, j, kind, pass === 0, reaction)) continue;
      const key = rule === WEAKEST ? b.woundsLeft[j]! : rule === MOST_DANGEROUS ? -b.danger[j]! : 0;
      const gap = b.gap(i, j);
      if (key < bestKey || (key === bestKey && gap < bestGap)) {
        best = j;
        bestKey = key;
        bestGap = gap;
      }
    }
    if (best >= 0 || kind === ENGAGED_ACTIVE) return best;
  }
  return -1;
}

/** A Stunned friend within 1" (Help), or -1. */
export function stunnedFriend(b: Battle, i: number): number {
  for (let k = b.from(b.side[i]!), end = b.to(b.side[i]!); k !== end; ++k) {
    if (k !== i && b.state[k] === STUNNED && b.gap(i, k) <= ENGAGEMENT + EPS) return k;
  }
  return -1;
}

/**
 * Hide helps (policy-moves.ts hideHelps, the duel's reading) against at least one enemy: i may Hide
 * here (fight-rules.ts canHide: within 1" of terrain, no Ranged action yet this activation) and an
 * Active enemy that shoots stands beyond 6" but within a Move of bringing its weapon to bear.
 */
export function hideWorth(b: Battle, i: number): boolean {
  if (b.hidden[i] === 1 || !canHide(b.nearTerrain(i), b.fired[i] === 1)) return false;
  for (let j = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!); j !== end; ++j) {
    const shoots = b.state[j] === ACTIVE && b.shooting[j]! >= 0;
    if (hideHelps(false, true, shoots, b.gap(i, j), b.movement[j]!, shoots ? b.weapons[j]![b.shooting[j]!]!.max : 0)) return true;
  }
  return false;
}
