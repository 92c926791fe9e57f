/**
 * The board of one battle: every fighter's position, base and state in typed arrays (allocated
 * once per task), terrain rectangles, and the geometric questions the rules ask: engagement,
 * line of sight, cover, range and legal targets, and straight moves that stop at bases, block
 * terrain and the board's edge.
 */
import { ACTIVE, DOWNED, OUT_OF_ACTION } from '../profile.js';
import { checkFace } from '../sequence.js';
import { weaponInfo, type WeaponInfo } from '../duel/setup.js';
import { basePool } from '../sequence.js';
import { UNARMED } from '../resolve.js';
import type { Loadout } from '../profile.js';
import { baseGap, pointRectGap, rayCircleContact, rayRectEntry, segmentHitsRect, segmentNearPoint } from './geometry.js';
import { TACTICAL, type BattleSpec } from './setup.js';

import { ENGAGEMENT, HIDDEN_RANGE, shotLegal } from '../fight-rules.js';

export { ENGAGEMENT, HIDDEN_RANGE };
const EPS = 1e-9;

export class Board {
  readonly n: number;
  /** Fighters 0..nA-1 are side a, nA..n-1 side b. */
  readonly nA: number;
  readonly loadouts: readonly Loadout[];
  readonly labels: readonly string[];
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly r: Float64Array;
  readonly side: Uint8Array;
  readonly state: Uint8Array;
  readonly woundsLeft: Int32Array;
  readonly wounds: Int32Array;
  readonly movement: Float64Array;
  readonly skillFace: Int32Array;
  /** Attack dice of the fighter's first weapon (for the `most-dangerous` side policy). */
  readonly danger: Float64Array;
  readonly policy: Int32Array;
  readonly weapons: readonly (readonly WeaponInfo[])[];
  /** Index of the Melee weapon (the first melee one, else the appended bare hands). */
  readonly meleeWeapon: Int32Array;
  /** Index of the first Ranged or Cast weapon, or -1. */
  readonly shooting: Int32Array;
  /** Keyword `gunslinger`: a Ranged action fires every Ranged weapon that can (seed 002), as in duels. */
  readonly gunslinger: Uint8Array;
  readonly primary: Int32Array;
  readonly braced: Uint8Array;
  readonly aimed: Uint8Array;
  readonly moved: Uint8Array;
  readonly fired: Uint8Array;
  readonly hidden: Uint8Array;
  readonly activated: Uint8Array;
  /** Terrain rectangles [x0, y0, x1, y1] and whether each blocks line of sight. */
  readonly tx0: Float64Array;
  readonly ty0: Float64Array;
  readonly tx1: Float64Array;
  readonly ty1: Float64Array;
  readonly tblock: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** Knobs and side policies read in hot paths, copied out of the spec. */
  readonly stunnedActs: boolean;
  /** Knob failedRetreat `stays`: a failed Retreat keeps the fighter engaged. */
  readonly failedStays: boolean;
  readonly stepPerHit: boolean;
  readonly split: boolean;
  /** Knob rangedInMelee `forbidden`: no Ranged weapon fires within 1" of an Active enemy (spells still cast). */
  readonly noRangedInMelee: boolean;
  /** Knob freeAttackEngaged `active`: only an Active friend of a retreater keeps an enemy from its free attack. */
  readonly engagedActiveOnly: boolean;
  /** Knob castAttack `ranged`: a Cast that goes off has friendly fire (and is Dodged: spec.ts). */
  readonly castRanged: boolean;
  readonly sideRule: Int32Array;
  /** Per side, 1 when any of its fighters plays `tactical` (its Pass rule is tactical's). */
  readonly tacticalSide: Uint8Array;
  /** Scratch flags: the legal targets found by rangedTargets(). */
  readonly candidate: Uint8Array;
  /** gaps[i * n + j]: base-to-base distance, kept current by every move (see placed()). */
  readonly gaps: Float64Array;
  /** The deployment of the last deploy() call (positions and gaps), copied back by the next one with the same spacing. */
  private readonly deployed: { gap: number; readonly x: Float64Array; readonly y: Float64Array; readonly gaps: Float64Array };

