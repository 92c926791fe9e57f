/**
 * Exchange duels played through the game (exchange/duel/game.ts) into the duel tally, for a task where a
 * side searches (`policy: search`): the same histograms as duel-kernel.ts counts from the engine,
 * read from the game's final state.
 */
import { RngDice } from '../../../dice/dice.js';
import { deriveStream, streamKeyOf, Xoshiro128ss } from '../../../dice/rng.js';
import { DEFAULT_SEARCH_BUDGET } from '../../../games/search.js';
import { duelPlayers, playDuel, type DuelPlayers } from '../../duel-search.js';
import type { TraceObserver } from '../../trace.js';
import type { exchangeDuelLayout } from './layout.js';
import { ExchangeDuelGame, ownExchangePolicy, traceGameDuel, type ExchangeDuelAction, type ExchangeDuelGameState } from './game.js';
import type { ExchangeDuelSpec } from './engine.js';
import { CHAR_FIELDS } from './state.js';

/** Counts one finished game duel into `tally`, as duel-kernel.ts run() counts a played one. */
export function tallyExchangeGameDuel(st: ExchangeDuelGameState, layout: ReturnType<typeof exchangeDuelLayout>, tally: Float64Array): void {
  const f = st.final;
  if (f === null) throw new Error('tallyExchangeGameDuel: the duel is not over');
  tally[layout.winner + st.winner]! += 1;
  tally[layout.end + st.end]! += 1;
  tally[layout.rounds + st.rounds]! += 1;
  tally[layout.aVit + Math.max(0, f[0]!)]! += 1;
  tally[layout.bVit + Math.max(0, f[CHAR_FIELDS]!)]! += 1;
}

/** A task's duels with a searching side: the game, its players and the task's stream (duel-kernel.ts prepare). */
export class ExchangeSearchRun {
  private game: ExchangeDuelGame;
  private players: DuelPlayers<ExchangeDuelGameState, ExchangeDuelAction>;
  private observer: TraceObserver | null = null;
  readonly rng = new Xoshiro128ss(deriveStream(0));
  private readonly dice = new RngDice(this.rng);
  private readonly searching: readonly [boolean, boolean];

  constructor(readonly spec: ExchangeDuelSpec) {
    this.searching = spec.searching ?? [false, false];
    this.game = new ExchangeDuelGame(spec);
    this.players = this.playersOf(this.game);
  }

  private playersOf(game: ExchangeDuelGame): DuelPlayers<ExchangeDuelGameState, ExchangeDuelAction> {
    return duelPlayers(game, ownExchangePolicy, this.searching, this.spec.search ?? DEFAULT_SEARCH_BUDGET);
  }

  run(state: Int32Array, n: number, tally: Float64Array, layout: ReturnType<typeof exchangeDuelLayout>): void {
    this.rng.setState(state);
    for (let i = 0; i !== n; ++i) {
      // The search's play-out streams are keyed by where the duel's stream stands (it draws nothing from it).
      const key = streamKeyOf(this.rng);
      for (const p of this.players.searches) p?.reseed(key);
      const st = playDuel(this.game, this.players, this.dice);
      tallyExchangeGameDuel(st, layout, tally);
      if (this.observer !== null) traceGameDuel(this.spec, st, this.observer, this.searching);
    }
    this.rng.saveState(state);
  }

  observe(observer: TraceObserver | null): void {
    this.observer = observer;
    this.game = new ExchangeDuelGame(this.spec, observer !== null);
    this.players = this.playersOf(this.game);
  }
}
