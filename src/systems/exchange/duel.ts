/**
 * An exchange duel (seed 001, rules.md 2.4): sides alternate turns; a character refreshes its Used
 * Action Dice at the start of its own turn, makes up to Skill Level + 1 proactive attacks, and
 * answers attacks from the same pool; Wounds cost Vitality and move dice to Wounded (Ready first);
 * collapse at Vitality 0; a failed Continuation Check means the character has broken off (lost).
 * Fights are at melee distance: a ranged weapon shoots with Disadvantage (engaged in melee).
 */
import type { Dice } from '../../dice/dice.js';
import type { ExchangeLoadout } from './compile.js';
import { combineEdge, isRanged, rollTotal, strikeRating, woundsFor, type ExchangeKnobs } from './rules.js';

/** Policies: `all-in`, `guard-first`, `reserve-N` (keep N Ready AD for responses). */
export interface ExchangePolicy {
  readonly reserve: number;
  readonly guardFirst: boolean;
}

export function parsePolicy(name: string): ExchangePolicy {
  if (name === 'all-in') return { reserve: 0, guardFirst: false };
  if (name === 'guard-first') return { reserve: 2, guardFirst: true };
  const m = /^reserve-(\d+)$/.exec(name);
  return { reserve: m ? Number(m[1]) : 0, guardFirst: false };
}

export type Condition = 'slowed' | 'reeling' | 'prone' | 'stunned';

export interface ExchangeDuelSide {
  readonly loadout: ExchangeLoadout;
  readonly policy: ExchangePolicy;
  readonly conditions: readonly Condition[];
}

export interface ExchangeDuelSpec {
  readonly a: ExchangeDuelSide;
  readonly b: ExchangeDuelSide;
  readonly knobs: ExchangeKnobs;
  readonly maxRounds: number;
}

export const END_COLLAPSE = 0;
export const END_BROKE = 1;
export const END_MAX_ROUNDS = 2;

export class Character {
  vit = 0;
  ready = 0;
  readyMagic = 0;
  used = 0;
  wounded = 0;
  broke = false;
  belowHalf = false;
  lingering = 0;
  lingeringTurns = 0;
  readonly maxVit: number;
  readonly actionDice: number;
  readonly strike: number;
  readonly ranged: boolean;
  readonly attackSkill: number;
  readonly slowed: boolean;
  readonly reeling: boolean;
  readonly prone: boolean;

  constructor(readonly side: ExchangeDuelSide) {
    const c = side.loadout.character;
    this.maxVit = c.vitality;
    this.actionDice = c.actionDice ?? c.vitality;
    this.strike = strikeRating(c, side.loadout.weapon);
    this.ranged = isRanged(side.loadout.weapon);
    this.attackSkill = this.ranged ? c.ranged : c.melee;
    this.slowed = side.conditions.includes('slowed');
    // Reeling: Disadvantage on attacks, Full Guard and Clash; Stunned: Disadvantage on every Skill Check (the same rolls here).
    this.reeling = side.conditions.includes('reeling') || side.conditions.includes('stunned');
    this.prone = side.conditions.includes('prone');
  }

  reset(): void {
    this.vit = this.maxVit;
    this.ready = this.actionDice;
    this.readyMagic = this.side.loadout.character.magicDice;
    this.used = 0;
    this.wounded = 0;
    this.broke = false;
    this.belowHalf = false;
    this.lingering = 0;
    this.lingeringTurns = 0;
  }

  /** Slowed doubles every AD payment. */
  cost(base: number): number {
    return this.slowed ? base * 2 : base;
  }

  pay(amount: number): void {
    this.ready -= amount;
    this.used += amount;
  }

  get out(): boolean {
    return this.vit <= 0 || this.broke;
  }
}

export interface ExchangeDuelResult {
  /** 0 a won, 1 b won, 2 draw. */
  readonly winner: number;
  readonly end: number;
  readonly rounds: number;
}

export class ExchangeDuel {
  readonly chars: readonly [Character, Character];
  round = 0;
  end = END_MAX_ROUNDS;

  constructor(readonly spec: ExchangeDuelSpec, private dice: Dice) {
    this.chars = [new Character(spec.a), new Character(spec.b)];
  }

  play(): ExchangeDuelResult {
    for (const c of this.chars) c.reset();
    this.end = END_MAX_ROUNDS;
    const o = this.spec.knobs.opener;
    const first = o === 'a' ? 0 : o === 'b' ? 1 : this.dice.roll(2) - 1;
    for (this.round = 1; this.round <= this.spec.maxRounds; this.round++) {
      for (const s of [first, 1 - first]) {
        this.turn(s);
        const loser = this.chars.findIndex((c) => c.out);
        if (loser >= 0) return { winner: 1 - loser, end: this.end, rounds: this.round };
      }
    }
    return { winner: 2, end: END_MAX_ROUNDS, rounds: this.spec.maxRounds };
  }