  constructor(readonly spec: BattleSpec) {
    const all = [...spec.sides[0], ...spec.sides[1]];
    const n = all.length;
    this.n = n;
    this.nA = spec.sides[0].length;
    this.loadouts = all.map((f) => ({ ...f.loadout, weapons: [...f.loadout.weapons, UNARMED] }));
    this.labels = uniqueLabels(spec);
    this.x = new Float64Array(n);
    this.y = new Float64Array(n);
    this.r = Float64Array.from(all, (f) => f.base / 2);
    this.side = Uint8Array.from(all, (_, i) => (i < this.nA ? 0 : 1));
    this.state = new Uint8Array(n);
    this.woundsLeft = new Int32Array(n);
    this.wounds = Int32Array.from(all, (f) => f.loadout.fighter.wounds);
    this.movement = Float64Array.from(all, (f) => f.loadout.fighter.movement);
    this.skillFace = Int32Array.from(all, (f) => checkFace(f.loadout.fighter.skill));
    this.danger = Float64Array.from(all, (f) => {
      const p = basePool(f.loadout, f.loadout.weapons[0] ?? UNARMED);
      return p.might + p.skill;
    });
    this.policy = Int32Array.from(all, (f) => f.policy);
    this.weapons = this.loadouts.map((l) => l.weapons.map((w) => weaponInfo(w, spec.knobs)));
    this.meleeWeapon = Int32Array.from(this.weapons, (ws) => ws.findIndex((w) => w.kind === 'melee'));
    this.shooting = Int32Array.from(this.weapons, (ws) => ws.findIndex((w) => w.kind !== 'melee'));
    this.gunslinger = Uint8Array.from(all, (f) => (f.loadout.fighter.keywords.some((k) => k.toLowerCase() === 'gunslinger') ? 1 : 0));
    this.primary = new Int32Array(n);
    this.braced = new Uint8Array(n);
    this.aimed = new Uint8Array(n);
    this.moved = new Uint8Array(n);
    this.fired = new Uint8Array(n);
    this.hidden = new Uint8Array(n);
    this.activated = new Uint8Array(n);
    this.candidate = new Uint8Array(n);
    this.gaps = new Float64Array(n * n);
    this.deployed = { gap: NaN, x: new Float64Array(n), y: new Float64Array(n), gaps: new Float64Array(n * n) };
    const t = spec.settings.terrain;
    this.tx0 = Float64Array.from(t, (r) => r.at[0]);
    this.ty0 = Float64Array.from(t, (r) => r.at[1]);
    this.tx1 = Float64Array.from(t, (r) => r.at[0] + r.size[0]);
    this.ty1 = Float64Array.from(t, (r) => r.at[1] + r.size[1]);
    this.tblock = Uint8Array.from(t, (r) => (r.kind === 'block' ? 1 : 0));
    [this.width, this.height] = spec.settings.board;
    this.stunnedActs = spec.knobs.stunnedActs;
    this.failedStays = spec.knobs.failedRetreat === 'stays';
    this.stepPerHit = spec.knobs.stepPerHit;
    this.split = spec.knobs.multipleEngagement === 'split';
    this.noRangedInMelee = spec.knobs.rangedInMelee === 'forbidden';
    this.engagedActiveOnly = spec.knobs.freeAttackEngaged === 'active';
    this.castRanged = spec.knobs.castAttack === 'ranged';
    this.sideRule = Int32Array.from(spec.sidePolicies);
    this.tacticalSide = Uint8Array.from([0, 1], (s) => (spec.sides[s]!.some((f) => f.policy === TACTICAL) ? 1 : 0));
  }

