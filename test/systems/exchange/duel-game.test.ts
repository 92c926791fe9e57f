/**
 * Exchange duels as a game (duel-game.ts): every named policy and `tactical` played through the
 * game, each pick checked by `guarded`, gives exactly the dice kernel's results on the same seeded
 * stream (random duels, Prone duels with stand-up decisions, and the shipped config's pairs);
 * the legal actions are the solver's options with the own policy's pick first; the trace of a
 * game duel is the engine's trace of the same duel (with a `search` event per searching decision).
 */
import { describe, expect, it } from 'vitest';
import { RngDice } from '../../../src/dice/dice.js';
import { RecordingDice } from '../../../src/dice/recording-dice.js';
import { Xoshiro128ss } from '../../../src/dice/rng.js';
import { guarded, playOut } from '../../../src/games/game.js';
import { ExchangeDuel, parsePolicy, type ExchangeDuelSpec } from '../../../src/systems/exchange/duel/engine.js';
import { describeExchangeAction, ExchangeDuelGame, ownExchangePolicy, traceGameDuel } from '../../../src/systems/exchange/duel/game.js';
import { tallyExchangeGameDuel } from '../../../src/systems/exchange/duel/game-kernel.js';
import { exchangeDuelDice } from '../../../src/systems/exchange/duel/kernel.js';
import { exchangeDuelLayout } from '../../../src/systems/exchange/duel/layout.js';
import type { TraceEvent } from '../../../src/systems/trace.js';
import { proneExchangeDuel, randomExchangeDuel } from '../../helpers/exchange-random.js';
import { shippedExchangeSpecs } from '../../helpers/search-duels.js';

const SEED = [91, 7, 11, 13] as const;

function kernelTally(spec: ExchangeDuelSpec, n: number): Float64Array {
  const p = exchangeDuelDice.prepare(spec);
  const tally = new Float64Array(exchangeDuelDice.tallySize(spec));
  exchangeDuelDice.run(p, Int32Array.from(SEED), n, tally);
  return tally;
}

function gameTally(spec: ExchangeDuelSpec, n: number): Float64Array {
  const game = new ExchangeDuelGame(spec);
  const dice = new RngDice(new Xoshiro128ss(SEED));
  const policy = guarded(ownExchangePolicy, describeExchangeAction);
  const tally = new Float64Array(exchangeDuelDice.tallySize(spec));
  const layout = exchangeDuelLayout(spec.maxRounds);
  for (let i = 0; i < n; i++) {
    const st = game.start(dice);
    playOut(game, st, [policy, policy], dice);
    tallyExchangeGameDuel(st, layout, tally);
  }
  return tally;
}

const tactical = (s: ExchangeDuelSpec, a: boolean, b: boolean): ExchangeDuelSpec => ({
  ...s, a: a ? { ...s.a, policy: parsePolicy('tactical') } : s.a, b: b ? { ...s.b, policy: parsePolicy('tactical') } : s.b,
});

describe('exchange duels as a game', () => {
  it('named policies played through the game (guarded) give exactly the dice kernel\'s tallies: random duels', () => {
    for (let k = 0; k < 16; k++) {
      const spec = randomExchangeDuel(8100 + k, 10);
      expect(gameTally(spec, 200), `duel ${k}`).toEqual(kernelTally(spec, 200));
    }
  });

  it('and `tactical` on one side or both, and Prone duels (stand-up decisions)', () => {
    for (let k = 0; k < 8; k++) {
      const spec = tactical(randomExchangeDuel(8200 + k, 8, true), k % 2 === 0, k % 3 !== 1);
      expect(gameTally(spec, 150), `tactical duel ${k}`).toEqual(kernelTally(spec, 150));
      const prone = proneExchangeDuel(8300 + k, 8, true);
      expect(gameTally(prone, 150), `prone duel ${k}`).toEqual(kernelTally(prone, 150));
    }
  });

  it('and on the shipped config\'s pairs (tactical, all-in, guard-first, reserve-1, Slowed, the mace)', () => {
    const pairs = shippedExchangeSpecs('configs/exchange-duels.yaml', (l) => l['variant'] === 'base' && l['b'] === 'sword-leather' && (l['a'] === 'sword-leather' || l['a'] === 'mace-leather'));
    expect(pairs.length).toBe(5);
    for (const { label, spec } of pairs) expect(gameTally(spec, 60), label).toEqual(kernelTally(spec, 60));
  });

  it('legal actions: more than one, the own pick first; a clone plays on by itself', () => {
    const spec = randomExchangeDuel(8401, 6, true);
    const game = new ExchangeDuelGame(spec);
    const dice = new RngDice(new Xoshiro128ss([5, 6, 7, 8]));
    const st = game.start(dice);
    let n = 0;
    while (!game.isTerminal(st)) {
      const legal = game.legalActions(st);
      expect(legal.length).toBeGreaterThan(1);
      expect(new Set(legal.map((a) => a.option)).size).toBe(legal.length);
      if (n === 2) {
        const c = game.clone(st);
        playOut(game, c, [ownExchangePolicy, ownExchangePolicy], new RngDice(new Xoshiro128ss([1, 2, 3, 4])));
        expect(game.isTerminal(c)).toBe(true);
        expect(game.isTerminal(st)).toBe(false);
      }
      game.apply(st, legal[0]!, dice);
      n++;
    }
    expect(n).toBeGreaterThan(2);
  });

  it('the trace of a game duel is the engine\'s own trace of that duel; a searching side adds `search` events', () => {
    for (const k of [0, 1, 2, 3]) {
      const spec = tactical(proneExchangeDuel(8500 + k, 6, true), k % 2 === 0, false);
      const game = new ExchangeDuelGame(spec, true);
      const dice = new RngDice(new Xoshiro128ss([k + 1, 2, 3, 4]));
      const st = game.start(dice);
      playOut(game, st, [ownExchangePolicy, ownExchangePolicy], dice);
      const traced: TraceEvent[] = [];
      traceGameDuel(spec, st, { begin: () => undefined, event: (e) => traced.push(e), end: () => undefined }, [false, false]);
      const own: TraceEvent[] = [];
      const duel = new ExchangeDuel(spec, new RecordingDice(new RngDice(new Xoshiro128ss([k + 1, 2, 3, 4]))));
      duel.observer = { begin: () => undefined, event: (e) => own.push(e), end: () => undefined };
      duel.play();
      expect(traced.length).toBeGreaterThan(0);
      expect(traced, `duel ${k}`).toEqual(own);
      const searched: TraceEvent[] = [];
      traceGameDuel(spec, st, { begin: () => undefined, event: (e) => searched.push(e), end: () => undefined }, [true, true]);
      expect(searched.filter((e) => e.action !== 'search')).toEqual(own);
      expect(searched.some((e) => e.action === 'search')).toBe(true);
    }
  });
});
