/**
 * The state of an exchange fight on a Tactical map (seed 001) and the clauses that do not move
 * anyone: who can attack whom (reach, ranges, cover), each roll's Edge, one Exchange, Wounds.
 * The turn and movement half is engine.ts.
 */
import type { Dice } from '../../../dice/dice.js';
import { takeRolls } from '../../../dice/recording-dice.js';
import type { TraceEvent, TraceObserver } from '../../trace.js';
import { afterWounds, COLLAPSED, Combatant, IN_FIGHT, INFLICTED_PRONE, INFLICTED_REELING, inflictConditions, NO_CHECK, takeWounds } from '../combatant.js';
import { attackEdge, CLASH, exchangeMargin, guardEdge, NO_RESPONSE, rollTotal, totalsToWounds, type ExchangeSpec } from '../rules.js';
import { allowances, FightMap, metresToSpaces, rangeBand, spaces } from './map.js';
import type { FightView } from './policies.js';
import { FULL, PARTIAL, type ExchangeFightSpec } from './spec.js';

export const END_COLLAPSE = 0;
export const END_BROKE = 1;
export const END_MAX_ROUNDS = 2;
const RESPONSE_NAMES = ['none', 'full-guard', 'clash'];

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export class FightCore implements FightView {
  readonly chars: readonly Combatant[];
  readonly count: number;
  readonly sideOf: Int8Array;
  readonly x: Int16Array;
  readonly y: Int16Array;
  readonly reach: Int32Array;
  readonly effective: Int32Array;
  readonly maximum: Int32Array;
  /** Walk, Run, Sprint allowances (Spaces) per fighter: index f * 3 + mode. */
  readonly allowance: Int32Array;
  readonly map: FightMap;
  readonly focus = new Int32Array(2);
  /** Per fighter, this fight: Wounds dealt and taken, AD spent on attacks, responses, movement. */
  readonly dealt: Float64Array;
  readonly taken: Float64Array;
  readonly adAttack: Float64Array;
  readonly adResponse: Float64Array;
  readonly adMove: Float64Array;
  observer: TraceObserver | null = null;
  round = 0;
  winner = 2;
  end = END_MAX_ROUNDS;
  /** The character whose turn it is. */
  active = -1;
  /** Set by the game layer (game.ts): decisions go through its hooks. False in the kernel. */
  protected gameHooks = false;
  /** A Continuation Check waiting for its trace event (after the event of the Wounds that caused it): who, and its dots. */
  private checkOf = -1;
  private checkDots = 0;
  /** The faces of that check's Resilience dice. */
  private checkRolls: number[] = [];
  protected readonly scratch: Mutable<ExchangeSpec>;
  /** A side meets itself: trace events name the target's side too (its characters' names are the same on both sides). */
  private readonly mirrored: boolean;

  constructor(readonly spec: ExchangeFightSpec, public dice: Dice) {
    const fs = spec.fighters;
    const n = fs.length;
    this.count = n;
    // Per-character clauses: ../combatant.ts, the same module the duel engine calls; each creature is its own Lingering Harm source.
    this.chars = fs.map((f, i) => new Combatant(f.loadout, f.policy, f.conditions, i, n));
    this.sideOf = Int8Array.from(fs.map((f) => f.side));
    this.x = new Int16Array(n);
    this.y = new Int16Array(n);
    this.reach = Int32Array.from(fs.map((f) => (f.loadout.weapon.kind === 'melee' ? f.loadout.weapon.reach : 0)));
    this.effective = Int32Array.from(fs.map((f) => metresToSpaces(f.loadout.weapon.effectiveRange ?? 0)));
    this.maximum = Int32Array.from(fs.map((f) => metresToSpaces(f.loadout.weapon.maxRange ?? 0)));
    this.allowance = Int32Array.from(fs.flatMap((f) => {
      const c = f.loadout.character;
      return allowances(c.baseMovement, f.conditions.includes('slowed'), Math.max(c.athletics, c.acrobatics));
    }));
    this.map = new FightMap(spec.width, spec.height, spec.cells);
    this.mirrored = spec.sideNames[0] === spec.sideNames[1];
    this.dealt = new Float64Array(n);
    this.taken = new Float64Array(n);
    this.adAttack = new Float64Array(n);
    this.adResponse = new Float64Array(n);
    this.adMove = new Float64Array(n);
    this.scratch = {
      knobs: spec.knobs, attDice: 0, attEdge: 0, response: 0, defDice: 0, defEdge: 0, attStrike: 0, defStrike: 0, attSoak: 0, defSoak: 0, defVitality: 0, maxAtt: 0, maxDef: 0,
    };
  }

  /** Still fighting: neither collapsed nor broken (a side with none left loses). */
  inFight(f: number): boolean {
    return this.chars[f]!.status === IN_FIGHT;
  }

  /** On the map and taking turns: not collapsed (a broken character stays, withdraws and guards). */
  onMap(f: number): boolean {
    return this.chars[f]!.status !== COLLAPSED;
  }

  vit(f: number): number {
    return this.chars[f]!.vit;
  }

  ready(f: number): number {
    return this.chars[f]!.ready;
  }

  /** Characters of each side still in the fight (kept up to date by wound()). */
  readonly inFightCount = new Int32Array(2);

  standing(side: number): number {
    return this.inFightCount[side]!;
  }

  fightOver(): boolean {
    return this.inFightCount[0] === 0 || this.inFightCount[1] === 0;
  }

  reset(): void {
    this.map.empty();
    this.focus.fill(-1);
    this.dealt.fill(0);
    this.taken.fill(0);
    this.adAttack.fill(0);
    this.adResponse.fill(0);
    this.adMove.fill(0);
    this.inFightCount.fill(0);
    this.active = -1;
    for (let f = 0; f < this.count; f++) {
      this.inFightCount[this.sideOf[f]!]!++;
      this.chars[f]!.reset();
      this.x[f] = this.spec.fighters[f]!.x;
      this.y[f] = this.spec.fighters[f]!.y;
      this.map.place(f, this.x[f]!, this.y[f]!);
    }
  }

  /** Melee: within reach and no full cover between. Ranged: within Maximum Range and no full cover. */
  canAttack(f: number, t: number): boolean {
    const d = spaces(this.x[f]!, this.y[f]!, this.x[t]!, this.y[t]!);
    const inRange = this.chars[f]!.ranged ? rangeBand(d, this.effective[f]!, this.maximum[f]!) < 2 : d <= this.reach[f]!;
    return inRange && this.map.path(this.x[f]!, this.y[f]!, this.x[t]!, this.y[t]!) !== FULL;
  }

  /** Some enemy with a melee weapon could attack f where it stands. */
  engaged(f: number): boolean {
    for (let e = 0; e < this.count; e++) {
      if (this.sideOf[e] !== this.sideOf[f] && this.inFight(e) && !this.chars[e]!.ranged && this.canAttack(e, f)) return true;
    }
    return false;
  }

  /** Edge of f's attack (or Clash) on t: one source of each at most. */
  attackEdge(f: number, t: number): number {
    const a = this.chars[f]!;
    const d = this.chars[t]!;
    const cover = this.map.path(this.x[f]!, this.y[f]!, this.x[t]!, this.y[t]!) === PARTIAL;
    const long = a.ranged && rangeBand(spaces(this.x[f]!, this.y[f]!, this.x[t]!, this.y[t]!), this.effective[f]!, this.maximum[f]!) === 1;
    return attackEdge(a.ranged, a.disadvantaged, a.prone, d.prone, false, cover || long || (a.ranged && this.engaged(f)));
  }

  /** One Exchange: f attacks t (on its turn, or as an Opportunity Attack); t answers by policy. */
  exchange(f: number, t: number, boost: number, action: string): void {
    const att = this.chars[f]!;
    const def = this.chars[t]!;
    const paid = att.cost(att.baseCost + boost);
    att.pay(paid);
    this.adAttack[f]! += paid;
    // Traced (the kernel records the dice): the faces of this attack's roll and of the response's.
    if (this.observer !== null) takeRolls(this.dice);
    const eA = this.attackEdge(f, t);
    const aTotal = rollTotal(this.dice, att.baseCost + boost, eA, this.spec.knobs);
    const aRolls = this.observer !== null ? takeRolls(this.dice) : null;
    const clashLegal = def.ranged === att.ranged && this.canAttack(t, f);
    const targetReady = def.ready;
    let response: number;
    let rBoost = 0;
    if (this.spec.fighters[t]!.tactical) {
      const r = this.tacticalResponse(f, t, att.baseCost + boost, eA, clashLegal);
      response = r >> 8;
      rBoost = r & 255;
    } else {
      response = def.chooseResponse(clashLegal);
      if (response !== NO_RESPONSE) rBoost = def.responseBoost(response, att.ranged);
    }
    if (this.gameHooks) {
      const r = this.chosenResponse(f, t, (response << 8) | rBoost, clashLegal);
      response = r >> 8;
      rBoost = r & 255;
    }
    let dTotal = 0;
    let rCost = 0;
    if (response !== NO_RESPONSE) {
      const n = def.responseDice(response, rBoost);
      const p = def.cost(n);
      rCost = p;
      def.pay(p);
      this.adResponse[t]! += p;
      const edge = response === CLASH ? this.attackEdge(t, f) : guardEdge(def.disadvantaged);
      dTotal = rollTotal(this.dice, n, edge, this.spec.knobs);
    }
    const dRolls = this.observer !== null && response !== NO_RESPONSE ? takeRolls(this.dice) : null;
    const s = this.scratch;
    s.response = response;
    s.attStrike = att.strike;
    s.defStrike = def.strike;
    s.attSoak = att.soak;
    s.defSoak = def.soak;
    const w = totalsToWounds(s, aTotal, dTotal);
    if (w > 0) this.wound(f, t, w);
    else if (w < 0) this.wound(t, f, -w);
    const m = exchangeMargin(response, aTotal, dTotal);
    if (this.observer !== null) {
      this.emit(f, t, action, {
        boost, cost: paid, target_ready: targetReady, response: RESPONSE_NAMES[response], response_boost: rBoost, response_cost: rCost, margin: m,
        rolls: dRolls === null ? { attack: aRolls! } : { attack: aRolls!, response: dRolls },
        attack_total: aTotal, response_total: dTotal,
        wounds: w > 0 ? w : 0, wounds_to_attacker: w < 0 ? -w : 0, state_after: this.stateName(f), target_state_after: this.stateName(t),
      });
      this.traceCheck();
    }
    // Conditions the winner's weapon inflicts (Reeling, Prone), applied after the Exchange (a broken
    // loser still on the map too), unless that Exchange ended the fight.
    if (!this.fightOver()) {
      if (m > 0 && def.status !== COLLAPSED) this.inflict(f, t, inflictConditions(att, def, m, t === this.active));
      else if (m < 0 && att.status !== COLLAPSED) this.inflict(t, f, inflictConditions(def, att, -m, f === this.active));
    }
  }

  /**
   * The `tactical` response of t to f's attack of nA dice at Edge eA: (response << 8) | Boost.
   * The engine (engine.ts) decides; a bare core answers No Response.
   */
  protected tacticalResponse(_f: number, _t: number, _nA: number, _eA: number, _clashLegal: boolean): number {
    return NO_RESPONSE << 8;
  }

  /** The game layer's hook: t's answer to f's attack; `own` is its policy's, (response << 8) | Boost. */
  protected chosenResponse(_f: number, _t: number, own: number, _clashLegal: boolean): number {
    return own;
  }

  /** Trace events for the Conditions winner w's weapon just inflicted on loser l (INFLICTED_* bits), as the duel traces them. */
  private inflict(w: number, l: number, bits: number): void {
    if (this.observer === null || bits === 0) return;
    const st = this.stateName(l);
    if ((bits & INFLICTED_REELING) !== 0) this.emit(w, l, 'inflict', { condition: 'reeling', target_state_after: st });
    if ((bits & INFLICTED_PRONE) !== 0) this.emit(w, l, 'inflict', { condition: 'prone', target_state_after: st });
  }

  /** The trace event of a Continuation Check made since the last call (after the event of the Wounds that caused it). */
  traceCheck(): void {
    const v = this.checkOf;
    if (v < 0) return;
    this.checkOf = -1;
    const dots = this.checkDots;
    this.emit(v, -1, 'continuation-check', { dots, rolls: this.checkRolls, result: dots === 0 ? 'fails: breaks off' : 'passes', state_after: this.stateName(v) });
  }

  /** Wounds from source s to victim v in a hit: a lingering weapon starts (or renews) that source of Lingering Harm. */
  wound(s: number, v: number, wounds: number): void {
    if (wounds > 0 && this.chars[v]!.status !== COLLAPSED) this.chars[v]!.harmFrom(s, this.chars[s]!.lingering);
    this.harm(s, v, wounds);
  }

  /**
   * Wounds from source s to victim v without starting Lingering Harm (its ticks), credited to s. A
   * character that breaks leaves its side's count but stays on the map; one that collapses leaves the map.
   */
  harm(s: number, v: number, wounds: number): void {
    const c = this.chars[v]!;
    const was = c.status;
    // combatant.ts applyWounds, keeping the check's dots for the trace
    const applied = wounds > 0 && was !== COLLAPSED ? wounds : 0;
    if (applied > 0) {
      takeWounds(c, wounds);
      if (this.observer !== null) takeRolls(this.dice);
      const dots = afterWounds(c, wounds, this.dice, this.spec.knobs);
      if (dots !== NO_CHECK && this.observer !== null) {
        this.checkOf = v;
        this.checkDots = dots;
        this.checkRolls = takeRolls(this.dice);
      }
    }
    this.dealt[s]! += applied;
    this.taken[v]! += applied;
    if (applied === 0) return;
    if (was === IN_FIGHT && c.status !== IN_FIGHT) this.inFightCount[this.sideOf[v]!]!--;
    if (c.status === COLLAPSED) this.map.clear(this.x[v]!, this.y[v]!);
  }

  /** Puts f on (x, y) without moving through the Spaces between (set-ups and tests). */
  put(f: number, x: number, y: number): void {
    this.map.clear(this.x[f]!, this.y[f]!);
    this.x[f] = x;
    this.y[f] = y;
    this.map.place(f, x, y);
  }

  /** collapsed, broke, or active with its Conditions (active reeling prone ...), as in the duel's trace. */
  stateName(f: number): string {
    return this.chars[f]!.stateWord();
  }

  protected emit(f: number, t: number, action: string, extra: Record<string, unknown>): void {
    const e: TraceEvent = {
      round: this.round, side: this.spec.sideLabels[this.sideOf[f]!]!, actor: this.spec.fighters[f]!.name, action,
      x: this.x[f]!, y: this.y[f]!, vit: this.chars[f]!.vit, ready: this.chars[f]!.ready,
      ...(t >= 0 ? {
        target: this.spec.fighters[t]!.name, ...(this.mirrored ? { target_side: this.spec.sideLabels[this.sideOf[t]!]! } : {}), target_x: this.x[t]!, target_y: this.y[t]!, target_vit: this.chars[t]!.vit,
        distance_after: spaces(this.x[f]!, this.y[f]!, this.x[t]!, this.y[t]!),
      } : {}),
      ...extra,
    };
    this.observer!.event(e);
  }
}