  /**
   * Deployment: side a's bases touch the line y = H/2 - distance/2 from below, side b's the line
   * y = H/2 + distance/2 from above; each side in roster order along x, centred on the board,
   * DEPLOY_GAP inches between neighbouring bases.
   */
  deploy(gap: number): void {
    const done = this.deployed;
    if (gap === done.gap) {
      // Every battle starts from the same deployment: copy it rather than measure it again.
      this.x.set(done.x);
      this.y.set(done.y);
      this.gaps.set(done.gaps);
      return;
    }
    const mid = this.height / 2;
    const d = this.spec.settings.distance;
    for (let s = 0; s < 2; s++) {
      const from = s === 0 ? 0 : this.nA;
      const to = s === 0 ? this.nA : this.n;
      let span = 0;
      for (let i = from; i < to; i++) span += 2 * this.r[i]! + (i > from ? gap : 0);
      let at = (this.width - span) / 2;
      for (let i = from; i < to; i++) {
        const r = this.r[i]!;
        this.x[i] = at + r;
        at += 2 * r + gap;
        this.y[i] = s === 0 ? mid - d / 2 - r : mid + d / 2 + r;
      }
    }
    for (let i = 0; i !== this.n; ++i) this.placed(i);
    done.x.set(this.x);
    done.y.set(this.y);
    done.gaps.set(this.gaps);
    done.gap = gap;
  }

  /** Copies positions, states and per-fighter flags from another board of the same spec. */
  copyBoard(o: Board): void {
    for (const k of ['x', 'y', 'state', 'woundsLeft', 'primary', 'braced', 'aimed', 'moved', 'fired', 'hidden', 'activated', 'gaps'] as const) {
      (this[k] as Float64Array).set(o[k] as Float64Array);
    }
  }

  /** Fighter i was put somewhere: its row and column of the gap table are measured again. */
  placed(i: number): void {
    const n = this.n;
    const xi = this.x[i]!;
    const yi = this.y[i]!;
    const ri = this.r[i]!;
    for (let j = 0; j !== n; ++j) {
      const g = j === i ? 0 : baseGap(xi, yi, ri, this.x[j]!, this.y[j]!, this.r[j]!);
      this.gaps[i * n + j] = g;
      this.gaps[j * n + i] = g;
    }
  }

  /** First fighter index of side s. */
  from(s: number): number {
    return s === 0 ? 0 : this.nA;
  }

  /** One past the last fighter index of side s. */
  to(s: number): number {
    return s === 0 ? this.nA : this.n;
  }

  gap(i: number, j: number): number {
    return this.gaps[i * this.n + j]!;
  }

  /** Whether any fighter of the other side in one of the given states is within 1" of i. */
  engaged(i: number, activeOnly: boolean): boolean {
    for (let j = this.from(1 - this.side[i]!), end = this.to(1 - this.side[i]!); j !== end; ++j) {
      if (this.state[j] === OUT_OF_ACTION) continue;
      if (activeOnly && this.state[j] !== ACTIVE) continue;
      if (withinEngagement(this.gap(i, j))) return true;
    }
    return false;
  }

  /** Active fighters of the other side within 1" of i. */
  engagedActive(i: number): number {
    let k = 0;
    for (let j = this.from(1 - this.side[i]!), end = this.to(1 - this.side[i]!); j !== end; ++j) {
      if (this.state[j] === ACTIVE && withinEngagement(this.gap(i, j))) k++;
    }
    return k;
  }

  /** Gang Up: another Active fighter of i's side is within 1" of the enemy t. */
  gangUp(i: number, t: number): boolean {
    for (let k = this.from(this.side[i]!), end = this.to(this.side[i]!); k !== end; ++k) {
      if (k !== i && this.state[k] === ACTIVE && withinEngagement(this.gap(k, t))) return true;
    }
    return false;
  }

