/**
 * An exchange duel (seed 001, rules.md 2.4): sides alternate turns; a character refreshes its Used
 * Action Dice at the start of its own turn, stands up if Prone (1 AD), makes up to Skill Level + 1
 * proactive attacks, and answers attacks from the same pool; each Exchange is decided by the same
 * rules functions as one Exchange (exchangeMargin, hitWounds, attackEdge); Wounds cost Vitality and
 * move dice to Wounded; collapse at Vitality 0; a failed Continuation Check means the character
 * has broken off (lost). The first character out loses and the duel stops there. Fights are at
 * melee distance: a ranged weapon shoots with Disadvantage (engaged in melee).
 */
import type { Dice } from '../../../dice/dice.js';
import { takeRolls } from '../../../dice/recording-dice.js';
import type { TraceObserver } from '../../trace.js';
import {
  afterWounds, BROKE, COLLAPSED, Combatant, INFLICTED_PRONE, INFLICTED_REELING, inflictConditions, NO_CHECK, TACTICAL, takeWounds,
  type Condition, type ExchangePolicy,
} from '../combatant.js';
import {
  ATTACK_DECISION, chooseAttackBoost, chooseMagicFirst, RESPONSE_DECISION, chooseResponse, chooseStandUp, HARM_DECISION, legalAttack, legalResponse, RESPONSE_CODE, WOUND_DECISION, woundExtra, type DuelChooser,
} from './choice.js';
import { attackEdge, CLASH, exchangeMargin, FULL_GUARD, guardEdge, hitWounds, NO_RESPONSE, rollTotal, type ExchangeKnobs } from '../rules.js';
import { edgeContext, NO_CLASH, TacticalModel } from './tactical.js';
import type { ExchangeLoadout } from '../compile.js';
import type { ExchangeFightSpec } from '../fight/spec.js';

export { parsePolicy, type Condition, type ExchangePolicy } from '../combatant.js';

export interface ExchangeDuelSide {
  readonly loadout: ExchangeLoadout;
  readonly policy: ExchangePolicy;
  /** Conditions at the start of the duel: Slowed and Stunned last all duel, Reeling to the end of the first own turn, Prone until the character stands. */
  readonly conditions: readonly Condition[];
}

export interface ExchangeDuelSpec {
  readonly a: ExchangeDuelSide;
  readonly b: ExchangeDuelSide;
  readonly knobs: ExchangeKnobs;
  readonly maxRounds: number;
  /** `duel.distance` above 1: the same duel as a 1-v-1 exchange fight (exchange/duel/distance.ts); absent at distance 1. */
  readonly fight?: ExchangeFightSpec;
  /** Per side NAMED, BEST_RESPONSE or OPTIMAL (skirmish/duel/solved-policy.ts codes; exchange/duel/solved-policy.ts); absent when both play named. */
  readonly solved?: readonly [number, number];
  /** Sides playing `policy: search` (exchange/duel/game.ts; their `policy` is the one their play-outs play: tactical), and its budget per decision; distance 1 only. */
  readonly searching?: readonly [boolean, boolean];
  readonly search?: { readonly rollouts: number; readonly depth: number };
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
  readonly chars: readonly [Combatant, Combatant];
  round = 0;
  end = END_MAX_ROUNDS;
  /** The first character out (collapsed or broke), -1 while both fight: it has lost. */
  loser = -1;
  /** Whose turn it is. */
  active = 0;
  /** Proactive attacks made so far in this turn. */
  attacks = 0;
  /** The side that opens every round (set by start; a solved table keys decisions by it). */
  opener = 0;
  /** Set by a tracer (kernel.observe); null in run. */
  observer: TraceObserver | null = null;
  /** Asked at a solving side's decisions: the solver (exchange/duel/solve.ts), or a solved table's player (exchange/duel/solved-table.ts); null when both sides play named. */
  chooser: DuelChooser | null = null;
  /** The `tactical` policy's model of this pair (tactical.ts), when a side plays it. */
  private readonly model: TacticalModel | null;

  constructor(readonly spec: ExchangeDuelSpec, public dice: Dice) {
    // Per-character clauses: combatant.ts, the same module the exchange fight engine calls.
    this.chars = [new Combatant(spec.a.loadout, spec.a.policy, spec.a.conditions, 0), new Combatant(spec.b.loadout, spec.b.policy, spec.b.conditions, 1)];
    this.model = spec.a.policy.tactical || spec.b.policy.tactical ? new TacticalModel(this.chars[0], this.chars[1], spec.knobs) : null;
  }

