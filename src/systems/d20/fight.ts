/**
 * A d20 fight, a party of heroes against a group (seed 003, rules.md 3.3-3.4): first contact,
 * side phases with actions declared before any is resolved, one Action per creature (Attack,
 * Dodge, Dash, Disengage, Help, Stabilize), opportunity attacks when a melee creature leaves a
 * foe's reach, and Death & Dying for heroes (and for enemies with the knob enemiesRollDeath).
 */
import type { Dice } from '../../dice/dice.js';
import { compileD20Attack, MISS, rollD20Attack, type D20AttackSpec, type D20Knobs } from './rules.js';
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

export const FOCUS_WEAKEST = 0;
export const RANDOM = 1;
export const DODGE_WHEN_LOW = 2;
export const SUPPORT = 3;

export const Act = { None: 0, Attack: 1, Dodge: 2, Dash: 3, Disengage: 4, Help: 5, Stabilize: 6, PickUp: 7 } as const;

export interface FighterSpec {
  readonly name: string;
  readonly side: number;
  readonly creature: CreatureInput;
  readonly weapon: WeaponInput;
  readonly policy: number;
}

export interface FightSpec {
  readonly fighters: readonly FighterSpec[];
  readonly knobs: D20Knobs;
  readonly maxRounds: number;
}

export const FIRST_CONTACT_DC = 12;
export const CON_SAVE_DC = 12;

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
  /** Index of the foe this creature is in melee with, or -1. */
  engaged = -1;
  readonly melee: boolean;
  readonly hitDie: number;
  readonly conSave: number;

  constructor(readonly spec: FighterSpec, readonly index: number) {
    this.melee = spec.weapon.kind === 'melee';
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
    this.engaged = -1;
  }
}

export interface FightResult {
  /** 0 heroes won, 1 enemies won, 2 draw. */
  readonly winner: number;
  readonly rounds: number;
}

interface Declared {
  act: number;
  target: number;
}

export class Fight {
  readonly creatures: readonly Creature[];
  /** specs[attacker][target][edge + 1] */
  private readonly specs: (D20AttackSpec | undefined)[][][];
  private readonly declared: Declared[];
  round = 0;
  over = false;

  constructor(readonly spec: FightSpec, private readonly dice: Dice) {
    this.creatures = spec.fighters.map((f, i) => new Creature(f, i));
    this.specs = spec.fighters.map(() => spec.fighters.map(() => [undefined, undefined, undefined]));
    this.declared = spec.fighters.map(() => ({ act: Act.None, target: -1 }));
  }

  attackSpec(a: number, t: number, edge: number): D20AttackSpec {
    const row = this.specs[a]![t]!;
    let s = row[edge + 1];
    if (s === undefined) {
      const fa = this.spec.fighters[a]!;
      const ft = this.spec.fighters[t]!;
      s = compileD20Attack(fa.creature, fa.weapon, ft.creature, { edge: edge > 0 ? 'edge' : edge < 0 ? 'setback' : 'none' }, this.spec.knobs);
      row[edge + 1] = s;
    }
    return s;
  }

  reset(): void {
    for (const c of this.creatures) c.reset();
    this.over = false;
    this.round = 0;
  }

  standing(side: number): number {
    let n = 0;
    for (const c of this.creatures) if (c.spec.side === side && c.state === STANDING) n++;
    return n;
  }

  private checkOver(): void {
    if (this.standing(HEROES) === 0 || this.standing(ENEMIES) === 0) this.over = true;
  }

  play(): FightResult {
    this.reset();
    // First contact: heroes who pass d20 + DEX vs DC 12 act before anyone else.
    const passed: boolean[] = this.creatures.map((c) => c.spec.side === HEROES && this.dice.roll(20) + c.spec.creature.dex >= FIRST_CONTACT_DC);
    this.round = 1;
    if (passed.some((p) => p)) this.phase(HEROES, passed);
    for (this.round = 1; this.round <= this.spec.maxRounds && !this.over; this.round++) {
      for (const c of this.creatures) c.oaUsed = false;
      this.phase(ENEMIES, null);
      if (!this.over) this.phase(HEROES, null);
      if (this.over) return this.result(this.round);
    }
    if (this.over) return this.result(Math.min(this.round, this.spec.maxRounds));
    return { winner: 2, rounds: this.spec.maxRounds };
  }

  private result(rounds: number): FightResult {
    return { winner: this.standing(HEROES) > 0 ? 0 : 1, rounds };
  }

  /** One side's phase: start-of-turn effects, then every action declared, then resolved in order. */
  phase(side: number, only: readonly boolean[] | null): void {
    const heroic: boolean[] = [];
    for (const c of this.creatures) {
      if (c.spec.side !== side || (only && !only[c.index])) continue;
      heroic[c.index] = this.startTurn(c);
    }
    for (const c of this.creatures) {
      const d = this.declared[c.index]!;
      d.act = Act.None;
      if (c.spec.side !== side || (only && !only[c.index])) continue;
      if (c.state !== STANDING && !heroic[c.index]) continue;
      this.declare(c, d);
    }
    for (const c of this.creatures) {
      if (this.over) break;
      const d = this.declared[c.index]!;
      if (d.act === Act.None) continue;
      if (c.state !== STANDING && !heroic[c.index]) continue;
      this.resolve(c, d);
    }
    for (const c of this.creatures) {
      if (heroic[c.index]) {
        c.state = DEAD;
        c.hp = 0;
      }
    }
    this.checkOver();
  }

