/**
 * `tactical`, the default d20 player (docs/rules/d20.md lists it as a decision list). Read from the
 * traces of the named policies: every creature of a side declared the same weakest foe, so the
 * second, third and fourth attacks fell on a creature already down; the hero who stabilized a
 * dying ally was often the party's best attacker; melee creatures walked out of a foe's reach to
 * a weaker one and took the opportunity attack. This player instead
 * - values an attack on a foe as the foe's threat (its expected damage per attack) times the share
 *   of its remaining HP the attack is expected to take, times the chance it is still standing when
 *   the attack resolves, given the attacks its side declared before it (declarations come first);
 * - subtracts, for a melee step out of reach, what the opportunity attacks it draws cost: each the
 *   share of its own HP expected lost times its own threat;
 * - leaves Stabilize to the allies whose attacks are worth least;
 * - never attacks a creature at 0 HP.
 * All in O(creatures) per foe, from tables built once per fight spec (odds.ts).
 */
import { Act, HEROES, STABLE, STANDING, type Creature, type Declared } from '../creature.js';
import { edgeOf, unclaimedDying, type FightView } from './view.js';

/** Declares c's Action by the tactical player. */
export function declareTactical(v: FightView, c: Creature, d: Declared): void {
  d.act = Act.None;
  d.target = -1;
  d.finish = false;
  if (c.heroic) {
    // The heroic action (an attack on a foe in reach): at 0 HP the step draws no opportunity attack.
    plan(v, c);
    d.target = bestTarget(v, c, false);
    if (d.target >= 0) d.act = Act.Attack;
    return;
  }
  if (c.dropped) {
    d.act = Act.PickUp;
    return;
  }
  if (c.spec.side === HEROES && c.supply > 0) {
    const dying = stabilizeTarget(v, c);
    if (dying >= 0) {
      d.act = Act.Stabilize;
      d.target = dying;
      return;
    }
  }
  plan(v, c);
  d.target = bestTarget(v, c, true);
  const finish = finishTarget(v, c, d.target < 0 ? 0 : targetValue(v, c, d.target, true));
  if (finish >= 0) {
    d.act = Act.Attack;
    d.target = finish;
    d.finish = true;
    return;
  }
  if (d.target >= 0) {
    d.act = Act.Attack;
    return;
  }
  // Every standing foe got away from a melee creature: chase the one most worth attacking next turn.
  let best = -1;
  let bestValue = -1;
  for (const o of v.creatures) {
    if (o.spec.side === c.spec.side || o.state !== STANDING) continue;
    const value = attackValue(v, c, o);
    if (value > bestValue) {
      best = o.index;
      bestValue = value;
    }
  }
  if (best >= 0) {
    d.act = Act.Dash;
    d.target = best;
  }
}

/** The standing foe in reach whose attack is worth most (moving: less what the step costs), or -1. */
export function bestTarget(v: FightView, c: Creature, stepCosts: boolean): number {
  const creatures = v.creatures;
  const standing = v.plan.standing;
  const hps = v.plan.hp;
  let best = -1;
  let bestValue = -Infinity;
  let step = -1;
  for (let i = 0; i !== creatures.length; ++i) {
    const o = creatures[i]!;
    if (o.side === c.side || o.state !== STANDING || (c.melee && o.away)) continue;
    const hp = hps[i]!;
    let value = (standing[i]! * v.threat(i) * v.odds(c.index, i, edgeOf(c, o)).dealt(hp)) / hp;
    if (stepCosts && c.melee && !v.adjacent(c.index, i)) {
      if (step < 0) step = stepCost(v, c);
      value -= step;
    }
    if (value > bestValue) {
      best = i;
      bestValue = value;
    }
  }
  return best;
}

/** bestTarget's value of c's attack on standing foe i (with the step's cost when stepCosts). */
function targetValue(v: FightView, c: Creature, i: number, stepCosts: boolean): number {
  const value = attackValue(v, c, v.creatures[i]!);
  return stepCosts && c.melee && !v.adjacent(c.index, i) ? value - stepCost(v, c) : value;
}

/** A later rise counts for this share of the foe's threat: it comes back rounds later, at a few HP. */
export const RISE_WEIGHT = 0.5;

/**
 * The chance a dying creature with `fatigue` gets back up before it dies, rolling 2d6 - Fatigue each
 * turn (11+: up; 10: stable, then up; 4 or less: dead, a 4 after its heroic action): up / (up + dead).
 */
export function riseChance(fatigue: number): number {
  let up = 0;
  let dead = 0;
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      const r = a + b - fatigue;
      if (r >= 10) up++;
      else if (r <= 4) dead++;
    }
  }
  return up + dead === 0 ? 0 : up / (up + dead);
}

