/**
 * The compiled form of one battle (structured-cloneable, sent to workers) and the attack specs a
 * battle needs, compiled on first use through the same compileAttack every skirmish mode uses.
 */
import type { SearchBudget } from '../../../games/search.js';
import { expectedUnblocked } from '../exact.js';
import { DEFAULT_SITUATION, type Loadout, type Situation, type Weapon } from '../profile.js';
import { basePool } from '../sequence.js';
import { compileAttack, type AttackSpec } from '../spec.js';
import type { AttackEntry, DuelKnobs } from '../duel/setup.js';

export interface BattleFighterSpec {
  readonly loadout: Loadout;
  /** Fighter policy id (AGGRESSIVE, SHOOTER, KITE of duel/setup.ts, or TACTICAL). */
  readonly policy: number;
  /** Base diameter, inches. */
  readonly base: number;
  /** `loadout` or `loadout#k` when the retinue has several. */
  readonly label: string;
  /** Plays `policy: search` (src/games/search.ts); `policy` is then its play-outs' (TACTICAL). */
  readonly search?: boolean;
}

export interface TerrainSpec {
  readonly at: readonly [number, number];
  readonly size: readonly [number, number];
  readonly kind: 'cover' | 'block';
}

export interface BattleSettings {
  readonly board: readonly [number, number];
  readonly distance: number;
  readonly maxRounds: number;
  readonly terrain: readonly TerrainSpec[];
}

export interface BattleKnobs extends DuelKnobs {
  readonly multipleEngagement: 'focus' | 'split';
  /** A Ranged weapon fired within 1" of an Active enemy: `allowed` (the default reading) or `forbidden` (spells may always be cast). */
  readonly rangedInMelee?: 'allowed' | 'forbidden';
  /** Retreat: a fighter of the retreater's side that keeps an enemy within 1" from its free attack: `any` not Out of Action (the default reading) or only an `active` one. */
  readonly freeAttackEngaged?: 'any' | 'active';
}

export interface BattleSpec {
  readonly sides: readonly [readonly BattleFighterSpec[], readonly BattleFighterSpec[]];
  /** Side policy ids (index in SIDE_POLICIES) of a and b. */
  readonly sidePolicies: readonly [number, number];
  readonly knobs: BattleKnobs;
  readonly settings: BattleSettings;
  /** The search budget, set when a fighter plays `policy: search`. */
  readonly search?: SearchBudget;
}

/** The battle's own default fighter policy (tactical.ts), after the named AGGRESSIVE, SHOOTER, KITE of duel/setup.ts. */
export const TACTICAL = 3;

export const NEAREST = 0;
export const WEAKEST = 1;
export const MOST_DANGEROUS = 2;

/** Edge gap between neighbours on a deployment line, inches. */
export const DEPLOY_GAP = 2;

/** Cover codes: none, cover (+1 Skill die), close cover (+2, target within 1" of the terrain). */
const COVER = ['none', 'cover', 'close'] as const;
const STATES = ['active', 'downed', 'stunned'] as const;
/** The most enemies one Strike Pool is split among. */
export const MAX_SPLIT = 4;
const SPLIT_SLOTS = 1 + (MAX_SPLIT * (MAX_SPLIT + 1)) / 2; // (k, part) pairs for k = 1..MAX_SPLIT, plus "whole pool"

/**
 * Multiple Engagement: the Strike Pool dealt round-robin (Might dice first, then Skill dice) over
 * `parts` enemies; part `part` gets the dice whose index is part modulo parts.
 */
export function splitShare(might: number, skill: number, parts: number, part: number): { might: number; skill: number } {
  let m = 0;
  let s = 0;
  for (let d = part; d < might + skill; d += parts) {
    if (d < might) m++;
    else s++;
  }
  return { might: m, skill: s };
}

/** A weapon giving exactly `might` and `skill` dice (a split share keeps the weapon's class and keywords). */
function fixedWeapon(w: Weapon, might: number, skill: number): Weapon {
  return {
    ...w, class: w.class === 'unarmed' ? 'other' : w.class,
    might: { kind: 'fixed', n: might, printed: w.might.printed }, skill: { kind: 'fixed', n: skill, printed: w.skill.printed },
  };
}

/**
 * Attack specs (and, for the table engine, their outcome tables) by (attacker, weapon, defender, defender's primary weapon, aim, gang up, cover,
 * brace, defender state, split share), one lazily filled array per attacker-defender pair.
 */
