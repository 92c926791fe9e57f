/**
 * Shortest legal paths over a Tactical map (seed 001, Tactical Movement), for the `tactical`
 * policy: breadth-first over free Spaces (8 neighbours, a diagonal counting one Space; cover and
 * other characters block), each Space reached by its fewest steps and, among those, by the fewest
 * steps that give an enemy an Opportunity Attack (both ends inside one melee enemy's reach with a
 * clear path). One PathFinder per fight: typed arrays, no allocation per search.
 */
import { FULL } from './spec.js';
import type { FightMap } from './map.js';

/** What a search needs from the fight: positions, who threatens Opportunity Attacks, and the map. */
export interface PathView {
  readonly count: number;
  readonly sideOf: Int8Array;
  readonly x: Int16Array;
  readonly y: Int16Array;
  readonly reach: Int32Array;
  readonly map: FightMap;
  /** Would take an Opportunity Attack: in the fight, melee, not Stunned. */
  threatens(e: number): boolean;
}

export class PathFinder {
  /** Steps from the start of Spaces the last search reached (stamp[cell] === searchNo); stale elsewhere. */
  readonly dist: Int16Array;
  /** The search that last reached each Space: a new search is a new number, no clearing. */
  private readonly stamp: Int32Array;
  private searchNo = 0;
  /** Opportunity-Attack steps on the best path to each Space. */
  readonly risk: Int16Array;
  readonly prev: Int32Array;
  /** Spaces in the order the search reached them (by steps): order[0 .. reached). */
  readonly order: Int32Array;
  reached = 0;
  /** Per Space, a bit (enemy index mod 31) for each enemy whose melee reach covers it with a clear path. */
  readonly threat: Int32Array;
  /** The last path (Spaces after the start, in order): path[0 .. pathLength). */
  readonly path: Int32Array;
  pathLength = 0;
  readonly width: number;

  constructor(private readonly map: FightMap) {
    const n = map.width * map.height;
    this.width = map.width;
    this.dist = new Int16Array(n);
    this.stamp = new Int32Array(n);
    this.risk = new Int16Array(n);
    this.prev = new Int32Array(n);
    this.order = new Int32Array(n);
    this.threat = new Int32Array(n);
    this.path = new Int32Array(n);
  }

  /** Marks the Spaces each enemy of `side` threatens with an Opportunity Attack. */
  markThreats(v: PathView, side: number): void {
    const m = this.map;
    this.threat.fill(0);
    for (let e = 0; e < v.count; e++) {
      if (v.sideOf[e] === side || !v.threatens(e)) continue;
      const r = v.reach[e]!;
      const ex = v.x[e]!;
      const ey = v.y[e]!;
      const bit = 1 << (e % 31);
      for (let y = Math.max(0, ey - r); y <= Math.min(m.height - 1, ey + r); y++) {
        for (let x = Math.max(0, ex - r); x <= Math.min(m.width - 1, ex + r); x++) {
          if ((x !== ex || y !== ey) && m.path(ex, ey, x, y) !== FULL) this.threat[y * m.width + x]! |= bit;
        }
      }
    }
  }

  private head = 0;
  private maxSteps = 0;

  /**
   * Starts a breadth-first search from (sx, sy) up to `maxSteps` steps over free Spaces (the start
   * itself counts as free); next() then yields the Spaces in order. Call markThreats first for the
   * risk counts.
   */
  start(sx: number, sy: number, maxSteps: number): void {
    if (++this.searchNo === 0x7fffffff) {
      this.stamp.fill(0);
      this.searchNo = 1;
    }
    const start = sy * this.width + sx;
    this.stamp[start] = this.searchNo;
    this.dist[start] = 0;
    this.risk[start] = 0;
    this.prev[start] = -1;
    this.order[0] = start;
    this.head = 0;
    this.reached = 1;
    this.maxSteps = maxSteps;
  }

  /**
   * The next Space by steps (the start first), its neighbours queued; -1 when the search is done.
   * A Space's steps and risk are final when it comes out: every Space one step nearer came out
   * before it and offered it its risk (first in, first out).
   */
  next(): number {
    if (this.head >= this.reached) return -1;
    const c = this.order[this.head++]!;
    const d = this.dist[c]!;
    if (d >= this.maxSteps) return c;
    // FightMap.free through the map's neighbour table: off-map steps land on its always-blocked extra Space.
    const blocked = this.map.blocked;
    const nbr = this.map.neighbours;
    const threat = this.threat;
    const stamp = this.stamp;
    const dist = this.dist;
    const risk = this.risk;
    const search = this.searchNo;
    const tc = threat[c]!;
    const rc = risk[c]!;
    const d1 = d + 1;
    let tail = this.reached;
    for (let k = c * 8, end = k + 8; k < end; k++) {
      const n = nbr[k]!;
      if (blocked[n] !== 0) continue;
      const r = (tc & threat[n]!) !== 0 ? rc + 1 : rc;
      if (stamp[n] !== search) {
        stamp[n] = search;
        dist[n] = d1;
        risk[n] = r;
        this.prev[n] = c;
        this.order[tail++] = n;
      } else if (r < risk[n]! && dist[n] === d1) {
        risk[n] = r;
        this.prev[n] = c;
      }
    }
    this.reached = tail;
    return c;
  }

  /** The whole search at once: order[0 .. reached) holds every Space within maxSteps. */
  search(sx: number, sy: number, maxSteps: number): void {
    this.start(sx, sy, maxSteps);
    while (this.next() >= 0);
  }

  /** The path to Space `cell` (found by the last search) into `path`, start excluded; returns its length. */
  trace(cell: number): number {
    let n = this.dist[cell]!;
    this.pathLength = n;
    for (let c = cell; n > 0; c = this.prev[c]!) this.path[--n] = c;
    return this.pathLength;
  }
}
