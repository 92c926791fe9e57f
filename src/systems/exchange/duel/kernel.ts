/** Exchange duels as a kernel: one ExchangeDuel per task, n duels per chunk into histograms. */
import { RngDice, type Dice } from '../../../dice/dice.js';
import { RecordingDice } from '../../../dice/recording-dice.js';
import { deriveStream, Xoshiro128ss } from '../../../dice/rng.js';
import type { Kernel } from '../../types.js';
import { ExchangeDuel, type ExchangeDuelSpec } from './engine.js';
import { exchangeStudyPlayer } from './solved-policy.js';
import { ExchangeFight } from '../fight/engine.js';
import { ExchangeSearchRun } from './game-kernel.js';
import { exchangeDuelLayout } from './layout.js';

interface Prepared {
  readonly duel: ExchangeDuel;
  /** `duel.distance` above 1: the duel is played by the fight engine (one character a side). */
  readonly fight: ExchangeFight | null;
  readonly rng: Xoshiro128ss;
  readonly dice: Dice;
  readonly layout: ReturnType<typeof exchangeDuelLayout>;
  /** A task with a side playing `policy: search`: its duels are played through the game (exchange/duel/game-kernel.ts). */
  readonly search: ExchangeSearchRun | null;
}

export const exchangeDuelDice: Kernel<ExchangeDuelSpec, Prepared> = {
  tallySize: (spec) => exchangeDuelLayout(spec.maxRounds).size,
  warmup: 256,
  // A search duel takes milliseconds: no warm-up (the game's code is not the hot loop).
  warmupFor: (spec) => (spec.searching === undefined ? 256 : 0),
  prepare(spec) {
    const rng = new Xoshiro128ss(deriveStream(0));
    const dice = new RngDice(rng);
    const fight = spec.fight === undefined ? null : new ExchangeFight(spec.fight, dice);
    const duel = new ExchangeDuel(spec, dice);
    // A solved side (policy best-response / optimal) plays its table, solved once per task here.
    if (fight === null) exchangeStudyPlayer(spec)?.attach(duel);
    const search = spec.searching === undefined ? null : new ExchangeSearchRun(spec);
    return { duel, fight, rng, dice, layout: exchangeDuelLayout(spec.maxRounds), search };
  },
  run(p, state, n, tally) {
    const { duel, fight, rng, layout } = p;
    if (p.search !== null) {
      p.search.run(state, n, tally, layout);
      return;
    }
    rng.setState(state);
    if (fight !== null) {
      const [a, b] = fight.chars;
      for (let i = 0; i !== n; ++i) {
        fight.play();
        tally[layout.winner + fight.winner]! += 1;
        tally[layout.end + fight.end]! += 1;
        tally[layout.rounds + fight.round]! += 1;
        tally[layout.aVit + Math.max(0, a!.vit)]! += 1;
        tally[layout.bVit + Math.max(0, b!.vit)]! += 1;
      }
      rng.saveState(state);
      return;
    }
    const [a, b] = duel.chars;
    for (let i = 0; i !== n; ++i) {
      const r = duel.play();
      tally[layout.winner + r.winner]! += 1;
      tally[layout.end + r.end]! += 1;
      tally[layout.rounds + r.rounds]! += 1;
      tally[layout.aVit + Math.max(0, a.vit)]! += 1;
      tally[layout.bVit + Math.max(0, b.vit)]! += 1;
    }
    rng.saveState(state);
  },
  observe(p, observer) {
    if (p.search !== null) p.search.observe(observer);
    if (p.fight !== null) p.fight.observer = observer;
    p.duel.observer = observer;
    p.duel.dice = observer === null ? p.dice : new RecordingDice(p.dice);
  },
};
