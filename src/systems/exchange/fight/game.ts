/**
 * Exchange fights (Tactical Mode, seed 001) as a game (src/games/game.ts). A decision is one of:
 * - a turn step of the acting character: End the turn; Move to a Space (Walk / Run / Sprint paid
 *   when it is the turn's first movement, or on the movement already paid); an attack on an enemy
 *   it can attack from where it stands, with a Boost it can pay;
 * - a response to an attack: No Response, Full Guard or Clash with a Boost it can pay (a broken
 *   character never Clashes: seed 001, When You Fail);
 * - an Opportunity Attack with a Boost, or none.
 * A broken character's turn steps are Moves and End (it may move and guard, not attack).
 *
 * The layer over the engine: the fight is ExchangeFight itself, whose own policies (named and
 * `tactical`) run unchanged and call hooks (gameHooks) where they are about to act. The hook names
 * the policy's own action; the player's choice either is that action (the engine's code goes on:
 * same dice, same play) or another legal one, after which the layer plays the rest of that turn
 * itself (its own Moves and attacks; the policy's own pick there is End). A Move the layer plays
 * goes by the shortest path (fewest Opportunity-Attack steps among them, paths.ts) and stops when
 * movement runs out or the mover leaves the fight; a named policy's own walk keeps its greedy
 * steps (the action says `own`: its destination, which a legal path reaches within the allowance).
 *
 * The engine's play is a call stack, not a state machine, so a state is the fight's decisions and
 * dice so far: apply() plays the fight again from the start with them (the same decisions and
 * faces) and stops at the next decision, leaving the fight there to read. clone() copies the record.
 * Replaying costs O(decisions) per apply: right for tests, traces and small searches; the Monte
 * Carlo kernel plays without any of this (gameHooks off).
 */
import type { Dice } from '../../../dice/dice.js';
import { RecordingDice } from '../../../dice/recording-dice.js';
import type { Game, GamePolicy } from '../../../games/game.js';
import type { TraceObserver } from '../../trace.js';
import { COLLAPSED, IN_FIGHT } from '../combatant.js';
import { CLASH, FULL_GUARD, NO_RESPONSE } from '../rules.js';
import { ExchangeFight, OWN_APPROACH, OWN_ATTACK, OWN_END, OWN_KEEP_RANGE, OWN_PATH, OWN_STEP, OWN_WITHDRAW } from './engine.js';
import { spaces } from './map.js';
import { PathFinder } from './paths.js';
import { chooseMode, MODE_COST } from './policies.js';
import { WALK, type ExchangeFightSpec } from './spec.js';

export const XF_END = 0;
export const XF_MOVE = 1;
export const XF_ATTACK = 2;
export const XF_RESPOND = 3;
export const XF_OPPORTUNITY = 4;
const KIND_NAMES = ['end', 'move', 'attack', 'respond', 'opportunity-attack'];
const RESPONSE_NAMES = ['none', 'full-guard', 'clash'];
const MODE_NAMES = ['walk', 'run', 'sprint'];

export interface XfAction {
  readonly kind: number;
  /** ATTACK: the enemy attacked; RESPOND: NO_RESPONSE, FULL_GUARD or CLASH (rules.ts); else -1. */
  readonly target: number;
  /** MOVE: the destination Space. */
  readonly x: number;
  readonly y: number;
  /** MOVE: WALK, RUN or SPRINT paid now, or -1: on the movement already paid this turn. */
  readonly mode: number;
  /** ATTACK, RESPOND, OPPORTUNITY: the Boost (OPPORTUNITY -1: no attack). */
  readonly boost: number;
  /** MOVE: 1 for a named policy's own greedy walk (its own steps to that Space), else 0. */
  readonly own: number;
}

function act(kind: number, target = -1, x = -1, y = -1, mode = -1, boost = 0, own = 0): XfAction {
  return { kind, target, x, y, mode, boost, own };
}
const END: XfAction = act(XF_END);

function sameAction(a: XfAction, b: XfAction): boolean {
  return a.kind === b.kind && a.target === b.target && a.x === b.x && a.y === b.y && a.mode === b.mode && a.boost === b.boost && a.own === b.own;
}

