/**
 * What one attack of one creature on another is worth, from its exact outcome distribution
 * (exact.ts): the chance it drops a target with h HP and the damage that counts against h HP.
 * Built once per (attacker, target, Edge) and fight spec; policies read them in O(1).
 */
import { d20Exact } from '../exact.js';
import type { D20AttackSpec } from '../rules.js';

export class AttackOdds {
  /** tail[h] = P(damage >= h), h = 0 .. maxDamage + 1. */
  private readonly tail: Float64Array;
  /** upTo[h] = E[min(damage, h)], h = 0 .. maxDamage + 1. */
  private readonly upTo: Float64Array;
  /** E[damage], misses counted as 0. */
  readonly mean: number;
  private readonly top: number;

  constructor(spec: D20AttackSpec) {
    const dist = d20Exact(spec);
    const stride = spec.maxDamage + 1;
    const p = new Float64Array(stride);
    for (let code = 0; code < dist.length; code++) p[code % stride] = p[code % stride]! + dist[code]!;
    this.top = stride;
    this.tail = new Float64Array(stride + 1);
    for (let h = stride - 1; h >= 0; h--) this.tail[h] = this.tail[h + 1]! + p[h]!;
    this.upTo = new Float64Array(stride + 1);
    for (let h = 1; h <= stride; h++) this.upTo[h] = this.upTo[h - 1]! + this.tail[h]!;
    this.mean = this.upTo[stride]!;
  }

  /** P(the attack drops a creature with h >= 1 HP left). */
  drops(h: number): number {
    return h >= this.top ? 0 : this.tail[h]!;
  }

  /** E[min(damage, h)]: the damage that counts against h HP. */
  dealt(h: number): number {
    return h >= this.top ? this.mean : this.upTo[h]!;
  }

  /** E[damage | the attack does not drop a creature with h HP]: what it takes off when it leaves it standing. */
  chip(h: number): number {
    if (h >= this.top) return this.mean;
    const stays = 1 - this.tail[h]!;
    return stays > 1e-12 ? (this.upTo[h]! - h * this.tail[h]!) / stays : 0;
  }
}
