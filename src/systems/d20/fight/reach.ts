/** Melee reach between the creatures of a d20 fight: a symmetric adjacency in one typed array (no positions). */
export class Reach {
  private readonly adj: Uint8Array;

  constructor(private readonly n: number) {
    this.adj = new Uint8Array(n * n);
  }

  clear(): void {
    this.adj.fill(0);
  }

  copyFrom(o: Reach): void {
    this.adj.set(o.adj);
  }

  adjacent(i: number, j: number): boolean {
    return this.adj[i * this.n + j] === 1;
  }

  link(i: number, j: number): void {
    this.adj[i * this.n + j] = 1;
    this.adj[j * this.n + i] = 1;
  }

  /** i steps away from everyone. */
  unlinkAll(i: number): void {
    for (let j = 0; j !== this.n; ++j) {
      this.adj[i * this.n + j] = 0;
      this.adj[j * this.n + i] = 0;
    }
  }
}
