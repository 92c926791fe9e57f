/**
 * Fights emit events (architecture.md, "Growing the shape"). Every fight engine (skirmish duels,
 * exchange duels, d20 fights, and later battles and exchange fights) keeps one field
 * `observer: TraceObserver | null`, null in `run` (the hot loop pays one predictable branch), and
 * calls it for every action when set. `balance trace` and the trace-based rules tests are
 * observers. Events are plain objects built only when an observer is attached.
 *
 * Action names are the seeds' in lower case with hyphens: `move`, `charge`, `melee`, `ranged`,
 * `aim`, `brace`, `retreat`, `hide`, `mercy-kill`, `recover`, `crawl`, `cast`, `help`, `reaction`,
 * `free-attack`, `attack`, `dodge`, `dash`, `disengage`, `stabilize`, `opportunity-attack`,
 * `heroic-action`, `dying-roll`, `exchange`, `refresh`, `continuation-check`, `stand-up`,
 * `initiative`, `pass`, `lingering-harm`, `shove`, ... (docs/guide/trace.md lists them all).
 */

/** One thing that happened in a fight. `fight` is added by the tracer, not the engine. */
export interface TraceEvent {
  readonly round: number;
  /** 'a' or 'b' in duels; the side's (retinue's, party's) name in group fights. */
  readonly side: string;
  /** Who acts: the loadout / creature / character name (with `#2` etc. when a side has several). */
  readonly actor: string;
  readonly action: string;
  readonly target?: string;
  /** Inches (skirmish duels and battles) or Spaces (exchange), before and after the action. */
  readonly distance_before?: number;
  readonly distance_after?: number;
  /** Dice faces rolled, in order; named groups when an action rolls several pools. */
  readonly rolls?: readonly number[] | Readonly<Record<string, readonly number[]>>;
  /** Wounds dealt (skirmish: unblocked hits; exchange: Wounds) or HP damage (d20). */
  readonly wounds?: number;
  readonly damage?: number;
  /** The actor's state after the action, and the target's before it (words: active, downed...). */
  readonly state_after?: string;
  readonly target_state_before?: string;
  readonly target_state_after?: string;
  /** Positions on a board or map (battles, exchange fights). */
  readonly x?: number;
  readonly y?: number;
  /** A short human-readable outcome ("2 unblocked hits: Downed", "fizzles", "passes"). */
  readonly result?: string;
  /** Anything else an engine wants to show (Wounds/HP/VIT left of both sides, costs...). */
  readonly [extra: string]: unknown;
}

/** What an engine calls while a tracer watches. */
export interface TraceObserver {
  /** A fight starts (the tracer numbers fights). */
  begin(): void;
  event(e: TraceEvent): void;
  /** The fight ended: 0 = a won, 1 = b won, 2 = draw; `rounds` as counted in the tally. */
  end(winner: number, rounds: number): void;
}
