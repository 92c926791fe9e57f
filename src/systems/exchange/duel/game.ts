/**
 * Exchange duels (distance 1) as a game (src/games/game.ts), for the search player (`policy:
 * search`). A decision is any choice the solver (duel-solve.ts) gives a solving side, with the
 * same options (duel-choice.ts), so that the search chooses among exactly what a best response
 * chooses among: attack or stop and the attack's Boost, the response and its Boost, which die a
 * Wound takes, standing up when Prone. The options are numbered as the DuelChooser numbers them;
 * the side's own policy's pick (named, or the `tactical` model's: ExchangeDuel.ownOption) comes
 * first in every list. A decision with one option is no decision: the game answers it itself.
 *
 * The engine (duel.ts ExchangeDuel) plays by a call stack, so a state is the duel saved at the
 * last step boundary (duel-state.ts, as the exact walker saves it: an attack, or the end of a
 * turn) with the decisions and dice faces of the step under way: apply() restores the boundary
 * and plays that step again with them, the new decision and fresh faces, up to the next decision
 * with more than one option (or the end). The game's chooser decides for both sides, so every
 * decision passes through it (the engine's solving path, which plays a named policy's pick exactly
 * as its own path does: the same Boosts, responses, dice). One ExchangeDuel per game serves every
 * state. With `keepHistory` a state keeps every decision and face, for traceGameDuel().
 */
import type { Dice } from '../../../dice/dice.js';
import { RecordingDice } from '../../../dice/recording-dice.js';
import { ReplayDice } from '../../../dice/replay-dice.js';
import type { Game, GamePolicy } from '../../../games/game.js';
import type { TraceObserver } from '../../trace.js';
import { ATTACK_DECISION, HARM_DECISION, RESPONSE_DECISION, STAND_DECISION, WOUND_DECISION, type DuelChooser } from './choice.js';
import { END_MAX_ROUNDS, ExchangeDuel, type ExchangeDuelSpec } from './engine.js';
import { restoreState, saveState } from './state.js';

const KIND_NAMES = ['attack', 'response', 'wound die', 'lingering harm die', 'stand up'];

export interface ExchangeDuelAction {
  /** ATTACK_DECISION ... STAND_DECISION (duel-choice.ts). */
  readonly kind: number;
  /** The option as the chooser numbers it (attack: 0 stop, k Boost k - 1; response: 0 none, then Full Guard, then Clash by Boost; ...). */
  readonly option: number;
  /** How many options the decision had (for describing a response). */
  readonly width: number;
}

/** A decision as words ("attack boost 2", "response 3 of 5"). */
export function describeExchangeAction(a: ExchangeDuelAction): string {
  switch (a.kind) {
    case ATTACK_DECISION:
      return a.option === 0 ? 'end attacks' : `attack boost ${a.option - 1}`;
    case RESPONSE_DECISION:
      return a.option === 0 ? 'no response' : `response option ${a.option} of ${a.width - 1}`;
    case WOUND_DECISION:
    case HARM_DECISION:
      return `${KIND_NAMES[a.kind]}: ${a.option === 0 ? 'magic first' : 'action die first'}`;
    case STAND_DECISION:
      return a.option === 0 ? 'stand up' : 'stay prone';
    default:
      return `${a.kind}:${a.option}`;
  }
}

function sameAction(a: ExchangeDuelAction, b: ExchangeDuelAction): boolean {
  return a.kind === b.kind && a.option === b.option;
}

interface Pending {
  readonly side: number;
  readonly legal: readonly ExchangeDuelAction[];
}

/** The step under way: an attack (ExchangeDuel.attack) or the end of a turn (endTurn). */
const ATTACK_STEP = 0;
const END_STEP = 1;

export interface ExchangeDuelGameState {
  boundary: number[];
  round: number;
  first: number;
  side: number;
  step: number;
  readonly log: number[];
  readonly faces: number[];
  pending: Pending | null;
  /** Once over: 0 a won, 1 b won, 2 draw; how it ended; the rounds as the tally counts them; the final state (duel-state.ts). */
  winner: number;
  end: number;
  rounds: number;
  final: number[] | null;
  readonly history: { readonly log: number[]; readonly faces: number[] } | null;
}

