/**
 * How the `tactical` policy judges Exchanges (seed 001): No Response, Full Guard or Clash and
 * their Boost, whether to attack and with what Boost, from the exact outcome distribution of each
 * Exchange (the totals' distributions of exact.ts, the margin rule of rules.ts) and the Action
 * Dice economy of the Round.
 *
 * The model looks at one attacker and one defender at a time. It plays the rest of the attacker's
 * turn exactly (each attack and its Boost, each response and its Boost, every outcome with its
 * probability: Wounds, Ready dice lost to Wounds, collapse, Continuation Checks), then the other
 * side's whole next turn the same way (it refreshes; the first side defends with the dice it
 * kept), and values the position after that by a static estimate. The attacker maximises, the
 * defender minimises the attacker's chance. So a die spent now is worth what it would have done
 * for the rest of the Round: an answer that leaves no dice for the attacker's next blow, an attack
 * that leaves none for the other side's turn. Where the duel stops at maxRounds inside the
 * look-ahead, what is left is a draw (1/2). A first attack of a turn is pressed (made within
 * TacticalParams.tempo of stopping) only while the other side attacked in its last turn (the
 * duel's `pressed` flags). Values are memoised by the characters' numbers, so each decision after
 * the first in a position is a lookup. Decision list: docs/rules/exchange.md.
 */
import type { Combatant } from './combatant.js';
import { totalDistribution } from './exact.js';
import { CLASH, exchangeMargin, FULL_GUARD, hitWounds, NO_RESPONSE, type ExchangeKnobs } from './rules.js';

/** The tunable numbers of the model (TACTICAL_PARAMS: the shipped ones). */
export interface TacticalParams {
  /** Weight of the Ready dice a side keeps for the other side's turn in the static estimate (per die, as a fraction of its Action Dice). */
  readonly kept: number;
  /**
   * A first attack of the turn is made unless stopping is better by more than this, while the other
   * side attacked in its last turn (keeps engaged fights from standing off; 0.15: the sword mirror
   * engages, and the exact best-response gap stays at most 0.07 on configs/exchange-duels.yaml).
   */
  readonly tempo: number;
  /** Turns played after the current one before the static estimate (1: the other side's next turn). */
  readonly horizon: number;
}

export const TACTICAL_PARAMS: TacticalParams = { kept: 0.1, tempo: 0.15, horizon: 1 };

/** What the model reads of a character (constant for a fight). */
interface Side {
  readonly maxVit: number;
  readonly actionDice: number;
  readonly strike: number;
  readonly soak: number;
  readonly baseCost: number;
  readonly attackSkill: number;
  readonly melee: number;
  readonly acrobatics: number;
  readonly mult: number;
  /** P(a Continuation Check fails): its Resilience dice show 0 dots. */
  readonly failP: number;
  readonly magicFirst: boolean;
  readonly ranged: boolean;
}

/** No Clash possible (the edge slot of an illegal Clash). */
export const NO_CLASH = 3;

/** A character's live numbers packed (6 bits each: VIT, Ready AD, pool = Ready + Used AD; 5 bits Ready MD; 1 bit below half). */
export function packChar(c: Combatant): number {
  return c.vit + 64 * (c.ready + 64 * ((c.ready + c.used) + 64 * (c.readyMagic + 32 * (c.belowHalf ? 1 : 0))));
}

const VIT = (s: number): number => s & 63;
const READY = (s: number): number => (s >>> 6) & 63;
const POOL = (s: number): number => (s >>> 12) & 63;
const MAGIC = (s: number): number => (s >>> 18) & 31;
const BH = (s: number): number => (s >>> 23) & 1;
const pack = (vit: number, ready: number, pool: number, magic: number, bh: number): number => vit + 64 * (ready + 64 * (pool + 64 * (magic + 32 * bh)));

/** Ids of the decision caches, above those of the value memos. */
const DECISIONS = 1 << 22;

/** A packed response: response * 16 + Boost (duel-choice.ts RESPONSE_CODE). */
const CODE = 16;

/**
 * Edges of one direction (an attacker on a defender): the attack's, the Full Guard's and the
 * Clash's (NO_CLASH when the defender cannot Clash), each -1, 0 or 1, packed in 6 bits.
 */
export function edgeContext(attack: number, guard: number, clash: number): number {
  return (attack + 1) + 4 * ((guard + 1) + 4 * (clash === NO_CLASH ? 3 : clash + 1));
}

