/**
 * An exchange fight in Tactical Mode (seed 001): sides of characters and NPC groups on
 * a map of 2 m Spaces. Each turn: Refresh, stand up if Prone, then by policy choose a target, move
 * (Walk / Run / Sprint, one mode a turn, split around attacks), attack while proactive uses and
 * dice allow; Lingering Harm and Reeling at the end of the turn. Steps between two Spaces both
 * inside an enemy's melee reach give it an Opportunity Attack.
 * The fight's state and the Exchange are in core.ts, the per-character clauses in ../combatant.ts,
 * the Exchange's totals in ../rules.ts.
 */
import type { Dice } from '../../../dice/dice.js';
import { BROKE, COLLAPSED, IN_FIGHT } from '../combatant.js';
import { FightCore, END_BROKE, END_COLLAPSE, END_MAX_ROUNDS } from './core.js';
import { spaces } from './map.js';
import { TurnOrder, type TurnTaker } from './order.js';
import { chooseMode, chooseTarget, MODE_COST, pickFreshest } from './policies.js';
import { FULL, MOVE_KEEP_RANGE, ORDER_FRESH_FIRST, WALK, type ExchangeFightSpec } from './spec.js';

export { END_BROKE, END_COLLAPSE, END_MAX_ROUNDS } from './core.js';
const MODE_NAMES = ['walk', 'run', 'sprint'];

export class ExchangeFight extends FightCore implements TurnTaker {
  readonly order: TurnOrder;
  private moveLeft = 0;
  private modeChosen = false;

  constructor(spec: ExchangeFightSpec, dice: Dice) {
    super(spec, dice);
    this.order = new TurnOrder(spec.units, this.count);
  }

  /** One whole fight; the result is left in winner (0 a, 1 b, 2 draw), end and round. */
  play(): void {
    this.reset();
    this.observer?.begin();
    const s = this.spec;
    const side = s.openerSide >= 0 ? s.openerSide : this.dice.roll(2) - 1;
    const opener = s.openerFighter >= 0 ? s.openerFighter : s.units[side]![0]![0]!;
    if (this.observer !== null) {
      this.round = 1;
      const how = s.openerFighter >= 0 ? 'named opener' : s.openerSide >= 0 ? 'opener side' : 'opener: random';
      this.emit(opener, -1, 'initiative', { result: `${s.sideLabels[this.sideOf[opener]!]!} opens with ${s.fighters[opener]!.name} (${how})` });
    }
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
    if (this.observer !== null) this.emit(f, -1, stood > 0 ? 'stand-up' : 'refresh', { ready: c.ready, cost: stood, state_after: this.stateName(f) });
    this.moveLeft = 0;
    this.modeChosen = false;
    let uses = c.attackSkill + 1;
    let attacked = false;
    const ranged = c.ranged;
    for (let guard = 0; guard < 64 && c.status === IN_FIGHT && !this.fightOver(); guard++) {
      // After its last possible attack of the turn (no proactive use left, or it cannot pay for one
      // and keep its reserve) it walks no further towards enemies (seed 001: Orin moves, attacks, then
      // uses the rest to reach cover; moving to cover is not modelled): the turn's movement ends.
      if (attacked && (uses === 0 || c.attackBoost(c.attackSkill, c.baseCost, c.policy.reserve) < 0)) break;
      let t = chooseTarget(this, f, sp.move, this.spec.targeting[this.sideOf[f]!]!, this.focus);
      if (t < 0) break;
      if (ranged && sp.move === MOVE_KEEP_RANGE) this.keepRange(f, t);
      else this.approach(f, t, ranged ? this.effective[f]! : this.reach[f]!);
      if (c.status !== IN_FIGHT || uses === 0) break;
      // The chosen target out of reach (or out): attack the nearest enemy it can attack, if any.
      if (!this.inFight(t) || !this.canAttack(f, t)) t = this.nearestAttackable(f);
      if (t < 0) break;
      const boost = c.attackBoost(c.attackSkill, c.baseCost, c.policy.reserve);
      if (boost < 0) break;
      if (!ranged) this.stepBack(f, t);
      uses--;
      attacked = true;
      this.exchange(f, t, boost, 'exchange');
    }
    // Broken (a failed Continuation Check, before or during this turn): seek safety with the movement left.
    if (c.status === BROKE && !this.fightOver()) this.withdraw(f);
    // The first side out loses and the fight stops there: no end-of-turn effects after it.
    if (!this.fightOver()) this.endTurn(f);
  }