const PAUSE = { pause: true };

/** The game's chooser: answers from the log; a new decision pauses the engine (or answers itself when it has one option). */
class StepChooser implements DuelChooser {
  readonly solving = [true, true];
  log: number[] = [];
  k = 0;
  history: number[] | null = null;
  pending: Pending | null = null;
  duel: ExchangeDuel | null = null;

  choose(side: number, width: number, kind: number, extra: number, named: number): number {
    if (this.k < this.log.length) return this.log[this.k++]!;
    if (width === 1) {
      this.log.push(0);
      this.k++;
      if (this.history !== null) this.history.push(0);
      return 0;
    }
    const own = this.duel!.ownOption(side, kind, extra, named);
    const legal: ExchangeDuelAction[] = [{ kind, option: own, width }];
    for (let o = 0; o < width; o++) if (o !== own) legal.push({ kind, option: o, width });
    this.pending = { side, legal };
    throw PAUSE;
  }
}

/** An exchange duel (one spec, distance 1) as a game; one engine serves all its states. */
export class ExchangeDuelGame implements Game<ExchangeDuelGameState, ExchangeDuelAction> {
  private readonly dice = new ReplayDice();
  private readonly chooser = new StepChooser();
  private readonly duel: ExchangeDuel;

  constructor(readonly spec: ExchangeDuelSpec, readonly keepHistory = false) {
    if (spec.fight !== undefined) throw new Error('exchange duel game: duels at distance 1 only (farther apart the fight engine plays them)');
    this.duel = new ExchangeDuel(spec, this.dice);
    this.duel.chooser = this.chooser;
    this.chooser.duel = this.duel;
  }

  start(dice: Dice): ExchangeDuelGameState {
    const st: ExchangeDuelGameState = {
      boundary: [], round: 1, first: 0, side: 0, step: ATTACK_STEP, log: [], faces: [], pending: null, winner: 2, end: END_MAX_ROUNDS, rounds: 0, final: null,
      history: this.keepHistory ? { log: [], faces: [] } : null,
    };
    this.bind(st, dice);
    const d = this.duel;
    st.first = d.start();
    st.side = st.first;
    d.beginTurn(st.side);
    this.advance(st, null);
    return st;
  }

  actor(st: ExchangeDuelGameState): number {
    return st.pending === null ? -1 : st.pending.side;
  }

  fighter(st: ExchangeDuelGameState): number {
    return this.actor(st);
  }

  legalActions(st: ExchangeDuelGameState): readonly ExchangeDuelAction[] {
    return st.pending?.legal ?? [];
  }

  same(a: ExchangeDuelAction, b: ExchangeDuelAction): boolean {
    return sameAction(a, b);
  }

  apply(st: ExchangeDuelGameState, action: ExchangeDuelAction, dice: Dice): void {
    const p = st.pending;
    if (p === null || !p.legal.some((l) => sameAction(l, action))) throw new Error(`exchange duel: ${describeExchangeAction(action)} is not allowed here`);
    st.log.push(action.option);
    if (st.history !== null) st.history.log.push(action.option);
    this.bind(st, dice);
    const d = this.duel;
    restoreState(d, st.boundary);
    d.round = st.round;
    d.opener = st.first;
    const r = this.run(st);
    if (r !== null) this.advance(st, r);
  }

  clone(st: ExchangeDuelGameState): ExchangeDuelGameState {
    return {
      ...st, log: st.log.slice(), faces: st.faces.slice(), history: st.history === null ? null : { log: st.history.log.slice(), faces: st.history.faces.slice() },
    };
  }

  isTerminal(st: ExchangeDuelGameState): boolean {
    return st.pending === null;
  }

  returns(st: ExchangeDuelGameState): readonly number[] {
    return st.winner === 0 ? [1, 0] : st.winner === 1 ? [0, 1] : [0.5, 0.5];
  }

  private bind(st: ExchangeDuelGameState, live: Dice): void {
    this.dice.faces = st.faces;
    this.dice.i = 0;
    this.dice.live = live;
    this.dice.history = st.history?.faces ?? null;
    this.chooser.log = st.log;
    this.chooser.k = 0;
    this.chooser.history = st.history?.log ?? null;
    this.chooser.pending = null;
  }

