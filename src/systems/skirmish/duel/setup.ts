/**
 * The compiled form of one duel: two loadouts, their policies, the rules knobs and the duel's
 * settings. Structured-cloneable (sent to workers); the attack specs and tables it needs are
 * built lazily from it, once per worker, by AttackCache.
 */
import type { AliasTable } from '../../../dice/alias.js';
import { expectedUnblocked } from '../exact.js';
import { DEFAULT_SITUATION, type Knobs, type Loadout, type Situation, type Weapon } from '../profile.js';
import { attackKind, type AttackKind } from '../sequence.js';
import { compileAttack, type AttackSpec } from '../spec.js';
import { buildTable } from '../table.js';

export const POLICIES = ['aggressive', 'shooter', 'kite'] as const;
export type PolicyName = (typeof POLICIES)[number];
export const AGGRESSIVE = 0;
export const SHOOTER = 1;
export const KITE = 2;

export interface DuelSettings {
  /** Inches between the two fighters at the start; 1 or less starts engaged. */
  readonly distance: number;
  readonly maxRounds: number;
  /** Cover the fighters have against Ranged and Cast attacks. */
  readonly cover: Situation['cover'];
  /** Terrain within 1" for Hide. */
  readonly terrain: boolean;
}

export interface DuelKnobs extends Knobs {
  readonly initiative: 'roll-off' | 'a' | 'b' | 'alternate';
  readonly stunnedActs: boolean;
  /** After a failed Retreat and the free attack: `leaves` (moves away if still Active) or `stays` engaged. */
  readonly failedRetreat: 'leaves' | 'stays';
  /** Primer of firearms that do not give one. */
  readonly primer: number;
}

export interface DuelSpec {
  readonly a: Loadout;
  readonly b: Loadout;
  /** Policy ids (AGGRESSIVE, SHOOTER, KITE) of a and b. */
  readonly policies: readonly [number, number];
  /**
   * Solved sides (solved-policy.ts): NAMED (0, or left out), BEST_RESPONSE (1) or OPTIMAL (2) per
   * side; a solved side's `policies` entry is the named policy it falls back on.
   */
  readonly solved?: readonly [number, number];
  /** Sides playing `policy: search` (duel/game.ts; their `policies` entry is the named policy their play-outs play), and its budget per decision. */
  readonly searching?: readonly [boolean, boolean];
  readonly search?: { readonly rollouts: number; readonly depth: number };
  readonly knobs: DuelKnobs;
  readonly settings: DuelSettings;
}

/** The default policy follows the loadout's first weapon: melee -> aggressive, else shooter. */
export function defaultPolicy(l: Loadout): PolicyName {
  return l.weapons[0] === undefined || attackKind(l.weapons[0]) === 'melee' ? 'aggressive' : 'shooter';
}

export interface AttackEntry {
  readonly spec: AttackSpec;
  /** Built on first use by the table engine. */
  table: AliasTable | null;
  /** Battles: exact expected unblocked hits, and those of its natural 1s as friendly fire (battle/setup.ts), NaN until first asked. */
  mean?: number;
  onesMean?: number;
  /** Battles (tactical.ts): P(unblocked hits = u), once first asked. */
  dist?: Float64Array;
}

/** Per weapon, what the duel engine needs to know without looking at profiles. */
export interface WeaponInfo {
  readonly kind: AttackKind;
  /** kind === 'ranged' / 'cast' as flags (no string compares in the hot loop). */
  readonly ranged: boolean;
  readonly cast: boolean;
  readonly min: number;
  readonly max: number;
  readonly firearm: boolean;
  readonly heavy: boolean;
  readonly primer: number;
  readonly difficulty: number;
  readonly backlash: number;
}

export function weaponInfo(w: Weapon, knobs: DuelKnobs): WeaponInfo {
  const kind = attackKind(w);
  return {
    kind,
    ranged: kind === 'ranged',
    cast: kind === 'cast',
    min: w.range?.[0] ?? 0,
    max: w.range?.[1] ?? 1,
    firearm: w.class === 'firearm',
    heavy: w.keywords.includes('heavy'),
    primer: w.primer ?? knobs.primer,
    difficulty: w.difficulty,
    backlash: w.backlash,
  };
}

/** Entries shared by every duel this thread plays: the same attack in another matchup reuses its table. */
const SHARED = new Map<string, AttackEntry>();

export const DEFENDER_STATE_NAMES = ['active', 'downed', 'stunned'] as const;

/**
 * Attack specs of one side against the other, by (weapon, defender's primary weapon, aim, brace,
 * defender state), compiled on first use. The defender's Wounds are left out (set very high):
 * the duel applies unblocked hits to the Wounds it tracks, and the outcome's movement bits then
 * say whether a Dodge or Shove block was made at all.
 */
export class AttackCache {
  private readonly entries: (AttackEntry | undefined)[];
  constructor(
    private readonly attacker: Loadout,
    private readonly defender: Loadout,
    private readonly knobs: Knobs,
    private readonly cover: Situation['cover'],
  ) {
    this.entries = new Array<AttackEntry | undefined>(attacker.weapons.length * defender.weapons.length * 12);
  }

  get(weapon: number, defenderPrimary: number, aim: number, brace: number, state: number): AttackEntry {
    const key = (((weapon * this.defender.weapons.length + defenderPrimary) * 2 + aim) * 2 + brace) * 3 + state;
    const hit = this.entries[key];
    if (hit !== undefined) return hit;
    const weapons = [...this.defender.weapons];
    const [primary] = weapons.splice(defenderPrimary, 1);
    const situation: Situation = {
      ...DEFAULT_SITUATION, aim: aim === 1, brace: brace === 1, cover: this.cover, defenderState: DEFENDER_STATE_NAMES[state]!,
    };
    const spec = compileAttack(
      {
        attacker: this.attacker, weapon: this.attacker.weapons[weapon]!, defender: { ...this.defender, weapons: [primary!, ...weapons] },
        situation, knobs: this.knobs,
      },
      expectedUnblocked,
    );
    const full: AttackSpec = { ...spec, woundsLeft: 99 };
    const memoKey = JSON.stringify(full);
    let entry = SHARED.get(memoKey);
    if (entry === undefined) {
      if (SHARED.size > 10_000) SHARED.clear();
      entry = { spec: full, table: null };
      SHARED.set(memoKey, entry);
    }
    this.entries[key] = entry;
    return entry;
  }

  /** The entry's alias table (built once). */
  static table(entry: AttackEntry): AliasTable {
    entry.table ??= buildTable(entry.spec);
    return entry.table;
  }
}
