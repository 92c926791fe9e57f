/**
 * An exchange fight in Tactical Mode (seed 001; issue #14): sides of characters and NPC groups on
 * a map of 2 m Spaces. Each turn: Refresh, stand up if Prone, then by policy choose a target, move
 * (Walk / Run / Sprint, one mode a turn, split around attacks), attack while proactive uses and
 * dice allow, move again; Lingering Harm and Reeling at the end of the turn. Steps between two
 * Spaces both inside an enemy's melee reach give it an Opportunity Attack.
 * The per-character clauses live in ../combatant.ts, the Exchange's totals in ../rules.ts.
 */
import type { Dice } from '../../../dice/dice.js';
import type { TraceEvent, TraceObserver } from '../../trace.js';
import { applyWounds, COLLAPSED, Combatant, IN_FIGHT } from '../combatant.js';
import { CLASH, combineEdge, NO_RESPONSE, rollTotal, totalsToWounds, type ExchangeSpec } from '../rules.js';
import { allowances, FightMap, metresToSpaces, rangeBand, spaces } from './map.js';
import { TurnOrder, type TurnTaker } from './order.js';
import { chooseMode, chooseTarget, MODE_COST, pickFreshest, type FightView } from './policies.js';
import {
  FULL, MOVE_KEEP_RANGE, ORDER_FRESH_FIRST, PARTIAL, WALK, type ExchangeFightSpec,
} from './spec.js';

