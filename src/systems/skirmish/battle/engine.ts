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
  /** Moves to a destination (destX, destY) reached by a legal path (menu.ts): a Move, a Charge, a Crawl. */
  MoveTo: 15, ChargeTo: 16, CrawlTo: 17,
} as const;
export const ACT_NAMES = [
  'none', 'move', 'move', 'charge', 'melee', 'ranged', 'cast', 'aim', 'brace', 'retreat', 'hide', 'mercy-kill', 'recover', 'crawl', 'help',
  'move', 'charge', 'crawl',
] as const;

/** Where a battle stands between decisions (Battle.phase). */
export const PHASE_TURN = 0;
/** A fighter of the activating side decides its next action (`decider`). */
export const PHASE_ACTION = 1;
/** The target of a Ranged Attack Action decides its Ranged Reaction (`decider`). */
export const PHASE_REACTION = 2;
export const PHASE_ROUND_END = 3;
export const PHASE_OVER = 4;
export const PHASE_ROUND_START = 5;

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
  /** Where the activating fighter stood when its activation began. */
  actX = 0;
  actY = 0;
  /**
   * Where each fighter's last activation that made a Move and ended more than 1" from where it
   * began, began (NaN: none yet this battle); `tactical` does not Move back there (an oscillation).
   */
  readonly swungX: Float64Array;
  readonly swungY: Float64Array;
  /** Whether the activating fighter has made a Move (not a Charge, Crawl or Retreat) in this activation. */
  stepped = 0;
  /** The destination of MoveTo, ChargeTo, CrawlTo (a point a legal path reaches: menu.ts). */
  destX = 0;
  destY = 0;
  readonly tokens = new Int32Array(2);
  /** Where the battle stands (PHASE_*), whose turn it is, who activates, who must decide now. */
  phase = PHASE_OVER;
  turn = 0;
  cur = -1;
  decider = -1;
  /** The side that had the initiative this round (for first-mover counts). */
  first = -1;
  /** The side that had the initiative in round 1 (the first mover; summary.csv first_mover_win_rate), -1 before. */
  firstMover = -1;
  /** The result once phase is OVER: 0 a, 1 b, 2 draw. */
  winner = 2;
  readonly passedLast = new Uint8Array(2);
  /** Knob initiative as initiativeCode() (converted once). */
  private readonly initiativeKnob: number;
  /** Tracing only: the roll-off's d6s, recorded (created at the first traced round). */
  private recorded: RecordingDice | null = null;

  constructor(spec: BattleSpec, dice: BattleDice, readonly policies: BattlePolicies) {
    super(spec, dice);
    this.initiativeKnob = initiativeCode(spec.knobs.initiative);
    this.swungX = new Float64Array(this.n);
    this.swungY = new Float64Array(this.n);
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
    this.swungX.fill(NaN);
    this.swungY.fill(NaN);
    this.over = false;
    this.round = 0;
    this.clearPending();
    this.phase = PHASE_TURN;
    this.cur = -1;
    this.decider = -1;
    this.winner = 2;
    this.firstMover = -1;
  }

  /**
   * Plays one battle; returns the winner (0 = a, 1 = b, 2 = draw) and sets `rounds`. The battle is
   * a machine that stops at each decision (start(), decide()): here the battle's own policies
   * answer each one at once; the game interface (game.ts) drives the same machine one decision at a time.
   */
  play(): number {
    this.start();
    while (this.phase !== PHASE_OVER) this.decide(this.policies.action(this, this.decider, this.phase === PHASE_REACTION));
    return this.winner;
  }

  /** A new battle, played up to its first decision. */
  start(): void {
    this.reset();
    this.observer?.begin();
    this.rounds = this.spec.settings.maxRounds;
    this.round = 1;
    this.phase = PHASE_ROUND_START;
    this.proceed();
  }

  /** Plays the decision `act` of the fighter that must decide (see resolve()), then on up to the next decision or the end. */
  decide(act: number): void {
    this.resolve(act);
    this.proceed();
  }

  /** Plays on from the current phase: rounds start and end, up to the next decision (ACTION, REACTION) or the end (OVER). */
  private proceed(): void {
    const maxRounds = this.spec.settings.maxRounds;
    for (;;) {
      if (this.phase === PHASE_ROUND_START) {
        if (this.round > maxRounds || !this.beginRound()) {
          this.finish(2, maxRounds);
          return;
        }
      }
      this.advance();
      if (this.phase !== PHASE_ROUND_END) return;
      if (this.over) {
        this.finish(this.standing(0) ? 0 : 1, this.round);
        return;
      }
      this.round++;
      this.phase = PHASE_ROUND_START;
    }
  }

  private finish(winner: number, rounds: number): void {
    this.phase = PHASE_OVER;
    this.winner = winner;
    this.rounds = rounds;
    this.observer?.end(winner, rounds);
  }

  /** An independent copy of this battle, at the same point (the game interface's clone()); no observer. */
  copy(): Battle {
    return this.copyInto(new Battle(this.spec, this.dice, this.policies));
  }

  /** Makes `c` (a battle of the same spec, on the same dice and policies) a copy of this one, as copy() does, without building one. */
  copyInto(c: Battle): Battle {
    c.copyFight(this);
    c.rounds = this.rounds;
    c.target = this.target;
    c.amount = this.amount;
    c.dirX = this.dirX;
    c.dirY = this.dirY;
    c.destX = this.destX;
    c.destY = this.destY;
    c.tokens.set(this.tokens);
    c.passedLast.set(this.passedLast);
    c.phase = this.phase;
    c.turn = this.turn;
    c.cur = this.cur;
    c.decider = this.decider;
    c.first = this.first;
    c.firstMover = this.firstMover;
    c.actX = this.actX;
    c.actY = this.actY;
    c.swungX.set(this.swungX);
    c.swungY.set(this.swungY);
    c.stepped = this.stepped;
    c.winner = this.winner;
    return c;
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

  /** One whole round with the battle's own policies (tests); false if no fighter activates at all. */
  playRound(): boolean {
    if (!this.beginRound()) return false;
    for (;;) {
      this.advance();
      if (this.phase === PHASE_ROUND_END) return true;
      this.resolve(this.policies.action(this, this.decider, this.phase === PHASE_REACTION));
    }
  }

  /**
   * The start of a round: activation counts, initiative to the side with fewer (a roll-off on equal
   * counts), Pass tokens for the difference (never two Passes in a row). False if no fighter
   * activates at all. Then sides alternate turns (advance()) until every eligible fighter has activated.
   */
  beginRound(): boolean {
    this.activated.fill(0);
    const ca = this.waiting(0);
    const cb = this.waiting(1);
    // Traced, the roll-off's d6s go through a recorder (the same dice, in the same order).
    const turn = initiative(ca, cb, this.initiativeKnob, this.round, this.observer === null ? this.dice : this.rollOff());
    if (turn < 0) return false;
    this.turn = turn;
    this.first = turn;
    if (this.round <= 1) this.firstMover = turn;
    this.tokens[0] = passTokens(ca, cb, 0);
    this.tokens[1] = passTokens(ca, cb, 1);
    this.passedLast[0] = 0;
    this.passedLast[1] = 0;
    if (this.observer !== null) this.traceInitiative(turn, ca, cb);
    this.phase = PHASE_TURN;
    return true;
  }

  /**
   * Plays on until a fighter must decide (phase ACTION or REACTION, `decider` set) or the round is
   * over (ROUND_END; also when the battle is). A side's turn: it spends a Pass token (its side
   * policy says when) or activates one waiting fighter (its side policy says which); an activation
   * is 2 actions (a Recover of 6 adds one).
   */
  advance(): void {
    for (;;) {
      if (this.phase === PHASE_TURN) {
        if (this.over) {
          this.phase = PHASE_ROUND_END;
          return;
        }
        const turn = this.turn;
        if (this.waiting(turn) === 0) {
          if (this.waiting(1 - turn) === 0) {
            this.phase = PHASE_ROUND_END;
            return;
          }
        } else if (this.tokens[turn]! > 0 && this.passedLast[turn] === 0 && this.waiting(1 - turn) > 0 && this.policies.pass(this, turn)) {
          // The other side's count only matters when this side may Pass.
          this.tokens[turn]!--;
          this.passedLast[turn] = 1;
          if (this.observer !== null) this.emit(-1, 'pass', -1, { side: this.sideName(turn), result: `${this.tokens[turn]} left` });
        } else {
          const i = this.policies.next(this, turn);
          this.activated[i] = 1;
          this.passedLast[turn] = 0;
          this.beginActivation(i);
          this.phase = PHASE_ACTION;
          continue;
        }
        this.turn = 1 - turn;
        continue;
      }
      if (this.phase === PHASE_ACTION) {
        const i = this.cur;
        if (this.actionsLeft > 0 && !this.over && this.activates(i)) {
          // The action is spent as it is chosen: the policy reads the actions left after it.
          this.actionsLeft--;
          this.decider = i;
          return;
        }
        this.endActivation(i);
        this.turn = 1 - this.turn;
        this.phase = PHASE_TURN;
        continue;
      }
      return;
    }
  }

  /**
   * Plays the decision `act` (with `target`, `amount`, `dirX`, `dirY` set) of the fighter that must
   * decide: an action of its activation, or its Ranged Reaction (then the rest of the Ranged action
   * that caused it: a gunslinger's next weapon). Stops at the next Ranged Reaction, if any.
   */
  resolve(act: number): void {
    if (this.phase === PHASE_REACTION) {
      const t = this.decider;
      this.pendingReactor = -1;
      this.execute(t, act, true);
      this.reacting = false;
      this.continueVolley();
    } else {
      this.execute(this.cur, act, false);
    }
    if (this.pendingReactor >= 0) {
      this.decider = this.pendingReactor;
      this.reacting = true;
      this.phase = PHASE_REACTION;
    } else {
      this.phase = PHASE_ACTION;
    }
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

  /** Sets fighter i up for its activation: 2 actions; Brace and Aim end; "moved" is per activation. */
  beginActivation(i: number): void {
    const braced = this.braced[i] === 1;
    this.braced[i] = 0;
    this.aimed[i] = 0;
    // "Moved" is per activation (as in the duel): a heavy weapon may fire in a Ranged Reaction unless
    // its bearer moved during this same enemy activation; its own earlier Move does not carry over.
    for (let k = 0; k !== this.n; ++k) this.moved[k] = 0;
    this.fired[i] = 0;
    this.activeSide = this.side[i]!;
    this.actionsLeft = 2;
    this.cur = i;
    this.actX = this.x[i]!;
    this.actY = this.y[i]!;
    this.stepped = 0;
    if (this.observer !== null) this.traceActivate(i, braced);
  }

  /** Fighter i's activation ends: Aim ends; where it began is kept when it made a Move and ends more than 1" away (swungX). */
  private endActivation(i: number): void {
    this.aimed[i] = 0;
    if (this.stepped === 1 && (this.x[i]! - this.actX) ** 2 + (this.y[i]! - this.actY) ** 2 > 1) {
      this.swungX[i] = this.actX;
      this.swungY[i] = this.actY;
    }
  }

  /** One whole activation of fighter i with the battle's own policies (tests). */
  activate(i: number): void {
    this.beginActivation(i);
    this.phase = PHASE_ACTION;
    for (;;) {
      if (this.phase !== PHASE_REACTION) {
        if (!(this.actionsLeft > 0 && !this.over && this.activates(i))) break;
        this.actionsLeft--;
        this.decider = i;
      }
      this.resolve(this.policies.action(this, this.decider, this.phase === PHASE_REACTION));
    }
    this.endActivation(i);
  }

  /** Performs one action of fighter i and, with the battle's own policies, any Ranged Reaction it causes (tests). */
  perform(i: number, act: number, reaction: boolean): void {
    this.execute(i, act, reaction);
    this.playReactions();
  }

  /**
   * Performs one action of fighter i (of its activation, or a reaction) at `target` / `amount`; a
   * Ranged Reaction it causes is left pending (pendingReactor) for the caller.
   */
  execute(i: number, act: number, reaction: boolean): void {
    const t = this.target;
    const full = this.amount > 0 ? this.amount : this.movement[i]!;
    const dx = this.dirX;
    const dy = this.dirY;
    this.dirX = 0;
    this.dirY = 0;
    const before = this.observer !== null && t >= 0 ? round2(this.gap(i, t)) : 0;
    // Actions that trace themselves (attacks, Retreat with its check, Help and Recover with their roll).
    let traced = (act === Act.None && reaction) || act === Act.Melee || act === Act.Ranged || act === Act.Cast || act === Act.MercyKill || act === Act.Help;
    switch (act) {
      case Act.Move:
      case Act.MoveAway:
        // Leaving an Active enemy's engagement takes a Retreat (seed 002), whatever the policy asked for.
        if (this.engaged(i, true)) traced = this.retreat(i, full);
        else {
          if (!reaction) this.stepped = 1;
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
      case Act.MoveTo:
        if (this.engaged(i, true)) traced = this.retreat(i, full);
        else {
          if (!reaction) this.stepped = 1;
          this.moveTo(i, this.destX, this.destY);
          this.afterMovement(i, MOVEMENT_MOVE);
        }
        break;
      case Act.ChargeTo:
        this.moveTo(i, this.destX, this.destY);
        this.afterMovement(i, MOVEMENT_CHARGE);
        break;
      case Act.CrawlTo:
        if (canCrawl(this.state[i]!, this.stunnedActs)) {
          this.moveTo(i, this.destX, this.destY);
          this.afterMovement(i, MOVEMENT_CRAWL);
        }
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
      const moved = t >= 0 && (act === Act.MoveTo || act === Act.ChargeTo || act === Act.CrawlTo) ? { distance_before: before } : {};
      // A dropped action (Act.None: a Stunned fighter's, or one its policy does not use) is a `none` event; a Hide says whether it worked.
      const hide = act === Act.Hide ? { result: this.hidden[i] === 1 ? 'hidden' : 'cannot hide' } : {};
      this.emit(i, ACT_NAMES[act]!, act === Act.Aim || act === Act.Brace || act === Act.Hide || act === Act.Recover || act === Act.None ? -1 : t, { ...moved, ...hide });
    }
  }

  /** The `activate` event: fighter i starts its activation (its state, Wounds left, Hidden, primary weapon, and whether its Brace held until now: `braced`, which the activation ends). */
  private traceActivate(i: number, braced: boolean): void {
    this.emit(i, 'activate', -1, {
      actor_wounds_left: this.woundsLeft[i]!, hidden: this.hidden[i] === 1, primary: this.loadouts[i]!.weapons[this.primary[i]!]!.name, braced,
    });
  }

  /** Dodge / Shove distance: the policy's choice (BattlePolicies.manoeuvre), 2" when it has none. */
  manoeuvreInches(t: number, i: number, which: number): number {
    return this.policies.manoeuvre === undefined ? 2 : this.policies.manoeuvre(this, t, i, which);
  }

  /** Fighter t's Ranged Reaction, played at once with the battle's own policies (tests). */
  react(t: number): void {
    this.reactionDue(t);
    this.playReactions();
  }

  /** Plays every pending Ranged Reaction (shoot() leaves one pending) with the battle's own policies, and what it interrupted. */
  playReactions(): void {
    while (this.pendingReactor >= 0) {
      const t = this.pendingReactor;
      this.pendingReactor = -1;
      this.reacting = true;
      this.execute(t, this.policies.action(this, t, true), true);
      this.reacting = false;
      this.continueVolley();
    }
  }
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