  /** One turn: Refresh, proactive attacks by policy, then Lingering Harm at its end. */
  turn(s: number): void {
    const me = this.chars[s]!;
    const foe = this.chars[1 - s]!;
    me.ready += me.used;
    me.used = 0;
    const base = me.side.loadout.weapon.baseAttackCost;
    for (let k = 0; k <= me.attackSkill && !me.out && !foe.out && !me.broke; k++) {
      const spare = me.ready - me.cost(base) - me.side.policy.reserve;
      if (spare < 0) break;
      const boost = Math.min(me.attackSkill, Math.floor(spare / (me.slowed ? 2 : 1)));
      this.exchange(s, boost);
    }
    if (!me.out && me.lingeringTurns > 0) {
      me.lingeringTurns--;
      this.wound(me, me.lingering);
    }
  }

  /** Attack edge: Reeling, a ranged shot while engaged, Prone on either side. */
  private attackEdge(att: Character, def: Character): number {
    return combineEdge(def.prone && !att.ranged, att.reeling || att.ranged || (att.prone && !att.ranged) || (def.prone && att.ranged));
  }

  /** One Exchange with side s attacking: pay, the defender picks and pays a response, roll, Wounds. */
  exchange(s: number, boost: number): void {
    const att = this.chars[s]!;
    const def = this.chars[1 - s]!;
    const knobs = this.spec.knobs;
    att.pay(att.cost(att.side.loadout.weapon.baseAttackCost + boost));
    const aTotal = rollTotal(this.dice, att.side.loadout.weapon.baseAttackCost + boost, this.attackEdge(att, def), knobs);
    // Response: Clash > Full Guard > No Response (guard-first: Full Guard > Clash), each if legal and affordable.
    const dw = def.side.loadout.weapon;
    const canClash = !def.broke && def.ranged === att.ranged && def.ready >= def.cost(dw.baseAttackCost);
    const guardSkill = att.ranged ? def.side.loadout.character.acrobatics : def.side.loadout.character.melee;
    const canGuard = def.ready >= def.cost(1);
    const clash = canClash && (!def.side.policy.guardFirst || !canGuard);
    const guard = !clash && canGuard;
    if (clash) {
      const b = Math.min(def.attackSkill, Math.floor((def.ready - def.cost(dw.baseAttackCost)) / (def.slowed ? 2 : 1)));
      def.pay(def.cost(dw.baseAttackCost + b));
      const dTotal = rollTotal(this.dice, dw.baseAttackCost + b, this.attackEdge(def, att), knobs);
      if (aTotal > dTotal) this.hit(att, def, aTotal - dTotal);
      else if (dTotal > aTotal) this.hit(def, att, dTotal - aTotal);
    } else if (guard) {
      const b = Math.min(guardSkill, Math.floor((def.ready - def.cost(1)) / (def.slowed ? 2 : 1)));
      def.pay(def.cost(1 + b));
      const dTotal = rollTotal(this.dice, 1 + b, combineEdge(true, def.reeling), knobs);
      if (aTotal > dTotal) this.hit(att, def, aTotal - dTotal);
    } else if (aTotal > 0) {
      this.hit(att, def, aTotal);
    }
  }

  hit(winner: Character, loser: Character, margin: number): void {
    const wounds = woundsFor(margin + winner.strike - loser.side.loadout.soak);
    if (wounds > 0 && winner.side.loadout.weapon.lingering > 0) {
      loser.lingering = 1;
      loser.lingeringTurns = Math.max(loser.lingeringTurns, winner.side.loadout.weapon.lingering);
    }
    this.wound(loser, wounds);
  }

  /** Each Wound: VIT - 1 and one die to Wounded (Ready AD, then Ready MD, then Used AD); then collapse or a Continuation Check. */
  wound(c: Character, wounds: number): void {
    if (wounds <= 0 || c.out) return;
    for (let i = 0; i < wounds; i++) {
      c.vit--;
      if (c.ready > 0) c.ready--;
      else if (c.readyMagic > 0) c.readyMagic--;
      else if (c.used > 0) c.used--;
      else continue;
      c.wounded++;
    }
    if (c.vit <= 0) {
      this.end = END_COLLAPSE;
      return;
    }
    const firstBelowHalf = !c.belowHalf && c.vit * 2 < c.maxVit;
    if (firstBelowHalf) c.belowHalf = true;
    if (this.spec.knobs.continuation && (firstBelowHalf || wounds * 2 > c.maxVit)) {
      if (rollTotal(this.dice, c.side.loadout.character.resilience, 0, this.spec.knobs) === 0) {
        c.broke = true;
        this.end = END_BROKE;
      }
    }
  }
}
