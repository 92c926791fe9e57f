import { describe, expect, it } from 'vitest';
import type { Dice } from '../../src/dice/dice.js';
import type { Game, GamePolicy } from '../../src/games/game.js';
import { DEFAULT_SEARCH_BUDGET, pairedBetter, searchPolicy, StreamDice } from '../../src/games/search.js';

/**
 * A synthetic game: side 0 picks one of the actions, each a win with probability P[i] (a d1000
 * roll). `correlated`: every action reads the same roll (common random numbers make the best one
 * win every paired comparison); otherwise action i first throws i extra dice, so the actions see
 * different luck. Optionally side 1 then has `tail` forced decisions (for depth truncation).
 */
interface S {
  choice: number;
  done: boolean;
  won: boolean;
  tail: number;
}
const P = [0.2, 0.35, 0.5, 0.8, 0.45, 0.3];

function makeGame(p: readonly number[], correlated: boolean, tail = 0): Game<S, number> {
  return {
    actor: (s) => (s.done ? -1 : s.choice < 0 ? 0 : 1),
    fighter: () => 0,
    legalActions: (s) => (s.choice < 0 ? p.map((_, i) => i) : [0]),
    same: (a, b) => a === b,
    apply(s, a, dice) {
      if (s.choice < 0) {
        s.choice = a;
        if (!correlated) for (let j = 0; j < a; j++) dice.roll(6);
        s.won = dice.roll(1000) <= Math.round(p[a]! * 1000);
        if (tail === 0) s.done = true;
        s.tail = tail;
        return;
      }
      if (--s.tail <= 0) s.done = true;
    },
    clone: (s) => ({ ...s }),
    isTerminal: (s) => s.done,
    returns: (s) => (s.won ? [1, 0] : [0, 1]),
    evaluate: (s) => (s.choice < 0 ? [0.5, 0.5] : [p[s.choice]!, 1 - p[s.choice]!]),
  };
}
const start = (): S => ({ choice: -1, done: false, won: false, tail: 0 });
const first: GamePolicy<S, number> = { name: 'first', choose: (_g, _s, legal) => legal[0]! };
const noDice: Dice = {
  roll() {
    throw new Error('the search must not roll the fight dice once reseeded');
  },
};

