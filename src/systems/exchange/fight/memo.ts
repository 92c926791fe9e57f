/**
 * The `tactical` player's search memo: the answer of a response or Boost search (engine.ts
 * tacticalResponse, valuedAttack) under a compact key of everything that search reads (who, dice,
 * Edges, Ready AD, Conditions, whether another attack may come), so a repeated situation costs one
 * table read instead of a dozen value look-ups. The searches read nothing else, so an answer holds
 * for the life of the fight engine, whose owner number is part of the key. Bounded: a fixed table
 * per thread, a colliding key replaces the old one.
 */

/** Keys are exact while every field is within its range: fighters <= MEMO_MAX_FIGHTERS, Ready AD and dice < 64. */
export const MEMO_MAX_FIGHTERS = 128;
/** Entries per memo (direct-mapped: a colliding key replaces the old one; 32 bytes each, 256 KB). */
const MEMO_SLOTS = 1 << 13;

/**
 * The answers of response or Boost searches: non-negative integer keys (below 2^53) of an owner
 * (memoOwner: one engine), integer answers. One per thread and kind (sharedSearchMemo).
 */
export class SearchMemo {
  /** Per slot: the key (-1: empty), its owner, the answer, one unused (32-byte slots). */
  private readonly table: Float64Array;
  private readonly mask: number;

  constructor(slots = MEMO_SLOTS) {
    this.table = new Float64Array(slots * 4);
    for (let i = 0; i < this.table.length; i += 4) this.table[i] = -1;
    this.mask = slots - 1;
  }

  private at(owner: number, key: number): number {
    let h = Math.imul((key >>> 0) ^ Math.imul((key / 4294967296) | 0, 0x9e3779b1) ^ Math.imul(owner, 0x27d4eb2f), 0x85ebca6b);
    h ^= h >>> 15;
    return (h & this.mask) * 4;
  }

  get(owner: number, key: number): number | undefined {
    const at = this.at(owner, key);
    const t = this.table;
    return t[at] === key && t[at + 1] === owner ? t[at + 2] : undefined;
  }

  set(owner: number, key: number, answer: number): void {
    const at = this.at(owner, key);
    const t = this.table;
    t[at] = key;
    t[at + 1] = owner;
    t[at + 2] = answer;
  }
}

const sharedSearch = new Map<string, SearchMemo>();

/** This thread's SearchMemo of this kind: memory stays fixed however many tasks a worker keeps prepared. */
export function sharedSearchMemo(kind: string): SearchMemo {
  let memo = sharedSearch.get(kind);
  if (memo === undefined) {
    memo = new SearchMemo();
    sharedSearch.set(kind, memo);
  }
  return memo;
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
