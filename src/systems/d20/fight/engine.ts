/**
 * A d20 fight, a party of heroes against a group (seed 003, rules.md 3.3-3.4): first contact, side
 * phases with every action declared (policies.ts) before any resolves, one Action per creature
 * (Attack, Dodge, Dash, Disengage, Help, Stabilize), opportunity attacks when a foe leaves a melee
 * creature's reach, and Death & Dying for heroes (and enemies with enemiesRollDeath), heroic
 * actions included. Melee reach is a symmetric adjacency between creatures; Dash takes a creature
 * out of reach until a foe chases it.
 */
import type { Dice } from '../../../dice/dice.js';
import { takeRolls } from '../../../dice/recording-dice.js';
import type { TraceObserver } from '../../trace.js';
import {
  ACT_WORDS, Act, Creature, DEAD, DYING, ENEMIES, HEROES, OUT, STABLE, STANDING, STATE_WORDS, type Declared, type FightSpec,
} from '../creature.js';
import { dyingRoll, getUp } from '../dying.js';
import { declare } from './policies.js';
import { PhasePlan, type FightView } from './view.js';
import { AttackOdds } from './odds.js';
import { Reach } from './reach.js';
import { compileD20Attack, MISS, rollD20Attack, type D20AttackSpec } from '../rules.js';

export * from '../creature.js';

export const FIRST_CONTACT_DC = 12;
export { CON_SAVE_DC } from '../dying.js';
/** Dying rolls after the fight stop here (the chance of 100 rolls of 5-9 in a row is below 1e-17). */
export const AFTER_FIGHT_ROLLS = 100;

export interface FightResult {
  /** 0 heroes won, 1 enemies won, 2 draw (maxRounds). */
  readonly winner: number;
  readonly rounds: number;
}

const STAGE_FIRST = 0;
const STAGE_ENEMIES = 1;
const STAGE_HEROES = 2;

const ATTACK = 'attack';
const OPPORTUNITY = 'opportunity-attack';
const HEROIC = 'heroic-action';

export class Fight implements FightView {
  readonly creatures: readonly Creature[];
  readonly declared: Declared[];
  /** specs[attacker][target][edge + 1] */
  private specs: (D20AttackSpec | undefined)[][][];
  /** oddsCache[(attacker * n + target) * 3 + edge + 1], and each creature's threat (-1 until computed): for tactical play. */
  private oddsCache: (AttackOdds | undefined)[];
  private threats: Float64Array;
  /** Scratch for policies that weigh the declarations made so far in a phase (tactical.ts). */
  readonly plan: PhasePlan;
  private readonly reach: Reach;
  private readonly passed: Uint8Array;
  round = 0;
  /** Phases played in this fight (traces name them). */
  phaseNo = 0;
  /** A side has nobody standing. */
  over = false;
  /** The fight has ended (a side beaten, or maxRounds): winner and rounds are set. */
  finished = false;
  /** 0 heroes, 1 enemies, 2 draw; once finished. */
  winner = 2;
  rounds = 0;
  /** The creature whose declaration the fight waits for, or -1 (between phases, or finished). */
  cursor = -1;
  /** The open phase: its side, and which of its creatures act (first contact), null for all. */
  phaseSide = HEROES;
  phaseOnly: Uint8Array | null = null;
  /** Which phase comes next or is open: first contact, the round's enemy phase, its hero phase. */
  private stage = STAGE_ENEMIES;
  /** Set by a tracer (kernel.observe); null in run. */
  observer: TraceObserver | null = null;

  constructor(readonly spec: FightSpec, public dice: Dice) {
    const n = spec.fighters.length;
    this.creatures = spec.fighters.map((f, i) => new Creature(f, i));
    this.specs = spec.fighters.map(() => spec.fighters.map(() => [undefined, undefined, undefined]));
    this.oddsCache = new Array<AttackOdds | undefined>(n * n * 3).fill(undefined);
    this.plan = new PhasePlan(n);
    this.threats = new Float64Array(n).fill(-1);
    this.declared = spec.fighters.map(() => ({ act: Act.None, target: -1, finish: false }));
    this.reach = new Reach(n);
    this.passed = new Uint8Array(n);
  }

