/**
 * d20 fight policies (seed 003): each reads the fight and declares one Action per creature before
 * any resolves. The decision lists are documented in docs/rules/d20.md; the engine does not
 * import this file's internals, and policies never change the fight.
 */
import {
  Act, DODGE_WHEN_LOW, FINISH_OFF, HEROES, RANDOM, SKIRMISHER, STANDING, SUPPORT, TACTICAL, type Creature, type Declared,
} from '../creature.js';
import { declareTactical } from './tactical.js';
import { reachable, unclaimedDying, type FightView } from './view.js';

export type { FightView } from './view.js';

export function weakestFoe(v: FightView, c: Creature): number {
  let best = -1;
  for (const o of v.creatures) {
    if (!reachable(c, o)) continue;
    if (best < 0 || o.hp < v.creatures[best]!.hp) best = o.index;
  }
  return best;
}

export function randomFoe(v: FightView, c: Creature): number {
  let n = 0;
  for (const o of v.creatures) if (reachable(c, o)) n++;
  if (n === 0) return -1;
  let k = n === 1 ? 1 : v.roll(n);
  for (const o of v.creatures) if (reachable(c, o) && --k === 0) return o.index;
  return -1;
}

/** A foe at 0 HP but not dead (dying or stable) that c can hit without moving: adjacent for melee, any for ranged. */
function downFoe(v: FightView, c: Creature): number {
  for (const o of v.creatures) {
    if (o.spec.side === c.spec.side || !o.down) continue;
    if (!c.melee || v.adjacent(c.index, o.index)) return o.index;
  }
  return -1;
}

function attackOrChase(v: FightView, c: Creature, d: Declared, target: number): void {
  d.act = Act.Attack;
  d.target = target;
  if (target >= 0) return;
  // Every foe in reach is down or away: a melee creature chases the weakest foe that got away.
  let best = -1;
  for (const o of v.creatures) {
    if (o.spec.side === c.spec.side || o.state !== STANDING) continue;
    if (best < 0 || o.hp < v.creatures[best]!.hp) best = o.index;
  }
  d.act = best >= 0 ? Act.Dash : Act.None;
  d.target = best;
}

/** Declares c's Action for this phase, by its own policy or the policy `p` (an index into schema POLICIES). */
export function declare(v: FightView, c: Creature, d: Declared, p = c.spec.policy): void {
  if (p === TACTICAL) {
    declareTactical(v, c, d);
    return;
  }
  d.act = Act.None;
  d.target = -1;
  d.finish = false;
  if (c.heroic) {
    // A heroic action: the hero's last act is an attack on the weakest foe in reach.
    d.act = Act.Attack;
    d.target = weakestFoe(v, c);
    if (d.target < 0) d.act = Act.None;
    return;
  }
  if (c.dropped) {
    d.act = Act.PickUp;
    return;
  }
  if (c.spec.side === HEROES && c.supply > 0) {
    const dying = unclaimedDying(v, c);
    if (dying >= 0) {
      d.act = Act.Stabilize;
      d.target = dying;
      return;
    }
  }
  const low = c.hp * 2 < c.spec.creature.hp;
  if (p === DODGE_WHEN_LOW && low) {
    d.act = Act.Dodge;
    return;
  }
  if (p === SKIRMISHER && low) {
    // Disengage out of melee, then Dash away from melee foes; once away, a ranged skirmisher shoots, a melee one Dodges.
    let meleeFoes = false;
    for (const o of v.creatures) if (o.spec.side !== c.spec.side && o.state === STANDING && o.melee) meleeFoes = true;
    if (v.engagedFoes(c) > 0) d.act = Act.Disengage;
    else if (!c.away && meleeFoes) d.act = Act.Dash;
    else if (c.melee) d.act = Act.Dodge;
    if (d.act !== Act.None) return;
  }
  if (p === SUPPORT) {
    let ally = -1;
    for (const o of v.creatures) if (ally < 0 && o.spec.side === c.spec.side && o.state === STANDING && o !== c) ally = o.index;
    if (ally >= 0) {
      d.act = Act.Help;
      d.target = ally;
      return;
    }
  }
  if (p === FINISH_OFF) {
    const down = downFoe(v, c);
    if (down >= 0) {
      d.act = Act.Attack;
      d.target = down;
      d.finish = true;
      return;
    }
  }
  attackOrChase(v, c, d, p === RANDOM ? randomFoe(v, c) : weakestFoe(v, c));
}
