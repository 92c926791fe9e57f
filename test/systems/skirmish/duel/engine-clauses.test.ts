/**
 * Duel engine clauses (rules.md 1.8, seeds 000 + 002) the mutation run found untested (README,
 * Mutation testing): the round loop, activation flags, engagement at exactly 1", weapon choice,
 * primers, Cast, Mercy Kill and Recover from either side, and the trace events a designer reads.
 * Every test plays scripted dice (a fake RNG with chosen faces; more rolls than scripted throw).
 */
import { describe, expect, it } from 'vitest';
import { Action, type Duel } from '../../../../src/systems/skirmish/duel/engine.js';
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from '../../../../src/systems/skirmish/profile.js';
import { AGGRESSIVE, KITE, SHOOTER } from '../../../../src/systems/skirmish/duel/setup.js';
import { decide } from '../../../../src/systems/skirmish/duel/policies.js';
import { record, script, scriptedDuel } from '../../../helpers/duel.js';
import { battleAxe, fighter, keen, loadout, stout, sword, weapon } from '../../../helpers/skirmish.js';

const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4', range: [3, 24] });
const javelin = weapon('javelin', { type: 'ranged', class: 'thrown', might: '+1', range: [0, 6] });
const javelin2 = weapon('javelin-2', { type: 'ranged', class: 'thrown', might: '+1', range: [0, 6] });
const pistol = weapon('pistol', { type: 'ranged', class: 'firearm', might: '2', skill: '+1', range: [3, 12] });
const rifle = weapon('rifle', { type: 'ranged', class: 'firearm', might: '4', range: [3, 36], keywords: ['heavy'] });
const bolt = weapon('bolt', { type: 'ranged', class: 'spell', might: '2', skill: '+0', range: [0, 12], difficulty: 8, backlash: 2 });

const keenSword = loadout(keen, sword);
const stoutAxe = loadout(stout, battleAxe);
const mage = loadout(fighter('mage', { casting: 2, keywords: ['caster'] }), bolt);
const ones = (n: number): number[] => Array<number>(n).fill(1);
const fives = (n: number): number[] => Array<number>(n).fill(5);
/** Keen's sword on Stout (no armour): 4 Might + 5 Skill strike dice, `hits` of them 5s; Stout's 7 defence dice fail. */
const keenHits = (hits: number): number[] => [...fives(hits), ...ones(9 - hits), ...ones(7)];
/** Stout's axe on Keen: 6 Might + 3 Skill dice, all 6s; Keen's 7 defence dice fail (9 unblocked). */
const STOUT_FLOORS_KEEN = [...Array<number>(9).fill(6), ...ones(7)];

describe('the round loop', () => {
  it('a knockout in the last allowed round counts, with the round it happened in', () => {
    // a goes first (knob): 9 unblocked hits leave Stout Stunned, then a Mercy Kill takes it out.
    for (const maxRounds of [1, 3]) {
      const d = scriptedDuel(keenSword, stoutAxe, keenHits(9), { settings: { distance: 0, maxRounds }, knobs: { initiative: 'a' } });
      expect(d.play()).toEqual({ winner: 0, rounds: 1 });
    }
  });

  it('b wins when a goes out of action', () => {
    const d = scriptedDuel(keenSword, stoutAxe, STOUT_FLOORS_KEEN, { settings: { distance: 0, maxRounds: 3 }, knobs: { initiative: 'b' } });
    expect(d.play()).toEqual({ winner: 1, rounds: 1 });
    expect(d.fighters[0].state).toBe(OUT_OF_ACTION);
  });

  it('both sides activate in a round: the first, then the other', () => {
    // 16" apart: a moves 4" twice (8"), then b moves 4" and charges into contact; no dice.
    const d = scriptedDuel(keenSword, stoutAxe, [], { settings: { distance: 16, maxRounds: 1 }, knobs: { initiative: 'a' } });
    const events = record(d);
    expect(d.play()).toEqual({ winner: 2, rounds: 1 });
    expect(script(events)).toEqual(['a initiative', 'a move', 'a move', 'b move', 'b charge']);
    expect(d.distance).toBe(0);
  });
});