  /** Mercy Kill's restriction: no Active or Downed enemy other than t within 1" of i. */
  mercyAllowed(i: number, t: number): boolean {
    for (let j = this.from(1 - this.side[i]!), end = this.to(1 - this.side[i]!); j !== end; ++j) {
      if (j === t) continue;
      const st = this.state[j];
      if ((st === ACTIVE || st === DOWNED) && withinEngagement(this.gap(i, j))) return false;
    }
    return true;
  }

  /** Line of sight from i to t: no block terrain and no other enemy base (of i) across the centre line. */
  lineOfSight(i: number, t: number): boolean {
    const ax = this.x[i]!;
    const ay = this.y[i]!;
    const bx = this.x[t]!;
    const by = this.y[t]!;
    for (let k = 0; k !== this.tblock.length; ++k) {
      if (this.tblock[k] === 1 && segmentHitsRect(ax, ay, bx, by, this.tx0[k]!, this.ty0[k]!, this.tx1[k]!, this.ty1[k]!)) return false;
    }
    for (let k = this.from(1 - this.side[i]!), end = this.to(1 - this.side[i]!); k !== end; ++k) {
      if (k === t || this.state[k] === OUT_OF_ACTION) continue;
      if (segmentNearPoint(ax, ay, bx, by, this.x[k]!, this.y[k]!, this.r[k]!)) return false;
    }
    return true;
  }

  /**
   * Cover of t against i's Ranged or Cast attack: 0 none; 1 when cover terrain more than 1" from i
   * lies across the centre line; 2 when t is also within 1" of that terrain.
   */
  cover(i: number, t: number): number {
    let best = 0;
    const ax = this.x[i]!;
    const ay = this.y[i]!;
    const bx = this.x[t]!;
    const by = this.y[t]!;
    for (let k = 0; k !== this.tblock.length; ++k) {
      if (this.tblock[k] === 1) continue;
      const x0 = this.tx0[k]!;
      const y0 = this.ty0[k]!;
      const x1 = this.tx1[k]!;
      const y1 = this.ty1[k]!;
      if (!segmentHitsRect(ax, ay, bx, by, x0, y0, x1, y1)) continue;
      if (pointRectGap(ax, ay, x0, y0, x1, y1) - this.r[i]! <= ENGAGEMENT) continue;
      const c = pointRectGap(bx, by, x0, y0, x1, y1) - this.r[t]! <= ENGAGEMENT ? 2 : 1;
      if (c > best) best = c;
    }
    return best;
  }

  /** Within 1" of any terrain (Hide). */
  nearTerrain(i: number): boolean {
    for (let k = 0; k !== this.tblock.length; ++k) {
      if (pointRectGap(this.x[i]!, this.y[i]!, this.tx0[k]!, this.ty0[k]!, this.tx1[k]!, this.ty1[k]!) - this.r[i]! <= ENGAGEMENT) return true;
    }
    return false;
  }

  /**
   * The shared legality rule (fight-rules.ts: range, Hidden, heavy after moving in this activation,
   * `moved` being reset at every activation) plus line of sight, for i's ranged weapon or spell against t.
   */
  canShootAt(i: number, t: number, reaction: boolean): boolean {
    void reaction;
    return this.canShootWith(i, this.shooting[i]!, t);
  }

  /** canShootAt() for i's weapon v (a gunslinger's other guns). */
  canShootWith(i: number, v: number, t: number): boolean {
    const w = this.weapons[i]![v];
    if (w === undefined || this.side[t] === this.side[i] || this.state[t] === OUT_OF_ACTION) return false;
    if (!shotLegal(w, this.gap(i, t), this.hidden[t] === 1, this.moved[i] === 1)) return false;
    if (this.noRangedInMelee && w.ranged && this.engaged(i, true)) return false;
    return this.lineOfSight(i, t);
  }