/** A hero with Supply stands by dying o (heroes stabilize their dying): o will be stable, then up. */
function canBeStabilized(v: FightView, o: Creature): boolean {
  if (o.side !== HEROES) return false;
  for (const a of v.creatures) if (a.side === o.side && a !== o && a.state === STANDING && a.supply > 0) return true;
  return false;
}

/**
 * A foe at 0 HP (dying or stable) worth finishing more than `standingValue` (the best attack on a
 * standing foe), or -1: a hit kills it, which is worth the threat it would bring back when it gets
 * up (stable: surely; dying: riseChance), RISE_WEIGHT of it, by the chance no earlier declaration of
 * this phase killed it first; a melee step costs as for a standing foe.
 */
export function finishTarget(v: FightView, c: Creature, standingValue: number): number {
  let best = -1;
  let bestValue = standingValue;
  for (const o of v.creatures) {
    if (o.side === c.side || !o.down) continue;
    const rise = o.state === STABLE || canBeStabilized(v, o) ? 1 : riseChance(o.fatigue);
    let value = v.plan.standing[o.index]! * v.odds(c.index, o.index, edgeOf(c, o)).drops(1) * rise * RISE_WEIGHT * v.threat(o.index);
    if (c.melee && !v.adjacent(c.index, o.index)) value -= stepCost(v, c);
    if (value > bestValue) {
      best = o.index;
      bestValue = value;
    }
  }
  return best;
}

/**
 * What c's attack on o is worth: o's threat x the share of its HP left the attack is expected to
 * take x the chance o still stands when it resolves (plan(), which counts the attacks declared
 * before it). bestTarget() inlines it.
 */
export function attackValue(v: FightView, c: Creature, o: Creature): number {
  const hp = v.plan.hp[o.index]!;
  return (v.plan.standing[o.index]! * v.threat(o.index) * v.odds(c.index, o.index, edgeOf(c, o)).dealt(hp)) / hp;
}

/**
 * Brings the phase plan up to c's declaration: the attacks declared on each creature earlier in
 * this phase resolve before c's; each drops it with its chance from the HP left, or takes its
 * expected damage short of that (one number for the HP left: an approximation).
 */
export function plan(v: FightView, c: Creature): void {
  const plan = v.plan;
  if (plan.phase !== v.phaseNo) {
    plan.phase = v.phaseNo;
    plan.folded = 0;
    for (const o of v.creatures) {
      plan.standing[o.index] = 1;
      plan.hp[o.index] = o.hp;
    }
  }
  for (let j = plan.folded; j < c.index; ++j) {
    const d = v.declared[j]!;
    if (d.act !== Act.Attack) continue;
    const t = d.target;
    if (d.finish) {
      // Any hit kills a creature at 0 HP.
      plan.standing[t] = plan.standing[t]! * (1 - v.odds(j, t, edgeOf(v.creatures[j]!, v.creatures[t]!)).drops(1));
      continue;
    }
    const hp = plan.hp[t]!;
    const odds = v.odds(j, t, edgeOf(v.creatures[j]!, v.creatures[t]!));
    plan.standing[t] = plan.standing[t]! * (1 - odds.drops(hp));
    plan.hp[t] = Math.max(1, Math.round(hp - odds.chip(hp)));
  }
  if (c.index > plan.folded) plan.folded = c.index;
}

/** What stepping out of reach costs c: for each foe that would make an opportunity attack, its threat to c's HP in c's own threat. */
export function stepCost(v: FightView, c: Creature): number {
  let cost = 0;
  for (const f of v.creatures) {
    if (f.side === c.side || !v.adjacent(c.index, f.index) || !v.mayOpportunityAttack(f, c)) continue;
    cost += v.odds(f.index, c.index, edgeOf(f, c)).dealt(c.hp) / c.hp;
  }
  return cost * v.threat(c.index);
}

/**
 * The dying ally c stabilizes, or -1: each unclaimed dying ally goes to one of the allies still to
 * declare in this phase with Supply and a free hand, those whose attacks are worth least first.
 */
function stabilizeTarget(v: FightView, c: Creature): number {
  const first = unclaimedDying(v, c);
  if (first < 0) return -1;
  let dying = 1;
  while (unclaimedDying(v, c, dying) >= 0) dying++;
  // c's rank among the allies that could stabilize after it (ties: the earlier one).
  const mine = v.threat(c.index);
  let rank = 0;
  for (const o of v.creatures) {
    if (o.index <= c.index || o.spec.side !== c.spec.side || !v.declares(o.index) || o.heroic || o.dropped || o.supply <= 0) continue;
    if (v.threat(o.index) < mine) rank++;
  }
  return rank < dying ? first : -1;
}
