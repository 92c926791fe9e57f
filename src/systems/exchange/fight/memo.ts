/**
 * The `tactical` player's search memo: the answer of a response or Boost search (engine.ts
 * tacticalResponse, valuedAttack) under a compact key of everything that search reads (who, dice,
 * Edges, Ready AD, Conditions, whether another attack may come), so a repeated situation costs one
 * Map read instead of a dozen value look-ups. The searches read nothing else, so an answer holds
 * for the life of the fight engine (one per task). Bounded: cleared when it reaches `limit` keys.
 */

/** Keys are exact while every field is within its range: fighters <= MEMO_MAX_FIGHTERS, Ready AD and dice < 64. */
export const MEMO_MAX_FIGHTERS = 128;
/** Entries kept per memo before it starts again (a Map of small integers: about 1 MB at most; the bench's fights use a few thousand). */
const MEMO_LIMIT = 1 << 14;

export class SearchMemo {
  private readonly answers = new Map<number, number>();

  constructor(private readonly limit = MEMO_LIMIT) {}

  get(key: number): number | undefined {
    return this.answers.get(key);
  }

  set(key: number, answer: number): void {
    if (this.answers.size >= this.limit) this.answers.clear();
    this.answers.set(key, answer);
  }

  get size(): number {
    return this.answers.size;
  }
}

/** Longest path a PlaceMemo entry keeps (a longer answer is not kept). */
const PLACE_PATH_MAX = 24;

/**
 * The answers of the `tactical` player's Space searches (engine.ts findAttackSpace, safest,
 * approachFree): the Space, the movement mode and the path there, under the whole state the search
 * reads, which the engine writes into `key` (its owner number, who moves, its allowances, every
 * fighter's Space and status). Fights from the same set-up repeat their first turns' searches, so
 * most of them become one look-up. Direct-mapped: `slots` entries of typed arrays, a colliding key
 * replaces the old one. One per thread and key length (sharedPlaceMemo): memory stays fixed however
 * many tasks a worker keeps prepared.
 */
export class PlaceMemo {
  /** The key of the current search: filled by the caller before get()/set(). */
  readonly key: Int32Array;
  private readonly keys: Int32Array;
  private readonly used: Uint8Array;
  /** Per slot: the Space (-1 none), the mode, the path's length, then the path. */
  private readonly answers: Int32Array;
  private slot = 0;
  private readonly stride = 3 + PLACE_PATH_MAX;

  constructor(readonly keyLength: number, readonly slots = 4096) {
    this.key = new Int32Array(keyLength);
    this.keys = new Int32Array(slots * keyLength);
    this.used = new Uint8Array(slots);
    this.answers = new Int32Array(slots * this.stride);
  }

  /** The slot of `key` when it holds an answer (its offset into answers, for space(), mode(), path()), else -1. */
  find(): number {
    const k = this.key;
    const n = this.keyLength;
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ k[i]!, 0x01000193);
    h ^= h >>> 15;
    const s = h & (this.slots - 1);
    this.slot = s;
    if (this.used[s] === 0) return -1;
    const at = s * n;
    for (let i = 0; i < n; i++) if (this.keys[at + i] !== k[i]) return -1;
    return s * this.stride;
  }

  space(at: number): number {
    return this.answers[at]!;
  }

  mode(at: number): number {
    return this.answers[at + 1]!;
  }

  /** Copies the kept path into `path`; returns its length. */
  path(at: number, path: Int32Array): number {
    const n = this.answers[at + 2]!;
    for (let i = 0; i < n; i++) path[i] = this.answers[at + 3 + i]!;
    return n;
  }

  /** Keeps an answer under the key of the last find(). */
  set(space: number, mode: number, path: Int32Array, length: number): void {
    if (length > PLACE_PATH_MAX) return;
    const s = this.slot;
    const n = this.keyLength;
    for (let i = 0; i < n; i++) this.keys[s * n + i] = this.key[i]!;
    this.used[s] = 1;
    const at = s * this.stride;
    this.answers[at] = space;
    this.answers[at + 1] = mode;
    this.answers[at + 2] = length;
    for (let i = 0; i < length; i++) this.answers[at + 3 + i] = path[i]!;
  }
}

let owners = 0;

/** A number of its own for each engine keeping answers in the shared memos (the first field of its keys). */
export function memoOwner(): number {
  return ++owners;
}

const shared = new Map<string, PlaceMemo>();

/** This thread's PlaceMemo of this kind and key length (at most 8 kept; engines keep theirs). */
export function sharedPlaceMemo(kind: string, keyLength: number, slots: number): PlaceMemo {
  const id = `${kind}/${keyLength}/${slots}`;
  let memo = shared.get(id);
  if (memo === undefined) {
    if (shared.size >= 8) shared.clear();
    memo = new PlaceMemo(keyLength, slots);
    shared.set(id, memo);
  }
  return memo;
}
