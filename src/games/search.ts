/**
 * The search player (`policy: search`): a Monte Carlo search over the legal actions of the acting
 * fighter, generic over any Game (game.ts). One module for every fight mode; each mode only says
 * which rollout policies play the play-outs (the sides' own named policies, or its default).
 *
 * At each decision with more than one legal action:
 *  1. The incumbent is the action the acting side's rollout policy would choose (its own player's
 *     choice). It is kept unless another action beats it on the same play-outs by `switchZ`
 *     standard errors of the paired differences (default 2).
 *  2. Every legal action is scored by play-outs: apply the action, then let the rollout policies
 *     play on (both sides), for at most `depth` decisions (0: to the end of the fight). A finished
 *     play-out scores the searching side's return (1 win, 1/2 draw, 0 loss), so the mean is
 *     P(win) + 1/2 P(draw); a truncated one scores `game.evaluate(state)[side]` (0.5 without it).
 *  3. Common random numbers: play-out k of every action draws its dice from the same stream
 *     (stream k of this decision), so two actions are compared on the same luck.
 *  4. Sequential halving (Karnin, Koren & Somekh 2013; the root of Gumbel MuZero): the budget of
 *     `rollouts` play-outs is spread over ceil(log2 n) rounds; each round every surviving action
 *     gets the same further play-outs (the same streams for all) and the worse half is dropped,
 *     the incumbent never. A root-only tree: last session's full UCT tree, with binary returns and
 *     a dozen actions per node, played worse than its own rollout policy (0.045 vs 0.117 wins at
 *     200 play-outs); this flat, paired form did not.
 * With one legal action it plays it and runs no play-out.
 *
 * Determinism: the dice of a decision's play-outs come from a stream keyed by (key, decision
 * counter) after `reseed(key)`: the runner passes a key derived from the fight's own seed, so the
 * same seed gives the same choices for any number of workers. Without a key the policy draws its
 * stream's key from the fight's dice (two rolls), which is just as reproducible. The play-outs
 * never touch the fight's dice or state (they play on clones).
 */
import type { Dice } from '../dice/dice.js';
import { faceOf, Xoshiro128ss } from '../dice/rng.js';
import type { Game, GamePolicy } from './game.js';

/** The work of one decision: `rollouts` play-outs in all, each at most `depth` decisions long (0: to the end). */
export interface SearchBudget {
  rollouts: number;
  depth: number;
}

/** The default budget (chosen so a 5-v-5 skirmish battle with search on one side stays near 0.1 s; docs/performance.md). */
export const DEFAULT_SEARCH_BUDGET: Readonly<SearchBudget> = Object.freeze({ rollouts: 32, depth: 0 });

/**
 * Fights per chunk for a task with a searching fighter (the modes' chunks hold thousands of
 * named-policy fights; a search fight costs ~10-100 ms): progress moves and workers share the work.
 */
export const SEARCH_CHUNK_SIZE = 20;

/** Counters a bench or a report can read. */
export interface SearchStats {
  /** Decisions the search player took. */
  decisions: number;
  /** Of which with more than one legal action (searched). */
  searched: number;
  /** Play-outs run. */
  playouts: number;
  /** Decisions where the search chose another action than its rollout policy. */
  changed: number;
}

export interface SearchOptions<S, A> {
  /** The rollout policy of each side (index = side), for play-outs and for the incumbent. */
  rollout: readonly GamePolicy<S, A>[];
  budget?: SearchBudget;
  /** The policy's name (default "search"). */
  name?: string;
  /** Play-outs that outlive this many decisions fail loudly (a safety net; default 100000). */
  maxDecisions?: number;
  /** How many standard errors of the paired difference another action must gain over the incumbent (default DEFAULT_SWITCH_Z). */
  switchZ?: number;
}

/**
 * The default bar for leaving the rollout policy's own choice: a paired gain of this many standard
 * errors. The challenger is the best of several noisy means (it is chosen for looking good), so a
 * bar of 1 SE switched on noise: in the d20 party fight (100 fights, load 20) search won 0.09 at
 * z = 1 (switching 15% of decisions) and 0.21 at z = 2 (3%) against tactical's 0.18.
 */
export const DEFAULT_SWITCH_Z = 2;

/** Whether a's scores beat b's on the same streams by more than z standard errors of the paired differences. */
export function pairedBetter(a: readonly number[], b: readonly number[], z: number): boolean {
  const k = Math.min(a.length, b.length);
  let s = 0;
  let ss = 0;
  for (let i = 0; i < k; i++) {
    const d = a[i]! - b[i]!;
    s += d;
    ss += d * d;
  }
  if (k === 0 || s <= 0) return false;
  if (k === 1) return z <= 0;
  const mean = s / k;
  const variance = k > 1 ? Math.max(0, (ss - k * mean * mean) / (k - 1)) : 0;
  return mean > z * Math.sqrt(variance / k);
}

export interface SearchPolicy<S, A> extends GamePolicy<S, A> {
  readonly budget: Readonly<SearchBudget>;
  readonly stats: SearchStats;
  /** Starts a new fight: its decisions draw play-out streams keyed by (key, decision number). */
  reseed(key: number): void;
}