export const END_COLLAPSE = 0;
export const END_BROKE = 1;
export const END_MAX_ROUNDS = 2;
const MODE_NAMES = ['walk', 'run', 'sprint'];
const RESPONSE_NAMES = ['none', 'full-guard', 'clash'];

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export class ExchangeFight implements TurnTaker, FightView {
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
  readonly order: TurnOrder;
  /** Lingering Harm turns left, per victim * count + source (each creature is a separate source). */
  readonly lingering: Int32Array;
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
  private moveLeft = 0;
  private modeChosen = false;
  private readonly scratch: Mutable<ExchangeSpec>;

  constructor(readonly spec: ExchangeFightSpec, private readonly dice: Dice) {
    const fs = spec.fighters;
    const n = fs.length;
    this.count = n;
    this.chars = fs.map((f) => new Combatant(f.loadout, f.policy, f.conditions));
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
    this.order = new TurnOrder(spec.units, n);
    this.lingering = new Int32Array(n * n);
    this.dealt = new Float64Array(n);
    this.taken = new Float64Array(n);
    this.adAttack = new Float64Array(n);
    this.adResponse = new Float64Array(n);
    this.adMove = new Float64Array(n);
    this.scratch = {
      knobs: spec.knobs, attDice: 0, attEdge: 0, response: 0, defDice: 0, defEdge: 0, attStrike: 0, defStrike: 0, attSoak: 0, defSoak: 0, defVitality: 0, maxAtt: 0, maxDef: 0,
    };
  }

  inFight(f: number): boolean {
    return this.chars[f]!.status === IN_FIGHT;
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
    this.map.occupant.fill(0);
    this.lingering.fill(0);
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

  /** One whole fight; the result is left in winner (0 a, 1 b, 2 draw), end and round. */
  play(): void {
    this.reset();
    this.observer?.begin();
    const s = this.spec;
    const side = s.openerSide >= 0 ? s.openerSide : this.dice.roll(2) - 1;
    const opener = s.openerFighter >= 0 ? s.openerFighter : s.units[side]![0]![0]!;
    this.order.reset(opener);
    let due = side;
    this.winner = 2;
    this.end = END_MAX_ROUNDS;
    for (this.round = 1; this.round <= s.maxRounds; this.round++) {
      due = this.order.playRound(due, this.round === 1 ? opener : -1, this);
      if (this.fightOver()) {
        const loser = this.standing(0) === 0 ? 0 : 1;
        this.winner = 1 - loser;
        this.end = END_COLLAPSE;
        for (let f = 0; f < this.count; f++) if (this.sideOf[f] === loser && this.chars[f]!.status !== COLLAPSED) this.end = END_BROKE;
        this.observer?.end(this.winner, this.round);
        return;
      }
    }
    this.round = s.maxRounds;
    this.observer?.end(2, this.round);
  }

  pickUnit(side: number, candidates: Int32Array, n: number): number {
    if (this.spec.order[side] === ORDER_FRESH_FIRST) return pickFreshest(this, this.spec.units[side]!, this.order.acted, candidates, n);
    return 0;
  }

  /** One character's turn. */
  takeTurn(f: number): void {
    const c = this.chars[f]!;
    const sp = this.spec.fighters[f]!;
    this.active = f;
    c.refresh();
    const stood = c.standUp();
    this.adMove[f]! += stood;
    if (this.observer !== null) this.emit(f, -1, stood > 0 ? 'stand-up' : 'refresh', { ready: c.ready, cost: stood });
    this.moveLeft = 0;
    this.modeChosen = false;
    let uses = c.attackSkill + 1;
    const ranged = c.ranged;
    for (let guard = 0; guard < 64 && c.status === IN_FIGHT && !this.fightOver(); guard++) {
      const t = chooseTarget(this, f, sp.move, this.spec.targeting[this.sideOf[f]!]!, this.focus);
      if (t < 0) break;
      if (ranged && sp.move === MOVE_KEEP_RANGE) this.keepRange(f, t);
      else this.approach(f, t, ranged ? this.effective[f]! : this.reach[f]!);
      if (c.status !== IN_FIGHT || !this.inFight(t) || uses === 0 || !this.canAttack(f, t)) break;
      const boost = c.attackBoost(c.attackSkill, c.baseCost, c.policy.reserve);
      if (boost < 0) break;
      uses--;
      this.exchange(f, t, boost, 'exchange');
    }
    this.endTurn(f);
  }

  /** Lingering Harm: 1 Wound from each source still affecting the character; then Reeling runs out. */
  endTurn(f: number): void {
    const c = this.chars[f]!;
    const n = this.count;
    for (let s = 0; s < n && c.status === IN_FIGHT; s++) {
      const k = f * n + s;
      if (this.lingering[k]! <= 0) continue;
      this.lingering[k]!--;
      this.wound(s, f, 1);
      if (this.observer !== null) this.emit(f, s, 'lingering-harm', { wounds: 1, state_after: this.stateName(f) });
    }
    c.endTurn();
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
    if (!a.ranged) return combineEdge(d.prone, a.disadvantaged || a.prone || cover);
    const long = rangeBand(spaces(this.x[f]!, this.y[f]!, this.x[t]!, this.y[t]!), this.effective[f]!, this.maximum[f]!) === 1;
    return combineEdge(false, a.disadvantaged || long || cover || d.prone || this.engaged(f));
  }

  /** One Exchange: f attacks t (on its turn, or as an Opportunity Attack); t answers by policy. */
  exchange(f: number, t: number, boost: number, action: string): void {
    const att = this.chars[f]!;
    const def = this.chars[t]!;
    const paid = att.cost(att.baseCost + boost);
    att.pay(paid);
    this.adAttack[f]! += paid;
    const aTotal = rollTotal(this.dice, att.baseCost + boost, this.attackEdge(f, t), this.spec.knobs);
    const clashLegal = def.ranged === att.ranged && this.canAttack(t, f);
    const response = def.chooseResponse(clashLegal);
    let dTotal = 0;
    if (response !== NO_RESPONSE) {
      const b = def.responseBoost(response, att.ranged);
      const base = response === CLASH ? def.baseCost : 1;
      const p = def.cost(base + b);
      def.pay(p);
      this.adResponse[t]! += p;
      const edge = response === CLASH ? this.attackEdge(t, f) : combineEdge(true, def.disadvantaged);
      dTotal = rollTotal(this.dice, base + b, edge, this.spec.knobs);
    }
    const s = this.scratch;
    s.response = response;
    s.attStrike = att.strike;
    s.defStrike = def.strike;
    s.attSoak = att.soak;
    s.defSoak = def.soak;
    const w = totalsToWounds(s, aTotal, dTotal);
    if (w > 0) this.wound(f, t, w);
    else if (w < 0) this.wound(t, f, -w);
    // A weapon that inflicts Reeling: the winner's margin reaches its threshold; applied after the Exchange.
    if (aTotal > dTotal && att.reelingMargin > 0 && aTotal - dTotal >= att.reelingMargin) def.becomeReeling(t === this.active);
    else if (response === CLASH && dTotal > aTotal && def.reelingMargin > 0 && dTotal - aTotal >= def.reelingMargin) att.becomeReeling(f === this.active);
    if (this.observer !== null) {
      this.emit(f, t, action, {
        boost, response: RESPONSE_NAMES[response], rolls: { attack: [aTotal], response: response === NO_RESPONSE ? [] : [dTotal] },
        wounds: w > 0 ? w : 0, wounds_to_attacker: w < 0 ? -w : 0, state_after: this.stateName(f), target_state_after: this.stateName(t),
      });
    }
  }

  /** Wounds from source s to victim v (a hit or a Lingering Harm tick); a hit by a lingering weapon starts that source. */
  wound(s: number, v: number, wounds: number): void {
    const k = v * this.count + s;
    const lingering = this.chars[s]!.lingering;
    if (lingering > 0 && this.lingering[k]! < lingering) this.lingering[k] = lingering;
    const applied = applyWounds(this.chars[v]!, wounds, this.dice, this.spec.knobs);
    this.dealt[s]! += applied;
    this.taken[v]! += applied;
    if (applied > 0 && this.chars[v]!.status !== IN_FIGHT) {
      this.map.clear(this.x[v]!, this.y[v]!);
      this.inFightCount[this.sideOf[v]!]!--;
    }
  }

  /** The first movement of the turn picks the mode (policy) and pays it once. */
  private startMoving(f: number, need: number): void {
    if (this.modeChosen) return;
    const c = this.chars[f]!;
    const a = f * 3;
    const mode = chooseMode(need, this.allowance[a]!, this.allowance[a + 1]!, this.allowance[a + 2]!, c.ready, c.slowed ? 2 : 1, c.cost(c.baseCost), c.policy.reserve);
    const cost = c.cost(MODE_COST[mode]!);
    c.pay(cost);
    this.adMove[f]! += cost;
    this.moveLeft = this.allowance[a + mode]!;
    this.modeChosen = true;
    if (this.observer !== null && mode !== WALK) this.emit(f, -1, MODE_NAMES[mode]!, { cost, spaces: this.moveLeft });
  }

  /** Close in until within `want` Spaces of t (and able to attack it). */
  private approach(f: number, t: number, want: number): void {
    if (this.chars[f]!.prone) return;
    for (let guard = 0; guard < 400; guard++) {
      const d = spaces(this.x[f]!, this.y[f]!, this.x[t]!, this.y[t]!);
      if (d <= want && this.canAttack(f, t)) return;
      this.startMoving(f, d - want);
      if (this.moveLeft <= 0 || !this.step(f, this.x[t]!, this.y[t]!, 1)) return;
      if (this.chars[f]!.status !== IN_FIGHT || !this.inFight(t)) return;
    }
  }

  /** keep-range: leave melee reach first, then close to Effective Range. */
  private keepRange(f: number, t: number): void {
    this.retreat(f);
    if (this.chars[f]!.status === IN_FIGHT && this.inFight(t)) this.approach(f, t, this.effective[f]!);
  }

  /** Step away from the nearest enemy while some enemy's melee reach covers f. */
  private retreat(f: number): void {
    if (this.chars[f]!.prone) return;
    for (let guard = 0; guard < 400 && this.engaged(f) && this.chars[f]!.status === IN_FIGHT; guard++) {
      let e = -1;
      for (let k = 0; k < this.count; k++) {
        if (this.sideOf[k] === this.sideOf[f] || !this.inFight(k)) continue;
        if (e < 0 || spaces(this.x[f]!, this.y[f]!, this.x[k]!, this.y[k]!) < spaces(this.x[f]!, this.y[f]!, this.x[e]!, this.y[e]!)) e = k;
      }
      if (e < 0) return;
      this.startMoving(f, 0);
      if (this.moveLeft <= 0 || !this.step(f, this.x[e]!, this.y[e]!, -1)) return;
    }
  }

  /**
   * One step to the free neighbouring Space that best goes towards (dir 1) or away from (dir -1) the
   * goal: fewest (most) Spaces, then straight-line distance; only a step that improves. Then
   * Opportunity Attacks. Returns false when no step improves.
   */
  step(f: number, gx: number, gy: number, dir: number): boolean {
    const x0 = this.x[f]!;
    const y0 = this.y[f]!;
    let bx = x0;
    let by = y0;
    let bc = dir * spaces(x0, y0, gx, gy);
    let be = dir * ((x0 - gx) * (x0 - gx) + (y0 - gy) * (y0 - gy));
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x0 + dx;
        const ny = y0 + dy;
        if ((dx === 0 && dy === 0) || !this.map.free(nx, ny)) continue;
        const c = dir * spaces(nx, ny, gx, gy);
        const e = dir * ((nx - gx) * (nx - gx) + (ny - gy) * (ny - gy));
        if (c < bc || (c === bc && e < be)) {
          bx = nx;
          by = ny;
          bc = c;
          be = e;
        }
      }
    }
    if (bx === x0 && by === y0) return false;
    this.map.clear(x0, y0);
    this.x[f] = bx;
    this.y[f] = by;
    this.map.place(f, bx, by);
    this.moveLeft--;
    if (this.observer !== null) this.emit(f, -1, 'move', { from_x: x0, from_y: y0 });
    this.opportunityAttacks(f, x0, y0);
    return true;
  }

  /**
   * After f steps from (x0, y0): every enemy (listed order) whose melee reach covered both Spaces
   * may make an Opportunity Attack, by policy whenever it can pay the attack and keep its reserve
   * (Stunned characters take no Reactions). No proactive use is spent.
   */
  private opportunityAttacks(f: number, x0: number, y0: number): void {
    for (let e = 0; e < this.count && this.chars[f]!.status === IN_FIGHT; e++) {
      const c = this.chars[e]!;
      if (this.sideOf[e] === this.sideOf[f] || c.status !== IN_FIGHT || c.ranged || c.stunned) continue;
      if (spaces(this.x[e]!, this.y[e]!, x0, y0) > this.reach[e]! || !this.canAttack(e, f)) continue;
      if (this.map.path(this.x[e]!, this.y[e]!, x0, y0) === FULL) continue;
      const boost = c.attackBoost(c.attackSkill, c.baseCost, c.policy.reserve);
      if (boost >= 0) this.exchange(e, f, boost, 'opportunity-attack');
    }
  }

  /** Puts f on (x, y) without moving through the Spaces between (set-ups and tests). */
  put(f: number, x: number, y: number): void {
    this.map.clear(this.x[f]!, this.y[f]!);
    this.x[f] = x;
    this.y[f] = y;
    this.map.place(f, x, y);
  }

  stateName(f: number): string {
    return ['active', 'collapsed', 'broke'][this.chars[f]!.status]!;
  }

  private emit(f: number, t: number, action: string, extra: Record<string, unknown>): void {
    const e: TraceEvent = {
      round: this.round, side: this.spec.sideNames[this.sideOf[f]!]!, actor: this.spec.fighters[f]!.name, action,
      x: this.x[f]!, y: this.y[f]!, vit: this.chars[f]!.vit, ready: this.chars[f]!.ready,
      ...(t >= 0 ? {
        target: this.spec.fighters[t]!.name, target_x: this.x[t]!, target_y: this.y[t]!, target_vit: this.chars[t]!.vit,
        distance_after: spaces(this.x[f]!, this.y[f]!, this.x[t]!, this.y[t]!),
      } : {}),
      ...extra,
    };
    this.observer!.event(e);
  }
}
