/** One creature's state in a d20 fight (seed 003), and the numbers fights and policies share. */
import type { SearchBudget } from '../../games/search.js';
import type { D20Knobs } from './rules.js';
import type { CreatureInput, WeaponInput } from './schema.js';

export const HEROES = 0;
export const ENEMIES = 1;

/** Creature states. */
export const STANDING = 0;
export const DYING = 1;
export const STABLE = 2;
export const DEAD = 3;
/** An enemy at 0 HP (enemies do not roll Death & Dying by default). */
export const OUT = 4;
export const STATE_WORDS = ['standing', 'dying', 'stable', 'dead', 'out'];

/** Policies, by their index in schema POLICIES. */
export const FOCUS_WEAKEST = 0;
export const RANDOM = 1;
export const DODGE_WHEN_LOW = 2;
export const SUPPORT = 3;
export const SKIRMISHER = 4;
export const FINISH_OFF = 5;
export const TACTICAL = 6;

/** Actions. Dash with a target is a chase: moving (twice Speed) to a foe that got away. */
export const Act = { None: 0, Attack: 1, Dodge: 2, Dash: 3, Disengage: 4, Help: 5, Stabilize: 6, PickUp: 7 } as const;
export const ACT_WORDS = ['none', 'attack', 'dodge', 'dash', 'disengage', 'help', 'stabilize', 'pick-up'];

export interface FighterSpec {
  readonly name: string;
  readonly side: number;
  readonly creature: CreatureInput;
  readonly weapon: WeaponInput;
  /** Index into POLICIES: the fighter's policy, or for a searching fighter its play-outs' (tactical). */
  readonly policy: number;
  /** Plays `policy: search` (src/games/search.ts). */
  readonly search?: boolean;
}

export interface FightSpec {
  readonly fighters: readonly FighterSpec[];
  readonly knobs: D20Knobs;
  readonly maxRounds: number;
  /** The search budget, set when a fighter plays `policy: search`. */
  readonly search?: SearchBudget;
}

export interface Declared {
  act: number;
  target: number;
  /** The target was already down when declared: the attack means to finish it. */
  finish: boolean;
}

export class Creature {
  hp = 0;
  state = STANDING;
  fatigue = 0;
  supply = 0;
  dodging = false;
  edgeNext = false;
  dropped = false;
  oaUsed = false;
  wakeNext = false;
  /** Rolled a 4 while dying: takes one action this phase, then dies. */
  heroic = false;
  /** Dashed away from the melee: melee foes must chase (Dash) before they can attack it. */
  away = false;
  readonly melee: boolean;
  /** spec.side, at hand. */
  readonly side: number;
  readonly hitDie: number;
  readonly conSave: number;

  constructor(readonly spec: FighterSpec, readonly index: number) {
    this.melee = spec.weapon.kind === 'melee';
    this.side = spec.side;
    this.hitDie = Number(spec.creature.hitDie.slice(1));
    this.conSave = spec.creature.con + (spec.creature.proficientSaves.includes('con') ? spec.creature.pb : 0);
  }

  reset(): void {
    const c = this.spec.creature;
    this.hp = c.hp;
    this.state = STANDING;
    this.fatigue = c.fatigue;
    this.supply = c.supply;
    this.dodging = false;
    this.edgeNext = false;
    this.dropped = false;
    this.oaUsed = false;
    this.wakeNext = false;
    this.heroic = false;
    this.away = false;
  }

  /** Takes o's state (a clone of a fight; o is the same fighter). */
  copyFrom(o: Creature): void {
    this.hp = o.hp;
    this.state = o.state;
    this.fatigue = o.fatigue;
    this.supply = o.supply;
    this.dodging = o.dodging;
    this.edgeNext = o.edgeNext;
    this.dropped = o.dropped;
    this.oaUsed = o.oaUsed;
    this.wakeNext = o.wakeNext;
    this.heroic = o.heroic;
    this.away = o.away;
  }

  /** Standing, or taking its heroic action. */
  get acts(): boolean {
    return this.state === STANDING || this.heroic;
  }

  /** Dying or stable: at 0 HP but not yet dead. */
  get down(): boolean {
    return this.state === DYING || this.state === STABLE;
  }
}