  /** Edges of side s attacking the other (attack, Full Guard, Clash or NO_CLASH) as the tactical model reads them. */
  private edges(s: number): number {
    const att = this.chars[s]!;
    const def = this.chars[1 - s]!;
    const clash = def.ranged === att.ranged ? attackEdge(def.ranged, def.disadvantaged, def.prone, att.prone, false, def.ranged) : NO_CLASH;
    return edgeContext(attackEdge(att.ranged, att.disadvantaged, att.prone, def.prone, false, att.ranged), guardEdge(def.disadvantaged), clash);
  }

  /** Turns after the current one (side `active`'s) before the duel stops at maxRounds. */
  private turnsAfter(): number {
    return 2 * (this.spec.maxRounds - this.round) + (this.active === this.opener ? 1 : 0);
  }

  play(): ExchangeDuelResult {
    const first = this.start();
    for (this.round = 1; this.round <= this.spec.maxRounds; this.round++) {
      this.turn(first);
      if (this.loser < 0) this.turn(1 - first);
      if (this.loser >= 0) return this.finish(1 - this.loser, this.end, this.round);
    }
    return this.finish(2, END_MAX_ROUNDS, this.spec.maxRounds);
  }

  /** The start of a duel: both characters fresh, the opener chosen (knob, or a fair roll). Returns the side that opens every round. */
  start(): number {
    this.chars[0].reset();
    this.chars[1].reset();
    this.end = END_MAX_ROUNDS;
    this.loser = -1;
    this.attacks = 0;
    const obs = this.observer;
    if (obs !== null) obs.begin();
    const o = this.spec.knobs.opener;
    const first = o === 'a' ? 0 : o === 'b' ? 1 : this.dice.roll(2) - 1;
    this.round = 1;
    this.opener = first;
    if (obs !== null) this.emit(first, 'initiative', { result: `${SIDES[first]!} opens (opener: ${o})` });
    return first;
  }

  private finish(winner: number, end: number, rounds: number): ExchangeDuelResult {
    if (this.observer !== null) this.observer.end(winner, rounds);
    return { winner, end, rounds };
  }

  /** One turn: Refresh, stand up if Prone, proactive attacks by policy, then end-of-turn effects (Lingering Harm, Reeling running out). */
  turn(s: number): void {
    this.beginTurn(s);
    while (this.attack(s));
    if (this.loser < 0) this.endTurn(s);
  }

  /**
   * The start of side s's turn: Refresh, then stand up if Prone (the named policy stands whenever it
   * can pay; a solving side decides at each attack boundary instead, see attack).
   */
  beginTurn(s: number): void {
    const me = this.chars[s]!;
    this.active = s;
    this.attacks = 0;
    me.refresh();
    if (this.observer !== null) this.emit(s, 'refresh', { ready: me.ready, wounded: me.wounded, state_after: me.stateWord() });
    const ch = this.chooser;
    if (ch === null || ch.solving[s] !== true) this.standUp(s);
  }

  /** Side s stands up if Prone and it can pay: standing has a base cost of 1 AD (Slowed doubles it). */
  private standUp(s: number): void {
    const me = this.chars[s]!;
    const stood = me.standUp();
    if (stood > 0 && this.observer !== null) this.emit(s, 'stand-up', { cost: stood, ready: me.ready, state_after: me.stateWord() });
  }

  /**
   * Side s's next proactive attack, if its policy makes one: at most Skill Level + 1 a turn, while
   * both fight. False when the turn's attacks are over. A solving side that is Prone first chooses
   * to stand up or stay Prone (before its first attack, between attacks, or before ending its turn).
   */
  attack(s: number): boolean {
    const me = this.chars[s]!;
    if (this.loser >= 0) return false;
    const ch = this.chooser;
    const solving = ch !== null && ch.solving[s] === true;
    if (solving && me.prone && chooseStandUp(me, ch, this.attacks === 0)) this.standUp(s);
    if (this.attacks > me.attackSkill) return false;
    const boost = solving ? chooseAttackBoost(me, ch)
      : me.policy.tactical ? this.tacticalAttack(s)
        : me.attackBoost(me.attackSkill, me.baseCost, me.policy.reserve);
    if (boost < 0) return false;
    this.attacks++;
    this.exchange(s, boost);
    return true;
  }