  /** Start of a creature's turn: Dodge ends; a stable creature wakes; a dying one rolls. Returns true for a heroic action. */
  startTurn(c: Creature): boolean {
    c.dodging = false;
    if (c.state === STABLE && c.wakeNext) {
      c.wakeNext = false;
      this.getUp(c, 1);
      return false;
    }
    if (c.state !== DYING) return false;
    const roll = this.dice.roll(6) + this.dice.roll(6) - c.fatigue;
    if (roll >= 11) {
      const hitDie = this.dice.roll(c.hitDie);
      this.getUp(c, Math.max(1, c.spec.creature.con, hitDie));
    } else if (roll === 10) {
      c.state = STABLE;
      c.wakeNext = true;
    } else if (roll === 4) {
      return true;
    } else if (roll <= 3) {
      c.state = DEAD;
    }
    return false;
  }

  /** Back up from 0 HP: a CON save (DC 12, minus Fatigue) or gain 1 Fatigue. */
  getUp(c: Creature, hp: number): void {
    c.state = STANDING;
    c.hp = hp;
    if (this.dice.roll(20) + c.conSave - c.fatigue < CON_SAVE_DC) c.fatigue++;
  }

  declare(c: Creature, d: Declared): void {
    if (c.dropped) {
      d.act = Act.PickUp;
      return;
    }
    const side = c.spec.side;
    if (side === HEROES && c.supply > 0) {
      const dying = this.creatures.findIndex((o) => o.spec.side === side && o.state === DYING && o !== c);
      if (dying >= 0) {
        d.act = Act.Stabilize;
        d.target = dying;
        return;
      }
    }
    const p = c.spec.policy;
    if (p === DODGE_WHEN_LOW && c.hp * 2 < c.spec.creature.hp) {
      d.act = Act.Dodge;
      return;
    }
    if (p === SUPPORT) {
      const ally = this.creatures.findIndex((o) => o.spec.side === side && o.state === STANDING && o !== c);
      if (ally >= 0) {
        d.act = Act.Help;
        d.target = ally;
        return;
      }
    }
    d.act = Act.Attack;
    d.target = p === RANDOM ? this.randomFoe(c) : this.weakestFoe(c);
    if (d.target < 0) d.act = Act.None;
  }

  weakestFoe(c: Creature): number {
    let best = -1;
    for (const o of this.creatures) {
      if (o.spec.side === c.spec.side || o.state !== STANDING) continue;
      if (best < 0 || o.hp < this.creatures[best]!.hp) best = o.index;
    }
    return best;
  }

  randomFoe(c: Creature): number {
    const n = this.standing(1 - c.spec.side);
    if (n === 0) return -1;
    let k = n === 1 ? 1 : this.dice.roll(n);
    for (const o of this.creatures) {
      if (o.spec.side !== c.spec.side && o.state === STANDING && --k === 0) return o.index;
    }
    return -1;
  }

  resolve(c: Creature, d: Declared): void {
    switch (d.act) {
      case Act.PickUp:
        c.dropped = false;
        return;
      case Act.Dodge:
        c.dodging = true;
        return;
      case Act.Dash:
      case Act.Disengage:
        this.leaveMelee(c, d.act === Act.Dash);
        return;
      case Act.Help: {
        const ally = this.creatures[d.target]!;
        if (ally.state === STANDING) ally.edgeNext = true;
        return;
      }
      case Act.Stabilize: {
        const ally = this.creatures[d.target]!;
        if (ally.state === DYING && c.supply > 0) {
          c.supply--;
          ally.state = STABLE;
          ally.wakeNext = true;
        }
        return;
      }
      case Act.Attack: {
        const target = this.creatures[d.target]!;
        // Declared before anything resolved: a target that has already fallen wastes the attack.
        if (target.state !== STANDING) return;
        if (c.melee && c.engaged !== d.target) this.moveTo(c, target);
        if (c.state !== STANDING || this.over) return;
        this.attack(c, target);
        return;
      }
      default:
        return;
    }
  }

  /** A melee creature steps to a new foe: every foe whose reach it leaves may make an opportunity attack. */
  moveTo(c: Creature, target: Creature): void {
    this.leaveMelee(c, true);
    c.engaged = target.index;
    if (target.engaged < 0) target.engaged = c.index;
  }

  /** Leaves the reach of the foes in melee with c; provokes opportunity attacks unless disengaging. */
  leaveMelee(c: Creature, provokes: boolean): void {
    for (const f of this.creatures) {
      if (f.spec.side === c.spec.side || f.state !== STANDING) continue;
      const adjacent = f.engaged === c.index || c.engaged === f.index;
      if (!adjacent) continue;
      // No opportunity attack when already in melee with another creature, or after one this round.
      if (provokes && f.melee && !f.oaUsed && (f.engaged === c.index || f.engaged < 0) && c.state === STANDING) {
        f.oaUsed = true;
        this.attack(f, c);
      }
      if (f.engaged === c.index) f.engaged = -1;
    }
    c.engaged = -1;
  }

  attack(a: Creature, t: Creature): void {
    const edge = (a.edgeNext ? 1 : 0) - (t.dodging ? 1 : 0);
    a.edgeNext = false;
    const spec = this.attackSpec(a.index, t.index, edge);
    const r = rollD20Attack(this.dice, spec);
    if (r.kind === MISS) {
      if (r.natural === 1 && this.spec.knobs.fumble === 'miss-and-drop-weapon') a.dropped = true;
      return;
    }
    this.damage(t, r.damage);
  }

  damage(t: Creature, amount: number): void {
    if (amount <= 0 || t.state !== STANDING) return;
    t.hp -= amount;
    if (t.hp > 0) return;
    t.hp = 0;
    t.engaged = -1;
    for (const o of this.creatures) if (o.engaged === t.index) o.engaged = -1;
    const rolls = t.spec.side === HEROES || this.spec.knobs.enemiesRollDeath;
    t.state = rolls ? DYING : OUT;
    this.checkOver();
  }
}