  /**
   * Marks in `candidate` the fighters i may target with a Ranged or Cast attack: range, line of
   * sight, Hidden; then Downed and Stunned ones only while no Active one is eligible. Returns how many.
   */
  rangedTargets(i: number, reaction: boolean): number {
    let active = 0;
    let any = 0;
    // Only enemies can be targets: i's own side is marked 0 without asking.
    const own = this.side[i]!;
    for (let t = this.from(own), end = this.to(own); t !== end; ++t) this.candidate[t] = 0;
    const from = this.from(1 - own);
    const to = this.to(1 - own);
    for (let t = from; t !== to; ++t) {
      const ok = this.canShootAt(i, t, reaction);
      this.candidate[t] = ok ? 1 : 0;
      if (ok) {
        any++;
        if (this.state[t] === ACTIVE) active++;
      }
    }
    if (active === 0 || active === any) return any;
    for (let t = from; t !== to; ++t) if (this.state[t] !== ACTIVE) this.candidate[t] = 0;
    return active;
  }

  /**
   * Slides i up to `length` inches along the unit direction (dx, dy). It stops at the board's edge,
   * at block terrain (at any terrain with `anyTerrain`: a Shove), at enemy bases (friendly bases
   * too unless `throughFriends`), and never ends on a friendly base.
   */
  slide(i: number, dx: number, dy: number, length: number, throughFriends: boolean, anyTerrain = false): void {
    if (length <= 0) return;
    const t = this.travel(i, dx, dy, length, throughFriends, anyTerrain);
    if (!(t > 0)) return;
    this.x[i] = this.x[i]! + dx * t;
    this.y[i] = this.y[i]! + dy * t;
    this.placed(i);
  }

  /**
   * How far slide() would take i (nothing moves). With `anyTerrain` (a Shove, seed 000: "contact
   * with terrain") `cover` terrain stops it too, at the point of contact; a `cover` piece its base
   * already overlaps (moves cross cover) does not.
   */
  travel(i: number, dx: number, dy: number, length: number, throughFriends: boolean, anyTerrain = false): number {
    const px = this.x[i]!;
    const py = this.y[i]!;
    const ri = this.r[i]!;
    let t = length;
    t = Math.min(t, edgeLimit(px, dx, ri, this.width), edgeLimit(py, dy, ri, this.height));
    for (let k = 0; k !== this.tblock.length; ++k) {
      if (this.tblock[k] !== 1) {
        if (!anyTerrain || pointRectGap(px, py, this.tx0[k]!, this.ty0[k]!, this.tx1[k]!, this.ty1[k]!) < ri - EPS) continue;
      }
      t = Math.min(t, rayRectEntry(px, py, dx, dy, this.tx0[k]! - ri, this.ty0[k]! - ri, this.tx1[k]! + ri, this.ty1[k]! + ri));
    }
    // Bases in the way: every other base, or only the enemies' when passing through friends (the
    // minimum does not depend on the order in which they are taken).
    const own = this.side[i]!;
    const from = throughFriends ? this.from(1 - own) : 0;
    const to = throughFriends ? this.to(1 - own) : this.n;
    for (let k = from; k !== to; ++k) {
      if (k === i || this.state[k] === OUT_OF_ACTION) continue;
      t = Math.min(t, rayCircleContact(px, py, dx, dy, this.x[k]!, this.y[k]!, ri + this.r[k]!));
    }
    // Through friends: not ending on one (back off to the contact with the one it would end on).
    for (let guard = 0; throughFriends && guard < this.n; guard++) {
      let back = t;
      const fx = px + dx * t;
      const fy = py + dy * t;
      for (let k = this.from(own), end = this.to(own); k !== end; ++k) {
        if (k === i || this.state[k] === OUT_OF_ACTION) continue;
        const ex = fx - this.x[k]!;
        const ey = fy - this.y[k]!;
        const reach = ri + this.r[k]!;
        if (ex * ex + ey * ey < reach * reach - EPS) back = Math.min(back, rayCircleContact(px, py, dx, dy, this.x[k]!, this.y[k]!, reach));
      }
      if (back === t) break; // back <= t, which is finite (at most `length`)
      t = back;
    }
    return t;
  }

