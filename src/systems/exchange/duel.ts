/**
 * An exchange duel (seed 001, rules.md 2.4): sides alternate turns; a character refreshes its Used
 * Action Dice at the start of its own turn, stands up if Prone (1 AD), makes up to Skill Level + 1
 * proactive attacks, and answers attacks from the same pool; each Exchange is decided by the same
 * rules functions as one Exchange (exchangeMargin, hitWounds, attackEdge); Wounds cost Vitality and
 * move dice to Wounded; collapse at Vitality 0; a failed Continuation Check means the character
 * has broken off (lost). The first character out loses and the duel stops there. Fights are at
 * melee distance: a ranged weapon shoots with Disadvantage (engaged in melee).
 */
import type { Dice } from '../../dice/dice.js';
import { takeRolls } from '../../dice/recording-dice.js';
import type { TraceObserver } from '../trace.js';
import { Character, type ExchangeDuelSide } from './duel-character.js';
import {
  attackEdge, CLASH, exchangeMargin, FULL_GUARD, guardEdge, hitWounds, NO_RESPONSE, rollTotal, type ExchangeKnobs,
} from './rules.js';

export { Character, parsePolicy, type Condition, type ExchangeDuelSide, type ExchangePolicy } from './duel-character.js';

export interface ExchangeDuelSpec {
  readonly a: ExchangeDuelSide;
  readonly b: ExchangeDuelSide;
  readonly knobs: ExchangeKnobs;
  readonly maxRounds: number;
}

export const END_COLLAPSE = 0;
export const END_BROKE = 1;
export const END_MAX_ROUNDS = 2;

