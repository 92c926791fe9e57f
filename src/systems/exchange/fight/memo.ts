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
 * most of them become one look-up. Direct-mapped: `slots` entries, a colliding key replaces the old
 * one; each entry holds its key, then its answer, in whole 64-byte lines of one typed array, so a
 * look-up touches one line (and the path's). One per thread and key length (sharedPlaceMemo):
 * memory stays fixed however many tasks a worker keeps prepared.
 */
export class PlaceMemo {
  /** The key of the current search: filled by the caller before find()/set(); its first field is never 0 (an empty entry). */
  readonly key: Int32Array;
  /** Per slot: the key, then the Space (-1 none), the mode, the path's length, then the path. */
  private readonly table: Int32Array;
  private slot = 0;
  private readonly stride: number;

  constructor(readonly keyLength: number, readonly slots = 4096) {
    this.key = new Int32Array(keyLength);
    this.stride = Math.ceil((keyLength + 3 + PLACE_PATH_MAX) / 16) * 16;
    this.table = new Int32Array(slots * this.stride);
  }

  /** The offset of `key`'s answer when it holds one (for space(), mode(), path()), else -1. */
  find(): number {
    const k = this.key;
    const n = this.keyLength;
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ k[i]!, 0x01000193);
    h ^= h >>> 15;
    const at = (h & (this.slots - 1)) * this.stride;
    this.slot = at;
    const t = this.table;
    for (let i = 0; i < n; i++) if (t[at + i] !== k[i]) return -1;
    return at + n;
  }

  space(at: number): number {
    return this.table[at]!;
  }

  mode(at: number): number {
    return this.table[at + 1]!;
  }

  /** Copies the kept path into `path`; returns its length. */
  path(at: number, path: Int32Array): number {
    const t = this.table;
    const n = t[at + 2]!;
    for (let i = 0; i < n; i++) path[i] = t[at + 3 + i]!;
    return n;
  }

  /** Keeps an answer under the key of the last find(). */
  set(space: number, mode: number, path: Int32Array, length: number): void {
    if (length > PLACE_PATH_MAX) return;
    const t = this.table;
    const n = this.keyLength;
    let at = this.slot;
    for (let i = 0; i < n; i++) t[at++] = this.key[i]!;
    t[at] = space;
    t[at + 1] = mode;
    t[at + 2] = length;
    for (let i = 0; i < length; i++) t[at + 3 + i] = path[i]!;
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
