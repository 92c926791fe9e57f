/**
 * Skirmish duels played through the game (game.ts) into the duel tally, for a task where a side
 * searches (`policy: search`): the same histograms as kernel.ts counts from the engine, read from
 * the game's final state.
 */
import { OUT_OF_ACTION } from '../profile.js';
import type { duelLayout } from './kernel.js';
import type { DuelGameState } from './game.js';
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
