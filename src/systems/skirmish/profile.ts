/**
 * Resolved skirmish profiles: what the Attack Sequence reads. Built from a validated study by
 * resolve.ts (the one place that fills defaults); immutable afterwards.
 */

export const WEAPON_CLASSES = [
  'sword', 'axe', 'spear', 'hammer', 'bow', 'crossbow', 'firearm', 'thrown', 'unarmed', 'spell', 'other',
] as const;
export type WeaponClass = (typeof WEAPON_CLASSES)[number];

export const ARMOURS = ['none', 'light', 'medium', 'heavy'] as const;
export type Armour = (typeof ARMOURS)[number];

export const SHIELDS = ['none', 'buckler', 'shield', 'tower'] as const;
export type Shield = (typeof SHIELDS)[number];

/** A weapon's Might or Skill entry: "+N" adds to the attribute, "N" is fixed, "-" adds nothing. */
export interface DiceSpec {
  readonly kind: 'add' | 'fixed';
  readonly n: number;
  /** The printed number (for Aim's dominant die type): "+1" prints 1, "4" prints 4, "-" prints 0. */
  readonly printed: number;
}

export interface Fighter {
  readonly name: string;
  readonly cc: number;
  readonly rc: number;
  readonly might: number;
  readonly skill: number;
  readonly defense: number;
  readonly wounds: number;
  readonly movement: number;
  readonly casting: number | null;
  readonly keywords: readonly string[];
}

export interface Weapon {
  readonly name: string;
  readonly type: 'melee' | 'ranged';
  readonly class: WeaponClass;
  readonly might: DiceSpec;
  readonly skill: DiceSpec;
  /** [min, max] in inches for ranged weapons; null for melee. */
  readonly range: readonly [number, number] | null;
  readonly keywords: readonly string[];
  /** Magic school for the magic triangle (spells), or null. */
  readonly school: string | null;
  /** Firearm primer: the gun fires on a d6 at or above this; null = the knob `primer`. */
  readonly primer: number | null;
  /** Spells: Casting Difficulty and the Wounds of a mishap's backlash. */
  readonly difficulty: number;
  readonly backlash: number;
}

export interface Loadout {
  readonly name: string;
  readonly fighter: Fighter;
  /** The first weapon is the primary weapon and the one attack mode attacks with. */
  readonly weapons: readonly Weapon[];
  readonly armor: Armour;
  readonly shield: Shield;
}

export const DEFENDER_STATES = ['active', 'downed', 'stunned', 'out_of_action'] as const;
export type DefenderState = (typeof DEFENDER_STATES)[number];
/** Wound states as small integers, in the order a fighter falls through them. */
export const ACTIVE = 0;
export const DOWNED = 1;
export const STUNNED = 2;
export const OUT_OF_ACTION = 3;

export interface Situation {
  readonly aim: boolean;
  readonly gangUp: boolean;
  readonly cover: 'none' | 'cover' | 'close';
  readonly brace: boolean;
  readonly defenderState: 'active' | 'downed' | 'stunned';
  /** Wounds the defender has left; null = the fighter's full wounds. */
  readonly defenderWounds: number | null;
  /** Hit attribute modifier (+1 Close Combat, -1 Ranged Combat...) for this attack. */
  readonly hitMod: number;
}

export const DEFAULT_SITUATION: Situation = {
  aim: false,
  gangUp: false,
  cover: 'none',
  brace: false,
  defenderState: 'active',
  defenderWounds: null,
  hitMod: 0,
};

/** Rules variants (rules.md "knobs") that one attack reads. */
export interface Knobs {
  readonly tieGoesTo: 'attacker' | 'defender' | 'shield';
  readonly manoeuvres: boolean;
  readonly piercingKeepsPenalties: boolean;
  readonly stepPerHit: boolean;
  readonly hammerBreaksTriangle: boolean;
  /** The weapon triangle: each class beats the classes listed for it. */
  readonly triangle: Readonly<Record<string, readonly string[]>>;
  /** Magic triangles by name, each a cycle: the first school beats the second, ..., the last the first. */
  readonly magicTriangles: Readonly<Record<string, readonly string[]>>;
  /** Battles (knob castAttack): `ranged` makes a Cast that goes off Dodgeable and gives it friendly fire; absent or `apart`: neither. */
  readonly castAttack?: 'apart' | 'ranged';
}

export const DEFAULT_KNOBS: Knobs = {
  tieGoesTo: 'attacker',
  manoeuvres: true,
  piercingKeepsPenalties: true,
  stepPerHit: false,
  hammerBreaksTriangle: true,
  triangle: { sword: ['axe'], axe: ['spear'], spear: ['sword'] },
  magicTriangles: {},
};
