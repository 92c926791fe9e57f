/**
 * Integer keys (0 to 2^53) to ids, for the duel graph's states (graph.ts): open addressing with
 * linear probing over one typed array of (key, id) pairs, so that a probe reads one cache line
 * (the graph's table outgrows the caches; a key and its id in two arrays cost two misses). A Map
 * with keys beyond 2^31 stores boxed numbers and was a quarter of the solver's time.
 */
export class IdTable {
  /** Slot i: the key at 2i, 1 + the id at 2i + 1 (0: empty, so a new array needs no fill). */
  private slots = new Float64Array(2 << 12);
  private mask = (1 << 12) - 1;
  private size = 0;

  /** The slot (pair index times 2) holding the key, or the empty one where it would go. */
  private slot(key: number): number {
    const lo = key >>> 0;
    const hi = (key / 4294967296) | 0;
    let h = lo ^ Math.imul(hi, 0x9e3779b1);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
    const { slots, mask } = this;
    let i = h & mask;
    for (;;) {
      const at = 2 * i;
      if (slots[at + 1] === 0 || slots[at] === key) return at;
      i = (i + 1) & mask;
    }
  }

  /** The key's id, or -1. */
  get(key: number): number {
    return this.slots[this.slot(key) + 1]! - 1;
  }

  /** Stores a new key (not in the table) with its id. */
  set(key: number, id: number): void {
    if (2 * (this.size + 1) > this.mask + 1) this.rehash();
    const at = this.slot(key);
    this.slots[at] = key;
    this.slots[at + 1] = id + 1;
    this.size++;
  }

  /** The key's id; when the table has none, stores `id` for it and returns -1 (one probe for both). */
  getOrSet(key: number, id: number): number {
    if (2 * (this.size + 1) > this.mask + 1) this.rehash();
    const at = this.slot(key);
    const known = this.slots[at + 1]!;
    if (known !== 0) return known - 1;
    this.slots[at] = key;
    this.slots[at + 1] = id + 1;
    this.size++;
    return -1;
  }

  private rehash(): void {
    const old = this.slots;
    const n = old.length;
    this.slots = new Float64Array(2 * n);
    this.mask = n - 1;
    for (let at = 0; at !== n; at += 2) {
      if (old[at + 1] === 0) continue;
      const to = this.slot(old[at]!);
      this.slots[to] = old[at]!;
      this.slots[to + 1] = old[at + 1]!;
    }
  }
}
