/**
 * Who goes next (seed 001, Who Goes Next, NPC Groups): the opening character's turn, then the sides
 * alternate one character or one NPC group (members one after another); a side with no turns left
 * is skipped and the other finishes its turns; the side due next stays due across the Round
 * boundary; next Round each side follows the order it used this Round unless its policy changes it.
 */

/** What the scheduler needs from a fight. */
export interface TurnTaker {
  /** Can this character still take turns (on the map: in the fight, or broken and seeking safety)? */
  onMap(f: number): boolean;
  takeTurn(f: number): void;
  fightOver(): boolean;
  /** The side's order policy: which of the `n` candidate units (in the side's current order) goes now; returns an index < n. */
  pickUnit(side: number, candidates: Int32Array, n: number): number;
}

export class TurnOrder {
  /** Fighters who have had their turn this Round. */
  readonly acted: Uint8Array;
  /** Each side's unit order (unit ids), as used last Round. */
  private readonly order: Int32Array[];
  private readonly used: Int32Array[];
  private readonly usedLen = [0, 0];
  private readonly unitOf: Int32Array;
  private readonly sideOf: Int32Array;
  private readonly candidates: Int32Array;

  constructor(private readonly units: readonly (readonly (readonly number[])[])[], fighters: number) {
    this.acted = new Uint8Array(fighters);
    this.order = units.map((u) => new Int32Array(u.length));
    this.used = units.map((u) => new Int32Array(u.length));
    this.unitOf = new Int32Array(fighters);
    this.sideOf = new Int32Array(fighters);
    units.forEach((side, s) => side.forEach((members, u) => members.forEach((f) => {
      this.unitOf[f] = u;
      this.sideOf[f] = s;
    })));
    this.candidates = new Int32Array(Math.max(...units.map((u) => u.length)));
  }

  /** Back to the listed order, the opener's unit first. */
  reset(opener: number): void {
    for (let s = 0; s < this.units.length; s++) {
      const o = this.order[s]!;
      let k = 0;
      if (opener >= 0 && this.sideOf[opener] === s) o[k++] = this.unitOf[opener]!;
      for (let u = 0; u < o.length; u++) if (!(opener >= 0 && this.sideOf[opener] === s && this.unitOf[opener] === u)) o[k++] = u;
    }
  }

  private hasTurns(s: number, t: TurnTaker): boolean {
    const side = this.units[s]!;
    for (let u = 0; u < side.length; u++) if (this.unitHasTurns(s, u, t)) return true;
    return false;
  }

  private unitHasTurns(s: number, u: number, t: TurnTaker): boolean {
    const m = this.units[s]![u]!;
    for (let i = 0; i < m.length; i++) if (this.acted[m[i]!] === 0 && t.onMap(m[i]!)) return true;
    return false;
  }

  private markUsed(s: number, u: number): void {
    const used = this.used[s]!;
    for (let i = 0; i < this.usedLen[s]!; i++) if (used[i] === u) return;
    used[this.usedLen[s]!++] = u;
  }

  private turn(f: number, t: TurnTaker): void {
    this.acted[f] = 1;
    this.markUsed(this.sideOf[f]!, this.unitOf[f]!);
    t.takeTurn(f);
  }

  /**
   * One Round. `opener` (round 1 only, else -1) takes the opening turn alone; `due` is the side due
   * next. Returns the side due next after the Round.
   */
  playRound(due: number, opener: number, t: TurnTaker): number {
    this.acted.fill(0);
    this.usedLen[0] = 0;
    this.usedLen[1] = 0;
    if (opener >= 0) {
      this.turn(opener, t);
      due = 1 - this.sideOf[opener]!;
    }
    while (!t.fightOver()) {
      let s = due;
      if (!this.hasTurns(s, t)) s = 1 - s;
      if (!this.hasTurns(s, t)) break;
      const o = this.order[s]!;
      let n = 0;
      for (let i = 0; i < o.length; i++) if (this.unitHasTurns(s, o[i]!, t)) this.candidates[n++] = o[i]!;
      const u = this.candidates[t.pickUnit(s, this.candidates, n)]!;
      const m = this.units[s]![u]!;
      for (let i = 0; i < m.length && !t.fightOver(); i++) {
        if (this.acted[m[i]!] === 0 && t.onMap(m[i]!)) this.turn(m[i]!, t);
      }
      due = 1 - s;
    }
    this.keepOrder();
    return due;
  }

  /** Next Round follows the order each side used: units in the order first used, then the rest as before. */
  private keepOrder(): void {
    for (let s = 0; s < this.order.length; s++) {
      const o = this.order[s]!;
      const used = this.used[s]!;
      const n = this.usedLen[s]!;
      let k = n;
      const rest = this.candidates;
      let r = 0;
      for (let i = 0; i < o.length; i++) {
        let seen = false;
        for (let j = 0; j < n; j++) if (used[j] === o[i]) seen = true;
        if (!seen) rest[r++] = o[i]!;
      }
      for (let j = 0; j < n; j++) o[j] = used[j]!;
      for (let i = 0; i < r; i++) o[k++] = rest[i]!;
    }
  }
}