  /** The `tactical` policy's next attack of side s (a Boost, or -1 to stop), checked against the rules (duel-choice.ts legalAttack). */
  private tacticalAttack(s: number): number {
    const me = this.chars[s]!;
    return legalAttack(me, TACTICAL, this.model!.attackBoost(s, me, this.chars[1 - s]!, me.attackSkill + 1 - this.attacks, this.edges(s), this.edges(1 - s), this.turnsAfter()));
  }

  /** The `tactical` policy's response to side s's attack with `boost` (response * RESPONSE_CODE + Boost), checked against the rules. */
  private tacticalResponse(s: number, boost: number): number {
    const att = this.chars[s]!;
    const def = this.chars[1 - s]!;
    return legalResponse(def, TACTICAL, this.model!.response(s, att, def, boost, att.attackSkill + 1 - this.attacks, this.edges(s), this.edges(1 - s), this.turnsAfter()), def.ranged === att.ranged, att.ranged);
  }

  /**
   * The option (duel-choice.ts numbering) side `side`'s own policy takes at a chooser decision:
   * `named` (the named policy's, as the chooser was told), except that a `tactical` side's attack
   * and response are the tactical model's. For the game (exchange/duel/game.ts), whose chooser decides for
   * both sides; asked at the moment the engine asks the chooser, so the model sees what it sees in play.
   */
  ownOption(side: number, kind: number, extra: number, named: number): number {
    const me = this.chars[side]!;
    if (!me.policy.tactical) return named;
    if (kind === ATTACK_DECISION) return this.tacticalAttack(side) + 1;
    if (kind !== RESPONSE_DECISION) return named;
    const att = this.chars[1 - side]!;
    const code = this.tacticalResponse(1 - side, extra);
    const response = Math.floor(code / RESPONSE_CODE);
    if (response === NO_RESPONSE) return 0;
    const guards = me.canGuard() ? me.responseBoost(FULL_GUARD, att.ranged) + 1 : 0;
    return (response === FULL_GUARD ? 1 : 1 + guards) + (code % RESPONSE_CODE);
  }

  /** The end of side s's turn (both still fighting): Lingering Harm (the only other source in a duel is the opponent), then Reeling runs out. */
  endTurn(s: number): void {
    const me = this.chars[s]!;
    if (me.harmDue(1 - s)) {
      const before = me.vit;
      takeWounds(me, 1, this.magicFirst(me, HARM_DECISION, 0));
      if (this.observer !== null) this.emit(s, 'lingering-harm', { wounds: 1, vit_before: before, vit: me.vit, state_after: me.stateWord() });
      this.afterWounds(me, 1);
      if (this.loser >= 0) return;
    }
    me.endTurn();
  }