describe('initiative and activations', () => {
  it('the initiative event names who goes first and carries the roll-off faces', () => {
    const d = scriptedDuel(keenSword, stoutAxe, [3, 3, 2, 5]);
    const events = record(d);
    expect(d.initiative()).toBe(1);
    expect(events).toEqual([{
      round: 1, side: 'b', actor: 'stout-battle-axe', action: 'initiative', distance_after: 12, state_after: 'active',
      wounds_left: { a: 3, b: 3 }, result: 'b goes first', rolls: [3, 3, 2, 5],
    }]);
  });

  it('when only one side activates nothing is decided: no initiative event, no dice', () => {
    const d = scriptedDuel(keenSword, stoutAxe, []);
    const events = record(d);
    d.fighters[1].state = STUNNED;
    expect(d.initiative()).toBe(0);
    expect(events).toEqual([]);
  });

  it('a fighter that does not activate keeps its Brace until it next activates', () => {
    const d = scriptedDuel(keenSword, stoutAxe, []);
    d.fighters[1].braced = 1;
    d.fighters[1].state = STUNNED;
    expect(d.beginActivation(1)).toBe(false);
    expect(d.fighters[1].braced).toBe(1);
  });

  it('a heavy weapon fires at the start of an activation even if the fighter moved in its previous one', () => {
    const d = scriptedDuel(loadout(keen, rifle), stoutAxe, [], { settings: { distance: 20 } });
    d.fighters[0].moved = true;
    expect(d.beginActivation(0)).toBe(true);
    expect(d.canShoot(0)).toBe(true);
  });
});

describe('engagement at exactly 1"', () => {
  it('Melee reaches a target 1" away', () => {
    const d = scriptedDuel(keenSword, stoutAxe, keenHits(3), { settings: { distance: 1 } });
    d.perform(0, Action.Melee, false);
    expect(d.fighters[1].state).toBe(DOWNED);
  });

  it('moving away from an Active enemy 1" away is a Retreat: a Skill check, traced with its die', () => {
    const d = scriptedDuel(keenSword, stoutAxe, [6], { settings: { distance: 1 } });
    const events = record(d);
    d.perform(1, Action.MoveAway, false);
    expect(d.distance).toBe(5);
    expect(events).toEqual([{
      round: 1, side: 'b', actor: 'stout-battle-axe', action: 'retreat', target: 'keen-sword', target_state_after: 'active',
      distance_before: 1, distance_after: 5, state_after: 'active', wounds_left: { a: 3, b: 3 }, rolls: [6], result: 'Skill check passes', free_attacks: 0,
    }]);
  });

  it('a failed Retreat by b draws the free attack of a; with failedRetreat: stays, b stays engaged (traced)', () => {
    const d = scriptedDuel(keenSword, stoutAxe, [1, ...ones(16)], { settings: { distance: 1 }, knobs: { failedRetreat: 'stays' } });
    const events = record(d);
    d.perform(1, Action.MoveAway, false);
    expect(d.distance).toBe(1);
    // The free attack is shown after the retreat that caused it, which counts it.
    expect(script(events)).toEqual(['b retreat', 'a free-attack']);
    expect(events[1]).toMatchObject({ side: 'a', wounds: 0, result: '0 unblocked', distance_before: 1, distance_after: 1 });
    expect(events[0]).toMatchObject({ rolls: [1], result: 'Skill check fails: stays engaged', distance_before: 1, distance_after: 1, free_attacks: 1 });
    const leaves = scriptedDuel(keenSword, stoutAxe, [1, ...ones(16)], { settings: { distance: 1 } });
    const e2 = record(leaves);
    leaves.perform(1, Action.MoveAway, false);
    expect(e2[0]).toMatchObject({ action: 'retreat', result: 'Skill check fails', distance_after: 5, free_attacks: 1 });
    // The free attack struck before the move: it was made at 1".
    expect(e2[1]).toMatchObject({ action: 'free-attack', distance_before: 1, distance_after: 1 });
  });

  it('a Retreat chosen when nothing engages the fighter is a Move away: the policy is asked for a Move away', () => {
    const d = scriptedDuel(keenSword, stoutAxe, [], { settings: { distance: 5 } });
    const asked: number[] = [];
    const policy = (d as unknown as { policy: { moveInches: (...a: unknown[]) => number } }).policy;
    const inner = policy.moveInches.bind(policy);
    policy.moveInches = (duel: unknown, s: unknown, action: unknown, allowance: unknown) => {
      asked.push(action as number);
      return inner(duel, s, action, allowance);
    };
    try {
      d.perform(0, Action.Retreat, false);
    } finally {
      policy.moveInches = inner;
    }
    expect(asked).toEqual([Action.MoveAway]);
    expect(d.distance).toBe(9);
  });
});

