/**
 * Movement step by step in an exchange fight (engine.ts, seed 001 Tactical Movement and Opportunity
 * Attacks) with scripted dice: which Space a step takes, keep-range retreats, moving into reach,
 * and who makes an Opportunity Attack after a step.
 */
import { describe, expect, it } from 'vitest';
import { RngDice, scripted } from '../../../../src/dice/dice.js';
import { deriveStream, Xoshiro128ss } from '../../../../src/dice/rng.js';
import { COLLAPSED } from '../../../../src/systems/exchange/combatant.js';
import type { ExchangeFight } from '../../../../src/systems/exchange/fight/engine.js';
import { spaces } from '../../../../src/systems/exchange/fight/map.js';
import { FULL } from '../../../../src/systems/exchange/fight/spec.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { CRIT, fight, fightWith, MISS, oneOnOne } from './helpers.js';

const rng = () => new RngDice(new Xoshiro128ss(deriveStream(17)));
const dist = (f: ExchangeFight, a: number, b: number) => spaces(f.x[a]!, f.y[a]!, f.x[b]!, f.y[b]!);
const misses = (n: number) => Array<number>(n).fill(MISS);
const at = (f: ExchangeFight, i: number) => [f.x[i], f.y[i]];

function watch(f: ExchangeFight): TraceEvent[] {
  const events: TraceEvent[] = [];
  f.observer = { begin: () => {}, event: (e) => events.push(e), end: () => {} };
  return events;
}

const named = (events: TraceEvent[], action: string) => events.filter((e) => e.action === action);
const EXTRA = {
  characters: [
    '  plod: { vitality: 6, agility: 3, resilience: 2, ranged: 2, baseMovement: 4 }',
    '  stout: { vitality: 6, actionDice: 12, strength: 2, agility: 3, resilience: 2, melee: 2 }',
    '',
  ].join('\n'),
  weapons: [
    '  halberd: { kind: melee, baseAttackCost: 1, damage: 2, vitalCap: 3, reach: 3 }',
    '  javelin: { kind: thrown, baseAttackCost: 1, damage: 2, vitalCap: 3, effectiveRange: 2, maxRange: 4 }',
    '',
  ].join('\n'),
  loadouts: [
    '  halberd: { character: duelist, weapon: halberd, armour: leather }',
    '  javelin: { character: duelist, weapon: javelin, armour: leather }',
    '  plod-bow: { character: plod, weapon: bow }',
    '  sera-sword: { character: sera, weapon: arming-sword }',
    '  stout: { character: stout, weapon: arming-sword, armour: leather }',
    '',
  ].join('\n'),
};

