/**
 * The `tactical` player's search memo: the answer of a response or Boost search (engine.ts
 * tacticalResponse, valuedAttack) under a compact key of everything that search reads (who, dice,
 * Edges, Ready AD, Conditions, whether another attack may come), so a repeated situation costs one
 * Map read instead of a dozen value look-ups. The searches read nothing else, so an answer holds
 * for the life of the fight engine (one per task). Bounded: cleared when it reaches `limit` keys.
 */

/** Keys are exact while every field is within its range: fighters <= MEMO_MAX_FIGHTERS, Ready AD and dice < 64. */
export const MEMO_MAX_FIGHTERS = 128;
/** Entries kept per memo before it starts again (a Map of numbers: some 5 MB at most). */
export const MEMO_LIMIT = 1 << 16;

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
