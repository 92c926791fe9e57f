/**
 * Random numbers for the whole project.
 *
 * - `Xoshiro128ss`: xoshiro128** (Blackman & Vigna), 32-bit output, 128-bit state. Used by the
 *   readable per-die reference code. The hot kernels inline the very same recurrence with the
 *   state in local variables (see systems/skirmish/kernel.ts); both draw identical streams.
 * - `deriveStream`: SplitMix64 mixing of (seed, stream key, chunk index) into a 128-bit state, so
 *   each chunk of each task has its own independent, reproducible stream.
 */

/** A source of uniform 32-bit unsigned integers. */
export interface Rng {
  nextU32(): number;
}

/** The four 32-bit state words of xoshiro128**. */
export type StreamState = readonly [number, number, number, number];

const MASK64 = (1n << 64n) - 1n;

function splitmix64(state: bigint): [bigint, bigint] {
  const next = (state + 0x9e3779b97f4a7c15n) & MASK64;
  let z = next;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return [next, z ^ (z >> 31n)];
}

/**
 * Derives the xoshiro128** state of one stream from the study seed and any number of integer
 * keys (task stream key, chunk index...). Pure; never returns the all-zero state.
 */
export function deriveStream(seed: number | bigint, ...keys: readonly number[]): StreamState {
  let s = BigInt.asUintN(64, BigInt(seed));
  let out: bigint;
  [s, out] = splitmix64(s);
  for (const key of keys) {
    [s, out] = splitmix64((out ^ BigInt.asUintN(64, BigInt(key))) & MASK64);
  }
  const words: number[] = [];
  for (let i = 0; i < 2; i++) {
    [s, out] = splitmix64(s);
    words.push(Number(out & 0xffffffffn), Number(out >> 32n));
  }
  if ((words[0]! | words[1]! | words[2]! | words[3]!) === 0) words[0] = 1;
  return [words[0]! >>> 0, words[1]! >>> 0, words[2]! >>> 0, words[3]! >>> 0];
}

/** FNV-1a 32-bit hash of a string: turns a task's identity into a stream key. */
export function hashKey(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** xoshiro128** as an object; the hot loops inline the same steps. */
export class Xoshiro128ss implements Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(state: StreamState) {
    this.s0 = state[0] | 0;
    this.s1 = state[1] | 0;
    this.s2 = state[2] | 0;
    this.s3 = state[3] | 0;
  }

  nextU32(): number {
    const s1 = this.s1;
    const r = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return r >>> 0;
  }

  /** Continues from a state held in an Int32Array (the engine's chunk stream). */
  setState(state: Int32Array): void {
    this.s0 = state[0]! | 0;
    this.s1 = state[1]! | 0;
    this.s2 = state[2]! | 0;
    this.s3 = state[3]! | 0;
  }

  /** Writes the current state back, so the caller's stream advances. */
  saveState(state: Int32Array): void {
    state[0] = this.s0;
    state[1] = this.s1;
    state[2] = this.s2;
    state[3] = this.s3;
  }

  state(): StreamState {
    return [this.s0 >>> 0, this.s1 >>> 0, this.s2 >>> 0, this.s3 >>> 0];
  }
}

/**
 * A 32-bit key of where a stream stands, without drawing from it (the search player keys each
 * fight's play-outs by it: the same fight, the same key, on any worker).
 */
export function streamKeyOf(rng: Xoshiro128ss): number {
  const [a, b, c, d] = rng.state();
  return (a ^ Math.imul(b, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b) ^ Math.imul(d, 0xc2b2ae35)) >>> 0;
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** 2^31: the range of the 31-bit uniforms used to pick faces. */
export const U31 = 2147483648;

/**
 * The face of an n-sided die from one 32-bit draw: floor(u31 * n / 2^31) + 1 with u31 the top 31
 * bits. (Bias from 2^31 not being a multiple of n is below 1e-8 and ignored.)
 */
export function faceOf(u32: number, sides: number): number {
  return Math.floor(((u32 >>> 1) * sides) / U31) + 1;
}

/**
 * The smallest 31-bit uniform whose face is at least `face`: face(u) >= f exactly when
 * (u32 >>> 1) >= faceCut(f, n). faceCut(1) = 0 (always), faceCut(n + 1) = 2^31 (never).
 */
export function faceCut(face: number, sides: number): number {
  if (face <= 1) return 0;
  if (face > sides) return U31;
  return Math.ceil(((face - 1) * U31) / sides);
}
