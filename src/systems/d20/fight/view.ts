/** What a d20 fight policy may read (policies.ts, tactical.ts): the fight, never its internals; and the helpers they share. */
import { Act, DYING, STANDING, type Creature, type Declared } from '../creature.js';
import type { AttackOdds } from './odds.js';

export interface FightView {
  readonly creatures: readonly Creature[];
  readonly declared: readonly Declared[];
  adjacent(i: number, j: number): boolean;
  /** Standing foes of c within its melee reach. */
  engagedFoes(c: Creature): number;
  /** A die for policies that pick at random. */
  roll(sides: number): number;
  /** Whether creature j declares an Action in the open phase (its side's, standing or heroic). */
  declares(j: number): boolean;
  /** Whether f would make an opportunity attack on c if c left its reach now. */
  mayOpportunityAttack(f: Creature, c: Creature): boolean;
  /** What a's attack on t is worth with Edge (+1), neither (0) or Setback (-1). */
  odds(a: number, t: number, edge: number): AttackOdds;
  /** The expected damage of one attack of c, averaged over the opposing side. */
  threat(c: number): number;
  /** The open phase's number (phases are numbered from 1 in each fight). */
  readonly phaseNo: number;
  readonly plan: PhasePlan;
}

/**
 * What the declarations of the open phase so far promise, per creature: the chance it still stands
 * and the HP it has left when the next declarer's attack resolves (tactical.ts keeps it). Valid for
 * phase `phase`, with the declarations of creatures below index `folded` counted.
 */
export class PhasePlan {
  phase = -1;
  folded = 0;
  readonly standing: Float64Array;
  readonly hp: Int32Array;

  constructor(n: number) {
    this.standing = new Float64Array(n);
    this.hp = new Int32Array(n);
  }
}

/** A foe c can attack this turn: standing, and within reach of one move unless it got away (melee). */
export function reachable(c: Creature, o: Creature): boolean {
  return o.spec.side !== c.spec.side && o.state === STANDING && (!c.melee || !o.away);
}

/** A dying ally no earlier hero of this phase has declared Stabilize on (declaring first is meant to coordinate). */
export function unclaimedDying(v: FightView, c: Creature, skip = 0): number {
  for (const o of v.creatures) {
    // A creature taking its heroic action is already dead once it has acted: no Supply is spent on it.
    if (o.spec.side !== c.spec.side || o.state !== DYING || o.heroic || o === c || claimed(v, c, o)) continue;
    if (skip-- === 0) return o.index;
  }
  return -1;
}

function claimed(v: FightView, c: Creature, o: Creature): boolean {
  for (let j = 0; j < c.index; j++) {
    const d = v.declared[j]!;
    if (d.act === Act.Stabilize && d.target === o.index) return true;
  }
  return false;
}

/** The Edge of a's attack on t as the engine rolls it: +1 with Help's Edge, -1 against a dodging target. */
export function edgeOf(a: Creature, t: Creature): number {
  return (a.edgeNext ? 1 : 0) - (t.dodging ? 1 : 0);
}