  /** The nearest enemy f can attack from where it stands (ties: listed first), or -1. */
  nearestAttackable(f: number): number {
    let best = -1;
    let bd = 0;
    for (let e = 0; e < this.count; e++) {
      if (this.sideOf[e] === this.sideOf[f] || !this.inFight(e) || !this.canAttack(f, e)) continue;
      const d = spaces(this.x[f]!, this.y[f]!, this.x[e]!, this.y[e]!);
      if (best < 0 || d < bd) {
        best = e;
        bd = d;
      }
    }
    return best;
  }

  /** Lingering Harm: 1 Wound from each source still affecting the character; then Reeling runs out. */
  endTurn(f: number): void {
    const c = this.chars[f]!;
    for (let s = 0; s < this.count && c.status !== COLLAPSED; s++) {
      if (!c.harmDue(s)) continue;
      this.harm(s, f, 1);
      if (this.observer !== null) {
        this.emit(f, s, 'lingering-harm', { wounds: 1, state_after: this.stateName(f) });
        this.traceCheck();
      }
    }
    if (c.status !== COLLAPSED) c.endTurn();
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
    for (let guard = 0; guard < 400; guard++) {
      const d = spaces(this.x[f]!, this.y[f]!, this.x[t]!, this.y[t]!);
      if (d <= want && this.canAttack(f, t)) return;
      if (!this.upright(f)) return;
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
    for (let guard = 0; guard < 400 && this.engaged(f) && this.chars[f]!.status === IN_FIGHT; guard++) {
      if (!this.upright(f)) return;
      const e = this.nearestFoe(f);
      if (e < 0) return;
      this.startMoving(f, 0);
      if (this.moveLeft <= 0 || !this.step(f, this.x[e]!, this.y[e]!, -1)) return;
    }
  }

  /** The enemy still in the fight nearest to f (ties: listed first), or -1. */
  private nearestFoe(f: number): number {
    let e = -1;
    for (let k = 0; k < this.count; k++) {
      if (this.sideOf[k] === this.sideOf[f] || !this.inFight(k)) continue;
      if (e < 0 || spaces(this.x[f]!, this.y[f]!, this.x[k]!, this.y[k]!) < spaces(this.x[f]!, this.y[f]!, this.x[e]!, this.y[e]!)) e = k;
    }
    return e;
  }

  /**
   * A broken character seeks safety (seed 001, When You Fail: no free escape, normal movement
   * costs): it Walks (0 AD, keeping its dice for Full Guard; a mode already paid this turn goes on)
   * away from the nearest enemy still in the fight, standing first if Prone, step by step with
   * Opportunity Attacks as usual, until its movement is used up or no step gets farther.
   */
  private withdraw(f: number): void {
    const c = this.chars[f]!;
    if (!this.modeChosen) {
      this.moveLeft = this.allowance[f * 3]!;
      this.modeChosen = true;
    }
    for (let guard = 0; guard < 400 && c.status === BROKE && this.moveLeft > 0; guard++) {
      const e = this.nearestFoe(f);
      if (e < 0 || !this.upright(f) || !this.step(f, this.x[e]!, this.y[e]!, -1)) return;
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
    this.moveTo(f, bx, by);
    return true;
  }

  /** f enters the neighbouring Space (x, y): one Space of movement, then Opportunity Attacks. */
  private moveTo(f: number, x: number, y: number): void {
    const x0 = this.x[f]!;
    const y0 = this.y[f]!;
    this.map.clear(x0, y0);
    this.x[f] = x;
    this.y[f] = y;
    this.map.place(f, x, y);
    this.moveLeft--;
    if (this.observer !== null) this.emit(f, -1, 'move', { from_x: x0, from_y: y0 });
    this.opportunityAttacks(f, x0, y0);
  }

  /**
   * Before a melee attack on t whose own melee weapon reaches f (so t could Clash back): when f's
   * reach is longer, one step back to a Space from which f still attacks t (no worse cover) but t's
   * weapon cannot reach (seed 001: "A spear can strike two Spaces away, but a Reach Rating 1 sword
   * cannot Clash back from there"), taken only when it is free (Walk, or movement already paid
   * this turn; not Prone) and no enemy's reach covers both Spaces (no Opportunity Attack).
   * Neighbouring Spaces in order (rows, then columns, from the top left); the first that fits.
   */
  private stepBack(f: number, t: number): void {
    const c = this.chars[f]!;
    const x0 = this.x[f]!;
    const y0 = this.y[f]!;
    const tx = this.x[t]!;
    const ty = this.y[t]!;
    const rt = this.reach[t]!;
    if (this.chars[t]!.ranged || this.reach[f]! <= rt || spaces(x0, y0, tx, ty) > rt || c.prone) return;
    if (this.modeChosen ? this.moveLeft <= 0 : this.allowance[f * 3]! <= 0) return;
    const cover = this.map.path(x0, y0, tx, ty);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x0 + dx;
        const ny = y0 + dy;
        if ((dx === 0 && dy === 0) || !this.map.free(nx, ny)) continue;
        const d = spaces(nx, ny, tx, ty);
        if (d <= rt || d > this.reach[f]! || this.map.path(nx, ny, tx, ty) > cover || this.opportunityRisk(f, x0, y0, nx, ny)) continue;
        if (!this.modeChosen) {
          this.moveLeft = this.allowance[f * 3]!;
          this.modeChosen = true;
        }
        this.moveTo(f, nx, ny);
        return;
      }
    }
  }