describe('moving, charging, shooting', () => {
  it('a Charge counts as moving (a heavy weapon cannot fire after it) and gives away a Hidden fighter', () => {
    const d = scriptedDuel(loadout(keen, rifle), stoutAxe, [], { settings: { distance: 5 } });
    d.fighters[0].hidden = true;
    d.perform(0, Action.Charge, false);
    expect([d.distance, d.fighters[0].moved, d.fighters[0].hidden]).toEqual([0, true, false]);
  });

  it('the first weapon that can shoot: a second Ranged weapon in range when the first is not; none when none is', () => {
    const d = scriptedDuel(loadout(keen, [sword, bow, javelin]), stoutAxe, [], { settings: { distance: 2 } });
    expect(d.firstShot(0, false)).toBe(2);
    expect(d.canShoot(0)).toBe(true);
    d.distance = 30;
    expect(d.firstShot(0, false)).toBe(-1);
    expect(d.canShoot(0)).toBe(false);
    const single = scriptedDuel(loadout(keen, [sword, bow]), stoutAxe, [], { settings: { distance: 2 } });
    expect(single.canShoot(0)).toBe(false);
    expect(single.canShootWith(0, 0)).toBe(false); // a sword never shoots
    expect(single.canShootWith(0, 9)).toBe(false); // no such weapon
  });

  it('a Ranged action fires the one weapon in range (not the first listed), once, and un-hides the shooter', () => {
    const d = scriptedDuel(loadout(keen, [bow, javelin, javelin2]), stoutAxe, ones(40), { settings: { distance: 2 } });
    d.fighters[0].hidden = true;
    const events = record(d);
    d.perform(0, Action.Ranged, false);
    expect(script(events)).toEqual(['a ranged', 'b charge (r)']);
    expect(d.fighters[0].primary).toBe(1);
    expect(d.fighters[0].hidden).toBe(false);
  });

  it('the target\'s policy is told it is reacting: a shooter fires back at once instead of Aiming, even with actions left in the activation', () => {
    const archer = loadout(keen, bow);
    const d = scriptedDuel(archer, archer, ones(30), { settings: { distance: 10 }, policies: [SHOOTER, SHOOTER] });
    d.actionsLeft = 1;
    const events = record(d);
    d.perform(0, Action.Ranged, false);
    expect(script(events)).toEqual(['a ranged', 'b ranged (r)']);
  });

  it('a firearm fires when the primer roll equals the primer number (2); the primer face is traced with the shot', () => {
    const d = scriptedDuel(loadout(keen, pistol), stoutAxe, [2, ...ones(40)], { settings: { distance: 6 }, knobs: { initiative: 'a' } });
    const events = record(d);
    d.perform(0, Action.Ranged, false);
    expect(events[0]).toMatchObject({ action: 'ranged', distance_before: 6, wounds: 0, target_state_before: 'active', result: '0 unblocked' });
    expect(events[0]!.rolls).toMatchObject({ primer: [2] });
  });

  it('a Ranged action or a Cast gives a Hidden fighter away even when nothing goes off (primer fails, spell fizzles)', () => {
    const shot = scriptedDuel(loadout(keen, pistol), stoutAxe, [1], { settings: { distance: 8 } });
    shot.fighters[0].hidden = true;
    shot.perform(0, Action.Ranged, false);
    expect(shot.fighters[0].hidden).toBe(false);
    const spell = scriptedDuel(mage, stoutAxe, [2, 3], { settings: { distance: 8 } });
    spell.fighters[0].hidden = true;
    spell.perform(0, Action.Cast, false);
    expect(spell.fighters[0].hidden).toBe(false);
  });

  it('a failed primer roll is traced as no shot, with the primer die', () => {
    const d = scriptedDuel(loadout(keen, pistol), stoutAxe, [1], { settings: { distance: 8 } });
    const events = record(d);
    d.perform(0, Action.Ranged, false);
    expect(script(events)).toEqual(['a ranged', 'b move (r)']);
    expect(events[0]).toEqual({
      round: 1, side: 'a', actor: 'keen-pistol', action: 'ranged', target: 'stout-battle-axe', target_state_after: 'active',
      distance_after: 8, state_after: 'active', wounds_left: { a: 3, b: 3 }, result: 'primer fails: no shot', rolls: [1],
    });
  });
});

