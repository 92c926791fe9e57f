/**
 * Exchange duels played through the game (duel-game.ts) into the duel tally, for a task where a
 * side searches (`policy: search`): the same histograms as duel-kernel.ts counts from the engine,
 * read from the game's final state.
 */
import type { exchangeDuelLayout } from './duel-kernel.js';
import type { ExchangeDuelGameState } from './duel-game.js';
import { CHAR_FIELDS } from './duel-state.js';

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