  /** Some enemy of f still fighting (melee, not Stunned) reaches both (x0, y0) and (x1, y1) with a clear path: a step between them gives it an Opportunity Attack. */
  private opportunityRisk(f: number, x0: number, y0: number, x1: number, y1: number): boolean {
    for (let e = 0; e < this.count; e++) {
      const c = this.chars[e]!;
      if (this.sideOf[e] === this.sideOf[f] || c.status !== IN_FIGHT || c.ranged || c.stunned) continue;
      const ex = this.x[e]!;
      const ey = this.y[e]!;
      const r = this.reach[e]!;
      if (spaces(ex, ey, x0, y0) <= r && spaces(ex, ey, x1, y1) <= r && this.map.path(ex, ey, x0, y0) !== FULL && this.map.path(ex, ey, x1, y1) !== FULL) return true;
    }
    return false;
  }

  /**
   * Before each step (approach, retreat): a Prone character (knocked Prone by an Opportunity Attack
   * or a lost Clash this turn) stands up (1 AD, Slowed 2; the policy stands whenever it can
   * pay) and returns true; false when it cannot pay and stays Prone. Seed 001 gives standing a cost
   * and no way to move while Prone (its ground movement rules are not in the seed): it does not move.
   */
  private upright(f: number): boolean {
    const c = this.chars[f]!;
    if (!c.prone) return true;
    const stood = c.standUp();
    if (stood === 0) return false;
    this.adMove[f]! += stood;
    if (this.observer !== null) this.emit(f, -1, 'stand-up', { ready: c.ready, cost: stood, state_after: this.stateName(f) });
    return true;
  }

  /**
   * After f steps from (x0, y0): every enemy (listed order) whose melee reach covered both Spaces
   * may make an Opportunity Attack, by policy whenever it can pay the attack and keep its reserve
   * (Stunned characters take no Reactions). No proactive use is spent.
   */
  private opportunityAttacks(f: number, x0: number, y0: number): void {
    for (let e = 0; e < this.count && this.chars[f]!.status !== COLLAPSED; e++) {
      const c = this.chars[e]!;
      if (this.sideOf[e] === this.sideOf[f] || c.status !== IN_FIGHT || c.ranged || c.stunned) continue;
      if (spaces(this.x[e]!, this.y[e]!, x0, y0) > this.reach[e]! || !this.canAttack(e, f)) continue;
      if (this.map.path(this.x[e]!, this.y[e]!, x0, y0) === FULL) continue;
      const boost = c.attackBoost(c.attackSkill, c.baseCost, c.policy.reserve);
      if (boost >= 0) this.exchange(e, f, boost, 'opportunity-attack');
    }
  }
}
