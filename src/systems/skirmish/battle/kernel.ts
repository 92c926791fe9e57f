/**
 * Battles as a kernel: one Battle per task (typed arrays and attack specs built once), n battles
 * per chunk, counted into a tally: winner, rounds, survivors of each side, and per fighter its
 * Out of Action count and the sums of unblocked hits dealt, takedowns and friendly-fire hits;
 * then how often side a had the initiative in round 1 and how often the side that had it won.
 */
import { deriveStream, streamKeyOf, type Xoshiro128ss } from '../../../dice/rng.js';
import type { SearchPolicy } from '../../../games/search.js';
import type { Kernel } from '../../types.js';
import { OUT_OF_ACTION } from '../profile.js';
import { Battle } from './engine.js';
import { battleSearch, playWithSearch, type BattleAction } from './game.js';
import { BATTLE_POLICIES } from './policies.js';
import { battleDice, tableBattleDice } from './roll.js';
import type { BattleSpec } from './setup.js';

/** Per-fighter counters: Out of Action, unblocked hits dealt, takedowns, friendly-fire hits. */
export const FIGHTER_STATS = 4;

/** Where each part of a battle tally starts. */
export function battleLayout(spec: BattleSpec) {
  const maxRounds = spec.settings.maxRounds;
  const nA = spec.sides[0].length;
  const nB = spec.sides[1].length;
  const winner = 0;
  const rounds = 3;
  const aSurvivors = rounds + maxRounds + 1;
  const bSurvivors = aSurvivors + nA + 1;
  const fighters = bSurvivors + nB + 1;
  /** Battles in which a moved first (the initiative in round 1), and battles the first mover won. */
  const firstMover = fighters + FIGHTER_STATS * (nA + nB);
  return { winner, rounds, aSurvivors, bSurvivors, fighters, firstMover, size: firstMover + 2 };
}

export interface PreparedBattle {
  readonly battle: Battle;
  readonly rng: Xoshiro128ss;
  /** The search player, when a fighter plays `policy: search`. */
  readonly search?: SearchPolicy<Battle, BattleAction>;
  readonly layout: ReturnType<typeof battleLayout>;
}

export function prepareBattle(spec: BattleSpec): PreparedBattle {
  const dice = battleDice(deriveStream(0));
  return {
    battle: new Battle(spec, dice, BATTLE_POLICIES), rng: dice.rng, layout: battleLayout(spec),
    ...(spec.search === undefined ? {} : { search: battleSearch(spec) }),
  };
}

/** Plays n battles from the stream `state` (advanced in place) into `tally`. */
export function runBattles(p: PreparedBattle, state: Int32Array, n: number, tally: Float64Array): void {
  const { battle: b, rng, layout } = p;
  rng.setState(state);
  const total = b.n;
  const nA = b.nA;
  const search = p.search;
  for (let k = 0; k !== n; ++k) {
    const winner = search === undefined ? b.play() : playWithSearch(b, search, streamKeyOf(rng));
    tally[layout.winner + winner]! += 1;
    tally[layout.rounds + b.rounds]! += 1;
    let aLeft = 0;
    let bLeft = 0;
    for (let i = 0; i !== total; ++i) {
      const out = b.state[i] === OUT_OF_ACTION ? 1 : 0;
      if (i < nA) aLeft += 1 - out;
      else bLeft += 1 - out;
      const at = layout.fighters + FIGHTER_STATS * i;
      tally[at]! += out;
      tally[at + 1]! += b.dealt[i]!;
      tally[at + 2]! += b.takedowns[i]!;
      tally[at + 3]! += b.friendly[i]!;
    }
    if (b.firstMover === 0) tally[layout.firstMover]! += 1;
    if (winner === b.firstMover) tally[layout.firstMover + 1]! += 1;
    tally[layout.aSurvivors + aLeft]! += 1;
    tally[layout.bSurvivors + bLeft]! += 1;
  }
  rng.saveState(state);
}

export const skirmishBattleDice: Kernel<BattleSpec, PreparedBattle> = {
  tallySize: (spec) => battleLayout(spec).size,
  warmup: 128,
  warmupFor: (spec) => (spec.search === undefined ? 128 : 0),
  prepare: prepareBattle,
  run: runBattles,
  observe(p, observer) {
    p.battle.observer = observer;
  },
};

/** Attacks without a friend at risk are one draw from their exact outcome table. */
export const skirmishBattleTable: Kernel<BattleSpec, PreparedBattle> = {
  tallySize: (spec) => battleLayout(spec).size,
  warmup: 256,
  warmupFor: (spec) => (spec.search === undefined ? 256 : 0),
  prepare(spec) {
    // Searching fighters' play-outs roll their own streams through the shared dice: every die, per die.
    if (spec.search !== undefined) return prepareBattle(spec);
    const dice = tableBattleDice(deriveStream(0));
    return { battle: new Battle(spec, dice, BATTLE_POLICIES), rng: dice.rng, layout: battleLayout(spec) };
  },
  run: runBattles,
  observe(p, observer) {
    p.battle.observer = observer;
  },
};