export function describeAction(spec: ExchangeFightSpec, a: XfAction): string {
  const name = KIND_NAMES[a.kind] ?? String(a.kind);
  switch (a.kind) {
    case XF_MOVE:
      return `${a.own === 1 ? 'own ' : ''}move to (${a.x}, ${a.y}) ${a.mode < 0 ? 'on the movement paid' : MODE_NAMES[a.mode]}`;
    case XF_ATTACK:
      return `attack ${spec.fighters[a.target]?.name ?? a.target} boost ${a.boost}`;
    case XF_RESPOND:
      return `${RESPONSE_NAMES[a.target] ?? a.target}${a.target === NO_RESPONSE ? '' : ` boost ${a.boost}`}`;
    case XF_OPPORTUNITY:
      return a.boost < 0 ? 'no opportunity attack' : `opportunity attack boost ${a.boost}`;
    default:
      return name;
  }
}

/** A decision waiting for a player: who decides, the policy's own action, the legal ones. */
interface Pending {
  readonly fighter: number;
  readonly own: XfAction;
  readonly legal: readonly XfAction[];
}

/** Thrown out of the engine's play at a decision with no recorded choice. */
const PAUSE = { pause: true };

/** Thrown out of a turn's own code when the player chose another action. */
class Deviation {
  constructor(readonly action: XfAction) {}
}

/** Dice that give the recorded faces first, then draw from `live` and record them. */
class ReplayDice implements Dice {
  private i = 0;
  constructor(private readonly faces: number[], private readonly live: Dice | null) {}
  roll(sides: number): number {
    if (this.i < this.faces.length) return this.faces[this.i++]!;
    if (this.live === null) throw new Error('exchange fight game: no dice for a new roll');
    const f = this.live.roll(sides);
    this.faces.push(f);
    this.i++;
    return f;
  }
}

/** ExchangeFight with its decision hooks answered from a record, pausing at the first decision beyond it. */
class GameFight extends ExchangeFight {
  log: readonly XfAction[] = [];
  private k = 0;
  pending: Pending | null = null;
  /** Attacks (not Opportunity Attacks) made in the current turn. */
  private turnAttacks = 0;
  private readonly finder: PathFinder;

  constructor(spec: ExchangeFightSpec, dice: Dice) {
    super(spec, dice);
    this.gameHooks = true;
    this.finder = new PathFinder(this.map);
  }

  /** Plays from the start with `log`'s decisions; stops (pending set) at the first one past it, or at the end. */
  replay(log: readonly XfAction[]): void {
    this.log = log;
    this.k = 0;
    this.pending = null;
    try {
      this.play();
    } catch (e) {
      if (e !== PAUSE) throw e;
    }
  }

  private decide(fighter: number, own: XfAction, legal: () => XfAction[]): XfAction {
    if (this.k < this.log.length) return this.log[this.k++]!;
    this.pending = { fighter, own, legal: legal() };
    throw PAUSE;
  }

  override takeTurn(f: number): void {
    this.turnAttacks = 0;
    try {
      super.takeTurn(f);
    } catch (e) {
      if (!(e instanceof Deviation)) throw e;
      this.freeTurn(f, e.action);
      if (!this.fightOver()) this.endTurn(f);
    }
  }

  override exchange(f: number, t: number, boost: number, action: string): void {
    if (action === 'exchange') this.turnAttacks++;
    super.exchange(f, t, boost, action);
  }

  protected override chosenResponse(f: number, t: number, own: number, clashLegal: boolean): number {
    const a = this.decide(t, act(XF_RESPOND, own >> 8, -1, -1, -1, own & 255), () => this.responses(f, t, clashLegal));
    return (a.target << 8) | a.boost;
  }

  protected override chosenOpportunity(e: number, _f: number, own: number): number {
    return this.decide(e, act(XF_OPPORTUNITY, -1, -1, -1, -1, own), () => this.opportunities(e)).boost;
  }

  protected override ownTurn(kind: number, f: number, a: number, b: number): void {
    const own = this.label(kind, f, a, b);
    if (own === null) return;
    const chosen = this.decide(f, own, () => this.turnActions(f, own));
    if (!sameAction(chosen, own)) throw new Deviation(chosen);
  }

