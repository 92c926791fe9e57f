/**
 * Dice notation for damage: terms joined by + or -, each `NdM` (N dice of M sides, N defaults
 * to 1) or a whole number: `1d8`, `2d6+1`, `1d8+1d6-1`. Parsed into dice sides and a flat part.
 */

export interface DamageDice {
  /** Sides of each die rolled (a 2d6 gives [6, 6]). */
  readonly dice: readonly number[];
  /** The flat part (+K); not doubled on a critical hit. */
  readonly flat: number;
  readonly text: string;
}

/** Bound of the flat part (+K): it sizes damage tables, and no creature has more than 1000 hp. */
export const MAX_FLAT = 1000;

/** Parses notation; returns an error message instead when it is not valid. */
export function parseDamage(text: string): DamageDice | string {
  const src = text.replace(/\s+/g, '').toLowerCase();
  if (src === '') return 'empty dice notation: write e.g. "1d8" or "2d6+1"';
  const terms = src.match(/[+-]?[^+-]+/g) ?? [];
  if (terms.join('') !== src) return `invalid dice notation "${text}": write e.g. "1d8", "2d6+1" or "1d8+1d6"`;
  const dice: number[] = [];
  let flat = 0;
  for (const term of terms) {
    const sign = term.startsWith('-') ? -1 : 1;
    const body = term.replace(/^[+-]/, '');
    const m = /^(\d*)d(\d+)$/.exec(body);
    if (m) {
      const n = m[1] === '' ? 1 : Number(m[1]);
      const sides = Number(m[2]);
      if (sign < 0) return `invalid dice notation "${text}": dice cannot be subtracted`;
      if (n < 1 || n > 20) return `invalid dice notation "${text}": 1 to 20 dice per term, received ${n}`;
      if (sides < 2 || sides > 100) return `invalid dice notation "${text}": dice have 2 to 100 sides, received d${sides}`;
      for (let i = 0; i < n; i++) dice.push(sides);
    } else if (/^\d+$/.test(body)) {
      flat += sign * Number(body);
    } else {
      return `invalid dice notation "${text}": "${term}" is neither NdM nor a number`;
    }
  }
  if (dice.length === 0) return `invalid dice notation "${text}": no dice (a flat number alone is not a weapon's damage)`;
  if (dice.length > 40) return `invalid dice notation "${text}": at most 40 dice`;
  if (Math.abs(flat) > MAX_FLAT) return `invalid dice notation "${text}": the flat part must be from -${MAX_FLAT} to ${MAX_FLAT}, received ${flat}`;
  return { dice, flat, text };
}

/** Sum distribution of the given dice: dist[s] = P(sum = s), s from 0 to the maximum. */
export function diceSumDistribution(dice: readonly number[]): Float64Array {
  let cur = new Float64Array(1);
  cur[0] = 1;
  for (const sides of dice) {
    const next = new Float64Array(cur.length + sides);
    for (let s = 0; s < cur.length; s++) {
      const p = cur[s]! / sides;
      if (p === 0) continue;
      for (let f = 1; f <= sides; f++) next[s + f] = next[s + f]! + p;
    }
    cur = next;
  }
  return cur;
}
