/**
 * Where a fighter may move: the finite set of destinations the game interface offers (game.ts)
 * and the `tactical` policy chooses from (tactical.ts), each reached by a shortest legal path
 * (paths.ts) within the allowance, never ending on a base. Along the path to each enemy that is not
 * Out of Action: as far as the allowance goes (or base contact), just outside each Active enemy's
 * charge reach (its Movement + 1"), just inside the fighter's own maximum range (and 6" for a Hidden
 * target), just inside its own charge reach; straight lines in 8 directions (away from anyone);
 * beside each piece of cover terrain. A destination on a friend's base is pulled back along its
 * path to just before that base; one less than MIN_MOVE from where the fighter stands is left out
 * (a Move that goes nowhere). Plain numbers in arrays allocated once per battle.
 */
import { ACTIVE, OUT_OF_ACTION } from '../profile.js';
import { ENGAGEMENT, HIDDEN_RANGE } from './board.js';
import type { Battle } from './engine.js';
import { Paths } from './paths.js';

/** A Move shorter than this (inches) goes nowhere: never offered. */
export const MIN_MOVE = 0.05;
/** How far outside a charge reach "just outside" stands (inches). */
export const OUTSIDE = 0.01;
const INSIDE = 1e-6;
const EPS = 1e-9;
const MAX = 256;
/** Why a destination is on the menu (for traces and tests). */
export const FULL = 0;
export const OUT_OF_REACH = 1;
export const IN_RANGE = 2;
export const CHARGE_READY = 3;
export const DIRECTION = 4;
export const COVER = 5;
export const WHY = ['full', 'out-of-reach', 'in-range', 'charge-ready', 'direction', 'cover'] as const;
const DIRS = 8;
const DIR_X = Float64Array.from({ length: DIRS }, (_, k) => snap(Math.cos((2 * Math.PI * k) / DIRS)));
const DIR_Y = Float64Array.from({ length: DIRS }, (_, k) => snap(Math.sin((2 * Math.PI * k) / DIRS)));

function snap(u: number): number {
  return Math.abs(u) < 1e-12 ? 0 : u;
}

export class Menu {
  readonly paths: Paths;
  /** The destinations found by the last moves() / charges(): point, the enemy it heads for (-1: none), why. */
  readonly x = new Float64Array(MAX);
  readonly y = new Float64Array(MAX);
  readonly toward = new Int32Array(MAX);
  readonly why = new Int32Array(MAX);
  count = 0;
  /** Stops along one path (along()): inches, and why. */
  readonly stop = new Float64Array(64);
  readonly stopWhy = new Int32Array(64);
  /** The stop's charge-reach enemy (OUT_OF_REACH), else -1. */
  readonly stopOf = new Int32Array(64);
  stops = 0;
  /** settle()'s result. */
  sx = 0;
  sy = 0;

  constructor(private readonly b: Battle) {
    this.paths = new Paths(b);
  }

