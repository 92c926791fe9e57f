/**
 * How the `tactical` policy judges Exchanges (seed 001): No Response, Full Guard or Clash and
 * their Boost, whether to attack and with what Boost, from the exact outcome distribution of each
 * Exchange (the totals' distributions of exact.ts, the margin rule of rules.ts) and the Action
 * Dice economy of the Round.
 *
 * The model is the duel reduced to what the dice economy needs: per character its Vitality, Ready
 * and Used AD, Ready MD, below-half flag and Lingering Harm turns left (not Conditions, Prone or
 * the choice of die for a Wound). It plays the rest of the current turn exactly (each attack and
 * its Boost, each response and its Boost, every Hit Margin with its probability: Wounds, the dice
 * they take, collapse, Continuation Checks, Lingering Harm at the turn's end), and values the
 * position after it by the same play of every later turn (the other side refreshes; the side that
 * acted defends with the Ready AD it kept) until the duel stops at maxRounds (a draw, 1/2), at
 * most TacticalParams.horizon turns ahead. The attacker maximises its chance, the defender
 * minimises it: backward induction over the reduced states, so on a duel the reduction loses
 * nothing in, `tactical` plays the minimax solution (its exact best-response gap is 0). Values are
 * memoised per duel by both characters' numbers and the turns left, so the first decision computes
 * the value table the rest look up. Decision list: docs/rules/exchange.md.
 */
import type { Combatant } from '../combatant.js';
import { totalDistribution } from '../exact.js';
import { CLASH, exchangeMargin, FULL_GUARD, hitWounds, NO_RESPONSE, type ExchangeKnobs } from '../rules.js';

/** The tunable numbers of the model (TACTICAL_PARAMS: the shipped ones). */
export interface TacticalParams {
  /**
   * Turns after the current one the look-ahead plays before it counts a draw (the duel's own
   * maxRounds when that comes first). 64: every turn of a duel of up to 32 rounds.
   */
  readonly horizon: number;
  /**
   * Work the look-ahead may take per duel, in (reduced state pairs x turns): a duel of larger
   * characters looks fewer turns ahead (at least 1: the other side's next turn), then values the
   * position by the static estimate. VIT 6 / 6 AD characters look the whole horizon ahead.
   */
  readonly budget: number;
  /** Weight of the dice a side has spent (Used) in the static estimate, per fraction of its pool. */
  readonly kept: number;
  /**
   * The first attack of a turn is made unless stopping is better by more than this (both sides
   * play so in the look-ahead too): engages fights the exact minimax would stand off.
   */
  readonly tempo: number;
}

export const TACTICAL_PARAMS: TacticalParams = { horizon: 64, budget: 6_000_000, kept: 0.1, tempo: 0.04 };

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
  /** Turns of Lingering Harm this side's weapon starts (0: none), at most 7. */
  readonly lingering: number;
}

/** No Clash possible (the edge slot of an illegal Clash). */
export const NO_CLASH = 3;

/**
 * A character's live numbers packed (6 bits each: VIT, Ready AD, pool = Ready + Used AD; 5 bits
 * Ready MD; 1 bit below half; 3 bits Lingering Harm turns left from the other side of the duel).
 */
export function packChar(c: Combatant): number {
  const harm = Math.min(7, c.harm[1 - c.index] ?? 0);
  return pack(c.vit, c.ready, c.ready + c.used, c.readyMagic, c.belowHalf ? 1 : 0, harm);
}

const VIT = (s: number): number => s & 63;
const READY = (s: number): number => (s >>> 6) & 63;
const POOL = (s: number): number => (s >>> 12) & 63;
const MAGIC = (s: number): number => (s >>> 18) & 31;
const BH = (s: number): number => (s >>> 23) & 1;
const HARM = (s: number): number => (s >>> 24) & 7;
const pack = (vit: number, ready: number, pool: number, magic: number, bh: number, harm: number): number =>
  vit + 64 * (ready + 64 * (pool + 64 * (magic + 32 * (bh + 2 * harm))));

