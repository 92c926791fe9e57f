/**
 * Where a ranged policy's move would really take it (battle policies only: the duel has one
 * distance and no board edge, so a Move away there always goes its length). The board's edge,
 * block terrain and enemy bases stop a straight move (board.ts travel), so a Move away, a Retreat
 * or a Crawl planned "directly away" can go nowhere for a fighter backed against the edge. These
 * probes measure such a move without making it, so `shooter` and `kite` take only moves that lead
 * somewhere, look for a sideways line when the straight one is blocked, and otherwise do something
 * else (policies.ts). Plain numbers and module scratch: no allocation per decision.
 */
import { ACTIVE, OUT_OF_ACTION } from '../profile.js';
import { ENGAGEMENT } from './board.js';
import type { Battle } from './engine.js';
import { baseGap } from './geometry.js';

/** A Move shorter than this (inches) does not count as getting anywhere. */
export const MIN_STEP = 0.5;
const EPS = 1e-9;
/** Directions tried sideways, as turns from "directly away" (degrees), in the order tried. */
const TURNS = [30, -30, 60, -60, 90, -90, 120, -120, 150, -150];
const COS = Float64Array.from(TURNS, (a) => Math.cos((a * Math.PI) / 180));
const SIN = Float64Array.from(TURNS, (a) => Math.sin((a * Math.PI) / 180));
/** The unit direction of the last awayDir() call. */
const dir = new Float64Array(2);

/** The engine's "directly away from j" (board.ts moveAway: from coinciding centres side a backs towards y-, b towards y+). */
function awayDir(b: Battle, i: number, j: number): void {
  let dx = b.x[i]! - b.x[j]!;
  let dy = b.y[i]! - b.y[j]!;
  let d = Math.sqrt(dx * dx + dy * dy);
  if (d === 0) [dx, dy, d] = [0, b.side[i] === 0 ? -1 : 1, 1];
  dir[0] = dx / d;
  dir[1] = dy / d;
}

/** How far the engine's Move away (or Crawl) of i from j, `length` inches through friends, would go. */
export function awayTravel(b: Battle, i: number, j: number, length: number): number {
  if (length <= 0) return 0;
  awayDir(b, i, j);
  const t = b.travel(i, dir[0]!, dir[1]!, length, true);
  return t > 0 ? t : 0;
}

/** Whether i standing at (x, y) would be within 1" of an Active enemy. */
function engagedAt(b: Battle, i: number, x: number, y: number): boolean {
  for (let k = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!); k !== end; ++k) {
    if (b.state[k] === ACTIVE && baseGap(x, y, b.r[i]!, b.x[k]!, b.y[k]!, b.r[k]!) <= ENGAGEMENT + EPS) return true;
  }
  return false;
}

/**
 * Whether the engine's Retreat of i (`length` inches directly away from the nearest enemy, actions.ts
 * retreat) would end out of every Active enemy's engagement range: a Retreat that cannot is no escape.
 */
export function retreatLeaves(b: Battle, i: number, length: number): boolean {
  const from = b.nearestEnemy(i, false);
  if (from < 0) return true;
  const t = awayTravel(b, i, from, length);
  return !engagedAt(b, i, b.x[i]! + dir[0]! * t, b.y[i]! + dir[1]! * t);
}

/** Whether a Move away of i from j planned at `length` inches gets somewhere: all of it, or at least MIN_STEP. */
export function awayMoves(b: Battle, i: number, j: number, length: number): boolean {
  return awayTravel(b, i, j, length) >= Math.min(length, MIN_STEP) - EPS;
}

/**
 * When the straight line away from j is blocked (the board's edge): the sideways line (turned
 * 30 to 150 degrees from directly away, TURNS) whose Move of `length` inches ends furthest from j,
 * at least `least` inches from it, at least MIN_STEP from where i stands and not within 1" of an
 * Active enemy. Sets the battle's move direction (dirX, dirY) and returns true; false if none.
 */
export function sideways(b: Battle, i: number, j: number, length: number, least: number): boolean {
  awayDir(b, i, j);
  const ax = dir[0]!;
  const ay = dir[1]!;
  const x0 = b.x[i]!;
  const y0 = b.y[i]!;
  let best = -1;
  let bestGap = least - EPS;
  for (let k = 0; k !== TURNS.length; ++k) {
    const ux = snap(ax * COS[k]! - ay * SIN[k]!);
    const uy = snap(ax * SIN[k]! + ay * COS[k]!);
    const t = b.travel(i, ux, uy, length, true);
    if (!(t >= MIN_STEP)) continue;
    const x = x0 + ux * t;
    const y = y0 + uy * t;
    if (engagedAt(b, i, x, y)) continue;
    const g = b.state[j] === OUT_OF_ACTION ? 0 : baseGap(x, y, b.r[i]!, b.x[j]!, b.y[j]!, b.r[j]!);
    if (g > bestGap) {
      best = k;
      bestGap = g;
    }
  }
  if (best < 0) return false;
  b.dirX = snap(ax * COS[best]! - ay * SIN[best]!);
  b.dirY = snap(ax * SIN[best]! + ay * COS[best]!);
  return true;
}

/** A direction component that rounding left a hair off 0 (cos 90 degrees): 0, or a base on the edge could not slide along it. */
function snap(u: number): number {
  return Math.abs(u) < 1e-12 ? 0 : u;
}