  /** The rest of a turn after the player left its policy: its choices, one at a time, until End. */
  private freeTurn(f: number, first: XfAction): void {
    const c = this.chars[f]!;
    for (let a = first; a.kind !== XF_END;) {
      if (a.kind === XF_MOVE) this.moveAlong(f, a);
      else this.exchange(f, a.target, a.boost, 'exchange');
      if (c.status === COLLAPSED || this.fightOver()) return;
      a = this.decide(f, END, () => this.turnActions(f, END));
    }
  }

  /** A Move the layer plays: pay its mode, stand if Prone, then the shortest path with the fewest Opportunity-Attack steps. */
  private moveAlong(f: number, a: XfAction): void {
    const c = this.chars[f]!;
    if (a.mode >= 0 && !this.modeChosen) this.payMode(f, a.mode);
    if (a.x === this.x[f] && a.y === this.y[f]) {
      this.upright(f);
      return;
    }
    const p = this.finder;
    p.markThreats(this, this.sideOf[f]!);
    p.search(this.x[f]!, this.y[f]!, this.moveLeft);
    const n = p.trace(a.y * this.map.width + a.x);
    const w = this.map.width;
    const status = c.status;
    for (let i = 0; i < n; i++) {
      if (this.moveLeft <= 0 || !this.upright(f)) return;
      const cell = p.path[i]!;
      const x = cell % w;
      this.moveTo(f, x, (cell - x) / w);
      if (c.status !== status || this.fightOver()) return;
    }
  }

  // ---- What the rules allow ----

  /** Responses of t to f's attack: No Response; Full Guard with each Boost it can pay; Clash likewise when legal (not broken). */
  private responses(f: number, t: number, clashLegal: boolean): XfAction[] {
    const d = this.chars[t]!;
    const out = [act(XF_RESPOND, NO_RESPONSE)];
    if (d.canGuard()) {
      const top = Math.min(this.chars[f]!.ranged ? d.acrobatics : d.melee, d.boostFor(d.ready - d.cost(1)));
      for (let b = 0; b <= top; b++) out.push(act(XF_RESPOND, FULL_GUARD, -1, -1, -1, b));
    }
    if (d.canClash(clashLegal)) {
      const top = Math.min(d.attackSkill, d.boostFor(d.ready - d.cost(d.baseCost)));
      for (let b = 0; b <= top; b++) out.push(act(XF_RESPOND, CLASH, -1, -1, -1, b));
    }
    return out;
  }

  /** An Opportunity Attack by e: none, or each Boost it can pay. */
  private opportunities(e: number): XfAction[] {
    const c = this.chars[e]!;
    const out = [act(XF_OPPORTUNITY, -1, -1, -1, -1, -1)];
    if (c.ready >= c.cost(c.baseCost)) {
      const top = Math.min(c.attackSkill, c.boostFor(c.ready - c.cost(c.baseCost)));
      for (let b = 0; b <= top; b++) out.push(act(XF_OPPORTUNITY, -1, -1, -1, -1, b));
    }
    return out;
  }

  /** Spaces f may still move this turn in `mode` (-1: on the movement paid), standing first if Prone; -1 when it may not. */
  private moveBudget(f: number, mode: number): number {
    const c = this.chars[f]!;
    if (c.status === COLLAPSED || (mode < 0) !== this.modeChosen) return -1;
    const stand = c.prone ? c.cost(1) : 0;
    if (mode < 0) return this.moveLeft > 0 && c.ready >= stand ? this.moveLeft : -1;
    return c.ready >= stand + c.cost(MODE_COST[mode]!) ? this.allowance[f * 3 + mode]! : -1;
  }