export class BattleAttacks {
  private readonly pairs: ((AttackEntry | undefined)[] | undefined)[];
  /** Fighters with the same loadout share their attacks: ids[fighter] indexes `loadouts`. */
  private readonly ids: Int32Array;
  private readonly loadouts: readonly Loadout[];
  private readonly w: number;

  constructor(fighters: readonly Loadout[], private readonly knobs: DuelKnobs) {
    const names = [...new Set(fighters.map((l) => l.name))];
    this.ids = Int32Array.from(fighters, (l) => names.indexOf(l.name));
    this.loadouts = names.map((n) => fighters.find((l) => l.name === n)!);
    this.w = Math.max(...fighters.map((l) => l.weapons.length));
    this.pairs = new Array<(AttackEntry | undefined)[] | undefined>(names.length * names.length);
  }

  get(att: number, weapon: number, def: number, defPrimary: number, aim: number, gangUp: number, cover: number, brace: number, state: number, split: number): AttackEntry {
    att = this.ids[att]!;
    def = this.ids[def]!;
    const pi = att * this.loadouts.length + def;
    let pair = this.pairs[pi];
    if (pair === undefined) {
      pair = new Array<AttackEntry | undefined>(this.w * this.w * 72 * SPLIT_SLOTS);
      this.pairs[pi] = pair;
    }
    const key = ((((((weapon * this.w + defPrimary) * 2 + aim) * 2 + gangUp) * 3 + cover) * 2 + brace) * 3 + state) * SPLIT_SLOTS + split;
    const hit = pair[key];
    if (hit !== undefined) return hit;
    const spec = this.compile(att, weapon, def, defPrimary, aim, gangUp, cover, brace, state, split);
    // The same attack in another task of this thread (another matchup or variant) reuses its entry and table.
    const memo = JSON.stringify(spec);
    let entry = SHARED.get(memo);
    if (entry === undefined) {
      if (SHARED.size > 20_000) SHARED.clear();
      entry = { spec, table: null, mean: NaN, onesMean: NaN };
      SHARED.set(memo, entry);
    }
    pair[key] = entry;
    return entry;
  }

  private compile(att: number, weapon: number, def: number, defPrimary: number, aim: number, gangUp: number, cover: number, brace: number, state: number, split: number): AttackSpec {
    const attacker = this.loadouts[att]!;
    const defender = this.loadouts[def]!;
    let w = attacker.weapons[weapon]!;
    if (split > 0) {
      const [parts, part] = splitSlot(split);
      const pool = basePool(attacker, w);
      const share = splitShare(pool.might, pool.skill, parts, part);
      w = fixedWeapon(w, share.might, share.skill);
    }
    const weapons = [...defender.weapons];
    const [primary] = weapons.splice(defPrimary, 1);
    const situation: Situation = {
      ...DEFAULT_SITUATION, aim: aim === 1, gangUp: gangUp === 1, brace: brace === 1, cover: COVER[cover]!, defenderState: STATES[state]!,
    };
    const spec = compileAttack({ attacker, weapon: w, defender: { ...defender, weapons: [primary!, ...weapons] }, situation, knobs: this.knobs }, expectedUnblocked);
    // The battle tracks Wounds itself: the spec's own count is set out of reach.
    return { ...spec, woundsLeft: 99 };
  }
}

const SHARED = new Map<string, AttackEntry>();

/** The split slot of part `part` of `parts` (0 = the whole pool). */
export function splitIndex(parts: number, part: number): number {
  return parts <= 1 ? 0 : (parts * (parts - 1)) / 2 + part;
}

function splitSlot(slot: number): [number, number] {
  let parts = 2;
  while ((parts * (parts + 1)) / 2 <= slot) parts++;
  return [parts, slot - (parts * (parts - 1)) / 2];
}

/** Exact expected unblocked hits of an attack (computed once per entry). */
export function meanUnblocked(entry: AttackEntry): number {
  if (!(entry.mean! >= 0)) entry.mean = expectedUnblocked(entry.spec);
  return entry.mean!;
}

/**
 * Exact expected unblocked hits the natural 1s of an attack's Strike Pool deal when they go to a
 * friend at risk (actions.ts friendlyFire; `entry` is the attack against that friend): each die is
 * a normal hit of its colour with chance 1/6, never a critical, and the friend defends as usual.
 */
export function meanFriendlyFire(entry: AttackEntry): number {
  if (!(entry.onesMean! >= 0)) entry.onesMean = expectedUnblocked({ ...entry.spec, hitFace: 6, critFace: 7 });
  return entry.onesMean!;
}