  /** Whether a Charge of i straight at t (up to its Movement) would end within 1" of an enemy. */
  canCharge(i: number, t: number): boolean {
    // A straight move of Movement cannot end within 1" of t from further away (nor of an enemy on
    // the way: the Move the policy falls back to stops at that enemy just the same).
    const gap = this.gap(i, t);
    if (gap > this.movement[i]! + ENGAGEMENT + EPS) return false;
    // The straight move, measured without moving: it reaches 1" of t unless something stops it first.
    const dx = this.x[t]! - this.x[i]!;
    const dy = this.y[t]! - this.y[i]!;
    const d = Math.sqrt(dx * dx + dy * dy);
    const want = Math.min(this.movement[i]!, gap);
    if (d > 0 && withinEngagement(gap - this.travel(i, dx / d, dy / d, want, true))) return true;
    const x = this.x[i]!;
    const y = this.y[i]!;
    this.moveToward(i, t, this.movement[i]!, true);
    const ok = withinEngagement(this.gap(i, t)) || this.engaged(i, false);
    this.x[i] = x;
    this.y[i] = y;
    this.placed(i);
    return ok;
  }

  /**
   * Whether a Charge of i at t (the engine's: moveToward with its whole Movement) would end within
   * 1" of t where i may Mercy Kill it: no other Active or Downed enemy within 1" (seed 002). Measured
   * by making the move and putting i back.
   */
  chargeFinishes(i: number, t: number): boolean {
    if (this.gap(i, t) > this.movement[i]! + ENGAGEMENT + EPS) return false;
    const x = this.x[i]!;
    const y = this.y[i]!;
    this.moveToward(i, t, this.movement[i]!, true);
    const ok = withinEngagement(this.gap(i, t)) && this.mercyAllowed(i, t);
    this.moveBack(i, x, y);
    return ok;
  }

  /**
   * Moves i straight at t, at most `length`, stopping at base contact. A move stopped short by
   * block terrain heads instead for the corner of that wall (cleared by the base) that is
   * reachable in a straight line and shortest to t through it, preferring one from which t lies
   * past the wall in a straight line, then on towards t with what is left of `length` (round the
   * wall again from there if need be, up to MAX_CORNERS more corners); one stopped short by a base tries straight lines 30, 60 and 90 degrees
   * either side and keeps the one that ends nearest to t.
   */
  moveToward(i: number, t: number, length: number, throughFriends: boolean, depth = 0): void {
    const x0 = this.x[i]!;
    const y0 = this.y[i]!;
    const before = this.gap(i, t);
    const want = Math.min(length, before);
    this.slideTo(i, this.x[t]!, this.y[t]!, want, throughFriends);
    if (before - this.gap(i, t) >= want - EPS || withinEngagement(this.gap(i, t))) return;
    if (this.aroundTerrain(i, t, x0, y0, length, throughFriends, depth)) return;
    this.sidestep(i, t, x0, y0, length, throughFriends);
  }

