/**
 * One skirmish duel (rules.md 1.8): rounds of activations of 2 actions, initiative, a distance
 * between the two fighters, every action of seeds 000 and 002 a duel can use, Ranged Reactions,
 * wound states, and a draw after maxRounds. The Duel object is built once per task and reused
 * for every duel (no allocation per duel once its attack tables exist).
 */
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED, type Loadout } from '../profile.js';
import { UNARMED as UNARMED_WEAPON } from '../resolve.js';
import { checkFace } from '../sequence.js';
import { DODGE_MOVED, SHOVE_MOVED } from '../spec.js';
import type { DuelDice } from './dice.js';
import { decide } from './policies.js';
import { AttackCache, weaponInfo, type DuelSpec, type WeaponInfo } from './setup.js';

/** Action codes (small integers: policies return them, perform() dispatches on them). */
export const Action = {
  None: 0, MoveToward: 1, MoveAway: 2, Charge: 3, Melee: 4, Ranged: 5, Cast: 6, Aim: 7, Brace: 8, Retreat: 9,
  Hide: 10, MercyKill: 11, Recover: 12, CrawlAway: 13,
} as const;
export type Action = (typeof Action)[keyof typeof Action];

/** One fighter's profile numbers and its state during a duel. */
export class Fighter {
  readonly movement: number;
  readonly skillFace: number;
  readonly wounds: number;
  readonly casting: number;
  readonly weapons: readonly WeaponInfo[];
  /** Index of the weapon used for Melee (the first melee weapon), or -1: unarmed is appended. */
  readonly melee: number;
  /** Index of the first Ranged or Cast weapon, or -1. */
  readonly shooting: number;
  state = ACTIVE;
  woundsLeft = 0;
  primary = 0;
  braced = 0;
  aimed = 0;
  moved = false;
  firedThisActivation = false;
  hidden = false;

  constructor(readonly loadout: Loadout, readonly policy: number, spec: DuelSpec) {
    const f = loadout.fighter;
    this.movement = f.movement;
    this.skillFace = checkFace(f.skill);
    this.wounds = f.wounds;
    this.casting = f.casting ?? 0;
    this.weapons = loadout.weapons.map((w) => weaponInfo(w, spec.knobs));
    this.melee = this.weapons.findIndex((w) => w.kind === 'melee');
    this.shooting = this.weapons.findIndex((w) => w.kind !== 'melee');
  }

  reset(): void {
    this.state = ACTIVE;
    this.woundsLeft = this.wounds;
    this.primary = 0;
    this.braced = 0;
    this.aimed = 0;
    this.moved = false;
    this.firedThisActivation = false;
    this.hidden = false;
  }
}

export interface DuelResult {
  /** 0 = a won, 1 = b won, 2 = draw (maxRounds reached). */
  readonly winner: number;
  readonly rounds: number;
}

export const ENGAGEMENT = 1;
/** Hidden fighters cannot be targeted by Ranged or Cast attacks beyond this. */
export const HIDDEN_RANGE = 6;

export class Duel {
  readonly fighters: readonly [Fighter, Fighter];
  /** attacks[s]: side s attacking the other side. */
  private readonly attacks: readonly [AttackCache, AttackCache];
  distance = 0;
  round = 0;
  /** Actions left in the current activation (a policy reads it to plan Aim). */
  actionsLeft = 0;
  over = false;

  constructor(readonly spec: DuelSpec, private readonly dice: DuelDice) {
    const { a, b } = withUnarmed(spec);
    this.fighters = [new Fighter(a, spec.policies[0], spec), new Fighter(b, spec.policies[1], spec)];
    this.attacks = [
      new AttackCache(a, b, spec.knobs, spec.settings.cover),
      new AttackCache(b, a, spec.knobs, spec.settings.cover),
    ];
  }

  /** Plays one duel to the end. */
  play(): DuelResult {
    this.fighters[0].reset();
    this.fighters[1].reset();
    this.distance = this.spec.settings.distance;
    this.over = false;
    const maxRounds = this.spec.settings.maxRounds;
    for (this.round = 1; this.round <= maxRounds; this.round++) {
      const first = this.initiative();
      if (first >= 0) {
        this.activate(first);
        if (!this.over) this.activate(1 - first);
      }
      if (this.over) return { winner: this.fighters[0].state === OUT_OF_ACTION ? 1 : 0, rounds: this.round };
    }
    this.round = maxRounds;
    return { winner: 2, rounds: maxRounds };
  }

  /** Whether side s activates this round: Active or Downed (Stunned too with knob stunnedActs). */
  activates(s: number): boolean {
    const st = this.fighters[s]!.state;
    return st === ACTIVE || st === DOWNED || (st === STUNNED && this.spec.knobs.stunnedActs);
  }

