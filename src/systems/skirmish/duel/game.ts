/**
 * Skirmish duels as a game (src/games/game.ts), for the search player (`policy: search`). A
 * decision is any choice the solver (solve.ts) gives a solving side, with the same options
 * (choices.ts), so that the search chooses among exactly what a best response chooses among:
 * - the action at an action boundary (candidates(): the named policy's pick first);
 * - the Ranged Reaction (reactionOptions(): the named pick, declining, every allowed action);
 * - how far a Move, Retreat or Crawl goes (moveStops()) and a Dodge or Shove (manoeuvreStops()).
 * A decision with one option is no decision: the game answers it itself.
 *
 * The engine (engine.ts Duel) plays by a call stack, so a state is the duel saved at the last
 * action boundary (state.ts, as the exact walker saves it) with the decisions and dice faces of
 * the action under way: apply() restores the boundary and plays that action again with them, the
 * new decision and fresh faces from the dice, up to the next decision with more than one option
 * (or the end). One Duel per game serves every state (states are plain numbers): a state's
 * replay costs one action, not the whole duel. With `keepHistory` a state keeps every decision
 * and face of its duel, so that traceGameDuel() can play the duel again with a tracer attached.
 */
import type { Dice } from '../../../dice/dice.js';
import { ReplayDice } from '../../../dice/replay-dice.js';
import type { Game, GamePolicy } from '../../../games/game.js';
import type { TraceObserver } from '../../trace.js';
import type { Action, DuelPolicy, DuelView } from './actions.js';
import { candidates, manoeuvreStops, moveStops, reactionOptions } from './choices.js';
import { manoeuvreKind, moveKind, REACTION } from './decisions.js';
import { PerDieDuelDice } from './dice.js';
import { Duel } from './engine.js';
import { DUEL_POLICY } from './policies.js';
import type { DuelSpec } from './setup.js';
import { restoreState, saveState } from './state.js';

/** The kind of the decision at an action boundary (decisions.ts numbers the kinds inside an action 0..7). */
export const ACTION_KIND = 8;
const KIND_NAMES = ['move toward', 'move away', 'retreat', 'crawl', 'dodge', 'dodge (shove to come)', 'shove', 'reaction', 'action'];
const ACTION_NAMES = ['none', 'move-toward', 'move-away', 'charge', 'melee', 'ranged', 'cast', 'aim', 'brace', 'retreat', 'hide', 'mercy-kill', 'recover', 'crawl'];

export interface DuelAction {
  /** ACTION_KIND or a decisions.ts kind (MOVE_TOWARD ... REACTION). */
  readonly kind: number;
  /** An action code (ACTION_KIND, REACTION) or inches (move lengths, manoeuvres). */
  readonly value: number;
}

export function describeDuelAction(a: DuelAction): string {
  const kind = KIND_NAMES[a.kind] ?? String(a.kind);
  if (a.kind === ACTION_KIND || a.kind === REACTION) return `${kind} ${ACTION_NAMES[a.value] ?? a.value}`;
  return `${kind} ${Number(a.value.toFixed(3))}"`;
}

function sameAction(a: DuelAction, b: DuelAction): boolean {
  return a.kind === b.kind && Math.abs(a.value - b.value) < 1e-9;
}

/** A decision waiting for a player: the deciding side, its options (the named policy's pick first). */
interface Pending {
  readonly side: number;
  readonly legal: readonly DuelAction[];
}

/** Where the duel stands between actions. */
export interface DuelGameState {
  /** The duel at the last action boundary (state.ts), and the round, its first side, which activation plays and whose. */
  boundary: number[];
  round: number;
  first: number;
  which: number;
  side: number;
  /** Decisions (option values) and faces of the action under way. */
  readonly log: number[];
  readonly faces: number[];
  /** The decision waiting, or null once the duel is over. */
  pending: Pending | null;
  /** Once over: 0 a won, 1 b won, 2 draw; the duel's final state (state.ts) for the tally. */
  winner: number;
  final: number[] | null;
  /** With keepHistory: every decision and face of the duel so far, for traceGameDuel(). */
  readonly history: { readonly log: number[]; readonly faces: number[] } | null;
}

/** Thrown out of the engine at a decision beyond the log. */
const PAUSE = { pause: true };

/** The engine's policy in a game: decisions answered from the log; a new one pauses the engine (or answers itself when it has one option). */
class StepPolicy implements DuelPolicy {
  log: number[] = [];
  k = 0;
  history: number[] | null = null;
  pending: Pending | null = null;

