/**
 * A solved exchange duel's decision table: the option a solving side picked at each
 * decision of the backward induction (exchange/duel/solve.ts), keyed by what decides the rest of the duel
 * at that moment: the live state of both characters (exchange/duel/state.ts's fields), the round, the
 * opener, whose turn and the attacks made in it, the deciding side, the decision's kind and its
 * extra (the attacker's Boost for a response; Wounds and Hit Margin for a Wound's die). The solver
 * records a decision where it meets it in a step's game tree; the simulator and the exact walker
 * look it up from the live duel at the same call (TablePlayer, a DuelChooser): three packed
 * numbers and three Map lookups, no allocation per decision.
 */
import type { ChancePath } from '../../../dice/chance-path.js';
import type { Combatant } from '../combatant.js';
import { HARM_DECISION, type DuelChooser } from './choice.js';
import type { ExchangeDuel } from './engine.js';

/** A character's live fields packed below 2^43 (6 bits each for VIT and the dice, then flags), or -1 out of range. */
function charKey(c: Combatant): number {
  const h0 = c.harm[0]!;
  const h1 = c.harm[1]!;
  if (c.vit < 0 || c.vit > 63 || c.ready > 63 || c.readyMagic > 63 || c.used > 63 || c.wounded > 63 || c.reelingTurns > 7 || h0 > 7 || h1 > 7) return -1;
  const dice = c.vit + 64 * (c.ready + 64 * (c.readyMagic + 64 * (c.used + 64 * c.wounded)));
  const flags = c.status + 4 * ((c.belowHalf ? 1 : 0) + 2 * (c.reelingTurns + 8 * ((c.prone ? 1 : 0) + 2 * (h0 + 8 * h1))));
  return dice + 2 ** 30 * flags;
}

/** The decision's context packed below 2^41 (kind: 3 bits), or -1 out of range. */
function contextKey(duel: ExchangeDuel, side: number, kind: number, extra: number): number {
  if (duel.round > 1023 || duel.attacks > 15 || extra < 0 || extra > 65535) return -1;
  // At the end of a turn (Lingering Harm) nothing reads whose turn it was or its attacks: the walkers
  // zero them there (exchange/duel/state.ts afterAttacks), the simulator does not, so the key leaves them out.
  const turn = kind === HARM_DECISION ? 0 : duel.active + 2 * duel.attacks;
  return duel.round + 1024 * (duel.opener + 2 * (side + 2 * (turn + 32 * (kind + 8 * extra))));
}

export class ExchangeSolvedTable {
  private readonly byKey = new Map<number, Map<number, Map<number, number>>>();
  /** Decisions recorded. */
  size = 0;

  /** The recorded option of `side` at this decision of the live duel, or -1. */
  get(duel: ExchangeDuel, side: number, kind: number, extra: number): number {
    const ctx = contextKey(duel, side, kind, extra);
    const a = charKey(duel.chars[0]);
    const b = charKey(duel.chars[1]);
    if (ctx < 0 || a < 0 || b < 0) return -1;
    const o = this.byKey.get(ctx)?.get(a)?.get(b);
    return o === undefined ? -1 : o;
  }

  /** The key of this decision of the live duel (three numbers), or null when a field is out of the key's range. */
  static key(duel: ExchangeDuel, side: number, kind: number, extra: number): readonly [number, number, number] | null {
    const ctx = contextKey(duel, side, kind, extra);
    const a = charKey(duel.chars[0]);
    const b = charKey(duel.chars[1]);
    return ctx < 0 || a < 0 || b < 0 ? null : [ctx, a, b];
  }

  /** Records an option under a key from ExchangeSolvedTable.key. */
  record([ctx, a, b]: readonly [number, number, number], option: number): void {
    let byA = this.byKey.get(ctx);
    if (byA === undefined) this.byKey.set(ctx, (byA = new Map()));
    let byB = byA.get(a);
    if (byB === undefined) byA.set(a, (byB = new Map()));
    if (!byB.has(b)) this.size++;
    byB.set(b, option);
  }
}

/** What explain-policy hears from a TablePlayer in the exact walker: each decision state once, with the probability a duel reaches it. */
export type DecisionHook = (duel: ExchangeDuel, side: number, kind: number, extra: number, option: number, width: number, p: number) => void;

/**
 * Plays a solved table for the sides in `solving` (the duel engine asks it only for those); a
 * decision the table lacks takes the named policy's option and counts in `misses` (tests assert 0).
 */
export class TablePlayer implements DuelChooser {
  misses = 0;
  /** The duel this player decides for (set by attach). */
  private duel: ExchangeDuel | null = null;
  /** Exact walker only: the probability of the step's start state and the step's dice path (for `hook`). */
  stepWeight = 1;
  path: ChancePath | null = null;
  hook: DecisionHook | null = null;

  constructor(readonly table: ExchangeSolvedTable, readonly solving: readonly boolean[]) {}

  /** Makes this player the duel's chooser. */
  attach(duel: ExchangeDuel): void {
    this.duel = duel;
    duel.chooser = this;
  }

  choose(side: number, width: number, kind: number, extra: number, named: number): number {
    const duel = this.duel!;
    let o = this.table.get(duel, side, kind, extra);
    if (o < 0 || o >= width) {
      this.misses++;
      o = named < width ? named : width - 1;
    }
    const path = this.path;
    // A decision met again while the walker replays the rest of the step's paths is heard once (its first visit).
    if (this.hook !== null && path !== null && path.fresh) this.hook(duel, side, kind, extra, o, width, this.stepWeight * path.prob);
    return o;
  }
}
