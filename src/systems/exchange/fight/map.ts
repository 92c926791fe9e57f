/**
 * Tactical Mode geometry (seed 001, Tactical Movement): 2 m Spaces, an adjacent diagonal counts
 * as one Space (Chebyshev distance), cover Spaces that block movement, and the attack path
 * (the Spaces a straight line crosses between attacker and target, Bresenham, drawn from both
 * ends: the same cover whichever of the two attacks).
 */
import { FULL, OPEN, PARTIAL } from './spec.js';

/** Spaces between two positions, a diagonal counting one. */
export function spaces(x0: number, y0: number, x1: number, y1: number): number {
  const dx = x0 > x1 ? x0 - x1 : x1 - x0;
  const dy = y0 > y1 ? y0 - y1 : y1 - y0;
  return dx > dy ? dx : dy;
}

/** Metres to whole Spaces (2 m each, rounded down). */
export function metresToSpaces(m: number): number {
  return Math.floor(m / 2);
}

/** Walk, Run and Sprint allowances in Spaces: Base Movement (halved when Slowed) x1, x2, x3 + 2 m per Skill level. */
export function allowances(baseMovement: number, slowed: boolean, sprintSkill: number): [walk: number, run: number, sprint: number] {
  const m = slowed ? baseMovement / 2 : baseMovement;
  return [metresToSpaces(m), metresToSpaces(2 * m), metresToSpaces(3 * m + 2 * sprintSkill)];
}

/**
 * The ranged band of a target `d` Spaces away: 0 within Effective Range (no penalty), 1 beyond it up
 * to Maximum Range (Disadvantage), 2 beyond Maximum Range (cannot be targeted).
 */
export function rangeBand(d: number, effective: number, maximum: number): number {
  if (d <= effective) return 0;
  if (d <= maximum) return 1;
  return 2;
}

/**
 * A Sprinting target gives ranged attacks Disadvantage while it moves, except on a straight approach
 * towards or retreat directly away from the shooter: (dx, dy) is the target's last step.
 */
export function sprintDisadvantage(moving: boolean, sx: number, sy: number, tx: number, ty: number, dx: number, dy: number): boolean {
  if (!moving) return false;
  const ux = Math.sign(tx - sx);
  const uy = Math.sign(ty - sy);
  const straight = (dx === ux && dy === uy) || (dx === -ux && dy === -uy);
  const aligned = tx === sx || ty === sy || (tx - sx === ty - sy) || (tx - sx === sy - ty);
  return !(straight && aligned);
}

/** Maps of at most this many Spaces keep a cover table (Spaces squared bytes: 4 MB at most); larger ones draw every line. */
const COVER_TABLE_MAX_SPACES = 2048;

/** Cover tables by map (size and cells), shared by every FightMap of this thread on that map (at most 8 maps kept). */
const coverTables = new Map<string, Uint8Array>();

function coverTable(width: number, height: number, cells: Uint8Array): Uint8Array {
  const id = `${width}x${height}:${cells.join('')}`;
  let t = coverTables.get(id);
  if (t === undefined) {
    if (coverTables.size >= 8) coverTables.clear();
    t = new Uint8Array(width * height * width * height);
    coverTables.set(id, t);
  }
  return t;
}

export class FightMap {
  readonly cells: Uint8Array;
  /** Fighter index + 1 standing on each Space, 0 when empty. */
  readonly occupant: Int16Array;
  /** No cover anywhere: every attack path is OPEN. */
  private readonly bare: boolean;
  /**
   * The cover table: path() of Space i to Space j at [i * Spaces + j], plus 1; 0 until first asked
   * (cover never moves, so an answer holds for the map's life; maps with the same cells share one).
   * Null on maps too large for one.
   */
  private readonly cover: Uint8Array | null;
  private readonly spaces: number;
  /**
   * 1 where a character may not enter (cover, or someone standing there), 0 where free; one more
   * entry past the map's Spaces (always 1): the Space `neighbours` gives for a step off the map.
   */
  readonly blocked: Uint8Array;
  /** blocked with nobody on the map. */
  private readonly cover0: Uint8Array;
  /** The 8 neighbours of each Space (Space * 8 + k: rows, then columns, from the top left), the off-map Space where a step leaves the map. */
  readonly neighbours: Int32Array;
  /** Column and row of each Space. */
  readonly colOf: Int16Array;
  readonly rowOf: Int16Array;

