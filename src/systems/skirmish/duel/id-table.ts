/**
 * Integer keys (0 to 2^53) to ids, for the duel graph's states (graph.ts): open addressing with
 * linear probing over typed arrays. A Map with keys beyond 2^31 stores boxed numbers and was a
 * quarter of the solver's time.
 */
export class IdTable {
  private keys = new Float64Array(1 << 12);
  private ids = new Int32Array(1 << 12).fill(-1);
  private mask = (1 << 12) - 1;
  private size = 0;

  private slot(key: number): number {
    const lo = key >>> 0;
    const hi = (key / 4294967296) | 0;
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    let i = h & this.mask;
    while (this.ids[i] !== -1 && this.keys[i] !== key) i = (i + 1) & this.mask;
    return i;
  }

  /** The key's id, or -1. */
  get(key: number): number {
    return this.ids[this.slot(key)]!;
  }

  /** Stores a new key (not in the table) with its id. */
  set(key: number, id: number): void {
    if (2 * (this.size + 1) > this.ids.length) this.rehash();
    const i = this.slot(key);
    this.keys[i] = key;
    this.ids[i] = id;
    this.size++;
  }

  private rehash(): void {
    const { keys, ids } = this;
    this.keys = new Float64Array(keys.length * 2);
    this.ids = new Int32Array(ids.length * 2).fill(-1);
    this.mask = this.ids.length - 1;
    for (let i = 0; i !== ids.length; ++i) {
      if (ids[i] === -1) continue;
      const j = this.slot(keys[i]!);
      this.keys[j] = keys[i]!;
      this.ids[j] = ids[i]!;
    }
  }
}