const RESPONSE_WORDS = ['none', 'full-guard', 'clash'];
const SIDES = ['a', 'b'];

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
  /** The first character out (collapsed or broke), -1 while both fight: it has lost. */
  loser = -1;
  /** Whose turn it is. */
  active = 0;
  /** Set by a tracer (kernel.observe); null in run. */
  observer: TraceObserver | null = null;

  constructor(readonly spec: ExchangeDuelSpec, public dice: Dice) {
    this.chars = [new Character(spec.a, 0), new Character(spec.b, 1)];
  }

  play(): ExchangeDuelResult {
    this.chars[0].reset();
    this.chars[1].reset();
    this.end = END_MAX_ROUNDS;
    this.loser = -1;
    const obs = this.observer;
    if (obs !== null) obs.begin();
    const o = this.spec.knobs.opener;
    const first = o === 'a' ? 0 : o === 'b' ? 1 : this.dice.roll(2) - 1;
    this.round = 1;
    if (obs !== null) this.emit(first, 'initiative', { result: `${SIDES[first]!} opens (opener: ${o})` });
    for (this.round = 1; this.round <= this.spec.maxRounds; this.round++) {
      this.turn(first);
      if (this.loser < 0) this.turn(1 - first);
      if (this.loser >= 0) return this.finish(1 - this.loser, this.end, this.round);
    }
    return this.finish(2, END_MAX_ROUNDS, this.spec.maxRounds);
  }

  private finish(winner: number, end: number, rounds: number): ExchangeDuelResult {
    if (this.observer !== null) this.observer.end(winner, rounds);
    return { winner, end, rounds };
  }

  /** One turn: Refresh, stand up if Prone, proactive attacks by policy, then end-of-turn effects (Lingering Harm, Reeling running out). */
  turn(s: number): void {
    const me = this.chars[s]!;
    this.active = s;
    me.ready += me.used;
    me.used = 0;
    if (this.observer !== null) this.emit(s, 'refresh', { ready: me.ready, wounded: me.wounded, state_after: me.stateWord() });
    // Standing has a base cost of 1 AD (Slowed doubles it); the policy stands whenever it can pay.
    if (me.prone && me.ready >= me.cost(1)) {
      me.pay(me.cost(1));
      me.prone = false;
      if (this.observer !== null) this.emit(s, 'stand-up', { cost: me.cost(1), ready: me.ready, state_after: me.stateWord() });
    }
    for (let k = 0; k <= me.attackSkill && this.loser < 0; k++) {
      const spare = me.ready - me.cost(me.base) - me.side.policy.reserve;
      if (spare < 0) break;
      this.exchange(s, Math.min(me.attackSkill, me.boostFor(spare)));
    }
    if (this.loser >= 0) return;
    if (me.lingeringTurns > 0) {
      me.lingeringTurns--;
      const before = me.vit;
      this.applyWounds(me, me.lingering);
      if (this.observer !== null) this.emit(s, 'lingering-harm', { wounds: me.lingering, vit_before: before, vit: me.vit, state_after: me.stateWord() });
      this.afterWounds(me, me.lingering);
      if (this.loser >= 0) return;
    }
    if (me.reelingTurns > 0) me.reelingTurns--;
  }

  /** One Exchange with side s attacking: pay, the defender picks and pays a response, roll, Wounds, collapse or Continuation, Conditions. */
  exchange(s: number, boost: number): void {
    const att = this.chars[s]!;
    const def = this.chars[1 - s]!;
    const knobs = this.spec.knobs;
    const obs = this.observer;
    const aDice = att.base + boost;
    att.pay(att.cost(aDice));
    // A ranged weapon in a duel shoots while engaged in melee: Disadvantage.
    const aTotal = rollTotal(this.dice, aDice, attackEdge(att.ranged, att.disadvantaged, att.prone, def.prone, false, att.ranged), knobs);
    const aRolls = obs !== null ? takeRolls(this.dice) : null;
    // Response: Clash > Full Guard > No Response (guard-first: Full Guard > Clash), each if legal and affordable.
    const canClash = def.ranged === att.ranged && def.ready >= def.cost(def.base);
    const canGuard = def.ready >= def.cost(1);
    const response = canClash && (!def.side.policy.guardFirst || !canGuard) ? CLASH : canGuard ? FULL_GUARD : NO_RESPONSE;
    let dTotal = 0;
    let dBoost = 0;
    let dCost = 0;
    if (response === CLASH) {
      dBoost = Math.min(def.attackSkill, def.boostFor(def.ready - def.cost(def.base)));
      dCost = def.cost(def.base + dBoost);
      def.pay(dCost);
      dTotal = rollTotal(this.dice, def.base + dBoost, attackEdge(def.ranged, def.disadvantaged, def.prone, att.prone, false, def.ranged), knobs);
    } else if (response === FULL_GUARD) {
      const c = def.side.loadout.character;
      dBoost = Math.min(att.ranged ? c.acrobatics : c.melee, def.boostFor(def.ready - def.cost(1)));
      dCost = def.cost(1 + dBoost);
      def.pay(dCost);
      dTotal = rollTotal(this.dice, 1 + dBoost, guardEdge(def.disadvantaged), knobs);
    }
    const margin = exchangeMargin(response, aTotal, dTotal);
    if (margin === 0) {
      if (obs !== null) this.traceExchange(att, def, boost, response, dBoost, dCost, aTotal, dTotal, aRolls!, 0, 0, def.stateWord());
      return;
    }
    const winner = margin > 0 ? att : def;
    const loser = margin > 0 ? def : att;
    const m = margin > 0 ? margin : -margin;
    const wounds = hitWounds(m, winner.strike, loser.soak);
    const before = obs !== null ? loser.stateWord() : '';
    if (wounds > 0 && winner.side.loadout.weapon.lingering > 0) {
      loser.lingering = 1;
      loser.lingeringTurns = Math.max(loser.lingeringTurns, winner.side.loadout.weapon.lingering);
    }
    this.applyWounds(loser, wounds);
    if (obs !== null) this.traceExchange(att, def, boost, response, dBoost, dCost, aTotal, dTotal, aRolls!, margin, wounds, before);
    this.afterWounds(loser, wounds);
    if (this.loser >= 0) return;
    // Conditions from the winner's weapon, once the Exchange is finished.
    if (winner.inflictsReeling > 0 && m >= winner.inflictsReeling) {
      // Gained during its own turn, Reeling lasts to the end of the following turn.
      loser.reelingTurns = Math.max(loser.reelingTurns, this.active === loser.index ? 2 : 1);
      if (obs !== null) this.emit(winner.index, 'inflict', { target: loser.side.loadout.name, condition: 'reeling', target_state_after: loser.stateWord() });
    }
    if (winner.inflictsProne > 0 && m >= winner.inflictsProne) {
      loser.prone = true;
      if (obs !== null) this.emit(winner.index, 'inflict', { target: loser.side.loadout.name, condition: 'prone', target_state_after: loser.stateWord() });
    }
  }

  /** Wounds outside an Exchange: apply them, then collapse or a Continuation Check. */
  wound(c: Character, wounds: number): void {
    this.applyWounds(c, wounds);
    this.afterWounds(c, wounds);
  }

  /**
   * Each Wound: VIT - 1 and one die to Wounded. The victim chooses Ready AD or Ready MD (its policy:
   * MD first unless `+keep-magic`), and only when neither remains a Used AD.
   */
  applyWounds(c: Character, wounds: number): void {
    const magicFirst = !c.side.policy.keepMagic;
    for (let i = 0; i < wounds; i++) {
      c.vit--;
      if (magicFirst && c.readyMagic > 0) c.readyMagic--;
      else if (c.ready > 0) c.ready--;
      else if (c.readyMagic > 0) c.readyMagic--;
      else if (c.used > 0) c.used--;
      else continue;
      c.wounded++;
    }
  }

  /** After Wounds: collapse at VIT 0 (the duel is over), else a Continuation Check when one is due. */
  afterWounds(c: Character, wounds: number): void {
    if (wounds <= 0) return;
    if (c.vit <= 0) {
      this.end = END_COLLAPSE;
      this.loser = c.index;
      return;
    }
    const firstBelowHalf = !c.belowHalf && c.vit * 2 < c.maxVit;
    if (firstBelowHalf) c.belowHalf = true;
    if (!this.spec.knobs.continuation || !(firstBelowHalf || wounds * 2 > c.maxVit)) return;
    const dots = rollTotal(this.dice, c.side.loadout.character.resilience, 0, this.spec.knobs);
    if (dots === 0) {
      c.broke = true;
      this.end = END_BROKE;
      this.loser = c.index;
    }
    if (this.observer !== null) this.emit(c.index, 'continuation-check', { dots, result: dots === 0 ? 'fails: breaks off' : 'passes', state_after: c.stateWord() });
  }

  private traceExchange(
    att: Character, def: Character, boost: number, response: number, dBoost: number, dCost: number,
    aTotal: number, dTotal: number, aRolls: number[], margin: number, wounds: number, before: string,
  ): void {
    const dRolls = takeRolls(this.dice);
    const hurt = margin > 0 ? def : margin < 0 ? att : null;
    this.emit(att.index, 'exchange', {
      target: def.side.loadout.name,
      cost: att.cost(att.base + boost), boost, response: RESPONSE_WORDS[response]!, response_cost: dCost, response_boost: dBoost,
      rolls: response === NO_RESPONSE ? { attack: aRolls } : { attack: aRolls, response: dRolls },
      attack_total: aTotal, response_total: dTotal, margin,
      wounds: margin > 0 ? wounds : 0, wounds_to_attacker: margin < 0 ? wounds : 0,
      result: hurt === null ? 'nothing lands' : `${hurt.side.loadout.name} takes ${wounds} Wound${wounds === 1 ? '' : 's'}`,
      state_after: att.stateWord(), target_state_before: margin > 0 ? before : def.stateWord(), target_state_after: def.stateWord(),
      vit: att.vit, target_vit: def.vit, ready: att.ready, target_ready: def.ready,
    });
  }

  private emit(s: number, action: string, extra: Record<string, unknown>): void {
    const rolls = takeRolls(this.dice);
    const e = { round: this.round, side: SIDES[s]!, actor: this.chars[s]!.side.loadout.name, action, ...(rolls.length > 0 ? { rolls } : {}), ...extra };
    this.observer!.event(e);
  }
}