  /** Turn steps of f now: End; attacks (in the fight, attacks left, affordable); Moves; and the policy's own action when legal. */
  private turnActions(f: number, own: XfAction): XfAction[] {
    const c = this.chars[f]!;
    const out = [END];
    if (c.status === IN_FIGHT && this.turnAttacks <= c.attackSkill && c.ready >= c.cost(c.baseCost)) {
      const top = Math.min(c.attackSkill, c.boostFor(c.ready - c.cost(c.baseCost)));
      for (let e = 0; e < this.count; e++) {
        if (this.sideOf[e] === this.sideOf[f] || !this.inFight(e) || !this.canAttack(f, e)) continue;
        for (let b = 0; b <= top; b++) out.push(act(XF_ATTACK, e, -1, -1, -1, b));
      }
    }
    const modes = this.modeChosen ? [-1] : [WALK, 1, 2];
    const budgets = modes.map((m) => this.moveBudget(f, m));
    const most = Math.max(...budgets);
    if (most >= 0) {
      const p = this.finder;
      p.search(this.x[f]!, this.y[f]!, most);
      const w = this.map.width;
      modes.forEach((m, i) => {
        const b = budgets[i]!;
        if (b < 0) return;
        if (m >= 0) out.push(act(XF_MOVE, -1, this.x[f]!, this.y[f]!, m));
        for (let k = 1; k < p.reached; k++) {
          const cell = p.order[k]!;
          if (p.dist[cell]! > b) break;
          const x = cell % w;
          out.push(act(XF_MOVE, -1, x, (cell - x) / w, m));
        }
      });
    }
    if (own.own === 1 && this.moveLegal(f, own)) out.unshift(own);
    return out;
  }

  /** A Move to (x, y) in its mode: within that mode's budget by a legal path (the Space it stands on: paying a mode, not moving). */
  private moveLegal(f: number, a: XfAction): boolean {
    const b = this.moveBudget(f, a.mode);
    if (b < 0) return false;
    if (a.x === this.x[f] && a.y === this.y[f]) return a.mode >= 0;
    const p = this.finder;
    p.search(this.x[f]!, this.y[f]!, b);
    const d = p.dist[a.y * this.map.width + a.x]!;
    return d >= 1 && d <= b;
  }

  // ---- The own policy's action, named (ownTurn's kinds) ----

  private label(kind: number, f: number, a: number, b: number): XfAction | null {
    const w = this.map.width;
    switch (kind) {
      case OWN_END:
        return END;
      case OWN_ATTACK:
        return act(XF_ATTACK, a, -1, -1, -1, b);
      case OWN_STEP:
        return act(XF_MOVE, -1, a % w, Math.floor(a / w), b);
      case OWN_PATH: {
        // Prone and unable to pay for standing: the walk does nothing (a mode already paid, or Walk for safety).
        if (this.chars[f]!.prone && !this.chars[f]!.canStand()) return null;
        // The engine's search just traced the path to Space a: the Move ends where its movement runs out.
        const p = this.paths!;
        const k = Math.min(p.pathLength, b < 0 ? this.moveLeft : this.allowance[f * 3 + b]!);
        if (k <= 0) return b < 0 ? null : act(XF_MOVE, -1, this.x[f]!, this.y[f]!, b);
        const cell = p.path[k - 1]!;
        return act(XF_MOVE, -1, cell % w, Math.floor(cell / w), b);
      }
      default:
        return this.greedy(kind, f, a, b);
    }
  }