  /** Slides i straight towards the point (px, py), at most `length`. */
  private slideTo(i: number, px: number, py: number, length: number, throughFriends: boolean): void {
    const dx = px - this.x[i]!;
    const dy = py - this.y[i]!;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d > 0) this.slide(i, dx / d, dy / d, Math.min(length, d), throughFriends);
  }

  /** Puts i at (x, y): a destination a legal path reaches (menu.ts), or back where it stood. */
  moveTo(i: number, x: number, y: number): void {
    this.x[i] = x;
    this.y[i] = y;
    this.placed(i);
  }

  private moveBack(i: number, x: number, y: number): void {
    this.x[i] = x;
    this.y[i] = y;
    this.placed(i);
  }

  private aroundTerrain(i: number, t: number, x0: number, y0: number, length: number, throughFriends: boolean, depth: number): boolean {
    const m = this.r[i]! + 0.01;
    const tx = this.x[t]!;
    const ty = this.y[t]!;
    let bestX = 0;
    let bestY = 0;
    let bestCost = Infinity;
    // Corners from which the target lies past the wall in a straight line come first (`clear`).
    let bestClear = false;
    // Only the wall that stopped the straight move (its edge, widened by the base, lies where the
    // move ended) is gone round; a move stopped by a base sidesteps instead, walls elsewhere or not.
    const sx = tx - x0;
    const sy = ty - y0;
    const sd = Math.sqrt(sx * sx + sy * sy);
    const moved = Math.sqrt((this.x[i]! - x0) ** 2 + (this.y[i]! - y0) ** 2);
    // Each corner is probed from (x0, y0) without placing the base (travel() reads positions, not gaps).
    this.x[i] = x0;
    this.y[i] = y0;
    const ri = this.r[i]!;
    for (let k = 0; k !== this.tblock.length; ++k) {
      if (this.tblock[k] !== 1) continue;
      if (rayRectEntry(x0, y0, sx / sd, sy / sd, this.tx0[k]! - ri, this.ty0[k]! - ri, this.tx1[k]! + ri, this.ty1[k]! + ri) > moved + 1e-6) continue;
      for (let c = 0; c !== 4; ++c) {
        const cx = c & 1 ? this.tx1[k]! + m : this.tx0[k]! - m;
        const cy = c & 2 ? this.ty1[k]! + m : this.ty0[k]! - m;
        const dc = Math.sqrt((cx - x0) ** 2 + (cy - y0) ** 2);
        // A corner off the board (closer than m to an edge) fails the probe below: the board's edge stops the base first.
        if (dc < 0.05) continue;
        // What slideTo(i, cx, cy, dc) would do: slide along the unit vector to the corner.
        const dx = cx - x0;
        const dy = cy - y0;
        const d = Math.sqrt(dx * dx + dy * dy);
        // d > 0 (dc >= 0.05); a probe of 0 leaves the base where it is.
        const ux = dx / d;
        const uy = dy / d;
        const step = this.probe(i, ux, uy, Math.min(dc, d), throughFriends);
        if (Math.abs(x0 + ux * step - cx) + Math.abs(y0 + uy * step - cy) > 1e-6) continue;
        // A corner from which the line to the target runs back into this wall is taken only when no
        // corner has a clear line on (it may still lead round: the Move goes on from it, below).
        const onward = Math.sqrt((tx - cx) ** 2 + (ty - cy) ** 2);
        const clear = !(onward > 0 && rayRectEntry(cx, cy, (tx - cx) / onward, (ty - cy) / onward, this.tx0[k]! - ri, this.ty0[k]! - ri, this.tx1[k]! + ri, this.ty1[k]! + ri) < onward);
        const cost = dc + onward;
        if ((clear && !bestClear) || (clear === bestClear && cost < bestCost)) {
          bestCost = cost;
          bestX = cx;
          bestY = cy;
          bestClear = clear;
        }
      }
    }
    this.moveBack(i, x0, y0);
    if (bestCost === Infinity) return false;
    const dc = Math.sqrt((bestX - x0) ** 2 + (bestY - y0) ** 2);
    this.slideTo(i, bestX, bestY, length, throughFriends);
    // What is left of the Move goes on from the corner, round the wall again if it must (a few corners at most).
    if (length > dc) {
      if (depth < MAX_CORNERS) this.moveToward(i, t, length - dc, throughFriends, depth + 1);
      else this.slideTo(i, tx, ty, Math.min(length - dc, this.gap(i, t)), throughFriends);
    }
    return true;
  }

  private sidestep(i: number, t: number, x0: number, y0: number, length: number, throughFriends: boolean): void {
    const dx = this.x[t]! - x0;
    const dy = this.y[t]! - y0;
    const d = Math.sqrt(dx * dx + dy * dy);
    const tx = this.x[t]!;
    const ty = this.y[t]!;
    const ri = this.r[i]!;
    const rt = this.r[t]!;
    let best = -1;
    let bestGap = this.gap(i, t);
    // Each direction is probed from (x0, y0) without placing the base: the gap to t where the
    // slide would end, measured as placed() would measure it.
    this.x[i] = x0;
    this.y[i] = y0;
    for (let k = 0; k !== SIDESTEPS.length; ++k) {
      const c = SIDESTEP_COS[k]!;
      const s = SIDESTEPS[k]!;
      const ux = (dx * c - dy * s) / d;
      const uy = (dx * s + dy * c) / d;
      const step = this.probe(i, ux, uy, length, throughFriends);
      const g = step > 0 ? baseGap(x0 + ux * step, y0 + uy * step, ri, tx, ty, rt) : baseGap(x0, y0, ri, tx, ty, rt);
      if (g < bestGap - EPS) {
        best = k;
        bestGap = g;
      }
    }
    this.moveBack(i, x0, y0);
    if (best < 0) this.slideTo(i, this.x[t]!, this.y[t]!, Math.min(length, this.gap(i, t)), throughFriends);
    else this.slide(i, (dx * SIDESTEP_COS[best]! - dy * SIDESTEPS[best]!) / d, (dx * SIDESTEPS[best]! + dy * SIDESTEP_COS[best]!) / d, length, throughFriends);
  }

  /** How far slide() would move i along (dx, dy) (0 when it would not move); nothing moves. */
  private probe(i: number, dx: number, dy: number, length: number, throughFriends: boolean): number {
    if (length <= 0) return 0;
    const t = this.travel(i, dx, dy, length, throughFriends);
    return t > 0 ? t : 0;
  }

  /** Moves i directly away from t, at most `length` (stopping at any terrain with `anyTerrain`: a Shove). */
  moveAway(i: number, t: number, length: number, throughFriends: boolean, anyTerrain = false): void {
    let dx = this.x[i]! - this.x[t]!;
    let dy = this.y[i]! - this.y[t]!;
    let d = Math.sqrt(dx * dx + dy * dy);
    if (d === 0) [dx, dy, d] = [0, this.side[i] === 0 ? -1 : 1, 1];
    this.slide(i, dx / d, dy / d, length, throughFriends, anyTerrain);
  }
}