/** One pair of characters (x, y): x attacking y is direction 0, y attacking x direction 1. */
export class TacticalModel {
  private readonly sides: readonly [Side, Side];
  private readonly memo = new Map<number, Map<number, number>>();
  private readonly margins = new Map<number, Float64Array>();
  private readonly totals = new Map<number, Float64Array>();
  /** Edge contexts of the decision being made: dir 0 (x on y) and dir 1 (y on x). */
  private ctx0 = 0;
  private ctx1 = 0;
  /** Turns after the current one before the duel stops at maxRounds (a draw), capped at 2: 0 and 1 change the look-ahead. */
  private ends = 2;

  constructor(x: Combatant, y: Combatant, private readonly knobs: ExchangeKnobs, private readonly params: TacticalParams = TACTICAL_PARAMS) {
    this.sides = [this.side(x), this.side(y)];
  }

  private side(c: Combatant): Side {
    return {
      maxVit: c.maxVit, actionDice: Math.max(1, c.actionDice), strike: c.strike, soak: c.soak, baseCost: c.baseCost, attackSkill: c.attackSkill,
      melee: c.melee, acrobatics: c.acrobatics, mult: c.slowed ? 2 : 1,
      failP: this.knobs.continuation ? totalDistribution(c.resilience, 0, this.knobs)[0]! : 0,
      magicFirst: !c.policy.keepMagic, ranged: c.ranged,
    };
  }

  /**
   * The attacker's next proactive attack: its Boost, or -1 to stop attacking this turn. `dir` 0: x
   * attacks y. `first`: no attack made yet this turn (a first attack is made unless stopping is
   * clearly better: TacticalParams.tempo). `ctx` / `back`: edge contexts of this direction and the other.
   */
  attackBoost(dir: number, a: Combatant, d: Combatant, uses: number, first: boolean, ctx: number, back: number, turnsAfter: number): number {
    this.ctx0 = dir === 0 ? ctx : back;
    this.ctx1 = dir === 0 ? back : ctx;
    this.ends = Math.min(this.params.horizon + 1, turnsAfter);
    const A = packChar(a);
    const D = packChar(d);
    const m = this.decisions(dir, 0, 0);
    const key = A + 16777216 * (uses + 16 * (first ? 1 : 0)) + 536870912 * D;
    const hit = m.get(key);
    if (hit !== undefined) return hit;
    const b = this.choose(dir, 0, A, uses, D, first);
    m.set(key, b);
    return b;
  }

  /** The decisions already made (a decision is a function of the memo's inputs): kind 0 attacks, 1 responses to Boost `boost`. */
  private decisions(dir: number, kind: number, boost: number): Map<number, number> {
    const id = DECISIONS + ((((this.ctx0 * 64 + this.ctx1) * 2 + dir) * 8 + this.ends) * 2 + kind) * 16 + boost;
    let m = this.memo.get(id);
    if (m === undefined) this.memo.set(id, (m = new Map()));
    return m;
  }

  /** The defender's answer (response * 16 + Boost) to an attack with `boost` already paid for (`a` has paid). */
  response(dir: number, a: Combatant, d: Combatant, boost: number, usesAfter: number, ctx: number, back: number, turnsAfter: number): number {
    this.ctx0 = dir === 0 ? ctx : back;
    this.ctx1 = dir === 0 ? back : ctx;
    this.ends = Math.min(this.params.horizon + 1, turnsAfter);
    const A = packChar(a);
    const D = packChar(d);
    const m = this.decisions(dir, 1, boost);
    const key = A + 16777216 * usesAfter + 536870912 * D;
    const hit = m.get(key);
    if (hit !== undefined) return hit;
    let best = NO_RESPONSE * CODE;
    let bv = Infinity;
    const dice = this.sides[dir]!.baseCost + boost;
    this.forResponses(dir, D, (code, cost, n, edge, resp) => {
      const v = this.outcome(dir, 0, A, usesAfter, D, dice, resp, n, edge, cost);
      if (v < bv - 1e-12) {
        bv = v;
        best = code;
      }
    });
    m.set(key, best);
    return best;
  }

  /** Argmax over stopping (-1) and each Boost; a first attack is preferred unless stopping beats it by more than tempo. */
  private choose(dir: number, depth: number, A: number, uses: number, D: number, first: boolean): number {
    const s = this.sides[dir]!;
    const stop = this.leaf(dir, depth, A, D, uses <= s.attackSkill);
    const most = this.mostBoost(s, A);
    let best = -1;
    let bv = -Infinity;
    for (let b = 0; b <= most && uses > 0; b++) {
      const q = this.attackValue(dir, depth, A, uses, D, b);
      if (q > bv + 1e-12) {
        bv = q;
        best = b;
      }
    }
    if (best < 0) return -1;
    return bv + (first ? this.params.tempo : 0) >= stop - 1e-12 ? best : -1;
  }