  /**
   * The stops along i's shortest path towards enemy t (paths.ts; the path stays in `paths`) within
   * `allowance`: FULL, then each OUT_OF_REACH, IN_RANGE, CHARGE_READY that falls short of it, in that
   * order. False when no path reaches t.
   */
  along(i: number, t: number, allowance: number): boolean {
    const b = this.b;
    const p = this.paths;
    this.stops = 0;
    if (p.find(i, b.x[i]!, b.y[i]!, b.x[t]!, b.y[t]!, t) === Infinity) return false;
    const ri = b.r[i]!;
    const full = Math.min(allowance, p.entry(b.x[t]!, b.y[t]!, ri + b.r[t]!));
    this.push(full, FULL, -1);
    for (let j = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!); j !== end; ++j) {
      if (b.state[j] !== ACTIVE) continue;
      const e = p.entry(b.x[j]!, b.y[j]!, b.movement[j]! + ENGAGEMENT + ri + b.r[j]!) - OUTSIDE;
      if (e < full) this.push(e, OUT_OF_REACH, j);
    }
    const w = b.shooting[i]!;
    if (w >= 0) {
      const max = b.weapons[i]![w]!.max;
      const e = p.entry(b.x[t]!, b.y[t]!, max + ri + b.r[t]!) + INSIDE;
      if (e < full) this.push(e, IN_RANGE, -1);
      if (b.hidden[t] === 1 && max > HIDDEN_RANGE) {
        const h = p.entry(b.x[t]!, b.y[t]!, HIDDEN_RANGE + ri + b.r[t]!) + INSIDE;
        if (h < full) this.push(h, IN_RANGE, -1);
      }
    }
    const c = p.entry(b.x[t]!, b.y[t]!, b.movement[i]! + ENGAGEMENT + ri + b.r[t]!) + INSIDE;
    if (c < full) this.push(c, CHARGE_READY, -1);
    return true;
  }

  private push(s: number, why: number, of: number): void {
    if (this.stops === this.stop.length) return;
    this.stop[this.stops] = s;
    this.stopWhy[this.stops] = why;
    this.stopOf[this.stops++] = of;
  }

  /**
   * The point `s` inches along the last path, pulled back to just before the first base it would end
   * on (a friend's: the path passes through friends); in sx, sy. False when that leaves less than
   * MIN_MOVE (the Move would go nowhere).
   */
  settle(i: number, s: number): boolean {
    const b = this.b;
    const p = this.paths;
    for (let guard = 0; guard <= b.n; guard++) {
      if (!(s >= MIN_MOVE)) return false;
      p.at(s);
      const k = this.onBase(i, p.ax, p.ay);
      if (k < 0) {
        this.sx = p.ax;
        this.sy = p.ay;
        return true;
      }
      s = Math.min(s, p.entry(b.x[k]!, b.y[k]!, b.r[i]! + b.r[k]!)) - INSIDE;
    }
    return false;
  }

  /** A fighter (not Out of Action, not i) whose base a base of i centred at (x, y) would overlap, or -1. */
  onBase(i: number, x: number, y: number): number {
    const b = this.b;
    for (let k = 0; k !== b.n; ++k) {
      if (k === i || b.state[k] === OUT_OF_ACTION) continue;
      const reach = b.r[i]! + b.r[k]!;
      const dx = x - b.x[k]!;
      const dy = y - b.y[k]!;
      if (dx * dx + dy * dy < reach * reach - 1e-9) return k;
    }
    return -1;
  }

  /** Every destination of a Move (or a Crawl) of i with `allowance` inches: the menu (see the head comment). */
  moves(i: number, allowance: number): number {
    const b = this.b;
    this.count = 0;
    for (let t = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!); t !== end; ++t) {
      if (b.state[t] === OUT_OF_ACTION || !this.along(i, t, allowance)) continue;
      for (let k = 0; k !== this.stops; ++k) if (this.settle(i, this.stop[k]!)) this.add(this.sx, this.sy, t, this.stopWhy[k]!);
    }
    for (let d = 0; d !== DIRS; ++d) {
      const s = b.travel(i, DIR_X[d]!, DIR_Y[d]!, allowance, true);
      if (s >= MIN_MOVE) this.add(b.x[i]! + DIR_X[d]! * s, b.y[i]! + DIR_Y[d]! * s, -1, DIRECTION);
    }
    for (let k = 0; k !== b.tblock.length; ++k) {
      if (b.tblock[k] === 1) continue;
      for (let side = 0; side !== 4; ++side) this.coverSpot(i, k, side, allowance);
    }
    return this.count;
  }

  /** Beside cover piece k, in the middle of one of its sides, just clear of it. */
  private coverSpot(i: number, k: number, side: number, allowance: number): void {
    const b = this.b;
    const m = b.r[i]! + OUTSIDE;
    const cx = (b.tx0[k]! + b.tx1[k]!) / 2;
    const cy = (b.ty0[k]! + b.ty1[k]!) / 2;
    const x = side === 0 ? b.tx0[k]! - m : side === 1 ? b.tx1[k]! + m : cx;
    const y = side === 2 ? b.ty0[k]! - m : side === 3 ? b.ty1[k]! + m : cy;
    if (this.onBase(i, x, y) >= 0) return;
    const len = this.paths.find(i, b.x[i]!, b.y[i]!, x, y, -1);
    if (len > allowance + EPS || len < MIN_MOVE) return;
    this.add(x, y, -1, COVER);
  }

  /** Every destination of a Charge of i: base contact with each enemy not Out of Action that its path reaches within its Movement. */
  charges(i: number): number {
    const b = this.b;
    this.count = 0;
    for (let t = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!); t !== end; ++t) {
      if (b.state[t] === OUT_OF_ACTION) continue;
      if (this.chargeTo(i, t)) this.add(this.sx, this.sy, t, FULL);
    }
    return this.count;
  }

  /** Where a Charge of i at t ends (sx, sy): along the shortest path, base contact or the Movement's end within 1" of t. False if it cannot. */
  chargeTo(i: number, t: number): boolean {
    const b = this.b;
    if (b.gap(i, t) > b.movement[i]! + ENGAGEMENT + EPS) return false;
    // along()'s first stop (FULL) only: base contact with t or the Movement's end.
    const p = this.paths;
    this.stops = 0;
    if (p.find(i, b.x[i]!, b.y[i]!, b.x[t]!, b.y[t]!, t) === Infinity) return false;
    const s = Math.min(b.movement[i]!, p.entry(b.x[t]!, b.y[t]!, b.r[i]! + b.r[t]!));
    this.push(s, FULL, -1);
    if (s < MIN_MOVE) return false;
    if (!this.settle(i, s)) return false;
    const dx = this.sx - b.x[t]!;
    const dy = this.sy - b.y[t]!;
    return Math.sqrt(dx * dx + dy * dy) - b.r[i]! - b.r[t]! <= ENGAGEMENT + EPS;
  }

  private add(x: number, y: number, toward: number, why: number): void {
    if (this.count === MAX) return;
    for (let k = 0; k !== this.count; ++k) if (Math.abs(this.x[k]! - x) < 1e-9 && Math.abs(this.y[k]! - y) < 1e-9) return;
    this.x[this.count] = x;
    this.y[this.count] = y;
    this.toward[this.count] = toward;
    this.why[this.count++] = why;
  }
}
