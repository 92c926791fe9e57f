/**
 * Duels as a kernel: one Duel object per task (attack tables built as they are first needed),
 * n duels per chunk, results counted into a tally of marginal histograms. A task with a solved
 * side (`policy: best-response | optimal`) solves its decision table once, here in prepare.
 */
import { deriveStream } from '../../../dice/rng.js';
import type { Kernel } from '../../types.js';
import { OUT_OF_ACTION } from '../profile.js';
import { perDieDice, TableDuelDice, type PerDieDuelDice } from './dice.js';
import { Duel } from './engine.js';
import { DUEL_POLICY } from './policies.js';
import type { DuelSpec } from './setup.js';
import { studyPolicy } from './solved-policy.js';
import { SkirmishSearchRun } from './game-kernel.js';
import type { TraceObserver } from '../../trace.js';

/** Wounds histograms go up to this many Wounds left. */
export const MAX_WOUNDS = 20;

/** Where each histogram starts in a duel tally. */
export function duelLayout(maxRounds: number) {
  const winner = 0;
  const rounds = 3;
  const aState = rounds + maxRounds + 1;
  const bState = aState + 4;
  const aWounds = bState + 4;
  const bWounds = aWounds + MAX_WOUNDS + 1;
  return { winner, rounds, aState, bState, aWounds, bWounds, size: bWounds + MAX_WOUNDS + 1 };
}

interface Prepared {
  readonly duel: Duel;
  /** A task with a side playing `policy: search`: its duels are played through the game (game-kernel.ts). */
  readonly search: SkirmishSearchRun | null;
  readonly rng: { setState(s: Int32Array): void; saveState(s: Int32Array): void };
  readonly layout: ReturnType<typeof duelLayout>;
}

function run(p: Prepared, state: Int32Array, n: number, tally: Float64Array): void {
  const { duel, rng, layout } = p;
  if (p.search !== null) {
    p.search.run(state, n, tally, layout);
    return;
  }
  const [a, b] = duel.fighters;
  rng.setState(state);
  for (let i = 0; i !== n; ++i) {
    const winner = duel.playOut();
    tally[layout.winner + winner]! += 1;
    tally[layout.rounds + duel.round]! += 1;
    tally[layout.aState + a.state]! += 1;
    tally[layout.bState + b.state]! += 1;
    tally[layout.aWounds + (a.state === OUT_OF_ACTION ? 0 : a.woundsLeft)]! += 1;
    tally[layout.bWounds + (b.state === OUT_OF_ACTION ? 0 : b.woundsLeft)]! += 1;
  }
  rng.saveState(state);
}

function searchRun(spec: DuelSpec): SkirmishSearchRun | null {
  return spec.searching === undefined ? null : new SkirmishSearchRun(spec);
}

function observe(p: Prepared, observer: TraceObserver | null): void {
  if (p.search !== null) p.search.observe(observer);
  else p.duel.observe(observer);
}

export const skirmishDuelTable: Kernel<DuelSpec, Prepared> = {
  tallySize: (spec) => duelLayout(spec.settings.maxRounds).size,
  warmup: 640,
  // A search duel takes milliseconds: no warm-up (the game's code is not the hot loop).
  warmupFor: (spec) => (spec.searching === undefined ? 640 : 0),
  prepare(spec) {
    const dice = new TableDuelDice(deriveStream(0));
    return { duel: new Duel(spec, dice, studyPolicy(spec) ?? DUEL_POLICY), search: searchRun(spec), rng: dice.rng, layout: duelLayout(spec.settings.maxRounds) };
  },
  run,
  observe,
};

export const skirmishDuelDice: Kernel<DuelSpec, Prepared> = {
  tallySize: (spec) => duelLayout(spec.settings.maxRounds).size,
  warmup: 128,
  warmupFor: (spec) => (spec.searching === undefined ? 128 : 0),
  prepare(spec) {
    const dice: PerDieDuelDice = perDieDice(deriveStream(0));
    return { duel: new Duel(spec, dice, studyPolicy(spec) ?? DUEL_POLICY), search: searchRun(spec), rng: dice.rng, layout: duelLayout(spec.settings.maxRounds) };
  },
  run,
  observe,
};