describe('Cast', () => {
  it('without a spell that can reach, Cast does nothing (no dice)', () => {
    const d = scriptedDuel(keenSword, stoutAxe, [], { settings: { distance: 4 } });
    d.perform(0, Action.Cast, false);
    expect([d.fighters[1].woundsLeft, d.distance]).toEqual([3, 4]);
  });

  it('a mishap whose backlash exactly takes the last Wounds leaves the caster Downed (backlash is not impact); traced', () => {
    const d = scriptedDuel(mage, stoutAxe, [1, 1], { settings: { distance: 8 } });
    d.fighters[0].woundsLeft = 2;
    d.fighters[0].hidden = true;
    const events = record(d);
    d.perform(0, Action.Cast, false);
    expect([d.fighters[0].state, d.fighters[0].hidden]).toEqual([DOWNED, false]);
    expect(events).toEqual([{
      round: 1, side: 'a', actor: 'mage-bolt', action: 'cast', target: 'stout-battle-axe', target_state_after: 'active',
      distance_after: 8, state_after: 'downed', wounds_left: { a: 0, b: 3 }, result: 'mishap: 2 Wound(s) of backlash', rolls: [1, 1],
    }]);
  });

  it('a fizzle is traced with the casting total', () => {
    const d = scriptedDuel(mage, stoutAxe, [2, 3], { settings: { distance: 8 } });
    const events = record(d);
    d.perform(0, Action.Cast, false);
    expect(events).toEqual([{
      round: 1, side: 'a', actor: 'mage-bolt', action: 'cast', target: 'stout-battle-axe', target_state_after: 'active',
      distance_after: 8, state_after: 'active', wounds_left: { a: 3, b: 3 }, result: 'fizzles (7 < 8)', rolls: [2, 3],
    }]);
  });

  it('a spell that goes off is a `cast` event with the casting dice and the attack dice', () => {
    const d = scriptedDuel(mage, stoutAxe, [4, 2, ...ones(20)], { settings: { distance: 8 } });
    const events = record(d);
    d.perform(0, Action.Cast, false);
    expect(events[0]).toMatchObject({ action: 'cast', wounds: 0, result: '0 unblocked' });
    expect(events[0]!.rolls).toMatchObject({ casting: [4, 2] });
  });
});