  /** An independent copy of the fight as it stands (the compiled attacks shared: they never change), on the same dice. */
  clone(): Fight {
    const f = new Fight(this.spec, this.dice);
    f.specs = this.specs;
    f.oddsCache = this.oddsCache;
    f.threats = this.threats;
    this.creatures.forEach((c, i) => f.creatures[i]!.copyFrom(c));
    this.declared.forEach((d, i) => Object.assign(f.declared[i]!, d));
    f.reach.copyFrom(this.reach);
    f.passed.set(this.passed);
    f.round = this.round;
    f.phaseNo = this.phaseNo;
    f.over = this.over;
    f.finished = this.finished;
    f.winner = this.winner;
    f.rounds = this.rounds;
    f.cursor = this.cursor;
    f.phaseSide = this.phaseSide;
    f.phaseOnly = this.phaseOnly === null ? null : f.passed;
    f.stage = this.stage;
    return f;
  }

  /** What a's attack on t is worth (tactical play), Edge +1, Setback -1; built on first use, shared by clones. */
  odds(a: number, t: number, edge: number): AttackOdds {
    const k = (a * this.creatures.length + t) * 3 + edge + 1;
    let o = this.oddsCache[k];
    if (o === undefined) {
      o = new AttackOdds(this.attackSpec(a, t, edge));
      this.oddsCache[k] = o;
    }
    return o;
  }

  /** The expected damage c deals in one attack, averaged over the opposing side (its threat, for tactical play). */
  threat(c: number): number {
    let t = this.threats[c]!;
    if (t < 0) {
      let sum = 0;
      let n = 0;
      for (const o of this.creatures) {
        if (o.spec.side === this.creatures[c]!.spec.side) continue;
        sum += this.odds(c, o.index, 0).mean;
        n++;
      }
      t = n > 0 ? sum / n : 0;
      this.threats[c] = t;
    }
    return t;
  }

  attackSpec(a: number, t: number, edge: number): D20AttackSpec {
    const row = this.specs[a]![t]!;
    let s = row[edge + 1];
    if (s === undefined) {
      const fa = this.spec.fighters[a]!;
      const ft = this.spec.fighters[t]!;
      s = compileD20Attack(fa.creature, fa.weapon, ft.creature, { edge: edge > 0 ? 'edge' : edge < 0 ? 'setback' : 'none' }, this.spec.knobs);
      row[edge + 1] = s;
    }
    return s;
  }

  adjacent(i: number, j: number): boolean {
    return this.reach.adjacent(i, j);
  }

  link(i: number, j: number): void {
    this.reach.link(i, j);
  }

  declares(j: number): boolean {
    const c = this.creatures[j]!;
    return c.spec.side === this.phaseSide && (this.phaseOnly === null || this.phaseOnly[j] === 1) && c.acts;
  }

  engagedFoes(c: Creature): number {
    let k = 0;
    for (const o of this.creatures) if (o.spec.side !== c.spec.side && o.state === STANDING && this.adjacent(c.index, o.index)) k++;
    return k;
  }

  roll(sides: number): number {
    return this.dice.roll(sides);
  }

  reset(): void {
    for (const c of this.creatures) c.reset();
    this.reach.clear();
    this.over = false;
    this.finished = false;
    this.winner = 2;
    this.rounds = 0;
    this.cursor = -1;
    this.round = 0;
    this.phaseNo = 0;
    this.plan.phase = -1;
  }

  standing(side: number): number {
    let n = 0;
    for (const c of this.creatures) if (c.spec.side === side && c.state === STANDING) n++;
    return n;
  }

  private checkOver(): void {
    if (this.standing(HEROES) === 0 || this.standing(ENEMIES) === 0) this.over = true;
  }

  /**
   * A whole fight, each creature declaring with its own policy (policies.ts): the driver `run` uses.
   * The game interface (game.ts) drives the same steps with any policy: begin(), then at each
   * decision a declaration for the creature at `cursor` and next().
   */
  play(): FightResult {
    this.begin();
    while (this.cursor >= 0) {
      declare(this, this.creatures[this.cursor]!, this.declared[this.cursor]!);
      this.next();
    }
    return { winner: this.winner, rounds: this.rounds };
  }