  /** One Exchange with side s attacking: pay, the defender picks and pays a response, roll, Wounds, collapse or Continuation, Conditions. */
  exchange(s: number, boost: number): void {
    const att = this.chars[s]!;
    const def = this.chars[1 - s]!;
    const knobs = this.spec.knobs;
    const obs = this.observer;
    const aDice = att.baseCost + boost;
    att.pay(att.cost(aDice));
    // The defender chooses and pays its response before the rolls (seed 001: declare the attack,
    // choose and pay the response, roll and compare); a Clash needs the same kind of weapon.
    const clashLegal = def.ranged === att.ranged;
    const ch = this.chooser;
    let response: number;
    let dBoost = 0;
    if (ch !== null && ch.solving[def.index] === true) {
      const code = chooseResponse(def, ch, clashLegal, att.ranged, boost);
      response = Math.floor(code / RESPONSE_CODE);
      dBoost = code % RESPONSE_CODE;
    } else if (def.policy.tactical) {
      const code = this.tacticalResponse(s, boost);
      response = Math.floor(code / RESPONSE_CODE);
      dBoost = code % RESPONSE_CODE;
    } else {
      response = def.chooseResponse(clashLegal);
      if (response !== NO_RESPONSE) dBoost = def.responseBoost(response, att.ranged);
    }
    const n = response === NO_RESPONSE ? 0 : def.responseDice(response, dBoost);
    const dCost = def.cost(n);
    def.pay(dCost);
    // A ranged weapon in a duel shoots while engaged in melee: Disadvantage.
    const aTotal = rollTotal(this.dice, aDice, attackEdge(att.ranged, att.disadvantaged, att.prone, def.prone, false, att.ranged), knobs);
    const aRolls = obs !== null ? takeRolls(this.dice) : null;
    let dTotal = 0;
    if (response !== NO_RESPONSE) {
      const edge = response === CLASH ? attackEdge(def.ranged, def.disadvantaged, def.prone, att.prone, false, def.ranged) : guardEdge(def.disadvantaged);
      dTotal = rollTotal(this.dice, n, edge, knobs);
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
    if (wounds > 0) loser.harmFrom(winner.index, winner.lingering);
    takeWounds(loser, wounds, wounds > 0 ? this.magicFirst(loser, WOUND_DECISION, woundExtra(wounds, m)) : true);
    if (obs !== null) this.traceExchange(att, def, boost, response, dBoost, dCost, aTotal, dTotal, aRolls!, margin, wounds, before);
    this.afterWounds(loser, wounds);
    if (this.loser >= 0) return;
    // Conditions from the winner's weapon, once the Exchange is finished.
    const bits = inflictConditions(winner, loser, m, this.active === loser.index);
    if (obs !== null && (bits & INFLICTED_REELING) !== 0) this.emit(winner.index, 'inflict', { target: loser.loadout.name, condition: 'reeling', target_state_after: loser.stateWord() });
    if (obs !== null && (bits & INFLICTED_PRONE) !== 0) this.emit(winner.index, 'inflict', { target: loser.loadout.name, condition: 'prone', target_state_after: loser.stateWord() });
  }

  /** Which die Wounds take first: the victim's named policy, or its solver's choice (kind and extra: which decision, exchange/duel/choice.ts). */
  private magicFirst(c: Combatant, kind: number, extra: number): boolean {
    const ch = this.chooser;
    return ch !== null && ch.solving[c.index] === true ? chooseMagicFirst(c, ch, kind, extra) : !c.policy.keepMagic;
  }

  /** Wounds outside an Exchange: apply them, then collapse or a Continuation Check. */
  wound(c: Combatant, wounds: number): void {
    takeWounds(c, wounds);
    this.afterWounds(c, wounds);
  }

  /** Each Wound: VIT - 1 and one die to Wounded, the die chosen by the victim's policy (combatant.ts takeWounds). */
  applyWounds(c: Combatant, wounds: number): void {
    takeWounds(c, wounds);
  }

  /** After Wounds: collapse at VIT 0 (the duel is over), else a Continuation Check when one is due (combatant.ts afterWounds). */
  afterWounds(c: Combatant, wounds: number): void {
    const dots = afterWounds(c, wounds, this.dice, this.spec.knobs);
    if (c.status === COLLAPSED) {
      this.end = END_COLLAPSE;
      this.loser = c.index;
      return;
    }
    if (dots === NO_CHECK) return;
    if (c.status === BROKE) {
      this.end = END_BROKE;
      this.loser = c.index;
    }
    if (this.observer !== null) this.emit(c.index, 'continuation-check', { dots, result: dots === 0 ? 'fails: breaks off' : 'passes', state_after: c.stateWord() });
  }

  private traceExchange(
    att: Combatant, def: Combatant, boost: number, response: number, dBoost: number, dCost: number,
    aTotal: number, dTotal: number, aRolls: number[], margin: number, wounds: number, before: string,
  ): void {
    const dRolls = takeRolls(this.dice);
    const hurt = margin > 0 ? def : margin < 0 ? att : null;
    this.emit(att.index, 'exchange', {
      target: def.loadout.name,
      cost: att.cost(att.baseCost + boost), boost, response: RESPONSE_WORDS[response]!, response_cost: dCost, response_boost: dBoost,
      rolls: response === NO_RESPONSE ? { attack: aRolls } : { attack: aRolls, response: dRolls },
      attack_total: aTotal, response_total: dTotal, margin,
      wounds: margin > 0 ? wounds : 0, wounds_to_attacker: margin < 0 ? wounds : 0,
      result: hurt === null ? 'nothing lands' : `${hurt.loadout.name} takes ${wounds} Wound${wounds === 1 ? '' : 's'}`,
      state_after: att.stateWord(), target_state_before: margin > 0 ? before : def.stateWord(), target_state_after: def.stateWord(),
      vit: att.vit, target_vit: def.vit, ready: att.ready, target_ready: def.ready,
    });
  }

  private emit(s: number, action: string, extra: Record<string, unknown>): void {
    const rolls = takeRolls(this.dice);
    const e = { round: this.round, side: SIDES[s]!, actor: this.chars[s]!.loadout.name, action, ...(rolls.length > 0 ? { rolls } : {}), ...extra };
    this.observer!.event(e);
  }
}