describe('one step', () => {
  /** a at (x, y), b (who makes no Opportunity Attack: no Ready AD) at the goal; one step of a. */
  function stepFrom(x: number, y: number, gx: number, gy: number, dir: number, cover = ''): [ExchangeFight, boolean] {
    const f = fight(oneOnOne('sword', 'sword', `fight: { map: [20, 9], distance: 1, opener: a${cover} }`), scripted());
    f.put(1, gx, gy);
    f.put(0, x, y);
    f.chars[1]!.ready = 0;
    return [f, f.step(0, gx, gy, dir)];
  }

  it('towards the goal: the free neighbour with the fewest Spaces to it, then the shortest straight line', () => {
    const cases: [number, number, number[]][] = [[12, 4, [11, 4]], [10, 7, [10, 5]], [11, 5, [11, 4]], [12, 6, [11, 5]]];
    for (const [gx, gy, want] of cases) {
      const [f, moved] = stepFrom(10, 4, gx, gy, 1);
      expect([moved, ...at(f, 0)], `towards ${gx},${gy}`).toEqual([true, ...want]);
    }
  });

  it('no step when none improves: beside the goal it stays', () => {
    const [f, moved] = stepFrom(10, 4, 11, 4, 1);
    expect([moved, ...at(f, 0)]).toEqual([false, 10, 4]);
  });

  it('blocked by a wall of cover: a sideways step that shortens the straight line (same Spaces) is taken', () => {
    const [f, moved] = stepFrom(10, 2, 12, 4, 1, ', cover: [{ at: [11, 0], size: [1, 9], kind: full }]');
    expect([moved, ...at(f, 0)]).toEqual([true, 10, 3]);
    const [g, again] = stepFrom(10, 4, 12, 4, 1, ', cover: [{ at: [11, 0], size: [1, 9], kind: full }]');
    expect([again, ...at(g, 0)]).toEqual([false, 10, 4]);
    // the best two Spaces blocked: fewer Spaces (3, though 18 squared) beats a shorter line with more Spaces (4, 17 squared)
    const [h, around] = stepFrom(14, 4, 10, 6, 1, ', cover: [{ at: [13, 4], size: [1, 2], kind: full }]');
    expect([around, ...at(h, 0)]).toEqual([true, 13, 3]);
  });

  it('away from the goal: the most Spaces, then the longest straight line; ties go to the first in reading order', () => {
    const cases: [number, number, number[]][] = [[10, 3, [9, 5]], [11, 3, [9, 5]], [11, 4, [9, 3]]];
    for (const [gx, gy, want] of cases) {
      const [f, moved] = stepFrom(10, 4, gx, gy, -1);
      expect([moved, ...at(f, 0)], `away from ${gx},${gy}`).toEqual([true, ...want]);
    }
  });

  it('each step is traced as a move from the Space it left, without a target', () => {
    const [f] = stepFrom(10, 4, 15, 4, 1);
    const events = watch(f);
    f.step(0, 15, 4, 1);
    const e = events[0]!;
    expect([e.action, e.x, e.y, e['from_x'], e['from_y'], 'target' in e]).toEqual(['move', 12, 4, 11, 4, false]);
  });
});

describe('moving into reach', () => {
  it('a ranged character closes only to its Effective Range (10 Spaces for a 20 m bow), moving close or keep-range', () => {
    for (const move of ['close', 'keep-range']) {
      const f = fight(`sides:\n  a: [{ loadout: bow, move: ${move}, policy: all-in }]\n  b: [{ loadout: sword, policy: reserve-1 }]\nfight: { map: [40, 9], distance: 15, opener: a }\nmatchups: [{ a: a, b: b }]\n`, rng());
      const events = watch(f);
      f.takeTurn(0);
      expect([named(events, 'move').length, named(events, 'exchange')[0]!.distance_after], move).toEqual([5, 10]);
    }
  });

  it('moving close, a bow shoots from where it stands (no retreat); a sword told to keep range still closes', () => {
    const f = fight(`sides:\n  a: [{ loadout: bow, policy: reserve-1, move: close }]\n  b: [{ loadout: sword, policy: reserve-1 }]\nfight: { map: [20, 9], distance: 1, opener: a }\nmatchups: [{ a: a, b: b }]\n`, rng());
    const events = watch(f);
    f.takeTurn(0);
    expect([named(events, 'move').length, named(events, 'exchange')[0]!.distance_after]).toEqual([0, 1]);
    const g = fight(`sides:\n  a: [{ loadout: sword, policy: reserve-1, move: keep-range }]\n  b: [{ loadout: sword, policy: reserve-1 }]\nfight: { map: [20, 9], distance: 1, opener: a }\nmatchups: [{ a: a, b: b }]\n`, rng());
    const e2 = watch(g);
    g.takeTurn(0);
    expect([named(e2, 'move').length, named(e2, 'exchange')[0]!.distance_after]).toEqual([0, 1]);
  });

  it('a character that goes out to an Opportunity Attack stops moving and attacks no more', () => {
    // the halberd (reach 3) strikes at the step 3 -> 2: 6 dots against the sword's Full Guard (4 dice with Advantage), 0 dots: 8 Wounds
    const f = fightWith(EXTRA, oneOnOne('sword', 'halberd', 'fight: { map: [20, 9], distance: 4, opener: a }'), scripted(CRIT, CRIT, CRIT, ...misses(4)));
    const events = watch(f);
    f.takeTurn(0);
    expect([f.chars[0]!.status, dist(f, 0, 1), events.map((e) => e.action)]).toEqual([COLLAPSED, 2, ['refresh', 'move', 'move', 'opportunity-attack']]);
    // the spear (reach 2) strikes at the step 2 -> 1; stout (12 AD), now beside it, Clashes and loses (8 Wounds): out, with
    // 1 Ready AD left, it makes no attack
    const g = fightWith(EXTRA, oneOnOne('stout', 'spear', 'fight: { map: [20, 9], distance: 3, opener: a }'), scripted(CRIT, CRIT, CRIT, ...misses(3)));
    const e2 = watch(g);
    g.takeTurn(0);
    expect([g.chars[0]!.status, g.chars[0]!.ready, dist(g, 0, 1), e2.map((e) => e.action)]).toEqual([COLLAPSED, 1, 1, ['refresh', 'move', 'move', 'opportunity-attack']]);
  });
});

