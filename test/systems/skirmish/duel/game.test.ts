/**
 * Skirmish duels as a game (duel/game.ts): every named policy played through the game, its picks
 * checked by `guarded` (each one of the legal actions), gives exactly the dice kernel's results
 * on the same seeded stream (random duels of every named policy, and the shipped config's ranged
 * and melee pairs); clones are independent; a paused state replays to the same end; the legal
 * actions are the solver's options with the named pick first; the trace of a game duel is the
 * engine's trace of the same duel.
 */
import { describe, expect, it } from 'vitest';
import { RngDice } from '../../../../src/dice/dice.js';
import { Xoshiro128ss } from '../../../../src/dice/rng.js';
import { guarded, playOut } from '../../../../src/games/game.js';
import { describeDuelAction, namedDuelPolicy, SkirmishDuelGame, traceGameDuel, type DuelGameState } from '../../../../src/systems/skirmish/duel/game.js';
import { duelLayout, skirmishDuelDice } from '../../../../src/systems/skirmish/duel/kernel.js';
import { Duel } from '../../../../src/systems/skirmish/duel/engine.js';
import { perDieDice } from '../../../../src/systems/skirmish/duel/dice.js';
import { DUEL_POLICY } from '../../../../src/systems/skirmish/duel/policies.js';
import { AGGRESSIVE, KITE, SHOOTER, type DuelSpec } from '../../../../src/systems/skirmish/duel/setup.js';
import { tallyGameDuel } from '../../../../src/systems/skirmish/duel/game-kernel.js';
import { randomSpec } from '../../../helpers/duel-random.js';
import { shippedDuelSpecs } from '../../../helpers/search-duels.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';

const SEED = [91, 7, 11, 13];

function kernelTally(spec: DuelSpec, n: number): Float64Array {
  const p = skirmishDuelDice.prepare(spec);
  const tally = new Float64Array(skirmishDuelDice.tallySize(spec));
  skirmishDuelDice.run(p, Int32Array.from(SEED), n, tally);
  return tally;
}

function gameTally(spec: DuelSpec, n: number): Float64Array {
  const game = new SkirmishDuelGame(spec);
  const dice = new RngDice(new Xoshiro128ss([91, 7, 11, 13]));
  const policy = guarded(namedDuelPolicy, describeDuelAction);
  const tally = new Float64Array(skirmishDuelDice.tallySize(spec));
  const layout = duelLayout(spec.settings.maxRounds);
  for (let i = 0; i < n; i++) {
    const st = game.start(dice);
    playOut(game, st, [policy, policy], dice);
    tallyGameDuel(st, layout, tally);
  }
  return tally;
}

describe('skirmish duels as a game', () => {
  it('named policies played through the game (guarded) give exactly the dice kernel\'s tallies: random duels of each named policy', () => {
    let seen = new Set<number>();
    for (let k = 0; k < 24; k++) {
      const spec = randomSpec(7100 + k, 12);
      seen = new Set([...seen, ...spec.policies]);
      expect(gameTally(spec, 200), `duel ${k}`).toEqual(kernelTally(spec, 200));
    }
    expect([...seen].sort()).toEqual([AGGRESSIVE, SHOOTER, KITE]);
  });

  it('and on the shipped config\'s pairs (melee and bow, 20 rounds)', () => {
    for (const { label, spec } of shippedDuelSpecs()) expect(gameTally(spec, 300), label).toEqual(kernelTally(spec, 300));
  });

  it('legal actions are the solver\'s options, the named pick first; a clone plays on independently and a replayed state ends as the original', () => {
    const spec = randomSpec(7203, 10);
    const game = new SkirmishDuelGame(spec);
    const dice = new RngDice(new Xoshiro128ss([5, 6, 7, 8]));
    const st = game.start(dice);
    let decisions = 0;
    let copy: DuelGameState | null = null;
    while (!game.isTerminal(st)) {
      const legal = game.legalActions(st);
      expect(legal.length).toBeGreaterThan(1);
      if (decisions === 3) copy = game.clone(st);
      game.apply(st, legal[0]!, dice);
      decisions++;
    }
    expect(decisions).toBeGreaterThan(3);
    // The copy, played on with the same later dice, reaches a terminal state of its own; the original stays as it ended.
    const ended = { winner: st.winner, final: st.final };
    const d2 = new RngDice(new Xoshiro128ss([1, 2, 3, 4]));
    playOut(game, copy!, [namedDuelPolicy, namedDuelPolicy], d2);
    expect(game.isTerminal(copy!)).toBe(true);
    expect({ winner: st.winner, final: st.final }).toEqual(ended);
  });

  it('the trace of a game duel played by the named policies is the engine\'s own trace of that duel', () => {
    for (const k of [0, 1, 2, 3, 4, 5]) {
      const spec = randomSpec(7300 + k, 8);
      const game = new SkirmishDuelGame(spec, true);
      const dice = new RngDice(new Xoshiro128ss([k + 1, 2, 3, 4]));
      const st = game.start(dice);
      playOut(game, st, [namedDuelPolicy, namedDuelPolicy], dice);
      const traced: TraceEvent[] = [];
      traceGameDuel(spec, st, { begin: () => undefined, event: (e) => traced.push(e), end: () => undefined }, [false, false]);
      const own: TraceEvent[] = [];
      const duel = new Duel(spec, perDieDice([k + 1, 2, 3, 4] as const), DUEL_POLICY);
      duel.observe({ begin: () => undefined, event: (e) => own.push(e), end: () => undefined });
      duel.playOut();
      expect(traced.length).toBeGreaterThan(0);
      expect(traced, `duel ${k}`).toEqual(own);
    }
  });

  it('a searching side\'s decisions show in the trace as `search` events (the option taken, the named one, how many)', () => {
    const spec = randomSpec(7301, 8);
    const game = new SkirmishDuelGame(spec, true);
    const dice = new RngDice(new Xoshiro128ss([9, 2, 3, 4]));
    const st = game.start(dice);
    const last = { name: 'last', choose: (_g: unknown, _s: unknown, legal: readonly { kind: number; value: number }[]) => legal[legal.length - 1]! };
    playOut(game, st, [last as never, namedDuelPolicy], dice);
    const traced: TraceEvent[] = [];
    traceGameDuel(spec, st, { begin: () => undefined, event: (e) => traced.push(e), end: () => undefined }, [true, false]);
    const search = traced.filter((e) => e.action === 'search');
    expect(search.length).toBeGreaterThan(0);
    expect(search.every((e) => e.side === 'a' && typeof e['choice'] === 'string' && (e['options'] as number) > 1)).toBe(true);
  });
});
