/**
 * Plane geometry (Math.sqrt, not the much slower Math.hypot) of a battle board, in inches, on plain numbers (no allocation): distances
 * between round bases (closest points, seed 002 "Measuring Distances"), segments against bases
 * and terrain rectangles (line of sight, cover, friendly fire), and how far a base can slide
 * along a straight line before it touches another base or block terrain.
 */

/** Distance between the closest points of two round bases (0 when they touch or overlap). */
export function baseGap(x1: number, y1: number, r1: number, x2: number, y2: number, r2: number): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const d = Math.sqrt(dx * dx + dy * dy) - r1 - r2;
  return d > 0 ? d : 0;
}

/** Distance from a point to an axis-aligned rectangle (0 inside). */
export function pointRectGap(px: number, py: number, x0: number, y0: number, x1: number, y1: number): number {
  const dx = px < x0 ? x0 - px : px > x1 ? px - x1 : 0;
  const dy = py < y0 ? y0 - py : py > y1 ? py - y1 : 0;
  return Math.sqrt(dx * dx + dy * dy);
}

/** Whether the segment a-b passes strictly within `radius` of the point c. */
export function segmentNearPoint(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, radius: number): boolean {
  const vx = bx - ax;
  const vy = by - ay;
  const len2 = vx * vx + vy * vy;
  let t = len2 > 0 ? ((cx - ax) * vx + (cy - ay) * vy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const dx = ax + t * vx - cx;
  const dy = ay + t * vy - cy;
  return dx * dx + dy * dy < radius * radius;
}

/**
 * Where a ray from p along the unit direction (dx, dy) first enters the rectangle (Liang-Barsky),
 * as a distance along the ray; Infinity if it never does, 0 if p is inside.
 */
export function rayRectEntry(px: number, py: number, dx: number, dy: number, x0: number, y0: number, x1: number, y1: number): number {
  let tmin = 0;
  let tmax = Infinity;
  if (dx === 0) {
    if (px <= x0 || px >= x1) return Infinity;
  } else {
    const a = (x0 - px) / dx;
    const b = (x1 - px) / dx;
    tmin = Math.max(tmin, a < b ? a : b);
    tmax = Math.min(tmax, a < b ? b : a);
  }
  if (dy === 0) {
    if (py <= y0 || py >= y1) return Infinity;
  } else {
    const a = (y0 - py) / dy;
    const b = (y1 - py) / dy;
    tmin = Math.max(tmin, a < b ? a : b);
    tmax = Math.min(tmax, a < b ? b : a);
  }
  return tmin < tmax ? tmin : Infinity;
}

/** Whether the segment a-b crosses the rectangle's interior. */
export function segmentHitsRect(ax: number, ay: number, bx: number, by: number, x0: number, y0: number, x1: number, y1: number): boolean {
  const len = Math.sqrt((bx - ax) ** 2 + (by - ay) ** 2);
  if (len === 0) return ax > x0 && ax < x1 && ay > y0 && ay < y1;
  return rayRectEntry(ax, ay, (bx - ax) / len, (by - ay) / len, x0, y0, x1, y1) < len;
}

/**
 * How far a base at p can travel along the unit direction (dx, dy) before its edge touches a base
 * of radius `reach` (the sum of both radii) centred at c; Infinity if it passes clear or moves away.
 */
export function rayCircleContact(px: number, py: number, dx: number, dy: number, cx: number, cy: number, reach: number): number {
  const ox = px - cx;
  const oy = py - cy;
  const b = ox * dx + oy * dy;
  const c = ox * ox + oy * oy - reach * reach;
  if (b >= 0) return Infinity; // moving away from (or alongside) c
  if (c <= 0) return 0; // already touching: cannot move closer
  const disc = b * b - c;
  if (disc <= 0) return Infinity;
  return -b - Math.sqrt(disc);
}