  /** The most Boost the attacker can pay (its Skill Level at most), or -1 when it cannot pay the base cost. */
  private mostBoost(s: Side, A: number): number {
    const spare = READY(A) - s.baseCost * s.mult;
    if (spare < 0) return -1;
    return Math.min(s.attackSkill, Math.floor(spare / s.mult));
  }

  /** Value (attacker's chance) of the rest of the attacker's turn: it stops or attacks, whichever is better for it (as `choose`). */
  private turn(dir: number, depth: number, A: number, uses: number, D: number, first: boolean): number {
    const key = A + 16777216 * (uses + 16 * (first ? 1 : 0)) + 536870912 * D;
    const m = this.memoFor(dir, depth);
    const hit = m.get(key);
    if (hit !== undefined) return hit;
    const s = this.sides[dir]!;
    const stop = this.leaf(dir, depth, A, D, uses <= s.attackSkill);
    const most = uses > 0 ? this.mostBoost(s, A) : -1;
    let bv = -Infinity;
    for (let b = 0; b <= most; b++) bv = Math.max(bv, this.attackValue(dir, depth, A, uses, D, b));
    const v = most < 0 || bv + (first ? this.params.tempo : 0) < stop - 1e-12 ? stop : bv;
    m.set(key, v);
    return v;
  }

  private memoFor(dir: number, depth: number): Map<number, number> {
    const id = (((this.ctx0 * 64 + this.ctx1) * 2 + dir) * 8 + depth) * 8 + this.ends;
    let m = this.memo.get(id);
    if (m === undefined) this.memo.set(id, (m = new Map()));
    return m;
  }

  /** Value of attacking with Boost b: the defender picks the response that is worst for the attacker. */
  private attackValue(dir: number, depth: number, A: number, uses: number, D: number, b: number): number {
    const s = this.sides[dir]!;
    const cost = (s.baseCost + b) * s.mult;
    const A1 = A - 64 * cost;
    let bv = Infinity;
    this.forResponses(dir, D, (_code, rc, n, edge, resp) => {
      const v = this.outcome(dir, depth, A1, uses - 1, D, s.baseCost + b, resp, n, edge, rc);
      if (v < bv) bv = v;
    });
    return bv;
  }

  /** Calls f for each response the defender of `dir` can make: code, AD paid, dice, Edge, response kind. */
  private forResponses(dir: number, D: number, f: (code: number, cost: number, n: number, edge: number, resp: number) => void): void {
    const a = this.sides[dir]!;
    const d = this.sides[1 - dir]!;
    const ctx = dir === 0 ? this.ctx0 : this.ctx1;
    const guardEdge = ((ctx >> 2) & 3) - 1;
    const clashSlot = (ctx >> 4) & 3;
    const ready = READY(D);
    f(NO_RESPONSE * CODE, 0, 0, 0, NO_RESPONSE);
    if (ready >= d.mult) {
      const skill = a.ranged ? d.acrobatics : d.melee;
      const most = Math.min(skill, Math.floor((ready - d.mult) / d.mult));
      for (let g = 0; g <= most; g++) f(FULL_GUARD * CODE + g, (1 + g) * d.mult, 1 + g, guardEdge, FULL_GUARD);
    }
    if (clashSlot !== 3 && ready >= d.baseCost * d.mult) {
      const most = Math.min(d.attackSkill, Math.floor((ready - d.baseCost * d.mult) / d.mult));
      for (let c = 0; c <= most; c++) f(CLASH * CODE + c, (d.baseCost + c) * d.mult, d.baseCost + c, clashSlot - 1, CLASH);
    }
  }

  /**
   * The attacker's chance after one Exchange: the attacker (already paid) rolls `dice`, the defender
   * pays `rc` and answers with `resp` rolling `n` dice at `edge`; each Hit Margin with its probability.
   */
  private outcome(dir: number, depth: number, A: number, uses: number, D: number, dice: number, resp: number, n: number, edge: number, rc: number): number {
    const a = this.sides[dir]!;
    const d = this.sides[1 - dir]!;
    const ctx = dir === 0 ? this.ctx0 : this.ctx1;
    const D1 = D - 64 * rc;
    const dist = this.marginDist(dice, (ctx & 3) - 1, resp, n, edge);
    let v = 0;
    for (let i = 0; i < dist.length; i += 2) {
      const m = dist[i]!;
      const p = dist[i + 1]!;
      if (m > 0) {
        const w = hitWounds(m, a.strike, d.soak);
        v += p * this.afterWounds(d, D1, w, (Dw, broke) => (broke ? 1 : this.turn(dir, depth, A, uses, Dw, false)), 1);
      } else if (m < 0) {
        const w = hitWounds(-m, d.strike, a.soak);
        v += p * this.afterWounds(a, A, w, (Aw, broke) => (broke ? 0 : this.turn(dir, depth, Aw, uses, D1, false)), 0);
      } else v += p * this.turn(dir, depth, A, uses, D1, false);
    }
    return v;
  }

