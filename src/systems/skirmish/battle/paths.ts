/**
 * Shortest legal paths on a battle board (seed 002: Move and Charge go round what they cannot
 * cross, through friends, never through an enemy's base or block terrain): a visibility graph over
 * the obstacles grown by the moving base's radius. Block terrain grows into a rectangle (its
 * corners, just outside, are the graph's nodes); an enemy base grows into a circle of both radii
 * (an octagon just outside it gives 8 nodes). Obstacles enter the graph lazily: those the straight
 * line crosses, then those the best path so far crosses, until a path crosses none (usually at
 * once: most lines are clear). A* over the nodes, edges tested when relaxed. Friends never block
 * (a Move passes through them); where a path may end (not on a base) is the caller's question.
 * Hand-written rather than ngraph.path: bench/paths.ts measures both on the same queries.
 * Plain numbers and scratch arrays allocated once per board: nothing per query.
 */
import { OUT_OF_ACTION } from '../profile.js';
import type { Board } from './board.js';
import { segmentHitsRect, segmentNearPoint } from './geometry.js';

/** How far outside a grown obstacle its nodes stand (inches). */
const MARGIN = 0.01;
/** Slack inside a grown obstacle that does not count as crossing it (a base resting against it). */
const SKIN = 1e-7;
const OCT = 8;
const OCT_COS = Float64Array.from({ length: OCT }, (_, k) => Math.cos((2 * Math.PI * k) / OCT));
const OCT_SIN = Float64Array.from({ length: OCT }, (_, k) => Math.sin((2 * Math.PI * k) / OCT));
const OCT_OUT = 1 / Math.cos(Math.PI / OCT);
/** The most polyline points a path keeps. */
const MAX_POINTS = 64;
/** Searched paths remembered (find()'s cache), each with the query and the enemies' bases it met. */
const CACHED = 8;
/** A query's numbers in the cache: mover, start, goal, the enemy ignored. */
const KEY = 6;

export class Paths {
  /** The last path: `count` points from the start (index 0) to the goal; `length` its length (Infinity: none). */
  readonly px = new Float64Array(MAX_POINTS);
  readonly py = new Float64Array(MAX_POINTS);
  count = 0;
  length = Infinity;
  /** The point at() found. */
  ax = 0;
  ay = 0;
  private readonly blocks: number;
  /** Obstacles: 0..blocks-1 block terrain, blocks + k fighter k. Which are in the graph now. */
  private readonly inGraph: Uint8Array;
  private readonly list: Int32Array;
  private listed = 0;
  private readonly nx: Float64Array;
  private readonly ny: Float64Array;
  private readonly dist: Float64Array;
  private readonly h: Float64Array;
  private readonly prev: Int32Array;
  private readonly done: Uint8Array;
  private readonly chain: Int32Array;
  /** The mover, and what it avoids: its radius, its enemies' side, the enemy it heads for (ignored). */
  private i = -1;
  private r = 0;
  private ignore = -1;
  /**
   * The last CACHED searched paths (those the straight line did not give), round robin: the query
   * (KEY numbers), the x, y and state of every fighter of the mover's enemy side when it was found
   * (a path depends on nothing else that changes in a battle: block terrain and bases' radii are
   * fixed), and the path. A query asked again on the same board (a Charge measured, then taken; a
   * fighter deciding again after an Aim) is answered from it.
   */
  private readonly cKey = new Float64Array(CACHED * KEY).fill(NaN);
  private readonly cBoard: Float64Array;
  private readonly cLength = new Float64Array(CACHED);
  private readonly cCount = new Int32Array(CACHED);
  private readonly cx = new Float64Array(CACHED * MAX_POINTS);
  private readonly cy = new Float64Array(CACHED * MAX_POINTS);
  private cNext = 0;