  /** Resets the fight and rolls first contact, then plays on to the first declaration. */
  begin(): void {
    this.reset();
    if (this.observer !== null) this.observer.begin();
    this.round = 1;
    // First contact: heroes who pass d20 + DEX vs DC 12 act before anyone else.
    let any = 0;
    for (const c of this.creatures) {
      const pass = c.spec.side === HEROES && this.dice.roll(20) + c.spec.creature.dex >= FIRST_CONTACT_DC ? 1 : 0;
      this.passed[c.index] = pass;
      any |= pass;
      if (this.observer !== null && c.spec.side === HEROES) this.emit(c, 'first-contact', { result: pass ? 'acts first' : 'waits' });
    }
    this.stage = any ? STAGE_FIRST : STAGE_ENEMIES;
    this.enter();
  }

  /** The creature at `cursor` has its declaration in `declared`: trace it, then play on to the next declaration or the end. */
  next(): void {
    this.traceDeclaration(this.creatures[this.cursor]!);
    this.cursor = this.nextDecider(this.cursor + 1);
    if (this.cursor < 0 && this.closeAndStep()) this.enter();
  }

  /** Opens the phase `stage` names; phases in which nobody declares are played through, up to a declaration or the end. */
  private enter(): void {
    for (;;) {
      this.openPhase(this.stage === STAGE_ENEMIES ? ENEMIES : HEROES, this.stage === STAGE_FIRST ? this.passed : null);
      this.cursor = this.nextDecider(0);
      if (this.cursor >= 0 || !this.closeAndStep()) return;
    }
  }

  /**
   * Closes the open phase and moves on: first contact, then each round's enemy phase and hero
   * phase. False, with the fight finished, when a side has nobody standing or maxRounds ran out.
   */
  private closeAndStep(): boolean {
    this.closePhase();
    if (!this.over) {
      if (this.stage === STAGE_FIRST) this.stage = STAGE_ENEMIES;
      else if (this.stage === STAGE_ENEMIES) this.stage = STAGE_HEROES;
      else {
        this.round++;
        this.stage = STAGE_ENEMIES;
        if (this.round <= this.spec.maxRounds) for (const c of this.creatures) c.oaUsed = false;
      }
    }
    if (!this.over && this.round <= this.spec.maxRounds) return true;
    this.rounds = Math.min(this.round, this.spec.maxRounds);
    // Every fall is checked at once and a phase stops there, so both sides never run out together.
    this.winner = !this.over ? 2 : this.standing(HEROES) > 0 ? 0 : 1;
    this.cursor = -1;
    this.finished = true;
    this.afterFight();
    if (this.observer !== null) this.observer.end(this.winner, this.rounds);
    return false;
  }

  /**
   * When the fight ends (knob dyingAfterFight): with `stabilize`, each standing hero with Supply (in
   * order) stabilizes the dying allies it can afford (the Stabilize action's rule); then, with
   * `stabilize` or `roll`, heroes still dying roll on until stable, up or dead (a 4 is death: no one
   * is left to act against). `ignore` leaves them as they are.
   */
  afterFight(): void {
    const mode = this.spec.knobs.dyingAfterFight;
    if (mode === 'ignore') return;
    if (mode === 'stabilize') {
      for (const c of this.creatures) {
        if (c.spec.side !== HEROES || c.state !== STANDING) continue;
        for (const t of this.creatures) {
          if (t.spec.side !== HEROES || !this.stabilize(c, t)) continue;
          if (this.observer !== null) this.emit(c, 'stabilize', { target: t.spec.name, target_state_after: STATE_WORDS[t.state], after_fight: true });
        }
      }
    }
    for (const c of this.creatures) {
      if (c.spec.side !== HEROES) continue;
      for (let k = 0; k !== AFTER_FIGHT_ROLLS && c.state === DYING; ++k) this.dyingRoll(c, false);
    }
  }

  /** Stabilize (seed 003): 1 Supply, a dying ally becomes stable and wakes at 1 HP next turn. False (nothing spent) when c cannot. */
  stabilize(c: Creature, t: Creature): boolean {
    if (t.state !== DYING || t.heroic || c.supply <= 0) return false;
    c.supply--;
    t.state = STABLE;
    t.wakeNext = true;
    return true;
  }

  /** One side's whole phase, each creature declaring with its own policy (a step of play(), for tests). */
  phase(side: number, only: Uint8Array | null): void {
    this.openPhase(side, only);
    for (let i = this.nextDecider(0); i >= 0; i = this.nextDecider(i + 1)) {
      declare(this, this.creatures[i]!, this.declared[i]!);
      this.traceDeclaration(this.creatures[i]!);
    }
    this.closePhase();
  }