  /**
   * The side that activates first, or -1 if neither activates. The side with fewer activations
   * has initiative; equal counts use the knob (default a d6 roll-off, ties rerolled).
   */
  initiative(): number {
    const a = this.activates(0);
    const b = this.activates(1);
    if (!a && !b) return -1;
    if (a !== b) return a ? 0 : 1;
    switch (this.spec.knobs.initiative) {
      case 'a':
        return 0;
      case 'b':
        return 1;
      case 'alternate':
        return (this.round - 1) % 2;
      default:
        for (let guard = 0; guard < 1000; guard++) {
          const ra = this.dice.d6();
          const rb = this.dice.d6();
          if (ra !== rb) return ra > rb ? 0 : 1;
        }
        return 0;
    }
  }

  /** One activation of side s: 2 actions (a Recover of 6 adds one). */
  activate(s: number): void {
    const f = this.fighters[s]!;
    if (!this.activates(s)) return;
    f.braced = 0;
    f.aimed = 0;
    f.moved = false;
    f.firedThisActivation = false;
    this.actionsLeft = 2;
    while (this.actionsLeft > 0 && !this.over && this.activates(s)) {
      this.actionsLeft--;
      this.perform(s, decide(this, s, false), false);
    }
  }

  /** Performs one action of side s (an action of its activation, or a reaction). */
  perform(s: number, action: Action, reaction: boolean): void {
    const f = this.fighters[s]!;
    switch (action) {
      case Action.MoveToward:
        this.moveBy(s, -f.movement);
        f.moved = true;
        break;
      case Action.MoveAway:
        this.moveBy(s, f.movement);
        f.moved = true;
        break;
      case Action.Charge:
        this.charge(s);
        break;
      case Action.Melee:
        if (this.distance <= ENGAGEMENT) this.attack(s, f.melee, 0, false);
        break;
      case Action.Ranged:
      case Action.Cast:
        this.shoot(s, f.shooting, reaction);
        break;
      case Action.Aim:
        f.aimed = 1;
        break;
      case Action.Brace:
        f.braced = 1;
        break;
      case Action.Retreat:
        this.retreat(s);
        break;
      case Action.Hide:
        if (this.spec.settings.terrain && !f.firedThisActivation) f.hidden = true;
        break;
      case Action.MercyKill:
        this.mercyKill(s);
        break;
      case Action.Recover:
        this.recover(s);
        break;
      case Action.CrawlAway:
        if (f.state === DOWNED || (f.state === STUNNED && this.spec.knobs.stunnedActs)) this.distance += Math.ceil(f.movement / 2);
        break;
      default:
        break;
    }
  }

  /** Move: up to Movement toward (negative) or away; a fighter cannot end on the other's base. */
  moveBy(s: number, inches: number): void {
    this.distance = Math.max(0, this.distance + inches);
    const f = this.fighters[s]!;
    if (f.hidden && this.distance <= HIDDEN_RANGE) f.hidden = false;
  }

  canCharge(s: number): boolean {
    return this.distance - this.fighters[s]!.movement <= ENGAGEMENT;
  }

  /** Charge: up to Movement, ending in base contact; only when it can end within 1". */
  charge(s: number): void {
    const f = this.fighters[s]!;
    if (!this.canCharge(s)) return;
    this.distance = 0;
    f.moved = true;
    f.hidden = false;
  }

  /** Whether side s may shoot its ranged weapon or spell now (range, Hidden, heavy). */
  canShoot(s: number): boolean {
    const f = this.fighters[s]!;
    const w = f.weapons[f.shooting];
    if (w === undefined) return false;
    const enemy = this.fighters[1 - s]!;
    if (this.distance < w.min || this.distance > w.max) return false;
    if (enemy.hidden && this.distance > HIDDEN_RANGE) return false;
    return !(w.heavy && f.moved);
  }

  /** A Ranged Attack Action (primer roll first for firearms) or a Cast action, then the target's Ranged Reaction. */
  shoot(s: number, weapon: number, reaction: boolean): void {
    const f = this.fighters[s]!;
    const w = f.weapons[weapon];
    if (w === undefined || !this.canShoot(s)) return;
    f.hidden = false;
    f.firedThisActivation = true;
    if (w.kind === 'cast') {
      this.cast(s, weapon, w);
      return;
    }
    const aim = f.aimed;
    f.aimed = 0;
    if (!w.firearm || this.dice.d6() >= w.primer) this.attack(s, weapon, aim, false);
    else f.primary = weapon;
    // Ranged Reaction: the target, if neither Downed nor Out of Action (nor Stunned), acts at once.
    const t = 1 - s;
    if (!reaction && !this.over && this.fighters[t]!.state === ACTIVE) this.perform(t, decide(this, t, true), true);
  }

