/** One duelist's state in an exchange duel (seed 001): dice pools, Vitality, Conditions; and the policy it plays. */
import type { ExchangeLoadout } from './compile.js';
import { isRanged, strikeRating } from './rules.js';

/**
 * Policies: `all-in` (no reserve), `guard-first` (reserve 2, Full Guard before Clash), `reserve-N`
 * (keep N Ready AD for responses); `+keep-magic` makes Wounds take Ready AD before Ready MD.
 */
export interface ExchangePolicy {
  readonly reserve: number;
  readonly guardFirst: boolean;
  /** Wounds take Ready AD before Ready MD (the character will use its MD); default: MD first (a duel casts nothing). */
  readonly keepMagic: boolean;
}

export function parsePolicy(name: string): ExchangePolicy {
  const keepMagic = name.endsWith('+keep-magic');
  const base = keepMagic ? name.slice(0, -'+keep-magic'.length) : name;
  if (base === 'all-in') return { reserve: 0, guardFirst: false, keepMagic };
  if (base === 'guard-first') return { reserve: 2, guardFirst: true, keepMagic };
  const m = /^reserve-(\d+)$/.exec(base);
  return { reserve: m ? Number(m[1]) : 0, guardFirst: false, keepMagic };
}

export type Condition = 'slowed' | 'reeling' | 'prone' | 'stunned';

export interface ExchangeDuelSide {
  readonly loadout: ExchangeLoadout;
  readonly policy: ExchangePolicy;
  /** Conditions at the start of the duel: Slowed and Stunned last all duel, Reeling to the end of the first own turn, Prone until the character stands. */
  readonly conditions: readonly Condition[];
}

export class Character {
  vit = 0;
  ready = 0;
  readyMagic = 0;
  used = 0;
  wounded = 0;
  broke = false;
  belowHalf = false;
  lingering = 0;
  lingeringTurns = 0;
  /** Own turn ends still to pass before Reeling ends (0: not Reeling). */
  reelingTurns = 0;
  prone = false;
  readonly maxVit: number;
  readonly actionDice: number;
  readonly strike: number;
  readonly ranged: boolean;
  readonly attackSkill: number;
  readonly slowed: boolean;
  readonly stunned: boolean;
  readonly soak: number;
  readonly base: number;
  /** Hit Margin from which this character's clean hits inflict Reeling / Prone (0: never). */
  readonly inflictsReeling: number;
  readonly inflictsProne: number;

  constructor(readonly side: ExchangeDuelSide, readonly index: number) {
    const c = side.loadout.character;
    const w = side.loadout.weapon;
    this.maxVit = c.vitality;
    this.actionDice = c.actionDice ?? c.vitality;
    this.strike = strikeRating(c, w);
    this.ranged = isRanged(w);
    this.attackSkill = this.ranged ? c.ranged : c.melee;
    this.slowed = side.conditions.includes('slowed');
    this.stunned = side.conditions.includes('stunned');
    this.soak = side.loadout.soak;
    this.base = w.baseAttackCost;
    this.inflictsReeling = w.inflicts?.reeling?.margin ?? 0;
    this.inflictsProne = w.inflicts?.prone?.margin ?? 0;
  }

  reset(): void {
    this.vit = this.maxVit;
    this.ready = this.actionDice;
    this.readyMagic = this.side.loadout.character.magicDice;
    this.used = 0;
    this.wounded = 0;
    this.broke = false;
    this.belowHalf = false;
    this.lingering = 0;
    this.lingeringTurns = 0;
    this.reelingTurns = this.side.conditions.includes('reeling') ? 1 : 0;
    this.prone = this.side.conditions.includes('prone');
  }

  /** Reeling, or Stunned: Disadvantage on attacks, Full Guard and Clash (the same rolls in a duel). */
  get disadvantaged(): boolean {
    return this.reelingTurns > 0 || this.stunned;
  }

  /** Slowed doubles every AD payment. */
  cost(base: number): number {
    return this.slowed ? base * 2 : base;
  }

  /** The most Boost `spare` Ready AD pay for (Slowed: 2 AD per Boost die). */
  boostFor(spare: number): number {
    return Math.floor(spare / (this.slowed ? 2 : 1));
  }

  pay(amount: number): void {
    this.ready -= amount;
    this.used += amount;
  }

  get out(): boolean {
    return this.vit <= 0 || this.broke;
  }

  /** A word for traces: collapsed, broke, or active with its Conditions. */
  stateWord(): string {
    if (this.vit <= 0) return 'collapsed';
    if (this.broke) return 'broke';
    let s = 'active';
    if (this.reelingTurns > 0) s += ' reeling';
    if (this.prone) s += ' prone';
    if (this.slowed) s += ' slowed';
    if (this.stunned) s += ' stunned';
    return s;
  }
}