/** Memo maps: by the other character's packed numbers, then by the key of the rest. */
type Memo = Map<number, Map<number, number>>;

function lookup(m: Memo, D: number, k: number): number | undefined {
  return m.get(D)?.get(k);
}

function store(m: Memo, D: number, k: number, v: number): void {
  let byK = m.get(D);
  if (byK === undefined) m.set(D, (byK = new Map()));
  byK.set(k, v);
}

/** The key of a memo entry beside the other character: the deciding side's packed numbers (27 bits) and its proactive uses left. */
const restKey = (A: number, uses: number): number => A + 134217728 * uses;

/** Ids of the decision caches, above those of the value memos. */
const DECISIONS = 2 ** 31;

/**
 * Values closer than this are a tie (float noise of sums over many turns): ties go to attacking
 * (then the smaller Boost) and to the first response in No Response, Full Guard, Clash order.
 */
const TIE = 1e-9;

/** A packed response: response * 16 + Boost (exchange/duel/choice.ts RESPONSE_CODE). */
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
  private readonly memo = new Map<number, Memo>();
  private readonly margins = new Map<number, Float64Array>();
  private readonly totals = new Map<number, Float64Array>();
  /** Edge contexts of the decision being made: dir 0 (x on y) and dir 1 (y on x). */
  private ctx0 = 0;
  private ctx1 = 0;
  /** Turns after the current one the look-ahead plays (the turns before maxRounds, at most the horizon). */
  private ends = 0;
  /** The look-ahead stops before the duel does (it is longer than `reach` turns): the static estimate values its end. */
  private capped = 0;
  /** Turns this duel's look-ahead may reach (TacticalParams.horizon, less for large characters: budget). */
  private readonly reach: number;

  constructor(x: Combatant, y: Combatant, private readonly knobs: ExchangeKnobs, private readonly params: TacticalParams = TACTICAL_PARAMS) {
    this.sides = [this.side(x), this.side(y)];
    // Reduced states of a character: VIT x (Ready, pool) pairs x Ready MD x Lingering Harm.
    const states = (c: Combatant, o: Combatant): number =>
      Math.max(1, c.maxVit) * ((c.actionDice + 1) * (c.actionDice + 2)) / 2 * (c.magicDice + 1) * (Math.min(7, o.lingering) + 1);
    this.reach = Math.max(1, Math.min(params.horizon, Math.floor(params.budget / (states(x, y) * states(y, x)))));
  }

  private side(c: Combatant): Side {
    return {
      maxVit: c.maxVit, actionDice: Math.max(1, c.actionDice), strike: c.strike, soak: c.soak, baseCost: c.baseCost, attackSkill: c.attackSkill,
      melee: c.melee, acrobatics: c.acrobatics, mult: c.slowed ? 2 : 1,
      failP: this.knobs.continuation ? totalDistribution(c.resilience, 0, this.knobs)[0]! : 0,
      magicFirst: !c.policy.keepMagic, ranged: c.ranged, lingering: Math.min(7, c.lingering),
    };
  }

  /**
   * The attacker's next proactive attack: its Boost, or -1 to stop attacking this turn. `dir` 0: x
   * attacks y. `ctx` / `back`: edge contexts of this direction and the other; `turnsAfter`: turns
   * after this one before the duel stops at maxRounds.
   */
  attackBoost(dir: number, a: Combatant, d: Combatant, uses: number, ctx: number, back: number, turnsAfter: number): number {
    this.ctx0 = dir === 0 ? ctx : back;
    this.ctx1 = dir === 0 ? back : ctx;
    this.ends = this.turnsLeft(turnsAfter);
    const A = packChar(a);
    const D = packChar(d);
    const m = this.decisions(dir, 0, 0);
    const key = restKey(A, uses);
    const hit = lookup(m, D, key);
    if (hit !== undefined) return hit;
    const b = this.choose(dir, this.ends, A, uses, D);
    store(m, D, key, b);
    return b;
  }

  /** The decisions already made (a decision is a function of the memo's inputs): kind 0 attacks, 1 responses to Boost `boost`. */
  private decisions(dir: number, kind: number, boost: number): Memo {
    const id = DECISIONS + (((((this.ctx0 * 64 + this.ctx1) * 2 + dir) * 128 + this.ends) * 2 + this.capped) * 2 + kind) * 16 + boost;
    let m = this.memo.get(id);
    if (m === undefined) this.memo.set(id, (m = new Map()));
    return m;
  }

  /** The defender's answer (response * 16 + Boost) to an attack with `boost` already paid for (`a` has paid). */
  response(dir: number, a: Combatant, d: Combatant, boost: number, usesAfter: number, ctx: number, back: number, turnsAfter: number): number {
    this.ctx0 = dir === 0 ? ctx : back;
    this.ctx1 = dir === 0 ? back : ctx;
    this.ends = this.turnsLeft(turnsAfter);
    const A = packChar(a);
    const D = packChar(d);
    const m = this.decisions(dir, 1, boost);
    const key = restKey(A, usesAfter);
    const hit = lookup(m, D, key);
    if (hit !== undefined) return hit;
    let best = NO_RESPONSE * CODE;
    let bv = Infinity;
    const dice = this.sides[dir]!.baseCost + boost;
    this.forResponses(dir, D, (code, cost, n, edge, resp) => {
      const v = this.outcome(dir, this.ends, A, usesAfter, D, dice, resp, n, edge, cost);
      if (v < bv - TIE) {
        bv = v;
        best = code;
      }
    });
    store(m, D, key, best);
    return best;
  }

  /** Argmax over stopping (-1) and each Boost (ties: attacking, with the smaller Boost). `left`: turns after this one in the look-ahead. */
  private choose(dir: number, left: number, A: number, uses: number, D: number): number {
    const s = this.sides[dir]!;
    const stop = this.leaf(dir, left, A, D);
    const most = this.mostBoost(s, A);
    let best = -1;
    let bv = -Infinity;
    for (let b = 0; b <= most && uses > 0; b++) {
      const q = this.attackValue(dir, left, A, uses, D, b);
      if (q > bv + TIE) {
        bv = q;
        best = b;
      }
    }
    if (best < 0) return -1;
    return bv + this.engage(s, uses) >= stop - TIE ? best : -1;
  }

  /** What a first attack of the turn (no proactive use spent yet) may cost against stopping: the tempo. */
  private engage(s: Side, uses: number): number {
    return uses > s.attackSkill ? this.params.tempo : 0;
  }

  /** The most Boost the attacker can pay (its Skill Level at most), or -1 when it cannot pay the base cost. */
  private mostBoost(s: Side, A: number): number {
    const spare = READY(A) - s.baseCost * s.mult;
    if (spare < 0) return -1;
    return Math.min(s.attackSkill, Math.floor(spare / s.mult));
  }

  /** Value (attacker's chance) of the rest of the attacker's turn: it stops or attacks, whichever is better for it (as `choose`). */
  private turn(dir: number, left: number, A: number, uses: number, D: number): number {
    const key = restKey(A, uses);
    const m = this.memoFor(dir, left);
    const hit = lookup(m, D, key);
    if (hit !== undefined) return hit;
    const s = this.sides[dir]!;
    const stop = this.leaf(dir, left, A, D);
    const most = uses > 0 ? this.mostBoost(s, A) : -1;
    let bv = -Infinity;
    for (let b = 0; b <= most; b++) bv = Math.max(bv, this.attackValue(dir, left, A, uses, D, b));
    const v = most < 0 || bv + this.engage(s, uses) < stop - TIE ? stop : bv;
    store(m, D, key, v);
    return v;
  }

  /**
   * The turns after this one the look-ahead plays: all of them up to the horizon; beyond it the
   * horizon, less one when needed so the side that moves last is the same as in the duel (the last
   * turn decides much: the side moving 2nd in the last round attacks into no answer of a turn of its own).
   */
  private turnsLeft(turnsAfter: number): number {
    const h = this.reach;
    this.capped = turnsAfter > h ? 1 : 0;
    return turnsAfter <= h ? turnsAfter : h >= 2 ? h - ((turnsAfter - h) % 2) : h;
  }

  /** A node's values by the turns left in the look-ahead (not the round: decisions in different rounds share them). */
  private memoFor(dir: number, left: number): Memo {
    const id = (((this.ctx0 * 64 + this.ctx1) * 2 + dir) * 4096 + left) * 2 + this.capped;
    let m = this.memo.get(id);
    if (m === undefined) this.memo.set(id, (m = new Map()));
    return m;
  }

  /** Value of attacking with Boost b: the defender picks the response that is worst for the attacker. */
  private attackValue(dir: number, left: number, A: number, uses: number, D: number, b: number): number {
    const s = this.sides[dir]!;
    const cost = (s.baseCost + b) * s.mult;
    const A1 = A - 64 * cost;
    let bv = Infinity;
    this.forResponses(dir, D, (_code, rc, n, edge, resp) => {
      const v = this.outcome(dir, left, A1, uses - 1, D, s.baseCost + b, resp, n, edge, rc);
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
  private outcome(dir: number, left: number, A: number, uses: number, D: number, dice: number, resp: number, n: number, edge: number, rc: number): number {
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
        v += p * this.afterWounds(d, D1, w, (Dw) => this.turn(dir, left, A, uses, Dw), 1, a.lingering);
      } else if (m < 0) {
        const w = hitWounds(-m, d.strike, a.soak);
        v += p * this.afterWounds(a, A, w, (Aw) => this.turn(dir, left, Aw, uses, D1), 0, d.lingering);
      } else v += p * this.turn(dir, left, A, uses, D1);
    }
    return v;
  }

  /**
   * `w` Wounds on a character in state S (its dice: Ready MD or Ready AD first by its policy, then
   * Used AD); collapse is worth `out`, a failed Continuation Check too. `linger`: the Lingering Harm
   * the Wounds start (the hitter's weapon; 0 for Lingering Harm's own Wound).
   */
  private afterWounds(c: Side, S: number, w: number, next: (S: number) => number, out: number, linger: number): number {
    if (w <= 0) return next(S);
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
    const after = pack(vit, ready, pool, magic, bh, Math.max(HARM(S), linger));
    const check = firstBelow || w * 2 > c.maxVit;
    if (!check || c.failP === 0) return next(after);
    return c.failP * out + (1 - c.failP) * next(after);
  }

  /**
   * The attacker of `dir` stops (its turn ends): Lingering Harm on it first (a Wound while turns of
   * it are left), then, while the look-ahead has turns left, the other side's whole next turn (it
   * refreshes, this one defends with the Ready AD it kept); with none left, a draw.
   */
  private leaf(dir: number, left: number, A: number, D: number): number {
    if (HARM(A) === 0) return this.next(dir, left, A, D);
    return this.afterWounds(this.sides[dir]!, A - 16777216, 1, (Aw) => this.next(dir, left, Aw, D), 0, 0);
  }

  private next(dir: number, left: number, A: number, D: number): number {
    // No turn left before maxRounds: both are standing, a draw; at the end of a shorter look-ahead, the static estimate.
    if (left <= 0) return this.capped === 1 ? this.estimate(dir, A, D) : 0.5;
    const o = this.sides[1 - dir]!;
    const Dr = pack(VIT(D), POOL(D), POOL(D), MAGIC(D), BH(D), HARM(D));
    return 1 - this.turn(1 - dir, left - 1, Dr, o.attackSkill + 1, A);
  }

  /**
   * Static estimate of the chance of the side that just ended its turn (A, keeping its Ready AD to
   * defend) against D (about to refresh and act): half the difference of their Vitality fractions,
   * less `kept` times the fraction of its own pool it has spent.
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
