/**
 * What a solving side may choose in an exchange duel (attacks per turn and their Boost,
 * the response and its Boost, which die a Wound takes, standing up when Prone), built from what the rules allow: legality
 * and costs come from combatant.ts, the same methods the named policies call. The duel engine asks
 * a DuelChooser (solver only; null in run) at each of these decisions for a solving side.
 */
import type { Combatant } from '../combatant.js';
import { IllegalActionError } from '../../../games/game.js';
import { CLASH, FULL_GUARD, NO_RESPONSE } from '../rules.js';

export interface DuelChooser {
  /** Per side: true when it decides by solving, false when its named policy decides. */
  readonly solving: readonly boolean[];
  /**
   * The option (0 .. width - 1) `side` takes at this decision. `kind` (ATTACK_DECISION ...) and
   * `extra` say which decision it is beyond the duel's live state (exchange/duel/solved-table.ts keys a solved
   * table by them); `named` is the option the side's named policy takes (a table's fallback).
   */
  choose(side: number, width: number, kind: number, extra: number, named: number): number;
}

/** The decisions a solving side makes, as `kind` of DuelChooser.choose. */
export const ATTACK_DECISION = 0;
export const RESPONSE_DECISION = 1;
/** Which die a Wound from an Exchange takes (extra: woundExtra). */
export const WOUND_DECISION = 2;
/** Which die Lingering Harm's Wound takes. */
export const HARM_DECISION = 3;
/** Stand up now or stay Prone, at each attack boundary of the side's own turn (extra 0). */
export const STAND_DECISION = 4;

/** `extra` of a Wound decision in an Exchange: what the rest of the Exchange reads (Wounds, Hit Margin), or -1 out of range. */
export function woundExtra(wounds: number, margin: number): number {
  return wounds > 63 || margin > 1023 ? -1 : wounds + 64 * margin;
}

/** chooseResponse's result: response * RESPONSE_CODE + Boost (a Boost is at most a Skill Level, 10). */
export const RESPONSE_CODE = 16;

/**
 * The next proactive attack: option 0 ends the turn's attacks, option k attacks with Boost k - 1,
 * up to the most the character can pay (no reserve) and its Skill Level. Returns the Boost, or -1
 * (no attack; no decision when it cannot pay the base cost).
 */
export function chooseAttackBoost(me: Combatant, ch: DuelChooser): number {
  const most = me.attackBoost(me.attackSkill, me.baseCost, 0);
  if (most < 0) return -1;
  const named = me.attackBoost(me.attackSkill, me.baseCost, me.policy.reserve) + 1;
  return ch.choose(me.index, most + 2, ATTACK_DECISION, 0, named) - 1;
}

/**
 * The response to an attack: No Response; Full Guard with Boost 0 .. the most it can pay (Skill:
 * Acrobatics against ranged, Melee against melee); Clash with Boost 0 .. the most (when legal and
 * affordable). Returns response * RESPONSE_CODE + Boost.
 */
export function chooseResponse(def: Combatant, ch: DuelChooser, clashLegal: boolean, attackRanged: boolean, attackBoost: number): number {
  const guards = def.canGuard() ? def.responseBoost(FULL_GUARD, attackRanged) + 1 : 0;
  const clashes = def.canClash(clashLegal) ? def.responseBoost(CLASH, attackRanged) + 1 : 0;
  const r = def.chooseResponse(clashLegal);
  const named = r === NO_RESPONSE ? 0 : (r === FULL_GUARD ? 1 : 1 + guards) + def.responseBoost(r, attackRanged);
  const c = ch.choose(def.index, 1 + guards + clashes, RESPONSE_DECISION, attackBoost, named);
  if (c === 0) return NO_RESPONSE * RESPONSE_CODE;
  if (c <= guards) return FULL_GUARD * RESPONSE_CODE + c - 1;
  return CLASH * RESPONSE_CODE + c - 1 - guards;
}

/** Which die Wounds take first: Ready MD (true) or Ready AD (false); a decision only when the character has both. */
export function chooseMagicFirst(c: Combatant, ch: DuelChooser, kind: number, extra: number): boolean {
  if (c.readyMagic === 0 || c.ready === 0) return !c.policy.keepMagic;
  return ch.choose(c.index, 2, kind, extra, c.policy.keepMagic ? 1 : 0) === 0;
}

/**
 * Standing up when Prone (seed 001: "Standing has a base cost of 1 AD"; movement happens during
 * one's own turn, before, between or after its attacks): option 0 stands now and pays, option 1
 * stays Prone. A decision only when the character is Prone and can pay. The named policy stands at
 * the start of its turn (`turnStart`: no attack made yet) and not later. True when it stands.
 */
export function chooseStandUp(me: Combatant, ch: DuelChooser, turnStart: boolean): boolean {
  if (!me.canStand()) return false;
  return ch.choose(me.index, 2, STAND_DECISION, 0, turnStart ? 0 : 1) === 0;
}

/**
 * The guard a side that decides by itself (the `tactical` policy, tactical.ts) plays through, as
 * games/game.ts `guarded` does for a GamePolicy: its attack (a Boost, or -1 to stop) must be one
 * of chooseAttackBoost's options, its response one of chooseResponse's; anything else throws
 * IllegalActionError. Returns the decision unchanged.
 */
export function legalAttack(me: Combatant, policy: string, boost: number): number {
  const most = me.attackBoost(me.attackSkill, me.baseCost, 0);
  if (boost === -1 || (Number.isInteger(boost) && boost >= 0 && boost <= most)) return boost;
  throw new IllegalActionError(policy, `attack with Boost ${boost} (${me.ready} Ready AD, at most Boost ${most})`);
}

/** The guard of a response (response * RESPONSE_CODE + Boost): see legalAttack. */
export function legalResponse(def: Combatant, policy: string, code: number, clashLegal: boolean, attackRanged: boolean): number {
  const response = Math.floor(code / RESPONSE_CODE);
  const boost = code % RESPONSE_CODE;
  const ok = response === NO_RESPONSE ? boost === 0
    : response === FULL_GUARD ? def.canGuard() && boost <= def.responseBoost(FULL_GUARD, attackRanged)
      : response === CLASH && def.canClash(clashLegal) && boost <= def.responseBoost(CLASH, attackRanged);
  if (ok && code >= 0) return code;
  throw new IllegalActionError(policy, `response ${response} with Boost ${boost} (${def.ready} Ready AD, Clash ${clashLegal ? 'legal' : 'not legal'})`);
}