  /**
   * Where a named policy's greedy walk (approach, keep-range, withdraw in engine.ts) would end and
   * in which mode, Opportunity Attacks aside: the same steps played on the map and undone. Null
   * when it would do nothing (no step, no mode paid, not standing up).
   */
  private greedy(kind: number, f: number, t: number, want: number): XfAction | null {
    const c = this.chars[f]!;
    const x0 = this.x[f]!;
    const y0 = this.y[f]!;
    let mode = this.modeChosen ? -1 : -2;
    let left = this.moveLeft;
    let ready = c.ready;
    let prone = c.prone;
    let stood = false;
    let steps = 0;
    const stand = (): boolean => {
      if (!prone) return true;
      if (ready < c.cost(1)) return false;
      ready -= c.cost(1);
      prone = false;
      stood = true;
      return true;
    };
    const startMoving = (need: number): void => {
      if (mode !== -2) return;
      const at = f * 3;
      mode = chooseMode(need, this.allowance[at]!, this.allowance[at + 1]!, this.allowance[at + 2]!, ready, c.slowed ? 2 : 1, c.cost(c.baseCost), c.policy.reserve);
      left = this.allowance[at + mode]!;
    };
    const go = (gx: number, gy: number, dir: number): boolean => {
      if (left <= 0) return false;
      const cell = this.stepTarget(f, gx, gy, dir);
      if (cell < 0) return false;
      this.put(f, cell % this.map.width, Math.floor(cell / this.map.width));
      left--;
      steps++;
      return true;
    };
    const approach = (want: number): void => {
      for (let guard = 0; guard < 400; guard++) {
        const d = spaces(this.x[f]!, this.y[f]!, this.x[t]!, this.y[t]!);
        if (d <= want && this.canAttack(f, t)) return;
        if (!stand()) return;
        startMoving(d - want);
        if (!go(this.x[t]!, this.y[t]!, 1)) return;
      }
    };
    if (kind === OWN_APPROACH) approach(want);
    else if (kind === OWN_KEEP_RANGE) {
      // retreat (leave melee reach), then approach to Effective Range
      for (let guard = 0; guard < 400 && this.engaged(f); guard++) {
        if (!stand()) break;
        const e = this.nearestFoe(f);
        if (e < 0) break;
        startMoving(0);
        if (!go(this.x[e]!, this.y[e]!, -1)) break;
      }
      approach(want);
    } else if (kind === OWN_WITHDRAW) {
      if (mode === -2) {
        mode = WALK;
        left = this.allowance[f * 3]!;
      }
      for (let guard = 0; guard < 400 && left > 0; guard++) {
        const e = this.nearestFoe(f);
        if (e < 0 || !stand() || !go(this.x[e]!, this.y[e]!, -1)) break;
      }
    }
    const x = this.x[f]!;
    const y = this.y[f]!;
    this.put(f, x0, y0);
    if (steps === 0 && (mode < 0 || (mode === WALK && !stood))) return null;
    return act(XF_MOVE, -1, x, y, mode, 0, 1);
  }
}

/** A game state: the fight paused at a decision (or ended) and the record that leads there. */
export interface XfState {
  readonly spec: ExchangeFightSpec;
  readonly fight: GameFight;
  readonly log: XfAction[];
  readonly faces: number[];
}

function run(s: XfState, live: Dice | null): void {
  s.fight.dice = new ReplayDice(s.faces, live);
  s.fight.replay(s.log);
}

/** An exchange fight on its first decision, ready for exchangeGame (the opener rolled with `dice` when random). */
export function startFight(spec: ExchangeFightSpec, dice: Dice): XfState {
  const s: XfState = { spec, fight: new GameFight(spec, dice), log: [], faces: [] };
  run(s, dice);
  return s;
}

/** The trace of the fight so far (from the start, as `balance trace` shows it) into `observer`. */
export function traceState(s: XfState, observer: TraceObserver): void {
  const g = new GameFight(s.spec, new RecordingDice(new ReplayDice(s.faces.slice(), null)));
  g.observer = observer;
  g.replay(s.log);
}

export const exchangeGame: Game<XfState, XfAction> = {
  actor: (s) => (s.fight.pending === null ? -1 : s.fight.sideOf[s.fight.pending.fighter]!),
  fighter: (s) => (s.fight.pending === null ? -1 : s.fight.pending.fighter),
  legalActions: (s) => s.fight.pending?.legal ?? [],
  same: sameAction,
  apply(s, a, dice) {
    const p = s.fight.pending;
    if (p === null || !p.legal.some((l) => sameAction(l, a))) throw new Error(`exchange fight: ${describeAction(s.spec, a)} is not allowed here`);
    s.log.push(a);
    run(s, dice);
  },
  clone(s) {
    const c: XfState = { spec: s.spec, fight: new GameFight(s.spec, s.fight.dice), log: s.log.slice(), faces: s.faces.slice() };
    run(c, null);
    return c;
  },
  isTerminal: (s) => s.fight.pending === null,
  returns: (s) => (s.fight.winner === 0 ? [1, 0] : s.fight.winner === 1 ? [0, 1] : [0.5, 0.5]),
};

/** Every character by its own policy (the study's: named or `tactical`), as a game policy. */
export const ownPolicy: GamePolicy<XfState, XfAction> = {
  name: 'own',
  choose: (_game, s) => s.fight.pending!.own,
};