describe('attacks', () => {
  it('a fighter without a melee weapon fights with bare hands', () => {
    const d = scriptedDuel(loadout(keen, bow), stoutAxe, ones(40), { settings: { distance: 0 } });
    const events = record(d);
    d.perform(0, Action.Melee, false);
    expect(script(events)).toEqual(['a melee']);
    expect(d.fighters[0].primary).toBe(1); // the bare hands appended after the bow
  });

  it('a Downed defender rolls its Skill defence dice too (a Stunned one only Might)', () => {
    const skillDefence = (state: number): number => {
      const d = scriptedDuel(keenSword, stoutAxe, ones(16), { settings: { distance: 0 } });
      d.fighters[1].state = state;
      d.fighters[1].woundsLeft = 0;
      const events = record(d);
      d.perform(0, Action.Melee, false);
      return ((events[0]!.rolls as Record<string, number[]>)['defence_skill'] ?? []).length;
    };
    expect(skillDefence(DOWNED)).toBe(3);
    expect(skillDefence(STUNNED)).toBe(0);
  });

  it('a Hidden fighter hit stays Hidden, still Active or taken Down (002: a Downed fighter may Recover "without losing Hidden")', () => {
    const hit = (hits: number): Duel => {
      const d = scriptedDuel(keenSword, stoutAxe, keenHits(hits), { settings: { distance: 0 } });
      d.fighters[1].hidden = true;
      d.perform(0, Action.Melee, false);
      return d;
    };
    const once = hit(1);
    expect([once.fighters[1].state, once.fighters[1].hidden]).toEqual([ACTIVE, true]);
    const down = hit(3);
    expect([down.fighters[1].state, down.fighters[1].hidden]).toEqual([DOWNED, true]);
  });

  it('attack events: the blocks that moved someone, the Shove that follows, the target before and after', () => {
    // the seed's worked example (Stout in medium armour): 1 unblocked, Stout's Shove pushes Keen 2" away
    const WORKED = [5, 2, 1, 4, 6, 5, 4, 3, 5, 5, 2, 4, 3, 6, 4, 5, 2];
    const d = scriptedDuel(keenSword, loadout(stout, battleAxe, { armor: 'medium' }), WORKED, { settings: { distance: 0 } });
    const events = record(d);
    d.perform(0, Action.Melee, false);
    expect(script(events)).toEqual(['a melee', 'b shove']);
    expect(events[0]).toMatchObject({ distance_before: 0, distance_after: 0, wounds: 1, result: '1 unblocked (Shove block)', target_state_before: 'active' });
    expect(events[1]).toMatchObject({ side: 'b', distance_before: 0, distance_after: 2, wounds_left: { a: 3, b: 2 } });
    expect(events[1]).not.toHaveProperty('rolls');
  });

  it('a Dodge block is named in the attack event', () => {
    const d = scriptedDuel(keenSword, stoutAxe, [5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 5], { settings: { distance: 0 } });
    const events = record(d);
    d.perform(0, Action.Melee, false);
    expect(script(events)).toEqual(['a melee', 'b dodge']);
    expect(events[0]!.result).toBe('1 unblocked (Dodge block)');
  });
});

describe('Mercy Kill and Recover', () => {
  it('b Mercy Kills a Stunned a within 1" (traced); from 3" away nothing happens', () => {
    const far = scriptedDuel(keenSword, stoutAxe, [], { settings: { distance: 3 } });
    far.fighters[0].state = STUNNED;
    far.perform(1, Action.MercyKill, false);
    expect([far.fighters[0].state, far.over]).toEqual([STUNNED, false]);
    const d = scriptedDuel(keenSword, stoutAxe, [], { settings: { distance: 1 } });
    d.fighters[0].state = STUNNED;
    const events = record(d);
    d.perform(1, Action.MercyKill, false);
    expect([d.fighters[0].state, d.over]).toEqual([OUT_OF_ACTION, true]);
    expect(events).toEqual([{
      round: 1, side: 'b', actor: 'stout-battle-axe', action: 'mercy-kill', target: 'keen-sword', target_state_after: 'out_of_action',
      distance_after: 1, state_after: 'active', wounds_left: { a: 3, b: 3 }, result: 'Stunned: out of action',
    }]);
  });

  it('a Mercy Kill on a Downed enemy is a `mercy-kill` attack event', () => {
    const d = scriptedDuel(keenSword, stoutAxe, [5, ...ones(15)], { settings: { distance: 1 } });
    d.fighters[1].state = DOWNED;
    const events = record(d);
    d.perform(0, Action.MercyKill, false);
    expect(script(events)).toEqual(['a mercy-kill']);
    expect(events[0]).toMatchObject({ target_state_before: 'downed', target_state_after: 'out_of_action' });
  });

  it('an Active fighter cannot Recover (no die is rolled); a Downed one does, traced with its die', () => {
    const d = scriptedDuel(keenSword, stoutAxe, []);
    d.perform(0, Action.Recover, false);
    expect(d.fighters[0].state).toBe(ACTIVE);
    const six = scriptedDuel(keenSword, stoutAxe, [6]);
    six.fighters[0].state = DOWNED;
    six.fighters[0].woundsLeft = 0;
    const events = record(six);
    six.perform(0, Action.Recover, false);
    expect(events).toEqual([{
      round: 1, side: 'a', actor: 'keen-sword', action: 'recover', target: 'stout-battle-axe', target_state_after: 'active',
      distance_after: 12, state_after: 'active', wounds_left: { a: 1, b: 3 }, result: 'stands with 1 Wound and one more action', rolls: [6],
    }]);
    const four = scriptedDuel(keenSword, stoutAxe, [4]);
    four.fighters[0].state = DOWNED;
    const e4 = record(four);
    four.perform(0, Action.Recover, false);
    expect(e4[0]).not.toHaveProperty('result');
    expect(e4[0]!.rolls).toEqual([4]);
  });
});