  /** A phase opens: declarations cleared, then start-of-turn effects (Dodge ends, waking, dying rolls) for the side's creatures. */
  openPhase(side: number, only: Uint8Array | null): void {
    this.phaseNo++;
    this.phaseSide = side;
    this.phaseOnly = only;
    for (const d of this.declared) {
      d.act = Act.None;
      d.target = -1;
    }
    for (const c of this.creatures) {
      if (c.spec.side === side && (only === null || only[c.index] === 1)) c.heroic = this.startTurn(c);
    }
  }

  /** The next creature of the open phase, from index `from`, that declares an Action (standing or heroic), or -1. */
  nextDecider(from: number): number {
    for (let i = from; i < this.creatures.length; i++) {
      if (this.declares(i)) return i;
    }
    return -1;
  }

  /** Every declared action resolves in order (a fall that ends the fight stops the rest); heroic actors then die. */
  closePhase(): void {
    for (const c of this.creatures) {
      if (this.over) break;
      const d = this.declared[c.index]!;
      if (d.act !== Act.None && c.acts) this.resolve(c, d);
    }
    for (const c of this.creatures) {
      if (!c.heroic) continue;
      c.heroic = false;
      c.state = DEAD;
      c.hp = 0;
      if (this.observer !== null) this.emit(c, 'falls', { result: 'dead after its heroic action', state_after: 'dead' });
    }
    this.checkOver();
  }

  /** The dice a policy rolled for its declaration (random targets), when traced. */
  private traceDeclaration(c: Creature): void {
    if (this.observer === null) return;
    const rolls = takeRolls(this.dice);
    if (rolls.length > 0) this.emit(c, 'random-target', { rolls, target: this.creatures[this.declared[c.index]!.target]?.spec.name });
  }

  /** Start of a creature's turn: Dodge ends; a stable creature wakes; a dying one rolls. Returns true for a heroic action. */
  startTurn(c: Creature): boolean {
    c.dodging = false;
    if (c.state === STABLE && c.wakeNext) {
      c.wakeNext = false;
      if (this.observer !== null) this.emit(c, 'wake-up', { result: 'wakes at 1 HP' });
      this.getUp(c, 1);
      return false;
    }
    return c.state === DYING && this.dyingRoll(c, true);
  }

  /** Death & Dying: 2d6 - Fatigue. Returns true for a heroic action (a 4 during the fight). */
  dyingRoll(c: Creature, inFight: boolean): boolean {
    return dyingRoll(this, c, inFight);
  }

  getUp(c: Creature, hp: number): void {
    getUp(this, c, hp);
  }

  resolve(c: Creature, d: Declared): void {
    const t = d.target >= 0 ? this.creatures[d.target]! : null;
    switch (d.act) {
      case Act.PickUp:
        c.dropped = false;
        break;
      case Act.Dodge:
        c.dodging = true;
        break;
      case Act.Disengage:
        if (this.observer !== null) this.emit(c, 'disengage', { leaves: this.reachOf(c) });
        this.leave(c, false);
        return;
      case Act.Dash:
        if (this.observer !== null) this.emit(c, 'dash', { target: t?.spec.name, result: t ? 'chases' : 'gets away', leaves: this.reachOf(c) });
        this.leave(c, true);
        if (c.state !== STANDING) return;
        if (t === null) c.away = true;
        else if (t.state === STANDING) {
          this.link(c.index, t.index);
          t.away = false;
        }
        return;
      case Act.Help:
        if (t!.state === STANDING) t!.edgeNext = true;
        break;
      case Act.Stabilize:
        this.stabilize(c, t!);
        break;
      case Act.Attack:
        // Declared before anything resolved: a target that has since fallen (or died) wastes the attack.
        if (d.finish ? !t!.down : t!.state !== STANDING) {
          if (this.observer !== null) this.emit(c, c.heroic ? HEROIC : ATTACK, { target: t!.spec.name, result: 'wasted: target already down' });
          return;
        }
        if (c.melee && !this.adjacent(c.index, t!.index)) this.moveTo(c, t!);
        if (!c.acts || this.over) return;
        this.attack(c, t!, c.heroic ? HEROIC : ATTACK);
        return;
      default:
        return;
    }
    if (this.observer !== null) this.emit(c, ACT_WORDS[d.act]!, { target: t?.spec.name, target_state_after: t ? STATE_WORDS[t.state] : undefined });
  }

