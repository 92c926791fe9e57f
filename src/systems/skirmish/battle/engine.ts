/**
 * One skirmish battle (seeds 000 + 002, rules.md 1.8): rounds of activations with initiative and
 * Pass tokens, every action of the duels on a 2-D board, Gang Up, Multiple Engagement, Help,
 * Mercy Kill and Retreat restrictions, clustered enemies, friendly fire, line of sight, cover,
 * Hide and Ranged Reactions. Built once per task; play() reuses every array (no allocation per
 * battle once its attack specs exist). Policies are passed in: the engine does not import them.
 * The attacks and their consequences live in actions.ts.
 */
import { RecordingDice } from '../../../dice/recording-dice.js';
import { ACTIVE } from '../profile.js';
import {
  activates, canCrawl, canHide, crawlAllowance, initiative, initiativeCode, MOVEMENT_CHARGE, MOVEMENT_CRAWL, MOVEMENT_MOVE, passTokens,
} from '../fight-rules.js';
import { Fight } from './actions.js';
import type { BattleDice } from './roll.js';
import { goesFirst } from '../duel/events.js';
import { DEPLOY_GAP, type BattleSpec } from './setup.js';

/** Action codes: policies return them (with `target` and `amount` set), perform() dispatches on them. */
export const Act = {
  None: 0, Move: 1, MoveAway: 2, Charge: 3, Melee: 4, Ranged: 5, Cast: 6, Aim: 7, Brace: 8, Retreat: 9, Hide: 10,
  MercyKill: 11, Recover: 12, Crawl: 13, Help: 14,
} as const;
export const ACT_NAMES = [
  'none', 'move', 'move', 'charge', 'melee', 'ranged', 'cast', 'aim', 'brace', 'retreat', 'hide', 'mercy-kill', 'recover', 'crawl', 'help',
] as const;

/** Fighter and side policies: read the battle, return decisions (see policies.ts). */
export interface BattlePolicies {
  /** The next action of fighter i (setting battle.target / battle.amount). */
  action(b: Battle, i: number, reaction: boolean): number;
  /** Which eligible fighter of side s activates now. */
  next(b: Battle, s: number): number;
  /** Whether side s spends a Pass token now (asked only when it may). */
  pass(b: Battle, s: number): boolean;
  /** Inches (0 to 2) fighter t's Dodge (which 0: it moves away from attacker i) or Shove (1: it pushes i away) covers; 2 when absent. */
  manoeuvre?(b: Battle, t: number, i: number, which: number): number;
}

export class Battle extends Fight {
  rounds = 0;
  /** A policy's chosen target (fighter index) and, for moves, inches (0 = full Movement). */
  target = -1;
  amount = 0;
  /**
   * A Move away's direction when the policy picks one (a unit vector; 0, 0: directly away from
   * `target`, the default). Read by the next perform() and cleared there.
   */
  dirX = 0;
  dirY = 0;
  readonly tokens = new Int32Array(2);
  readonly passedLast = new Uint8Array(2);
  /** Knob initiative as initiativeCode() (converted once). */
  private readonly initiativeKnob: number;
  /** Tracing only: the roll-off's d6s, recorded (created at the first traced round). */
  private recorded: RecordingDice | null = null;

  constructor(spec: BattleSpec, dice: BattleDice, readonly policies: BattlePolicies) {
    super(spec, dice);
    this.initiativeKnob = initiativeCode(spec.knobs.initiative);
  }

  /** Sets every fighter up for a new battle. */
  reset(): void {
    this.deploy(DEPLOY_GAP);
    for (let i = 0; i !== this.n; ++i) {
      this.state[i] = ACTIVE;
      this.woundsLeft[i] = this.wounds[i]!;
      this.primary[i] = 0;
      this.braced[i] = 0;
      this.aimed[i] = 0;
      this.moved[i] = 0;
      this.fired[i] = 0;
      this.hidden[i] = 0;
      this.dealt[i] = 0;
      this.takedowns[i] = 0;
      this.friendly[i] = 0;
    }
    this.over = false;
    this.round = 0;
  }