  decide(duel: DuelView, s: number, reaction: boolean): Action {
    if (this.k < this.log.length) return this.log[this.k++]! as Action;
    return this.ask(s, reaction ? REACTION : ACTION_KIND, reaction ? reactionOptions(duel, s) : candidates(duel, s)) as Action;
  }

  moveInches(duel: DuelView, s: number, action: Action, allowance: number): number {
    if (this.k < this.log.length) return this.log[this.k++]!;
    return this.ask(s, moveKind(action), moveStops(duel, s, action, allowance, DUEL_POLICY.moveInches(duel, s, action, allowance)));
  }

  manoeuvreInches(duel: DuelView, s: number, manoeuvre: number): number {
    if (this.k < this.log.length) return this.log[this.k++]!;
    return this.ask(s, manoeuvreKind(manoeuvre), manoeuvreStops(duel, DUEL_POLICY.manoeuvreInches(duel, s, manoeuvre)));
  }

  private ask(side: number, kind: number, options: readonly number[]): number {
    if (options.length === 1) {
      const v = options[0]!;
      this.log.push(v);
      this.k++;
      if (this.history !== null) this.history.push(v);
      return v;
    }
    this.pending = { side, legal: options.map((value) => ({ kind, value })) };
    throw PAUSE;
  }
}

/** A skirmish duel (one DuelSpec) as a game; one engine serves all its states. */
export class SkirmishDuelGame implements Game<DuelGameState, DuelAction> {
  private readonly dice = new ReplayDice();
  private readonly policy = new StepPolicy();
  private readonly duel: Duel;

  /** keepHistory: states record their whole duel (traceGameDuel). */
  constructor(readonly spec: DuelSpec, readonly keepHistory = false) {
    this.duel = new Duel(spec, new PerDieDuelDice(this.dice), this.policy);
  }

  /** A new duel at its first decision (or its end); `dice` rolls everything up to there. */
  start(dice: Dice): DuelGameState {
    const st: DuelGameState = {
      boundary: [], round: 0, first: 0, which: 0, side: 0, log: [], faces: [], pending: null, winner: 2, final: null,
      history: this.keepHistory ? { log: [], faces: [] } : null,
    };
    this.bind(st, dice);
    this.duel.start();
    this.duel.over = false;
    this.advance(st, true);
    return st;
  }

  actor(st: DuelGameState): number {
    return st.pending === null ? -1 : st.pending.side;
  }

  fighter(st: DuelGameState): number {
    return this.actor(st);
  }

  legalActions(st: DuelGameState): readonly DuelAction[] {
    return st.pending?.legal ?? [];
  }

  same(a: DuelAction, b: DuelAction): boolean {
    return sameAction(a, b);
  }

  apply(st: DuelGameState, action: DuelAction, dice: Dice): void {
    const p = st.pending;
    if (p === null || !p.legal.some((l) => sameAction(l, action))) throw new Error(`skirmish duel: ${describeDuelAction(action)} is not allowed here`);
    st.log.push(action.value);
    if (st.history !== null) st.history.log.push(action.value);
    this.bind(st, dice);
    const d = this.duel;
    restoreState(d, st.boundary);
    d.round = st.round;
    d.which = st.which;
    d.over = false;
    d.reacting = false;
    if (this.step(st)) this.advance(st, false);
  }

  clone(st: DuelGameState): DuelGameState {
    return {
      boundary: st.boundary, round: st.round, first: st.first, which: st.which, side: st.side, log: st.log.slice(), faces: st.faces.slice(),
      pending: st.pending, winner: st.winner, final: st.final, history: st.history === null ? null : { log: st.history.log.slice(), faces: st.history.faces.slice() },
    };
  }

  isTerminal(st: DuelGameState): boolean {
    return st.pending === null;
  }

  returns(st: DuelGameState): readonly number[] {
    return st.winner === 0 ? [1, 0] : st.winner === 1 ? [0, 1] : [0.5, 0.5];
  }

  /** Points the engine's dice and policy at this state's record. */
  private bind(st: DuelGameState, live: Dice): void {
    this.dice.faces = st.faces;
    this.dice.i = 0;
    this.dice.live = live;
    this.dice.history = st.history?.faces ?? null;
    this.policy.log = st.log;
    this.policy.k = 0;
    this.policy.history = st.history?.log ?? null;
    this.policy.pending = null;
  }

  /** Plays the action under way (the engine restored at its boundary); false when it paused at a decision. */
  private step(st: DuelGameState): boolean {
    try {
      this.duel.nextAction(st.side);
    } catch (e) {
      if (e !== PAUSE) throw e;
      st.pending = this.policy.pending;
      return false;
    }
    return true;
  }