/** A Dice over a xoshiro128** stream whose state is set cheaply from a few 32-bit keys. */
export class StreamDice implements Dice {
  private readonly rng = new Xoshiro128ss([1, 0, 0, 0]);
  private readonly st = new Int32Array(4);
  /** Restarts the stream at the state keyed by (a, b, c). */
  seed(a: number, b: number, c: number): void {
    let h = mix32(a ^ 0x9e3779b9);
    h = mix32(h ^ b);
    h = mix32(h ^ c);
    for (let i = 0; i < 4; i++) {
      h = mix32(h + 0x6d2b79f5 + i);
      this.st[i] = h;
    }
    if ((this.st[0]! | this.st[1]! | this.st[2]! | this.st[3]!) === 0) this.st[0] = 1;
    this.rng.setState(this.st);
  }
  roll(sides: number): number {
    return faceOf(this.rng.nextU32(), sides);
  }
}

/** A 32-bit finaliser (murmur3 fmix32 on a splitmix32 step). */
function mix32(x: number): number {
  let z = x | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * The search player over `game` (see the file comment). `opts.rollout[side]` plays the play-outs
 * for each side; pass the sides' own named policies, or the mode's default (`tactical`).
 */
export function searchPolicy<S, A>(game: Game<S, A>, opts: SearchOptions<S, A>): SearchPolicy<S, A> {
  const budget: SearchBudget = { ...(opts.budget ?? DEFAULT_SEARCH_BUDGET) };
  if (!Number.isInteger(budget.rollouts) || budget.rollouts < 1) throw new Error(`search: rollouts must be a positive integer, got ${budget.rollouts}`);
  if (!Number.isInteger(budget.depth) || budget.depth < 0) throw new Error(`search: depth must be a non-negative integer, got ${budget.depth}`);
  const rollout = opts.rollout;
  const maxDecisions = opts.maxDecisions ?? 100_000;
  const switchZ = opts.switchZ ?? DEFAULT_SWITCH_Z;
  const stats: SearchStats = { decisions: 0, searched: 0, playouts: 0, changed: 0 };
  const dice = new StreamDice();
  let key = 0;
  let keyed = false;
  let counter = 0;

  /** One play-out of `action` from `state` on stream (k0, k1, k): the searching side's score. */
  function playout(state: S, action: A, side: number, k0: number, k1: number, k: number): number {
    const s = game.clone(state);
    dice.seed(k0, k1, k);
    stats.playouts++;
    game.apply(s, action, dice);
    for (let n = 0; !game.isTerminal(s); n++) {
      if (budget.depth > 0 && n >= budget.depth) {
        const v = game.evaluate?.(s);
        return v === undefined ? 0.5 : v[side]!;
      }
      if (n >= maxDecisions) throw new Error(`search: play-out with no end after ${maxDecisions} decisions`);
      const who = game.actor(s);
      const legal = game.legalActions(s);
      game.apply(s, legal.length === 1 ? legal[0]! : rollout[who]!.choose(game, s, legal, dice), dice);
    }
    return game.returns(s)[side]!;
  }

  return {
    name: opts.name ?? 'search',
    budget,
    stats,
    reseed(k: number) {
      key = k >>> 0;
      keyed = true;
      counter = 0;
    },
    choose(g, state, legal, fightDice) {
      stats.decisions++;
      if (legal.length <= 1) return legal[0]!;
      stats.searched++;
      // This decision's streams: (key, counter) after reseed, else two draws from the fight's dice.
      let k0: number;
      let k1: number;
      if (keyed) {
        k0 = key;
        k1 = counter++;
      } else {
        k0 = (fightDice.roll(0x80000000) - 1) >>> 0;
        k1 = (fightDice.roll(0x80000000) - 1) >>> 0;
      }
      const side = g.actor(state);
      // The incumbent: the rollout policy's own choice (on a clone, with this decision's dice).
      dice.seed(k0, k1, 0xffffffff);
      const own = rollout[side]!.choose(g, g.clone(state), legal, dice);
      let inc = legal.findIndex((a) => g.same(a, own));
      const n = legal.length;
      const rounds = Math.max(1, Math.ceil(Math.log2(n)));
      // Each action's play-out scores, by stream index (survivors share every index).
      const values: number[][] = [];
      const sum = new Float64Array(n);
      let arms: number[] = [];
      for (let i = 0; i < n; i++) {
        arms.push(i);
        values.push([]);
      }
      let next = 0;
      for (let r = 0; r < rounds && arms.length > 1; r++) {
        const m = Math.max(1, Math.floor(budget.rollouts / (arms.length * rounds)));
        for (const a of arms) {
          for (let j = 0; j < m; j++) {
            const v = playout(state, legal[a]!, side, k0, k1, next + j);
            values[a]!.push(v);
            sum[a]! += v;
          }
        }
        next += m;
        if (r === rounds - 1) break;
        // Keep the better half, every action tied with its worst member (a tie is no evidence),
        // and the incumbent.
        const mean = (a: number): number => sum[a]! / values[a]!.length;
        const ranked = arms.slice().sort((x, y) => mean(y) - mean(x) || x - y);
        const bar = mean(ranked[Math.ceil(ranked.length / 2) - 1]!);
        arms = arms.filter((a) => a === inc || mean(a) >= bar);
      }
      let best = inc >= 0 ? inc : arms[0]!;
      for (const a of arms) {
        if (sum[a]! / values[a]!.length > sum[best]! / values[best]!.length) best = a;
      }
      // The incumbent gives way only to a paired advantage of at least `switchZ` standard errors
      // (survivors share every play-out stream, so the differences are on the same luck).
      if (inc >= 0 && best !== inc && !pairedBetter(values[best]!, values[inc]!, switchZ)) best = inc;
      if (inc < 0) inc = best;
      if (best !== inc) stats.changed++;
      return legal[best]!;
    },
  };
}
