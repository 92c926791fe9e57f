/**
 * The compiled form of one attack: every number the dice need, nothing else. Structured-cloneable
 * (sent to workers as is), immutable, and shared by the per-die reference (reference.ts), the exact
 * engine (exact.ts) and the hot kernel (kernel.ts).
 */
import { ACTIVE, DOWNED, STUNNED } from './profile.js';
import {
  attackKind, critFace, defencePool, defenderWinsTies, hasKeyword, hitFace, poolCandidates,
  type AttackContext, type PoolCandidate,
} from './sequence.js';

export interface AttackSpec {
  readonly mightDice: number;
  readonly skillDice: number;
  /** Face needed to hit (2..6). */
  readonly hitFace: number;
  /** Lowest natural face that is a critical hit (5, 6, or 7 = none). */
  readonly critFace: number;
  /** Face each Might / Skill defence die needs, in rolling order. */
  readonly defMight: readonly number[];
  readonly defSkill: readonly number[];
  readonly tieToDefender: boolean;
  /** Dodge / Shove available to this defender against this attack. */
  readonly dodge: boolean;
  readonly shove: boolean;
  /** Defender's state before the attack (0 active, 1 downed, 2 stunned) and Wounds left. */
  readonly defenderState: number;
  readonly woundsLeft: number;
  readonly impact: boolean;
  readonly stepPerHit: boolean;
  /** What the attacker chose (Gang Up / Aim die, dice dropped at the cap); '' if nothing. */
  readonly choice: string;
}

/** Outcome codes: unblocked hits u (0..15) times 4, plus bit 0 = Dodge moved the defender, bit 1 = Shove pushed the attacker. */
export const MAX_UNBLOCKED = 15;
export const OUTCOME_CODES = (MAX_UNBLOCKED + 1) * 4;
export const DODGE_MOVED = 1;
export const SHOVE_MOVED = 2;

export function outcomeCode(unblocked: number, moves: number): number {
  return unblocked * 4 + moves;
}

const STATE_INDEX = { active: ACTIVE, downed: DOWNED, stunned: STUNNED } as const;

/** The spec of one attack with a given Strike Pool. */
export function specFor(ctx: AttackContext, pool: PoolCandidate): AttackSpec {
  const kind = attackKind(ctx.weapon);
  const def = defencePool(ctx);
  const state = STATE_INDEX[ctx.situation.defenderState];
  const active = state === ACTIVE;
  return {
    mightDice: pool.might,
    skillDice: pool.skill,
    hitFace: hitFace(ctx),
    critFace: critFace(ctx),
    defMight: def.might,
    defSkill: def.skill,
    tieToDefender: defenderWinsTies(ctx),
    dodge: ctx.knobs.manoeuvres && active && (kind !== 'cast' || ctx.knobs.castAttack === 'ranged'),
    shove: ctx.knobs.manoeuvres && active && kind === 'melee',
    defenderState: state,
    woundsLeft: active ? (ctx.situation.defenderWounds ?? ctx.defender.fighter.wounds) : 0,
    impact: hasKeyword(ctx.weapon, 'impact'),
    stepPerHit: ctx.knobs.stepPerHit,
    choice: pool.choice,
  };
}

/**
 * Compiles an attack, making the attacker's choices (Gang Up's die, Aim's die on a tie, dice to
 * drop at the 15-die cap) by the larger exact expected number of unblocked hits; ties go to Might.
 */
export function compileAttack(ctx: AttackContext, expectedUnblocked: (spec: AttackSpec) => number): AttackSpec {
  const candidates = poolCandidates(ctx);
  let best = specFor(ctx, candidates[0]!);
  if (candidates.length === 1) return best;
  let bestValue = expectedUnblocked(best);
  for (let i = 1; i < candidates.length; i++) {
    const spec = specFor(ctx, candidates[i]!);
    const value = expectedUnblocked(spec);
    if (value > bestValue + 1e-12) [best, bestValue] = [spec, value];
  }
  return best;
}

/** Guards the outcome-code layout: a spec from compileAttack never exceeds the Strike Pool cap. */
export function assertPoolFits(spec: AttackSpec): void {
  if (spec.mightDice + spec.skillDice > MAX_UNBLOCKED) {
    throw new RangeError(`an attack spec takes at most ${MAX_UNBLOCKED} attack dice, received ${spec.mightDice + spec.skillDice}`);
  }
}