  /** Casting Roll: 2d6 + casting; double 1s is a mishap (backlash), below the difficulty fizzles. */
  cast(s: number, weapon: number, w: WeaponInfo): void {
    const f = this.fighters[s]!;
    const r1 = this.dice.d6();
    const r2 = this.dice.d6();
    f.primary = weapon;
    if (r1 === 1 && r2 === 1) {
      this.wound(s, w.backlash, false);
      return;
    }
    if (r1 + r2 + f.casting < w.difficulty) return;
    this.attack(s, weapon, 0, false);
  }

  /**
   * One Attack Sequence by side s with a weapon (-1: unarmed, the last entry of the loadout).
   * Mercy Kill on a Downed target: any unblocked hit takes it Out of Action.
   */
  attack(s: number, weapon: number, aim: number, mercy: boolean): void {
    const f = this.fighters[s]!;
    const t = 1 - s;
    const target = this.fighters[t]!;
    const w = weapon < 0 ? f.loadout.weapons.length - 1 : weapon;
    f.primary = w;
    f.hidden = false;
    const defState = target.state === ACTIVE ? 0 : target.state === DOWNED ? 1 : 2;
    const entry = this.attacks[s as 0 | 1].get(w, target.primary, aim, target.braced, defState);
    const code = this.dice.attack(entry);
    const unblocked = code >> 2;
    if (mercy) {
      if (unblocked >= 1) this.takeOut(t);
      return;
    }
    this.wound(t, unblocked, entry.spec.impact);
    if (target.state === ACTIVE) {
      if (code & DODGE_MOVED) this.distance += 2;
      if (code & SHOVE_MOVED) this.distance += 2;
    }
  }

  /** Applies unblocked hits to side t (rules.md 1.7), ending the duel at Out of Action. */
  wound(t: number, unblocked: number, impact: boolean): void {
    if (unblocked <= 0) return;
    const f = this.fighters[t]!;
    const step = this.spec.knobs.stepPerHit;
    if (f.state === ACTIVE) {
      if (unblocked < f.woundsLeft) {
        f.woundsLeft -= unblocked;
        return;
      }
      const excess = unblocked - f.woundsLeft;
      f.woundsLeft = 0;
      let next = impact ? STUNNED : DOWNED;
      if (excess > 0) next = step ? Math.max(next, DOWNED + excess) : Math.max(next, STUNNED);
      f.state = Math.min(next, OUT_OF_ACTION);
    } else {
      f.state = Math.min(f.state + (step ? unblocked : 1), OUT_OF_ACTION);
    }
    if (f.state !== ACTIVE) f.hidden = false;
    if (f.state === OUT_OF_ACTION) this.over = true;
  }

  takeOut(t: number): void {
    this.fighters[t]!.state = OUT_OF_ACTION;
    this.over = true;
  }

  /** Retreat: a Skill check; on a fail the enemy gets a free Melee attack; then, if Active, move away. */
  retreat(s: number): void {
    const f = this.fighters[s]!;
    if (this.distance > ENGAGEMENT) return;
    const face = this.dice.d6();
    const passed = face !== 1 && (face === 6 || face >= f.skillFace);
    const enemy = this.fighters[1 - s]!;
    if (!passed && enemy.state === ACTIVE) this.attack(1 - s, enemy.melee, 0, false);
    if (!this.over && f.state === ACTIVE) this.moveBy(s, f.movement);
  }

  /** Mercy Kill: a Stunned enemy within 1" goes Out of Action; a Downed one takes a Melee attack. */
  mercyKill(s: number): void {
    const t = 1 - s;
    const target = this.fighters[t]!;
    if (this.distance > ENGAGEMENT) return;
    if (target.state === STUNNED) this.takeOut(t);
    else if (target.state === DOWNED) this.attack(s, this.fighters[s]!.melee, 0, true);
  }

  /** Recover (Downed): 1 Stunned; 2-3 stays Downed; 4-5 Active with 1 Wound; 6 also one more action. */
  recover(s: number): void {
    const f = this.fighters[s]!;
    if (f.state !== DOWNED) return;
    const r = this.dice.d6();
    if (r === 1) f.state = STUNNED;
    else if (r >= 4) {
      f.state = ACTIVE;
      f.woundsLeft = 1;
      if (r === 6) this.actionsLeft++;
    }
  }
}

/** Every loadout gets bare hands as its last weapon, for Melee without a melee weapon. */
function withUnarmed(spec: DuelSpec): { a: Loadout; b: Loadout } {
  const add = (l: Loadout): Loadout => ({ ...l, weapons: [...l.weapons, UNARMED_WEAPON] });
  return { a: add(spec.a), b: add(spec.b) };
}