  constructor(private readonly b: Board) {
    this.blocks = b.tblock.length;
    const obstacles = this.blocks + b.n;
    this.inGraph = new Uint8Array(obstacles);
    this.list = new Int32Array(obstacles);
    const nodes = 2 + 4 * this.blocks + OCT * b.n;
    this.nx = new Float64Array(nodes);
    this.ny = new Float64Array(nodes);
    this.dist = new Float64Array(nodes);
    this.h = new Float64Array(nodes);
    this.prev = new Int32Array(nodes);
    this.done = new Uint8Array(nodes);
    this.chain = new Int32Array(nodes);
    this.cBoard = new Float64Array(CACHED * 3 * b.n);
  }

  /**
   * The shortest path of fighter i from (sx, sy) to (qx, qy) round block terrain and the bases of
   * i's enemies not Out of Action, except `ignore` (the enemy it heads for, or -1). Its length
   * (Infinity when none is found); the polyline in px, py.
   */
  find(i: number, sx: number, sy: number, qx: number, qy: number, ignore: number): number {
    const b = this.b;
    this.i = i;
    this.r = b.r[i]!;
    this.ignore = ignore;
    this.count = 0;
    this.length = Infinity;
    if (!this.inside(qx, qy)) return Infinity;
    for (let k = 0; k !== this.listed; ++k) this.inGraph[this.list[k]!] = 0;
    this.listed = 0;
    if (this.addCrossed(sx, sy, qx, qy) === 0) {
      this.setStraight(sx, sy, qx, qy);
      return this.length;
    }
    const hit = this.cached(i, sx, sy, qx, qy, ignore);
    if (hit >= 0) return this.recall(hit);
    this.searchRounds(sx, sy, qx, qy);
    this.remember(i, sx, sy, qx, qy, ignore);
    return this.length;
  }

  /** The searched path (A* until it crosses no obstacle) in px, py, count, length (Infinity: none). */
  private searchRounds(sx: number, sy: number, qx: number, qy: number): void {
    for (let round = 0; round < this.inGraph.length; round++) {
      if (!this.search(sx, sy, qx, qy)) {
        this.count = 0;
        this.length = Infinity;
        return;
      }
      let added = 0;
      for (let k = 0; k + 1 < this.count; ++k) added += this.addCrossed(this.px[k]!, this.py[k]!, this.px[k + 1]!, this.py[k + 1]!);
      if (added === 0) return;
    }
    this.count = 0;
    this.length = Infinity;
  }

  /** The cache slot holding this query on the board as it stands, or -1. */
  private cached(i: number, sx: number, sy: number, qx: number, qy: number, ignore: number): number {
    const b = this.b;
    const key = this.cKey;
    const from = b.from(1 - b.side[i]!);
    const to = b.to(1 - b.side[i]!);
    const width = 3 * b.n;
    for (let c = 0; c !== CACHED; ++c) {
      const at = c * KEY;
      if (key[at] !== i || key[at + 1] !== sx || key[at + 2] !== sy || key[at + 3] !== qx || key[at + 4] !== qy || key[at + 5] !== ignore) continue;
      const board = this.cBoard;
      let same = true;
      for (let k = from, o = c * width + 3 * from; k !== to; ++k, o += 3) {
        if (board[o] !== b.x[k] || board[o + 1] !== b.y[k] || board[o + 2] !== b.state[k]) {
          same = false;
          break;
        }
      }
      if (same) return c;
    }
    return -1;
  }

  private recall(c: number): number {
    const n = this.cCount[c]!;
    const at = c * MAX_POINTS;
    for (let k = 0; k !== n; ++k) {
      this.px[k] = this.cx[at + k]!;
      this.py[k] = this.cy[at + k]!;
    }
    this.count = n;
    this.length = this.cLength[c]!;
    return this.length;
  }