  /** Plays one battle; returns the winner (0 = a, 1 = b, 2 = draw) and sets `rounds`. */
  play(): number {
    this.reset();
    this.observer?.begin();
    const maxRounds = this.spec.settings.maxRounds;
    let winner = 2;
    this.rounds = maxRounds;
    for (this.round = 1; this.round <= maxRounds; this.round++) {
      if (!this.playRound()) break;
      if (this.over) {
        winner = this.standing(0) ? 0 : 1;
        this.rounds = this.round;
        break;
      }
    }
    this.observer?.end(winner, this.rounds);
    return winner;
  }

  /** Whether fighter i activates (Active or Downed; Stunned too with knob stunnedActs). */
  activates(i: number): boolean {
    return activates(this.state[i]!, this.stunnedActs);
  }

  /** Fighters of side s that may still activate this round. */
  waiting(s: number): number {
    let k = 0;
    for (let i = this.from(s), end = this.to(s); i !== end; ++i) if (this.activated[i] === 0 && this.activates(i)) k++;
    return k;
  }


  /**
   * One round: activation counts, initiative to the side with fewer (a roll-off on equal counts),
   * Pass tokens for the difference (never two Passes in a row), sides alternating turns until every
   * eligible fighter has activated. False if no fighter activates at all.
   */
  playRound(): boolean {
    this.activated.fill(0);
    const ca = this.waiting(0);
    const cb = this.waiting(1);
    // Traced, the roll-off's d6s go through a recorder (the same dice, in the same order).
    let turn = initiative(ca, cb, this.initiativeKnob, this.round, this.observer === null ? this.dice : this.rollOff());
    if (turn < 0) return false;
    this.tokens[0] = passTokens(ca, cb, 0);
    this.tokens[1] = passTokens(ca, cb, 1);
    this.passedLast[0] = 0;
    this.passedLast[1] = 0;
    if (this.observer !== null) this.traceInitiative(turn, ca, cb);
    while (!this.over) {
      const mine = this.waiting(turn);
      if (mine === 0) {
        if (this.waiting(1 - turn) === 0) break;
      } else {
        // The other side's count only matters when this side may Pass.
        if (this.tokens[turn]! > 0 && this.passedLast[turn] === 0 && this.waiting(1 - turn) > 0 && this.policies.pass(this, turn)) {
          this.tokens[turn]!--;
          this.passedLast[turn] = 1;
          if (this.observer !== null) this.emit(-1, 'pass', -1, { side: this.sideName(turn), result: `${this.tokens[turn]} left` });
        } else {
          const i = this.policies.next(this, turn);
          this.activated[i] = 1;
          this.passedLast[turn] = 0;
          this.activate(i);
        }
      }
      turn = 1 - turn;
    }
    return true;
  }

  /** The recorder of the roll-off's d6s (tracing only; emptied by traceInitiative). */
  private rollOff(): RecordingDice {
    // The battle's own dice, passed through and kept: the very same d6s in the same order.
    return (this.recorded ??= new RecordingDice(this.dice));
  }

  /**
   * The `initiative` event: the side that goes first (the duel's wording), the roll-off's d6s as the
   * duel shows them (a's then b's, again on each tie; absent when the counts or the knob decided)
   * and the activation counts and Pass tokens.
   */
  private traceInitiative(turn: number, ca: number, cb: number): void {
    const faces = this.recorded === null ? [] : this.recorded.take();
    const side = this.sideName(turn);
    this.emit(-1, 'initiative', -1, {
      side, ...(faces.length > 0 ? { rolls: faces } : {}), result: `${goesFirst(side)}; ${ca} vs ${cb} activations; ${this.tokens[turn]} Pass token(s)`,
    });
  }

