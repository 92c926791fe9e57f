/** What the duel engine puts in trace events (src/systems/trace.ts): state words and dice faces. */
import type { TraceEvent } from '../../trace.js';
import type { RolledDice } from './dice.js';

/** Wound states as words, by their integer code (ACTIVE, DOWNED, STUNNED, OUT_OF_ACTION). */
export const STATE_NAMES = ['active', 'downed', 'stunned', 'out-of-action'] as const;

/**
 * The faces an action rolled: a plain list for single d6s (initiative, checks, Recover), or named
 * groups for an attack (`strike_might`, `strike_skill`, `defence_might`, `defence_skill`, and the
 * d6s before it under `d6Name`: `primer`, `casting`). Undefined when the engine rolls no faces.
 */
export function rollsOf(rolled: RolledDice | null, d6Name: string): TraceEvent['rolls'] {
  if (rolled === null) return undefined;
  const a = rolled.attack;
  if (a === null) return rolled.d6.length > 0 ? rolled.d6 : undefined;
  return {
    ...(rolled.d6.length > 0 ? { [d6Name]: rolled.d6 } : {}),
    strike_might: a.might.faces, strike_skill: a.skill.faces, defence_might: a.might.defenceFaces, defence_skill: a.skill.defenceFaces,
  };
}