  constructor(readonly width: number, readonly height: number, cells: readonly number[]) {
    this.cells = Uint8Array.from(cells);
    const n = width * height;
    this.occupant = new Int16Array(n);
    this.spaces = n;
    this.bare = this.cells.every((c) => c === OPEN);
    this.cover = this.bare || this.spaces > COVER_TABLE_MAX_SPACES ? null : coverTable(width, height, this.cells);
    this.blocked = new Uint8Array(n + 1);
    this.cover0 = new Uint8Array(n + 1);
    for (let i = 0; i <= n; i++) this.cover0[i] = i === n || this.cells[i] !== OPEN ? 1 : 0;
    this.neighbours = new Int32Array(n * 8);
    this.colOf = new Int16Array(n);
    this.rowOf = new Int16Array(n);
    for (let i = 0; i < n; i++) {
      const x = i % width;
      const y = (i - x) / width;
      this.colOf[i] = x;
      this.rowOf[i] = y;
      let k = i * 8;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (dx === 0 && dy === 0) continue;
          this.neighbours[k++] = this.inside(x + dx, y + dy) ? (y + dy) * width + x + dx : n;
        }
      }
    }
    this.empty();
  }

  /** Nobody on the map. */
  empty(): void {
    this.occupant.fill(0);
    this.blocked.set(this.cover0);
  }

  inside(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /** A Space a character may enter: on the map, no cover, nobody standing there. */
  free(x: number, y: number): boolean {
    return this.inside(x, y) && this.blocked[y * this.width + x] === 0;
  }

  place(f: number, x: number, y: number): void {
    const i = y * this.width + x;
    this.occupant[i] = f + 1;
    this.blocked[i] = 1;
  }

  clear(x: number, y: number): void {
    const i = y * this.width + x;
    this.occupant[i] = 0;
    this.blocked[i] = this.cover0[i]!;
  }

  /**
   * The worst cover on the attack path (Spaces strictly between the two ends): OPEN, PARTIAL or FULL.
   * A Bresenham line crosses different Spaces depending on the end it starts from, so both lines are
   * drawn and the worse cover counts: the answer is the same both ways (seed 001: cover between two
   * characters, a Clash back along the same path).
   */
  path(x0: number, y0: number, x1: number, y1: number): number {
    if (this.bare) return OPEN;
    const t = this.cover;
    if (t === null) return this.draw(x0, y0, x1, y1);
    const i = (y0 * this.width + x0) * this.spaces + y1 * this.width + x1;
    const known = t[i]!;
    if (known !== 0) return known - 1;
    const c = this.draw(x0, y0, x1, y1);
    t[i] = c + 1;
    t[(y1 * this.width + x1) * this.spaces + y0 * this.width + x0] = c + 1;
    return c;
  }

  /** path() between Spaces i and j (y * width + x). */
  pathAt(i: number, j: number): number {
    if (this.bare) return OPEN;
    const t = this.cover;
    if (t !== null) {
      const known = t[i * this.spaces + j]!;
      if (known !== 0) return known - 1;
    }
    return this.path(this.colOf[i]!, this.rowOf[i]!, this.colOf[j]!, this.rowOf[j]!);
  }

  /** path() without the table: both Bresenham lines. */
  private draw(x0: number, y0: number, x1: number, y1: number): number {
    const a = this.line(x0, y0, x1, y1);
    if (a === FULL) return FULL;
    const b = this.line(x1, y1, x0, y0);
    return b > a ? b : a;
  }

  /** The worst cover on the Bresenham line from (x0, y0) to (x1, y1), ends excluded. */
  private line(x0: number, y0: number, x1: number, y1: number): number {
    const dx = Math.abs(x1 - x0);
    const dy = -Math.abs(y1 - y0);
    const sx = x0 < x1 ? 1 : -1;
    const sy = y0 < y1 ? 1 : -1;
    let err = dx + dy;
    let x = x0;
    let y = y0;
    let worst = OPEN;
    if (dx === 0 && dy === 0) return OPEN;
    for (;;) {
      const e2 = 2 * err;
      if (e2 >= dy) {
        err += dy;
        x += sx;
      }
      if (e2 <= dx) {
        err += dx;
        y += sy;
      }
      if (x === x1 && y === y1) return worst;
      const c = this.cells[y * this.width + x]!;
      if (c === FULL) return FULL;
      if (c === PARTIAL) worst = PARTIAL;
    }
  }
}