  /** `w` Wounds on a character in state S (its dice: Ready MD or Ready AD first by its policy, then Used AD); collapse is worth `out`, a failed Continuation Check too. */
  private afterWounds(c: Side, S: number, w: number, next: (S: number, broke: boolean) => number, out: number): number {
    if (w <= 0) return next(S, false);
    const vit = VIT(S) - w;
    if (vit <= 0) return out;
    let ready = READY(S);
    let pool = POOL(S);
    let magic = MAGIC(S);
    for (let i = 0; i < w; i++) {
      if (c.magicFirst && magic > 0) magic--;
      else if (ready > 0) {
        ready--;
        pool--;
      } else if (magic > 0) magic--;
      else if (pool > ready) pool--;
    }
    let bh = BH(S);
    const firstBelow = bh === 0 && vit * 2 < c.maxVit;
    if (firstBelow) bh = 1;
    const after = pack(vit, ready, pool, magic, bh);
    const check = firstBelow || w * 2 > c.maxVit;
    if (!check || c.failP === 0) return next(after, false);
    return c.failP * out + (1 - c.failP) * next(after, false);
  }

  /**
   * The attacker of `dir` stops (its turn ends): at depth 0 the other side's whole next turn follows
   * (it refreshes, this one defends with what it kept); after that, the static estimate.
   */
  private leaf(dir: number, depth: number, A: number, D: number, attacked: boolean): number {
    // No turn left before maxRounds: both are standing, a draw.
    if (depth >= this.ends) return 0.5;
    if (depth < this.params.horizon) {
      const o = this.sides[1 - dir]!;
      const Dr = pack(VIT(D), POOL(D), POOL(D), MAGIC(D), BH(D));
      return 1 - this.turn(1 - dir, depth + 1, Dr, o.attackSkill + 1, A, attacked);
    }
    return this.estimate(dir, A, D);
  }

  /**
   * Static estimate of the chance of the side that just ended its turn (A, keeping its Ready AD to
   * defend) against D (about to refresh and act): half the difference of their Vitality fractions,
   * plus the dice A kept.
   */
  private estimate(dir: number, A: number, D: number): number {
    const a = this.sides[dir]!;
    const d = this.sides[1 - dir]!;
    const short = POOL(A) > 0 ? 1 - READY(A) / POOL(A) : 0;
    const v = 0.5 + 0.5 * (VIT(A) / a.maxVit - VIT(D) / d.maxVit) - this.params.kept * short;
    return v < 0 ? 0 : v > 1 ? 1 : v;
  }

  /** The Hit Margins of an Exchange and their probabilities, as (margin, p) pairs (exact totals, rules.ts exchangeMargin). */
  private marginDist(dice: number, edge: number, resp: number, n: number, dEdge: number): Float64Array {
    const key = (((dice * 3 + edge + 1) * 3 + resp) * 32 + n) * 3 + dEdge + 1;
    let out = this.margins.get(key);
    if (out !== undefined) return out;
    const at = this.total(dice, edge);
    const dt = resp === NO_RESPONSE ? Float64Array.of(1) : this.total(n, dEdge);
    const byMargin = new Map<number, number>();
    at.forEach((pa, x) => {
      if (pa === 0) return;
      dt.forEach((pd, y) => {
        if (pd === 0) return;
        const m = exchangeMargin(resp, x, y);
        byMargin.set(m, (byMargin.get(m) ?? 0) + pa * pd);
      });
    });
    out = new Float64Array(byMargin.size * 2);
    let i = 0;
    for (const [m, p] of byMargin) {
      out[i++] = m;
      out[i++] = p;
    }
    this.margins.set(key, out);
    return out;
  }

  private total(n: number, edge: number): Float64Array {
    const key = n * 3 + edge + 1;
    let t = this.totals.get(key);
    if (t === undefined) this.totals.set(key, (t = totalDistribution(n, edge, this.knobs)));
    return t;
  }
}