describe('keep-range retreats', () => {
  it('the archer steps out of reach and no further, then shoots', () => {
    const f = fight(oneOnOne('bow', 'sword'), rng());
    const events = watch(f);
    f.takeTurn(0);
    expect([named(events, 'move').length, named(events, 'exchange')[0]!.distance_after]).toEqual([1, 2]);
  });

  it('away from the nearest enemy, not from an ally, whichever side the archer is on', () => {
    const a = fight('sides:\n  a: [{ loadout: bow, policy: reserve-1 }, { loadout: sword, policy: reserve-1 }]\n  b: [{ loadout: sword, policy: reserve-1 }]\nfight: { map: [20, 9], distance: 6, opener: a }\nmatchups: [{ a: a, b: b }]\n', rng());
    a.put(2, 11, 4);
    a.put(0, 10, 4);
    a.put(1, 9, 4);
    a.takeTurn(0);
    expect(at(a, 0)).toEqual([9, 3]);
    const b = fight('sides:\n  a: [{ loadout: sword, policy: reserve-1, count: 2 }]\n  b: [{ loadout: bow, policy: reserve-1 }]\nfight: { map: [20, 9], distance: 6, opener: a, groups: none }\nmatchups: [{ a: a, b: b }]\n', rng());
    b.put(2, 10, 4);
    b.put(0, 9, 4);
    b.put(1, 16, 4);
    b.takeTurn(2);
    expect(at(b, 2)).toEqual([11, 3]);
    const second = fight('sides:\n  a: [{ loadout: sword, policy: reserve-1, count: 2 }]\n  b: [{ loadout: bow, policy: reserve-1 }]\nfight: { map: [20, 9], distance: 6, opener: a, groups: none }\nmatchups: [{ a: a, b: b }]\n', rng());
    second.put(2, 10, 4);
    second.put(0, 16, 4);
    second.put(1, 9, 4); // the nearest enemy is listed second
    second.takeTurn(2);
    expect(at(second, 2)).toEqual([11, 3]);
    const tie = fight('sides:\n  a: [{ loadout: sword, policy: reserve-1, count: 2 }]\n  b: [{ loadout: bow, policy: reserve-1 }]\nfight: { map: [20, 9], distance: 6, opener: a, groups: none }\nmatchups: [{ a: a, b: b }]\n', rng());
    tie.put(2, 10, 4);
    tie.put(0, 9, 4);
    tie.put(1, 11, 3); // both 1 Space away: away from the one listed first, which also clears the other's reach
    tie.takeTurn(2);
    expect(at(tie, 2)).toEqual([11, 5]);
  });

  it('a retreat stops when the Walk is used up, even still in reach (Base Movement 4: 2 Spaces)', () => {
    const f = fightWith(EXTRA, oneOnOne('plod-bow', 'halberd'), rng());
    const events = watch(f);
    f.chars[1]!.ready = 0; // no Opportunity Attacks
    f.takeTurn(0);
    expect([named(events, 'move').length, dist(f, 0, 1), named(events, 'exchange')[0]!.distance_after]).toEqual([2, 3, 3]);
  });

  it('a thrower taken out by an Opportunity Attack while retreating does not move on', () => {
    // javelin: Effective Range 1 Space; the spear strikes at the step 1 -> 2: 6 dots against a 4-dice Full Guard of Misses
    const f = fightWith(EXTRA, oneOnOne('javelin', 'spear'), scripted(CRIT, CRIT, CRIT, ...misses(4)));
    const events = watch(f);
    f.takeTurn(0);
    expect([f.chars[0]!.status, dist(f, 0, 1), events.map((e) => e.action)]).toEqual([COLLAPSED, 2, ['refresh', 'move', 'opportunity-attack']]);
  });
});

