/** One duel fighter: its profile numbers (fixed) and its state during a duel (reset per duel). */
import { ACTIVE, type Loadout } from '../profile.js';
import { checkFace } from '../sequence.js';
import type { FighterView } from './actions.js';
import { weaponInfo, type DuelSpec, type WeaponInfo } from './setup.js';

export class Fighter implements FighterView {
  readonly name: string;
  readonly movement: number;
  readonly skillFace: number;
  readonly wounds: number;
  readonly casting: number;
  readonly weapons: readonly WeaponInfo[];
  /** Index of the weapon used for Melee (the first melee weapon), or -1: unarmed is appended. */
  readonly melee: number;
  /** Index of the first Ranged or Cast weapon, or -1. */
  readonly shooting: number;
  /** How many Ranged and Cast weapons it carries. */
  readonly shooters: number;
  /** Keyword `gunslinger`: one Ranged action fires every Ranged weapon that can (seed 002). */
  readonly gunslinger: boolean;
  state = ACTIVE;
  woundsLeft = 0;
  primary = 0;
  braced = 0;
  aimed = 0;
  moved = false;
  rangedThisActivation = false;
  hidden = false;

  constructor(readonly loadout: Loadout, readonly policy: number, spec: DuelSpec) {
    const f = loadout.fighter;
    this.name = loadout.name;
    this.movement = f.movement;
    this.skillFace = checkFace(f.skill);
    this.wounds = f.wounds;
    this.casting = f.casting ?? 0;
    this.weapons = loadout.weapons.map((w) => weaponInfo(w, spec.knobs));
    this.melee = this.weapons.findIndex((w) => w.kind === 'melee');
    this.shooting = this.weapons.findIndex((w) => w.kind !== 'melee');
    this.shooters = this.weapons.filter((w) => w.kind !== 'melee').length;
    this.gunslinger = f.keywords.some((k) => k.toLowerCase() === 'gunslinger');
  }

  reset(): void {
    this.state = ACTIVE;
    this.woundsLeft = this.wounds;
    this.primary = 0;
    this.braced = 0;
    this.aimed = 0;
    this.moved = false;
    this.rangedThisActivation = false;
    this.hidden = false;
  }
}