  /** A melee creature steps to a foe out of its reach: it leaves the reach of every foe next to it. */
  moveTo(c: Creature, target: Creature): void {
    if (this.observer !== null) this.emit(c, 'move', { target: target.spec.name, leaves: this.reachOf(c) });
    this.leave(c, true);
    if (c.state !== STANDING && !c.heroic) return;
    this.link(c.index, target.index);
    c.away = false;
  }

  /** Leaves the reach of every foe next to c; each may make an opportunity attack unless c Disengaged. */
  leave(c: Creature, provokes: boolean): void {
    for (const f of this.creatures) {
      if (f.spec.side === c.spec.side || !this.adjacent(c.index, f.index)) continue;
      if (provokes && this.mayOpportunityAttack(f, c)) {
        f.oaUsed = true;
        this.attack(f, c, OPPORTUNITY);
      }
    }
    this.reach.unlinkAll(c.index);
  }

  /**
   * An opportunity attack (seed 003): f is a standing melee creature that c is leaving, has not made
   * one this round, holds its weapon, and is not already in melee with another standing creature.
   */
  mayOpportunityAttack(f: Creature, c: Creature): boolean {
    if (f.state !== STANDING || !f.melee || f.oaUsed || f.dropped || c.state !== STANDING) return false;
    for (const o of this.creatures) {
      if (o !== c && o.spec.side !== f.spec.side && o.state === STANDING && this.adjacent(f.index, o.index)) return false;
    }
    return true;
  }

  attack(a: Creature, t: Creature, kind: string): void {
    const edge = (a.edgeNext ? 1 : 0) - (t.dodging ? 1 : 0);
    a.edgeNext = false;
    const before = t.state;
    const r = rollD20Attack(this.dice, this.attackSpec(a.index, t.index, edge));
    if (r.kind === MISS) {
      if (r.natural === 1 && this.spec.knobs.fumble === 'miss-and-drop-weapon') a.dropped = true;
    } else {
      this.damage(t, r.damage);
    }
    if (this.observer !== null) {
      const faces = takeRolls(this.dice);
      const n = edge === 0 ? 1 : 2;
      this.emit(a, kind, {
        target: t.spec.name, rolls: { d20: faces.slice(0, n), damage: faces.slice(n) }, natural: r.natural,
        result: r.kind === MISS ? 'miss' : r.kind === 2 ? 'critical' : 'hit', damage: r.damage, target_hp: t.hp,
        state_after: STATE_WORDS[a.state], target_state_before: STATE_WORDS[before], target_state_after: STATE_WORDS[t.state],
      });
    }
  }

  /** Damage: HP down to 0, then dying (heroes; enemies with enemiesRollDeath) or out. A hit on a dying or stable creature kills it. */
  damage(t: Creature, amount: number): void {
    if (amount <= 0) return;
    if (t.down) {
      t.state = DEAD;
      return;
    }
    if (t.state !== STANDING) return;
    t.hp -= amount;
    if (t.hp > 0) return;
    t.hp = 0;
    t.away = false;
    t.state = t.spec.side === HEROES || this.spec.knobs.enemiesRollDeath ? DYING : OUT;
    this.checkOver();
  }

  /** Names of the foes c is next to (traces only). */
  private reachOf(c: Creature): string[] {
    const out: string[] = [];
    for (const o of this.creatures) if (o.spec.side !== c.spec.side && this.adjacent(c.index, o.index)) out.push(o.spec.name);
    return out;
  }

  /** Reports an event to the observer (call only when one is attached), with the dice rolled since the last one. */
  emit(c: Creature, action: string, extra: Record<string, unknown>): void {
    const rolls = takeRolls(this.dice);
    this.observer!.event({
      round: this.round, phase: this.phaseNo, side: c.spec.side === HEROES ? 'heroes' : 'enemies', actor: c.spec.name, action,
      ...(rolls.length > 0 ? { rolls } : {}), hp: c.hp, state_after: STATE_WORDS[c.state]!, ...extra,
    });
  }
}
