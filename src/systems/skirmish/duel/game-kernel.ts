/**
 * Skirmish duels played through the game (game.ts) into the duel tally, for a task where a side
 * searches (`policy: search`): the same histograms as kernel.ts counts from the engine, read from
 * the game's final state.
 */
import { RngDice } from '../../../dice/dice.js';
import { deriveStream, streamKeyOf, Xoshiro128ss } from '../../../dice/rng.js';
import { DEFAULT_SEARCH_BUDGET } from '../../../games/search.js';
import { duelPlayers, playDuel, type DuelPlayers } from '../../duel-search.js';
import type { TraceObserver } from '../../trace.js';
import { OUT_OF_ACTION } from '../profile.js';
import type { duelLayout } from './kernel.js';
import { namedDuelPolicy, SkirmishDuelGame, traceGameDuel, type DuelAction, type DuelGameState } from './game.js';
import type { DuelSpec } from './setup.js';
import { FIGHTER_FIELDS } from './state.js';

/** Counts one finished game duel into `tally` (kernel.ts duelLayout), as kernel.ts run() counts a played one. */
export function tallyGameDuel(st: DuelGameState, layout: ReturnType<typeof duelLayout>, tally: Float64Array): void {
  const f = st.final;
  if (f === null) throw new Error('tallyGameDuel: the duel is not over');
  tally[layout.winner + st.winner]! += 1;
  tally[layout.rounds + st.round]! += 1;
  const aState = f[0]!;
  const bState = f[FIGHTER_FIELDS]!;
  tally[layout.aState + aState]! += 1;
  tally[layout.bState + bState]! += 1;
  tally[layout.aWounds + (aState === OUT_OF_ACTION ? 0 : f[1]!)]! += 1;
  tally[layout.bWounds + (bState === OUT_OF_ACTION ? 0 : f[FIGHTER_FIELDS + 1]!)]! += 1;
}

/** A task's duels with a searching side: the game, its players and the task's stream (kernel.ts prepare). */
export class SkirmishSearchRun {
  private game: SkirmishDuelGame;
  private players: DuelPlayers<DuelGameState, DuelAction>;
  private observer: TraceObserver | null = null;
  readonly rng = new Xoshiro128ss(deriveStream(0));
  private readonly dice = new RngDice(this.rng);
  private readonly searching: readonly [boolean, boolean];

  constructor(readonly spec: DuelSpec) {
    this.searching = spec.searching ?? [false, false];
    this.game = new SkirmishDuelGame(spec);
    this.players = this.playersOf(this.game);
  }

  private playersOf(game: SkirmishDuelGame): DuelPlayers<DuelGameState, DuelAction> {
    return duelPlayers(game, namedDuelPolicy, this.searching, this.spec.search ?? DEFAULT_SEARCH_BUDGET);
  }

  /** n duels from the stream state `state` (advanced in place) into `tally`. */
  run(state: Int32Array, n: number, tally: Float64Array, layout: ReturnType<typeof duelLayout>): void {
    this.rng.setState(state);
    for (let i = 0; i !== n; ++i) {
      // The search's play-out streams are keyed by where the duel's stream stands (it draws nothing from it).
      const key = streamKeyOf(this.rng);
      for (const p of this.players.searches) p?.reseed(key);
      const st = playDuel(this.game, this.players, this.dice);
      tallyGameDuel(st, layout, tally);
      if (this.observer !== null) traceGameDuel(this.spec, st, this.observer, this.searching);
    }
    this.rng.saveState(state);
  }

  /** A tracer: the duels keep their history and are played again with it once over (traceGameDuel). */
  observe(observer: TraceObserver | null): void {
    this.observer = observer;
    this.game = new SkirmishDuelGame(this.spec, observer !== null);
    this.players = this.playersOf(this.game);
  }
}