describe('trace events of the actions without dice', () => {
  it('aim, brace, hide, move and crawl: who, the distances where something moved, no dice', () => {
    const d = scriptedDuel(loadout(keen, bow), stoutAxe, [], { settings: { distance: 10, terrain: true } });
    const events = record(d);
    d.perform(0, Action.Aim, false);
    d.perform(1, Action.Brace, false);
    d.perform(0, Action.Hide, false);
    d.perform(1, Action.MoveToward, false);
    d.fighters[1].state = DOWNED;
    d.perform(1, Action.CrawlAway, false);
    const base = { round: 1, distance_after: 10, wounds_left: { a: 3, b: 3 } };
    expect(events).toEqual([
      { ...base, side: 'a', actor: 'keen-bow', action: 'aim', target: 'stout-battle-axe', target_state_after: 'active', state_after: 'active' },
      { ...base, side: 'b', actor: 'stout-battle-axe', action: 'brace', target: 'keen-bow', target_state_after: 'active', state_after: 'active' },
      { ...base, side: 'a', actor: 'keen-bow', action: 'hide', target: 'stout-battle-axe', target_state_after: 'active', state_after: 'active', result: 'hidden' },
      { ...base, side: 'b', actor: 'stout-battle-axe', action: 'move', target: 'keen-bow', target_state_after: 'active', state_after: 'active', distance_before: 10, distance_after: 6 },
      { ...base, side: 'b', actor: 'stout-battle-axe', action: 'crawl', target: 'keen-bow', target_state_after: 'active', state_after: 'downed', distance_before: 6, distance_after: 8 },
    ]);
    const no = scriptedDuel(loadout(keen, bow), stoutAxe, [], { settings: { distance: 10 } });
    const e2 = record(no);
    no.perform(0, Action.Hide, false);
    expect(e2[0]!.result).toBe('cannot hide');
  });
});

describe('ranged policies and a Stunned enemy (002: Charge, then Mercy Kill "a Downed or Stunned enemy within 1"")', () => {
  // Keen: Movement 4, so a Charge reaches an enemy up to 5" away; its bow shoots from 3".
  for (const policy of [SHOOTER, KITE]) {
    it(`${policy === SHOOTER ? 'shooter' : 'kite'}: a Stunned enemy within Movement + 1" is charged and Mercy Killed, not shot`, () => {
      const d = scriptedDuel(loadout(keen, bow), stoutAxe, [], { settings: { distance: 5 }, policies: [policy, AGGRESSIVE] });
      const events = record(d);
      d.fighters[1].state = STUNNED;
      d.activate(0);
      expect(script(events)).toEqual(['a charge', 'a mercy-kill']);
      expect(d.fighters[1].state).toBe(OUT_OF_ACTION);
    });
  }

  it('shooter: not on the last action of the activation, nor in a reaction, nor beyond Movement + 1": it shoots', () => {
    const at = (distance: number, actionsLeft: number, reaction: boolean): Action => {
      const d = scriptedDuel(loadout(keen, bow), stoutAxe, [], { settings: { distance }, policies: [SHOOTER, AGGRESSIVE] });
      d.fighters[1].state = STUNNED;
      d.actionsLeft = actionsLeft;
      return decide(d, 0, reaction);
    };
    expect([at(5, 1, false), at(5, 0, false), at(5, 1, true), at(5.5, 1, false)]).toEqual([Action.Charge, Action.Ranged, Action.Ranged, Action.Aim]);
  });
});