  /** One activation: 2 actions (a Recover of 6 adds one). Brace lasts until the fighter's next activation. */
  activate(i: number): void {
    this.braced[i] = 0;
    this.aimed[i] = 0;
    // "Moved" is per activation (as in the duel): a heavy weapon may fire in a Ranged Reaction unless
    // its bearer moved during this same enemy activation; its own earlier Move does not carry over.
    for (let k = 0; k !== this.n; ++k) this.moved[k] = 0;
    this.fired[i] = 0;
    this.activeSide = this.side[i]!;
    this.actionsLeft = 2;
    while (this.actionsLeft > 0 && !this.over && this.activates(i)) {
      this.actionsLeft--;
      this.perform(i, this.policies.action(this, i, false), false);
    }
    this.aimed[i] = 0;
  }

  /** Performs one action of fighter i (of its activation, or a reaction) at `target` / `amount`. */
  perform(i: number, act: number, reaction: boolean): void {
    const t = this.target;
    const full = this.amount > 0 ? this.amount : this.movement[i]!;
    const dx = this.dirX;
    const dy = this.dirY;
    this.dirX = 0;
    this.dirY = 0;
    // Actions that trace themselves (attacks, Retreat with its check, Help and Recover with their roll).
    let traced = act === Act.None || act === Act.Melee || act === Act.Ranged || act === Act.Cast || act === Act.MercyKill || act === Act.Help;
    switch (act) {
      case Act.Move:
      case Act.MoveAway:
        // Leaving an Active enemy's engagement takes a Retreat (seed 002), whatever the policy asked for.
        if (this.engaged(i, true)) traced = this.retreat(i, full);
        else {
          if (act === Act.Move) this.moveToward(i, t, full, true);
          else if (dx !== 0 || dy !== 0) this.slide(i, dx, dy, full, true);
          else this.moveAway(i, t, full, true);
          this.afterMovement(i, MOVEMENT_MOVE);
        }
        break;
      case Act.Charge:
        this.moveToward(i, t, this.movement[i]!, true);
        this.afterMovement(i, MOVEMENT_CHARGE);
        break;
      case Act.Melee:
        this.melee(i, t);
        break;
      case Act.Ranged:
      case Act.Cast:
        this.shoot(i, t, reaction);
        break;
      case Act.Aim:
        this.aimed[i] = 1;
        break;
      case Act.Brace:
        this.braced[i] = 1;
        break;
      case Act.Retreat:
        traced = this.retreat(i, full);
        break;
      case Act.Hide:
        if (canHide(this.nearTerrain(i), this.fired[i] === 1)) this.hidden[i] = 1;
        break;
      case Act.MercyKill:
        this.mercyKill(i, t);
        break;
      case Act.Recover:
        traced = this.recover(i);
        break;
      case Act.Crawl:
        if (canCrawl(this.state[i]!, this.stunnedActs)) {
          this.moveAway(i, t, crawlAllowance(this.movement[i]!), true);
          this.afterMovement(i, MOVEMENT_CRAWL);
        }
        break;
      case Act.Help:
        this.help(i, t);
        break;
      default:
        break;
    }
    if (this.observer !== null && !traced) {
      this.emit(i, ACT_NAMES[act]!, act === Act.Aim || act === Act.Brace || act === Act.Hide || act === Act.Recover ? -1 : t, {});
    }
  }

  /** Dodge / Shove distance: the policy's choice (BattlePolicies.manoeuvre), 2" when it has none. */
  manoeuvreInches(t: number, i: number, which: number): number {
    return this.policies.manoeuvre === undefined ? 2 : this.policies.manoeuvre(this, t, i, which);
  }

  /** The target of a Ranged Attack Action of the other side acts at once (never from a reaction). */
  react(t: number): void {
    this.reacting = true;
    this.perform(t, this.policies.action(this, t, true), true);
    this.reacting = false;
  }
}