  private remember(i: number, sx: number, sy: number, qx: number, qy: number, ignore: number): void {
    const b = this.b;
    const c = this.cNext;
    this.cNext = c === CACHED - 1 ? 0 : c + 1;
    const at = c * KEY;
    const key = this.cKey;
    key[at] = i;
    key[at + 1] = sx;
    key[at + 2] = sy;
    key[at + 3] = qx;
    key[at + 4] = qy;
    key[at + 5] = ignore;
    const board = this.cBoard;
    const width = 3 * b.n;
    for (let k = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!), o = c * width + 3 * k; k !== end; ++k, o += 3) {
      board[o] = b.x[k]!;
      board[o + 1] = b.y[k]!;
      board[o + 2] = b.state[k]!;
    }
    const n = this.count;
    for (let k = 0; k !== n; ++k) {
      this.cx[c * MAX_POINTS + k] = this.px[k]!;
      this.cy[c * MAX_POINTS + k] = this.py[k]!;
    }
    this.cCount[c] = n;
    this.cLength[c] = this.length;
  }

  /** The point `s` inches along the last path (its end beyond its length) in ax, ay. */
  at(s: number): void {
    let left = s;
    for (let k = 0; k + 1 < this.count; ++k) {
      const dx = this.px[k + 1]! - this.px[k]!;
      const dy = this.py[k + 1]! - this.py[k]!;
      const d = Math.sqrt(dx * dx + dy * dy);
      if (left <= d) {
        const u = d > 0 ? left / d : 0;
        this.ax = this.px[k]! + dx * u;
        this.ay = this.py[k]! + dy * u;
        return;
      }
      left -= d;
    }
    this.ax = this.px[this.count - 1]!;
    this.ay = this.py[this.count - 1]!;
  }

  /** Inches along the last path at which it first comes within `radius` of (cx, cy): 0 if it starts there, Infinity if never. */
  entry(cx: number, cy: number, radius: number): number {
    let walked = 0;
    const r2 = radius * radius;
    for (let k = 0; k + 1 < this.count; ++k) {
      const x0 = this.px[k]!;
      const y0 = this.py[k]!;
      const dx = this.px[k + 1]! - x0;
      const dy = this.py[k + 1]! - y0;
      const d = Math.sqrt(dx * dx + dy * dy);
      const ox = x0 - cx;
      const oy = y0 - cy;
      const c = ox * ox + oy * oy - r2;
      if (c <= 0) return walked;
      if (d > 0) {
        const bq = (ox * dx + oy * dy) / d;
        const disc = bq * bq - c;
        if (bq < 0 && disc >= 0) {
          const u = -bq - Math.sqrt(disc);
          if (u <= d) return walked + u;
        }
      }
      walked += d;
    }
    return Infinity;
  }

  private setStraight(sx: number, sy: number, qx: number, qy: number): void {
    this.px[0] = sx;
    this.py[0] = sy;
    this.px[1] = qx;
    this.py[1] = qy;
    this.count = 2;
    this.length = Math.sqrt((qx - sx) ** 2 + (qy - sy) ** 2);
  }

  /** Whether a base of the mover's radius centred at (x, y) lies on the board. */
  private inside(x: number, y: number): boolean {
    const r = this.r - SKIN;
    return x >= r && y >= r && x <= this.b.width - r && y <= this.b.height - r;
  }

  /** Whether the segment crosses obstacle o (grown by the mover's radius). */
  private crosses(o: number, ax: number, ay: number, bx: number, by: number): boolean {
    const b = this.b;
    if (o < this.blocks) {
      const g = this.r - SKIN;
      return segmentHitsRect(ax, ay, bx, by, b.tx0[o]! - g, b.ty0[o]! - g, b.tx1[o]! + g, b.ty1[o]! + g);
    }
    const k = o - this.blocks;
    return segmentNearPoint(ax, ay, bx, by, b.x[k]!, b.y[k]!, this.r + b.r[k]! - SKIN);
  }

  /** Whether obstacle o stands in the way at all (block terrain; an enemy base not Out of Action, not the one headed for). */
  private obstacle(o: number): boolean {
    const b = this.b;
    if (o < this.blocks) return b.tblock[o] === 1;
    const k = o - this.blocks;
    return k !== this.i && k !== this.ignore && b.side[k] !== b.side[this.i] && b.state[k] !== OUT_OF_ACTION;
  }

  /** Adds to the graph every obstacle the segment crosses; returns how many were new. */
  private addCrossed(ax: number, ay: number, bx: number, by: number): number {
    let added = 0;
    for (let o = 0; o !== this.inGraph.length; ++o) {
      if (this.inGraph[o] === 1 || !this.obstacle(o) || !this.crosses(o, ax, ay, bx, by)) continue;
      this.inGraph[o] = 1;
      this.list[this.listed++] = o;
      added++;
    }
    return added;
  }

  /** Whether the segment crosses none of the obstacles in the graph. */
  private clear(ax: number, ay: number, bx: number, by: number): boolean {
    for (let k = 0; k !== this.listed; ++k) if (this.crosses(this.list[k]!, ax, ay, bx, by)) return false;
    return true;
  }

  /** Whether a node at (x, y) is usable: on the board, outside every obstacle of the graph. */
  private free(x: number, y: number): boolean {
    if (!this.inside(x, y)) return false;
    for (let k = 0; k !== this.listed; ++k) if (this.crosses(this.list[k]!, x, y, x, y)) return false;
    return true;
  }

  /** A* from the start (node 0) to the goal (node 1) over the nodes of the obstacles in the graph; fills the polyline. */
  private search(sx: number, sy: number, qx: number, qy: number): boolean {
    const b = this.b;
    const nx = this.nx;
    const ny = this.ny;
    nx[0] = sx;
    ny[0] = sy;
    nx[1] = qx;
    ny[1] = qy;
    let v = 2;
    const m = this.r + MARGIN;
    for (let k = 0; k !== this.listed; ++k) {
      const o = this.list[k]!;
      if (o < this.blocks) {
        for (let c = 0; c !== 4; ++c) {
          const x = c & 1 ? b.tx1[o]! + m : b.tx0[o]! - m;
          const y = c & 2 ? b.ty1[o]! + m : b.ty0[o]! - m;
          if (this.free(x, y)) {
            nx[v] = x;
            ny[v++] = y;
          }
        }
      } else {
        const f = o - this.blocks;
        const rad = (this.r + b.r[f]! + MARGIN) * OCT_OUT;
        for (let c = 0; c !== OCT; ++c) {
          const x = b.x[f]! + rad * OCT_COS[c]!;
          const y = b.y[f]! + rad * OCT_SIN[c]!;
          if (this.free(x, y)) {
            nx[v] = x;
            ny[v++] = y;
          }
        }
      }
    }
    const dist = this.dist;
    const h = this.h;
    for (let k = 0; k !== v; ++k) {
      dist[k] = Infinity;
      this.prev[k] = -1;
      this.done[k] = 0;
      // The heuristic (straight-line distance to the goal), once per node.
      h[k] = Math.sqrt((qx - nx[k]!) ** 2 + (qy - ny[k]!) ** 2);
    }
    dist[0] = 0;
    for (;;) {
      let u = -1;
      let best = Infinity;
      for (let k = 0; k !== v; ++k) {
        if (this.done[k] === 1 || dist[k] === Infinity) continue;
        const f = dist[k]! + h[k]!;
        if (f < best) {
          best = f;
          u = k;
        }
      }
      if (u < 0) return false;
      if (u === 1) break;
      this.done[u] = 1;
      for (let k = 1; k !== v; ++k) {
        if (this.done[k] === 1) continue;
        const d = dist[u]! + Math.sqrt((nx[k]! - nx[u]!) ** 2 + (ny[k]! - ny[u]!) ** 2);
        if (d < dist[k]! && this.clear(nx[u]!, ny[u]!, nx[k]!, ny[k]!)) {
          dist[k] = d;
          this.prev[k] = u;
        }
      }
    }
    let n = 0;
    for (let k = 1; k >= 0 && n < MAX_POINTS; k = this.prev[k]!) this.chain[n++] = k;
    if (n > MAX_POINTS || this.chain[n - 1] !== 0) return false;
    for (let k = 0; k !== n; ++k) {
      const node = this.chain[n - 1 - k]!;
      this.px[k] = nx[node]!;
      this.py[k] = ny[node]!;
    }
    this.count = n;
    this.length = dist[1]!;
    return true;
  }
}