  /**
   * From the engine's state after an action (or, fresh, before round 1), plays on as Duel.playOut()
   * does (initiative, activations, actions) to the next decision or the end of the duel.
   */
  private advance(st: DuelGameState, fresh: boolean): void {
    const d = this.duel;
    const maxRounds = this.spec.settings.maxRounds;
    let beginRound = fresh;
    for (;;) {
      if (d.over) return this.finish(st);
      if (!beginRound && d.actionsGoOn(st.side)) {
        // A new action: its boundary, then the action itself up to its first decision.
        st.boundary = saveState(d);
        st.log.length = 0;
        st.faces.length = 0;
        this.dice.i = 0;
        this.policy.k = 0;
        if (!this.step(st)) return;
        continue;
      }
      if (!beginRound && st.which === 0) {
        // The round's second activation.
        st.which = 1;
        d.which = 1;
        st.side = 1 - st.first;
        d.beginActivation(st.side);
        continue;
      }
      // The next round: initiative, then the first activation (Duel.playOut's loop).
      beginRound = false;
      if (st.round >= maxRounds) return this.finish(st);
      st.round++;
      d.round = st.round;
      // No activation this round (neither side activates): on to the next round, as playOut does.
      st.first = d.initiative();
      if (st.first < 0) {
        st.which = 1;
        st.side = 0;
        beginRound = true;
        continue;
      }
      st.which = 0;
      d.which = 0;
      st.side = st.first;
      d.beginActivation(st.side);
    }
  }

  private finish(st: DuelGameState): void {
    st.pending = null;
    st.winner = this.duel.winner();
    st.final = saveState(this.duel);
  }
}

/** Every side by its named policy: the first option of each decision (choices.ts puts the named pick first). */
export const namedDuelPolicy: GamePolicy<DuelGameState, DuelAction> = {
  name: 'named',
  choose: (_game, _st, legal) => legal[0]!,
};

/**
 * Plays a finished (or paused) game duel again from the start with a tracer: the same engine
 * events as `balance trace` shows for any duel, plus one `search` event per decision of a side in
 * `searching` (the option it took, the named policy's, how many it chose among).
 */
export function traceGameDuel(spec: DuelSpec, st: DuelGameState, observer: TraceObserver, searching: readonly [boolean, boolean]): void {
  const h = st.history;
  if (h === null) throw new Error('traceGameDuel needs a game made with keepHistory');
  const dice = new ReplayDice();
  dice.faces = h.faces.slice();
  const policy = new TracePolicy(h.log, searching);
  const duel = new Duel(spec, new PerDieDuelDice(dice), policy);
  policy.duel = duel;
  policy.observer = observer;
  duel.observe(observer);
  duel.playOut();
}

/** Answers the engine from a duel's recorded decisions, and tells the tracer about the searching sides' choices. */
class TracePolicy implements DuelPolicy {
  private k = 0;
  duel: Duel | null = null;
  observer: TraceObserver | null = null;
  constructor(private readonly log: readonly number[], private readonly searching: readonly [boolean, boolean]) {}

  decide(duel: DuelView, s: number, reaction: boolean): Action {
    const kind = reaction ? REACTION : ACTION_KIND;
    return this.next(duel, s, kind, () => (reaction ? reactionOptions(duel, s) : candidates(duel, s))) as Action;
  }

  moveInches(duel: DuelView, s: number, action: Action, allowance: number): number {
    return this.next(duel, s, moveKind(action), () => moveStops(duel, s, action, allowance, DUEL_POLICY.moveInches(duel, s, action, allowance)));
  }

  manoeuvreInches(duel: DuelView, s: number, manoeuvre: number): number {
    return this.next(duel, s, manoeuvreKind(manoeuvre), () => manoeuvreStops(duel, DUEL_POLICY.manoeuvreInches(duel, s, manoeuvre)));
  }

  private next(duel: DuelView, s: number, kind: number, options: () => readonly number[]): number {
    if (this.k >= this.log.length) throw new Error('traceGameDuel: the record ends before the duel does');
    const v = this.log[this.k++]!;
    if (this.searching[s] === true) {
      const opts = options();
      if (opts.length > 1) {
        const chosen = describeDuelAction({ kind, value: v });
        const named = describeDuelAction({ kind, value: opts[0]! });
        this.observer!.event({
          round: duel.round, side: s === 0 ? 'a' : 'b', actor: (s === 0 ? duel.spec.a : duel.spec.b).name, action: 'search',
          choice: chosen, named, options: opts.length, result: v === opts[0] ? `search keeps the named pick: ${chosen}` : `search: ${chosen} (named: ${named})`,
        });
      }
    }
    return v;
  }
}