/** How many more corners one Move may go round after the first. */
const MAX_CORNERS = 3;

/** Sines and cosines of the sidestep directions, in the order tried (+-30, +-60, +-90 degrees). */
const SIDESTEPS = Float64Array.from([30, -30, 60, -60, 90, -90], (a) => Math.sin((a * Math.PI) / 180));
const SIDESTEP_COS = Float64Array.from([30, -30, 60, -60, 90, -90], (a) => Math.cos((a * Math.PI) / 180));

/** Within 1" (engagement range; "within" includes equality, seed 002), allowing for rounding. */
function withinEngagement(gap: number): boolean {
  return gap <= ENGAGEMENT + EPS;
}

/** How far a base of radius r at coordinate p can go along direction component d inside [0, size]. */
function edgeLimit(p: number, d: number, r: number, size: number): number {
  if (d > 0) return Math.max(0, (size - r - p) / d);
  if (d < 0) return Math.max(0, (r - p) / d);
  return Infinity;
}

/**
 * The fighters' trace labels, unique across the sides: a label that both sides have (a mirror
 * matchup: `mage` vs `mage`) becomes `a:mage` and `b:mage`; others stay as they are.
 */
export function uniqueLabels(spec: BattleSpec): string[] {
  const a = new Set(spec.sides[0].map((f) => f.label));
  const both = new Set(spec.sides[1].map((f) => f.label).filter((l) => a.has(l)));
  return [...spec.sides[0].map((f) => (both.has(f.label) ? `a:${f.label}` : f.label)), ...spec.sides[1].map((f) => (both.has(f.label) ? `b:${f.label}` : f.label))];
}