describe('Opportunity Attacks after a step', () => {
  it('enemies strike in listed order while the mover is in the fight: none after it went out', () => {
    const f = fight('sides:\n  a: [{ loadout: sword, policy: reserve-1 }]\n  b: [{ loadout: spear, policy: reserve-1, count: 2 }]\nfight: { map: [20, 9], distance: 6, opener: a, groups: none }\nmatchups: [{ a: a, b: b }]\n', scripted(CRIT, CRIT, CRIT, ...misses(3)));
    f.put(1, 12, 4);
    f.put(2, 12, 5);
    f.put(0, 10, 4);
    const events = watch(f);
    f.step(0, 12, 4, 1); // to (11, 4): inside both spears' reach before and after
    expect([f.chars[0]!.status, named(events, 'opportunity-attack').map((e) => e.actor)]).toEqual([COLLAPSED, ['spear#1']]);
  });

  it('a ranged enemy makes none; a Melee 0 enemy makes one without Boost; none from where full cover blocked the old Space', () => {
    const make = (b: string, cover = '') => {
      const f = fightWith(EXTRA, oneOnOne('sword', b, `fight: { map: [20, 9], distance: 6, opener: a${cover} }`), scripted(...misses(4)));
      f.put(1, 11, 5);
      f.put(0, 10, 4);
      return f;
    };
    const bow = make('bow');
    const e1 = watch(bow);
    bow.step(0, 12, 4, 1);
    expect([...at(bow, 0), named(e1, 'opportunity-attack').length]).toEqual([11, 4, 0]);
    const sera = make('sera-sword');
    const e2 = watch(sera);
    sera.step(0, 12, 4, 1);
    expect(named(e2, 'opportunity-attack').map((e) => e['boost'])).toEqual([0]);
    const wall = make('spear', ', cover: [{ at: [11, 4], kind: full }]');
    wall.put(1, 12, 4);
    const e3 = watch(wall);
    expect(wall.map.path(12, 4, 10, 4)).toBe(FULL);
    wall.step(0, 12, 2, 1); // (10, 4) -> (11, 3): the spear's reach covers both, but its line to (10, 4) was blocked
    expect([...at(wall, 0), named(e3, 'opportunity-attack').length]).toEqual([11, 3, 0]);
  });
});

describe('knocked Prone while moving', () => {
  const TRIP = {
    ...EXTRA,
    weapons: `${EXTRA.weapons}  trip-halberd: { kind: melee, baseAttackCost: 1, damage: 1, vitalCap: 1, reach: 3, inflicts: { prone: { margin: 1 } } }\n`,
    loadouts: `${EXTRA.loadouts}  trip: { character: duelist, weapon: trip-halberd, armour: leather }\n`,
  };
  /**
   * Sera (Melee 0, a sword, Walk 5 Spaces) walks at a tripping halberd 6 Spaces away; the halberd
   * (1 Ready AD: one Opportunity Attack, no Boost) strikes at the step 3 -> 2 with a CRIT against
   * her Full Guard of two Misses (1 die + Advantage): 2 Wounds, Prone.
   */
  function trip(ready: number): [ExchangeFight, TraceEvent[]] {
    const f = fightWith(TRIP, oneOnOne('sera-sword', 'trip', 'fight: { map: [20, 9], distance: 6, opener: a }'), scripted(CRIT, MISS, MISS, ...Array<number>(12).fill(MISS)));
    f.chars[0]!.ready = ready;
    f.chars[1]!.ready = 1;
    const events = watch(f);
    f.takeTurn(0);
    return [f, events];
  }

  it('stands up for 1 AD at once and walks on with the movement left', () => {
    const [f, events] = trip(5); // 5 - 1 (Full Guard) - 2 (the Wounds take Ready AD) - 1 (standing) = 1 left: the attack
    const actions = events.map((e) => e.action);
    expect(actions.slice(0, 9)).toEqual(['refresh', 'move', 'move', 'move', 'move', 'opportunity-attack', 'inflict', 'stand-up', 'move']);
    expect([f.chars[0]!.prone, dist(f, 0, 1), f.adMove[0]]).toEqual([false, 1, 1]);
    expect(named(events, 'exchange')).toHaveLength(1);
  });

  it('stops where it fell when it cannot pay to stand', () => {
    const [f, events] = trip(1); // the Full Guard takes her last Ready AD
    expect(events.map((e) => e.action)).toEqual(['refresh', 'move', 'move', 'move', 'move', 'opportunity-attack', 'inflict']);
    expect([f.chars[0]!.prone, dist(f, 0, 1), f.adMove[0]]).toEqual([true, 2, 0]);
  });

  it('a keep-range shooter tripped while retreating stands and goes on, or stays where it fell', () => {
    // a bow 1 Space from the halberd retreats: the step 1 -> 2 stays in reach: Opportunity Attack, Prone
    const run = (ready: number) => {
      const f = fightWith(TRIP, oneOnOne('sera', 'trip'), scripted(CRIT, MISS, MISS, ...Array<number>(12).fill(MISS)));
      f.chars[0]!.ready = ready;
      f.chars[1]!.ready = 1;
      const events = watch(f);
      f.takeTurn(0);
      return [f.chars[0]!.prone, dist(f, 0, 1), events.map((e) => e.action).slice(0, 6)];
    };
    expect(run(5)).toEqual([false, 4, ['refresh', 'move', 'opportunity-attack', 'inflict', 'stand-up', 'move']]);
    expect(run(1)).toEqual([true, 2, ['refresh', 'move', 'opportunity-attack', 'inflict']]);
  });
});

