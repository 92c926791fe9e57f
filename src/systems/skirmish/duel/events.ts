/**
 * What the duel engine puts in trace events (src/systems/trace.ts): state words, dice faces and
 * one builder per kind of event. The engine calls these only with an observer attached, behind one
 * `if (this.observer !== null)`, so event building stays out of the hot loop's code.
 */
import type { TraceEvent, TraceObserver } from '../../trace.js';
import { DODGE_MOVED, SHOVE_MOVED } from '../spec.js';
import { MISHAP } from '../fight-rules.js';
import { DEFENDER_STATES } from '../profile.js';
import type { RolledDice } from './dice.js';
import type { FighterView } from './actions.js';
import type { WeaponInfo } from './setup.js';

/**
 * Wound states as words, by their integer code (ACTIVE, DOWNED, STUNNED, OUT_OF_ACTION): the words
 * of the CSVs (`out_of_action`), in every skirmish trace (duels and battles).
 */
export const STATE_NAMES = DEFENDER_STATES;

const SIDES = ['a', 'b'] as const;

/** The parts of a Duel an event shows. */
export interface TracedDuel {
  readonly round: number;
  readonly distance: number;
  readonly fighters: readonly [TracedFighter, TracedFighter];
  /** Inside a Ranged Reaction. */
  readonly reacting: boolean;
  readonly observer: TraceObserver | null;
  /** The faces rolled since the last event (null: the table engine rolls no faces). */
  rolled(): RolledDice | null;
}

export interface TracedFighter extends FighterView {
  readonly name: string;
}

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

/** An action without dice or a result (aim, brace, move, charge, crawl, dodge, shove); `before` -1 leaves distance_before out. */
export function traceAction(d: TracedDuel, s: number, action: string, before: number): void {
  note(d, s, action, before, undefined, undefined);
}

/** Who goes first, and the roll-off's faces. */
export function traceInitiative(d: TracedDuel, first: number): void {
  note(d, first, 'initiative', -1, goesFirst(SIDES[first]!), '');
}

/** The `result` of an initiative event (duels and battles): the side that goes first. */
export function goesFirst(side: string): string {
  return `${side} goes first`;
}

export function traceHide(d: TracedDuel, s: number): void {
  note(d, s, 'hide', -1, d.fighters[s]!.hidden ? 'hidden' : 'cannot hide', undefined);
}

/** The `result` of a Ranged attack whose firearm's primer roll failed (duels and battles). */
export const PRIMER_FAILS = 'primer fails: no shot';

export function tracePrimerFails(d: TracedDuel, s: number): void {
  note(d, s, 'ranged', -1, PRIMER_FAILS, 'primer');
}

/** A Cast that did not go off: a mishap (backlash) or a fizzle (`total` of the Casting Roll below the difficulty). */
export function traceCastFails(d: TracedDuel, s: number, outcome: number, total: number, w: WeaponInfo): void {
  emit(d, s, 'cast', -1, { result: castFailsResult(outcome, total, w), rolls: rollsOf(d.rolled(), 'casting') });
}

/** The `result` of a Cast that did not go off (duels and battles): `mishap: N Wound(s) of backlash`, or `fizzles (total < difficulty)`. */
export function castFailsResult(outcome: number, total: number, w: Pick<WeaponInfo, 'backlash' | 'difficulty'>): string {
  return outcome === MISHAP ? `mishap: ${w.backlash} Wound(s) of backlash` : `fizzles (${total} < ${w.difficulty})`;
}

/** An attack (melee, ranged, cast, free-attack, mercy-kill): its dice, unblocked hits and the blocks that moved someone. */
export function traceAttack(d: TracedDuel, s: number, name: string, before: number, targetBefore: number, code: number): void {
  emit(d, s, name, before, {
    rolls: attackRolls(d.rolled(), name), wounds: code >> 2, target_state_before: STATE_NAMES[targetBefore], result: attackResult(code),
  });
}

/**
 * The `rolls` of an attack event named `name` (duels and battles): the four groups of rollsOf(),
 * after the `primer` (ranged) or `casting` (cast) d6s rolled before the attack.
 */
export function attackRolls(rolled: RolledDice | null, name: string): TraceEvent['rolls'] {
  return rollsOf(rolled, name === 'ranged' ? 'primer' : 'casting');
}

/** The `result` of an attack event (duels and battles): unblocked hits, and the Dodge / Shove blocks that moved someone (the outcome code's bits). */
export function attackResult(code: number): string {
  const dodge = code & DODGE_MOVED ? ' (Dodge block)' : '';
  const shove = code & SHOVE_MOVED ? ' (Shove block)' : '';
  return `${code >> 2} unblocked${dodge}${shove}`;
}

/** A Retreat: its Skill check faces (taken before any free attack), whether it passed, whether the fighter stayed. */
export function traceRetreat(d: TracedDuel, s: number, before: number, check: RolledDice | null, passed: boolean, leaves: boolean, freeAttacks: number): void {
  emit(d, s, 'retreat', before, { rolls: check?.d6, result: passed ? 'Skill check passes' : `Skill check fails${leaves ? '' : ': stays engaged'}`, free_attacks: freeAttacks });
}

export function traceMercyTakeOut(d: TracedDuel, s: number): void {
  note(d, s, 'mercy-kill', -1, 'Stunned: out of action', undefined);
}

export function traceRecover(d: TracedDuel, s: number, extraAction: boolean): void {
  note(d, s, 'recover', -1, recoverNote(extraAction), '');
}

/** The `result` of a Recover (duels and battles): said only on a 6 (the new state is in `state_after`). */
export function recoverNote(extraAction: boolean): string | undefined {
  return extraAction ? 'stands with 1 Wound and one more action' : undefined;
}

/** An event with an optional result and the faces rolled since the last one (group name for d6s before an attack). */
function note(d: TracedDuel, s: number, action: string, before: number, result: string | undefined, rolls: string | undefined): void {
  emit(d, s, action, before, { result, rolls: rolls === undefined ? undefined : rollsOf(d.rolled(), rolls) });
}

/** Builds and sends one event; undefined fields are left out. */
function emit(d: TracedDuel, s: number, action: string, before: number, extra: Readonly<Record<string, unknown>>): void {
  const [a, b] = d.fighters;
  const t = 1 - s;
  const event: Record<string, unknown> = {
    round: d.round, side: SIDES[s]!, actor: d.fighters[s]!.name, action,
    ...(action === 'initiative' ? {} : { target: d.fighters[t]!.name, target_state_after: STATE_NAMES[d.fighters[t]!.state]! }),
    ...(before >= 0 ? { distance_before: before } : {}), distance_after: d.distance,
    state_after: STATE_NAMES[d.fighters[s]!.state]!,
    wounds_left: { a: a.woundsLeft, b: b.woundsLeft },
    ...(d.reacting ? { reaction: true } : {}),
    ...extra,
  };
  for (const k of Object.keys(event)) if (event[k] === undefined) delete event[k];
  d.observer!.event(event as unknown as TraceEvent);
}
