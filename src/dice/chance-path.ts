/**
 * One path through a step's chance nodes, for exact walkers that replay the same engine once per
 * dice path (exchange exact duels): each chance node takes the branch the path names and the
 * walker multiplies the path's probability by that branch's chance. next() advances the path like
 * an odometer (the last node first) until every branch of every node was taken.
 */
export class ChancePath {
  /** The branch taken at each chance node of the current path, and how many branches it has (first `size` entries). */
  private taken: Int32Array = new Int32Array(64);
  private widths: Int32Array = new Int32Array(64);
  private size = 0;
  private depth = 0;
  /** Probability of the path replayed so far. */
  prob = 1;

  /** Starts the first path of a new step. */
  begin(): void {
    this.size = 0;
    this.depth = 0;
    this.prob = 1;
  }

  /** Starts replaying the next path of the step; false when every path was taken. */
  next(): boolean {
    // A path may stop before nodes a previous path had: those are forgotten.
    for (let k = this.depth - 1; k >= 0; k--) {
      if (this.taken[k]! + 1 < this.widths[k]!) {
        this.taken[k]! += 1;
        this.size = k + 1;
        this.depth = 0;
        this.prob = 1;
        return true;
      }
    }
    this.size = 0;
    return false;
  }

  /** True when the walk is at a point no earlier path of the step reached (the next node would be new): each point is fresh once. */
  get fresh(): boolean {
    return this.depth === this.size;
  }

  /** The branch (0 .. width - 1) this path takes at its next chance node; the caller multiplies `prob` by its chance. */
  branch(width: number): number {
    if (this.depth === this.size) {
      if (this.size === this.taken.length) {
        this.taken = grow(this.taken);
        this.widths = grow(this.widths);
      }
      this.taken[this.size] = 0;
      this.widths[this.size] = width;
      this.size++;
    }
    return this.taken[this.depth++]!;
  }
}

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