const EXTRA_POST = {
  characters: '  post: { vitality: 6, agility: 3, resilience: 2, melee: 2, baseMovement: 0 }\n',
  loadouts: '  post-spear: { character: post, weapon: spear }\n',
};

describe('a longer reach steps back before attacking', () => {
  const SPEAR_VS = (b: string) => `sides:\n  a: [{ loadout: spear, policy: all-in }]\n  b: [${b}]\nfight: { map: [20, 9], distance: 1, opener: a, groups: none }\nmatchups: [{ a: a, b: b }]\n`;
  function firstAttack(f: ExchangeFight): [string[], unknown, unknown] {
    f.put(0, 8, 4);
    f.put(1, 9, 4);
    const events = watch(f);
    f.takeTurn(0);
    const i = events.findIndex((e) => e.action === 'exchange');
    return [events.slice(0, i + 1).map((e) => e.action), events[i]!['response'], events[i]!.distance_after];
  }

  it('a spear next to a sword steps back one free Space (Walk, leaving the sword\'s reach: no Opportunity Attack): the sword cannot Clash', () => {
    const f = fight(SPEAR_VS('{ loadout: sword, policy: all-in }'), scripted(...misses(60)));
    expect(firstAttack(f)).toEqual([['refresh', 'move', 'exchange'], 'full-guard', 2]);
    expect([f.x[0], f.y[0], f.adMove[0]]).toEqual([7, 3, 0]);
  });

  it('not when another enemy\'s reach covers both Spaces (an Opportunity Attack), nor without free movement', () => {
    const f = fight(SPEAR_VS('{ loadout: sword, policy: all-in }, { loadout: spear, policy: all-in }'), scripted(...misses(60)));
    f.put(2, 6, 4); // a second spear: reach 2 covers (8, 4) and every Space 2 from the sword
    expect(firstAttack(f)).toEqual([['refresh', 'exchange'], 'clash', 1]);
    const g = fightWith(EXTRA_POST, SPEAR_VS('{ loadout: sword, policy: all-in }').replace('loadout: spear', 'loadout: post-spear'), scripted(...misses(60)));
    expect(firstAttack(g)).toEqual([['refresh', 'exchange'], 'clash', 1]);
  });

  it('a reach no longer than the enemy\'s does not step back (sword against sword)', () => {
    const f = fight(SPEAR_VS('{ loadout: sword, policy: all-in }').replace('loadout: spear', 'loadout: sword'), scripted(...misses(60)));
    expect(firstAttack(f)).toEqual([['refresh', 'exchange'], 'clash', 1]);
  });
});