  /** Plays the step under way (the engine at its boundary): its result (attack: whether it attacked), or null when it paused. */
  private run(st: ExchangeDuelGameState): boolean | null {
    const d = this.duel;
    try {
      if (st.step === ATTACK_STEP) return d.attack(st.side);
      d.endTurn(st.side);
      return false;
    } catch (e) {
      if (e !== PAUSE) throw e;
      st.pending = this.chooser.pending;
      return null;
    }
  }

  /** A new step from the engine's state now: its boundary, then the step up to its first decision; its result or null. */
  private begin(st: ExchangeDuelGameState, step: number): boolean | null {
    st.step = step;
    st.boundary = saveState(this.duel);
    st.log.length = 0;
    st.faces.length = 0;
    this.dice.i = 0;
    this.chooser.k = 0;
    return this.run(st);
  }

  /**
   * From the engine's state after a step (`last`: its result; null fresh, before the first
   * attack) plays on as ExchangeDuel.play() does (attacks, end of turn, the other side's turn, the
   * next round) to the next decision or the end of the duel.
   */
  private advance(st: ExchangeDuelGameState, last: boolean | null): void {
    const d = this.duel;
    let r: boolean | null = last;
    for (;;) {
      if (d.loser >= 0) return this.finish(st, 1 - d.loser, d.end, st.round);
      if (st.step === ATTACK_STEP && (last === null || r === true)) {
        last = true;
        r = this.begin(st, ATTACK_STEP);
        if (r === null) return;
        continue;
      }
      if (st.step === ATTACK_STEP) {
        r = this.begin(st, END_STEP);
        if (r === null) return;
        continue;
      }
      // A turn is over: the other side's turn, or the next round.
      if (st.side === st.first) st.side = 1 - st.first;
      else {
        if (st.round >= this.spec.maxRounds) return this.finish(st, 2, END_MAX_ROUNDS, this.spec.maxRounds);
        st.round++;
        d.round = st.round;
        st.side = st.first;
      }
      d.beginTurn(st.side);
      st.step = ATTACK_STEP;
      last = null;
    }
  }

  private finish(st: ExchangeDuelGameState, winner: number, end: number, rounds: number): void {
    st.pending = null;
    st.winner = winner;
    st.end = end;
    st.rounds = rounds;
    st.final = saveState(this.duel);
  }
}

/** Every side by its own policy (named or `tactical`): the first option of each decision. */
export const ownExchangePolicy: GamePolicy<ExchangeDuelGameState, ExchangeDuelAction> = {
  name: 'own',
  choose: (_game, _st, legal) => legal[0]!,
};

/**
 * Plays a game duel again from the start with a tracer: the engine's events as `balance trace`
 * shows them, plus one `search` event per decision of a side in `searching` (the option taken,
 * its own policy's, how many it chose among).
 */
export function traceGameDuel(spec: ExchangeDuelSpec, st: ExchangeDuelGameState, observer: TraceObserver, searching: readonly [boolean, boolean]): void {
  const h = st.history;
  if (h === null) throw new Error('traceGameDuel needs a game made with keepHistory');
  const replay = new ReplayDice();
  replay.faces = h.faces.slice();
  const duel = new ExchangeDuel(spec, new RecordingDice(replay));
  const log = h.log;
  let k = 0;
  duel.chooser = {
    solving: [true, true],
    choose(side, width, kind, extra, named) {
      if (k >= log.length) throw new Error('traceGameDuel: the record ends before the duel does');
      const option = log[k++]!;
      if (searching[side] === true && width > 1) {
        const own = duel.ownOption(side, kind, extra, named);
        const chosen = describeExchangeAction({ kind, option, width });
        const mine = describeExchangeAction({ kind, option: own, width });
        observer.event({
          round: duel.round, side: side === 0 ? 'a' : 'b', actor: duel.chars[side]!.loadout.name, action: 'search',
          choice: chosen, named: mine, options: width, result: option === own ? `search keeps its own policy's pick: ${chosen}` : `search: ${chosen} (own policy: ${mine})`,
        });
      }
      return option;
    },
  };
  duel.observer = observer;
  duel.play();
}
