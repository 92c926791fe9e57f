/**
 * A fight as a game, in OpenSpiel's split (style.md, "Games, states and policies"): the engine says
 * whose decision it is and what the rules allow there; a policy picks among those actions; dice
 * are the chance outcomes of applying one. Exact play, solved play, search (MCTS) and Monte Carlo
 * are drivers of the same rules engine through this interface.
 *
 * A decision is any point where a player chooses: a turn's action (a Move to one destination, an
 * attack on one target), a response to an attack (an exchange's No Response / Full Guard / Clash
 * and its Boost), a reaction, an opportunity attack. `apply` plays the action and everything that
 * follows without a choice, up to the next decision (or the end of the fight).
 */
import type { Dice } from '../dice/dice.js';

export interface Game<State, Action> {
  /** The side whose decision it is (0, 1, ...), or -1 when the fight is over. */
  actor(state: State): number;
  /** Which fighter of the acting side decides (an index into the fight's fighters), for traces and policies. */
  fighter(state: State): number;
  /** The actions the rules allow the acting fighter now, none of which the engine would refuse. */
  legalActions(state: State): readonly Action[];
  /** Two actions are the same choice (the guard and the search compare with this). */
  same(a: Action, b: Action): boolean;
  /** Plays `action` (which must be legal) and what follows it up to the next decision; dice decide the chance outcomes. */
  apply(state: State, action: Action, dice: Dice): void;
  /** An independent copy: applying actions to it leaves `state` as it was. */
  clone(state: State): State;
  isTerminal(state: State): boolean;
  /** Per side, once terminal: 1 a win, 0.5 a draw (the fight ran out of rounds), 0 a loss. */
  returns(state: State): readonly number[];
  /**
   * Optional: per side, an estimate in [0, 1] of the returns of a fight that is not over (a
   * heuristic, e.g. each side's share of the hit points or wounds left). The search player
   * (search.ts) scores play-outs it truncates after `depth` decisions with it; a game without it
   * scores them as draws (0.5 each).
   */
  evaluate?(state: State): readonly number[];
}

/** A policy chooses one of the legal actions of the acting fighter. */
export interface GamePolicy<State, Action> {
  readonly name: string;
  choose(game: Game<State, Action>, state: State, legal: readonly Action[], dice: Dice): Action;
}

export class IllegalActionError extends Error {
  constructor(policy: string, action: string) {
    super(`policy ${policy} chose ${action}, which the rules do not allow here`);
    this.name = 'IllegalActionError';
  }
}

/**
 * A policy that fails loudly when the policy it wraps picks an action outside the legal list: the
 * tests play every named policy through it.
 */
export function guarded<State, Action>(policy: GamePolicy<State, Action>, describe: (a: Action) => string = String): GamePolicy<State, Action> {
  return {
    name: policy.name,
    choose(game, state, legal, dice) {
      const action = policy.choose(game, state, legal, dice);
      if (!legal.some((l) => game.same(l, action))) throw new IllegalActionError(policy.name, describe(action));
      return action;
    },
  };
}

/** Plays a fight to its end: each decision asks the acting side's policy. Returns the returns. */
export function playOut<State, Action>(
  game: Game<State, Action>, state: State, policies: readonly GamePolicy<State, Action>[], dice: Dice, maxDecisions = 1_000_000,
): readonly number[] {
  for (let n = 0; !game.isTerminal(state); n++) {
    if (n >= maxDecisions) throw new Error(`playOut: no end after ${maxDecisions} decisions`);
    const side = game.actor(state);
    const legal = game.legalActions(state);
    game.apply(state, policies[side]!.choose(game, state, legal, dice), dice);
  }
  return game.returns(state);
}