describe('searchPolicy on a synthetic game', () => {
  it('finds the best action within 4 SE of its value (independent luck per action)', () => {
    const game = makeGame(P, false);
    const budget = { rollouts: 240, depth: 0 };
    const search = searchPolicy(game, { rollout: [first, first], budget });
    const best = Math.max(...P);
    // The final round's survivors have at least rollouts / (n * rounds) * rounds play-outs each.
    const m = Math.floor(budget.rollouts / (P.length * 3)) * 3;
    const se = Math.sqrt((best * (1 - best)) / m);
    for (let key = 0; key < 40; key++) {
      search.reseed(key);
      const a = search.choose(game, start(), game.legalActions(start()), noDice);
      expect(best - P[a]!).toBeLessThanOrEqual(4 * se);
    }
  });

  it('common random numbers: the best action is never dropped (it wins or ties every paired play-out) and is chosen', () => {
    // 96 play-outs over 6 actions: the two finalists share 31 streams; a tie needs none of them to
    // roll 501..800 (0.7^31, 2e-5).
    const game = makeGame(P, true);
    const search = searchPolicy(game, { rollout: [first, first], budget: { rollouts: 96, depth: 0 } });
    for (let key = 0; key < 50; key++) {
      search.reseed(key);
      expect(search.choose(game, start(), game.legalActions(start()), noDice)).toBe(3);
    }
  });

  it('keeps the incumbent (its rollout policy own choice) unless another action beats it by switchZ paired SE', () => {
    const game = makeGame([0.5, 0.5, 0.5, 0.5], true);
    const third: GamePolicy<S, number> = { name: 'third', choose: () => 2 };
    const search = searchPolicy(game, { rollout: [third, third], budget: { rollouts: 64, depth: 0 } });
    search.reseed(7);
    expect(search.choose(game, start(), game.legalActions(start()), noDice)).toBe(2);
    expect(search.stats.changed).toBe(0);
  });

  it('is deterministic for a key, and differs across keys only through its streams', () => {
    const game = makeGame(P, false);
    const run = (key: number): number[] => {
      const s = searchPolicy(game, { rollout: [first, first], budget: { rollouts: 30, depth: 0 } });
      s.reseed(key);
      const out: number[] = [];
      for (let i = 0; i < 20; i++) out.push(s.choose(game, start(), game.legalActions(start()), noDice));
      return out;
    };
    expect(run(5)).toEqual(run(5));
    expect(run(5)).not.toEqual(run(6));
  });

  it('without a key draws its stream key from the fight dice, reproducibly', () => {
    const game = makeGame(P, false);
    const run = (): number[] => {
      const s = searchPolicy(game, { rollout: [first, first], budget: { rollouts: 30, depth: 0 } });
      const d = new StreamDice();
      d.seed(1, 2, 3);
      const out: number[] = [];
      for (let i = 0; i < 20; i++) out.push(s.choose(game, start(), game.legalActions(start()), d));
      return out;
    };
    expect(run()).toEqual(run());
  });

  it('a single legal action is played without any play-out', () => {
    const game = makeGame([0.5], false);
    const search = searchPolicy(game, { rollout: [first, first] });
    search.reseed(1);
    expect(search.choose(game, start(), [0], noDice)).toBe(0);
    expect(search.stats).toEqual({ decisions: 1, searched: 0, playouts: 0, changed: 0 });
  });

  it('depth truncates play-outs and scores them with game.evaluate', () => {
    // With a long forced tail, depth 1 stops right after the choice: the evaluation (P itself)
    // decides, so the best action is found with one play-out per action.
    const game = makeGame(P, false, 50);
    const search = searchPolicy(game, { rollout: [first, first], budget: { rollouts: 6, depth: 1 } });
    search.reseed(3);
    expect(search.choose(game, start(), game.legalActions(start()), noDice)).toBe(3);
    expect(search.stats.playouts).toBeGreaterThan(0);
  });

  it('spends about its budget of play-outs per decision', () => {
    const game = makeGame(P, false);
    const search = searchPolicy(game, { rollout: [first, first] });
    search.reseed(1);
    search.choose(game, start(), game.legalActions(start()), noDice);
    expect(search.stats.playouts).toBeLessThanOrEqual(DEFAULT_SEARCH_BUDGET.rollouts + P.length);
    expect(search.stats.playouts).toBeGreaterThanOrEqual(DEFAULT_SEARCH_BUDGET.rollouts / 2);
  });

  it('refuses a budget that is not a positive whole number of play-outs', () => {
    const game = makeGame(P, false);
    expect(() => searchPolicy(game, { rollout: [first, first], budget: { rollouts: 0, depth: 0 } })).toThrow(/rollouts/);
    expect(() => searchPolicy(game, { rollout: [first, first], budget: { rollouts: 4, depth: -1 } })).toThrow(/depth/);
  });
});

describe('pairedBetter', () => {
  it('asks for a positive mean paired difference above z standard errors', () => {
    expect(pairedBetter([1, 1, 1, 1], [0, 0, 0, 0], 2)).toBe(true);
    expect(pairedBetter([1, 0, 1, 0], [0, 1, 0, 1], 0)).toBe(false);
    // differences 1,0,1,0: mean 0.5, sd 0.577, SE 0.289: 1.73 SE.
    expect(pairedBetter([1, 0, 1, 0], [0, 0, 0, 0], 1.7)).toBe(true);
    expect(pairedBetter([1, 0, 1, 0], [0, 0, 0, 0], 1.8)).toBe(false);
    expect(pairedBetter([1], [0], 2)).toBe(false);
  });
});
