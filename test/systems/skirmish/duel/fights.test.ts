/**
 * Issue 10, skirmish: fights that play by the rules (seeds 000 + 002), each clause with scripted
 * dice, and a test for each planted fight-engine bug the issue lists.
 */
import { describe, expect, it } from 'vitest';
import { Action } from '../../../../src/systems/skirmish/duel/engine.js';
import { decide } from '../../../../src/systems/skirmish/duel/policies.js';
import { skirmishDuelDice } from '../../../../src/systems/skirmish/duel/kernel.js';
import { AGGRESSIVE, KITE, SHOOTER } from '../../../../src/systems/skirmish/duel/setup.js';
import { expectedUnblocked } from '../../../../src/systems/skirmish/exact.js';
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from '../../../../src/systems/skirmish/profile.js';
import { compileAttack } from '../../../../src/systems/skirmish/spec.js';
import { duelSpec, record, script, scriptedDuel } from '../../../helpers/duel.js';
import { rateSe } from '../../../helpers/se.js';
import { battleAxe, ctx, fighter, keen, loadout, stout, sword, weapon } from '../../../helpers/skirmish.js';

const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4', range: [3, 24] });
const bolt = weapon('bolt', { type: 'ranged', class: 'spell', might: '2', skill: '+0', range: [0, 12], difficulty: 8, backlash: 2 });
const rifle = weapon('rifle', { type: 'ranged', class: 'firearm', might: '4', range: [3, 36], keywords: ['heavy'] });
const pistol = weapon('pistol', { type: 'ranged', class: 'firearm', might: '2', skill: '+1', range: [3, 12] });
const pistol2 = weapon('pistol-2', { type: 'ranged', class: 'firearm', might: '2', skill: '+1', range: [3, 12] });
const knives = weapon('knives', { type: 'ranged', class: 'thrown', skill: '+1', range: [3, 6] });

const keenSword = loadout(keen, sword);
const stoutAxe = loadout(stout, battleAxe);
const archer = loadout(keen, bow);
const mage = loadout(fighter('mage', { casting: 2, keywords: ['caster'] }), bolt);
const thrower = loadout(fighter('thrower', { movement: 5 }), knives);
const ones = (n: number): number[] => Array<number>(n).fill(1);

describe('1-2. leaving an Active enemy\'s engagement range is a Retreat (002), knob failedRetreat', () => {
  it('a kite that asks to Move away while engaged makes a Retreat: passed Skill check, it moves away', () => {
    const d = scriptedDuel(mage, stoutAxe, [5], { settings: { distance: 0 }, policies: [KITE, AGGRESSIVE] });
    const events = record(d);
    expect(decide(d, 0, false)).toBe(Action.MoveAway);
    d.perform(0, Action.MoveAway, false); // mage Skill 3 needs 5+
    expect(script(events)).toEqual(['a retreat']);
    expect(d.distance).toBe(4);
  });

  it('a failed Retreat gives the enemy a free Melee attack first; `leaves` then moves away, `stays` keeps it engaged', () => {
    // check 3 fails; Stout's free attack: 6 Might + 3 Skill dice miss, the mage's 3 + 3 defence dice roll 1s
    const faces = [3, ...ones(9), ...ones(6)];
    const leaves = scriptedDuel(mage, stoutAxe, faces, { settings: { distance: 0 }, policies: [KITE, AGGRESSIVE] });
    const events = record(leaves);
    leaves.perform(0, Action.MoveAway, false);
    // Traced after the retreat that caused it (the attack itself came first: the mage had not moved yet).
    expect(script(events)).toEqual(['a retreat', 'b free-attack']);
    expect(events[1]).toMatchObject({ distance_before: 0, distance_after: 0 });
    expect(leaves.distance).toBe(4);
    const stays = scriptedDuel(mage, stoutAxe, faces, { settings: { distance: 0 }, policies: [KITE, AGGRESSIVE], knobs: { failedRetreat: 'stays' } });
    stays.perform(0, Action.MoveAway, false);
    expect(stays.distance).toBe(0);
  });

  it('moving away from a Downed enemy within 1" is a plain Move (no check, no dice)', () => {
    const d = scriptedDuel(mage, stoutAxe, [], { settings: { distance: 0 }, policies: [KITE, AGGRESSIVE] });
    d.fighters[1].state = DOWNED;
    const events = record(d);
    d.perform(0, Action.MoveAway, false);
    expect(script(events)).toEqual(['a move']);
    expect(d.distance).toBe(4);
  });
});

describe('3. Dodge and Shove move "up to 2"": the policy picks', () => {
  // Keen's bow: Might [5 1 1 1] one hit, Skill misses; the target (Keen, no armour) rolls Might [1 1 1], Skill [5 5 5 5]:
  // 4 left-over Skill successes, Dodge blocks the Might hit.
  const DODGE = [5, 1, 1, 1, ...ones(4), 1, 1, 1, 5, 5, 5, 5];

  it('a shooter dodges only as far as keeps the enemy in its own range (23" -> 24", bow max 24)', () => {
    const d = scriptedDuel(archer, archer, DODGE, { settings: { distance: 23 }, policies: [SHOOTER, SHOOTER] });
    const events = record(d);
    d.attackAction(0, 0, 0, false, 'ranged');
    expect(d.distance).toBe(24);
    expect(script(events)).toEqual(['a ranged', 'b dodge']);
  });

  it('the pinned aggressive policy keeps the full 2"', () => {
    const d = scriptedDuel(archer, archer, DODGE, { settings: { distance: 23 }, policies: [SHOOTER, AGGRESSIVE] });
    d.attackAction(0, 0, 0, false, 'ranged');
    expect(d.distance).toBe(25);
  });

  it('Dodge and Shove never move a fighter who went down from the attack', () => {
    // Sword: Might [5 5 5 5] 4 hits, Skill misses; Stout: Might [1 1 1 1], Skill [5 5 1]: Dodge blocks 1, 3 Wounds: Downed
    const d = scriptedDuel(keenSword, stoutAxe, [5, 5, 5, 5, ...ones(5), 1, 1, 1, 1, 5, 5, 1], { settings: { distance: 0 } });
    d.perform(0, Action.Melee, false);
    expect(d.fighters[1].state).toBe(DOWNED);
    expect(d.distance).toBe(0);
  });
});

describe('4. shooter never oscillates', () => {
  it('range [3, 6] with Movement 5 moves only as far as needed to stand in range', () => {
    const d = scriptedDuel(thrower, thrower, [], { settings: { distance: 12 }, policies: [SHOOTER, SHOOTER] });
    d.actionsLeft = 1;
    expect(decide(d, 0, false)).toBe(Action.MoveToward);
    d.perform(0, Action.MoveToward, false);
    expect(d.distance).toBe(7);
    d.actionsLeft = 0;
    d.perform(0, decide(d, 0, false), false);
    expect(d.distance).toBe(6);
    expect(d.canShoot(0)).toBe(true);
    d.distance = 2;
    expect(decide(d, 0, false)).toBe(Action.MoveAway);
    d.perform(0, Action.MoveAway, false);
    expect(d.distance).toBe(6);
  });

  it('two short-range throwers now fight (they used to draw every duel without a Wound)', () => {
    const spec = duelSpec(thrower, thrower, { settings: { distance: 12 }, policies: [SHOOTER, SHOOTER] });
    const p = skirmishDuelDice.prepare(spec);
    const tally = new Float64Array(skirmishDuelDice.tallySize(spec));
    skirmishDuelDice.run(p, Int32Array.from([1, 2, 3, 4]), 500, tally);
    expect(tally[2]).toBeLessThan(500);
  });
});

describe('5. Hide', () => {
  it('only a Ranged action earlier in the activation blocks Hide, not a Cast', () => {
    const c = scriptedDuel(mage, stoutAxe, [2, 3], { settings: { distance: 8, terrain: true }, policies: [SHOOTER, AGGRESSIVE] });
    c.perform(0, Action.Cast, false); // 2 + 3 + 2 < 8: fizzles
    expect(c.canHide(0)).toBe(true);
    const r = scriptedDuel(archer, stoutAxe, ones(12), { settings: { distance: 8, terrain: true }, policies: [SHOOTER, AGGRESSIVE] });
    r.fighters[1].state = STUNNED; // no reaction; Stunned defends with Might dice only
    r.perform(0, Action.Ranged, false);
    expect(r.canHide(0)).toBe(false);
    r.perform(0, Action.Hide, false);
    expect(r.fighters[0].hidden).toBe(false);
  });

  it('"earlier this activation" ends with the fighter\'s activation: in the enemy\'s activation it may Hide (and its Aim is gone)', () => {
    const d = scriptedDuel(archer, stoutAxe, [], { settings: { distance: 20, terrain: true }, policies: [SHOOTER, AGGRESSIVE] });
    d.fighters[0].rangedThisActivation = true;
    d.fighters[0].aimed = 1;
    expect(d.canHide(0)).toBe(false);
    d.activate(1); // Stout moves twice (20 -> 12)
    expect([d.canHide(0), d.fighters[0].aimed, d.distance]).toEqual([true, 0, 12]);
  });

  it('a shooter that cannot shoot this activation Hides from an enemy shooter when the study gives terrain', () => {
    const o = { settings: { distance: 30, terrain: true }, policies: [SHOOTER, SHOOTER] as [number, number] };
    const d = scriptedDuel(thrower, archer, [], o);
    d.actionsLeft = 1;
    d.perform(0, decide(d, 0, false), false);
    expect(d.distance).toBe(25);
    d.actionsLeft = 0;
    expect(decide(d, 0, false)).toBe(Action.Hide);
    d.perform(0, Action.Hide, false);
    expect([d.fighters[0].hidden, d.canShoot(1)]).toEqual([true, false]);
    const open = scriptedDuel(thrower, archer, [], { ...o, settings: { distance: 25, terrain: false } });
    expect(decide(open, 0, false)).toBe(Action.MoveToward);
  });

  it('terrain: true and false give different results where Hide matters (more than 4 SE apart)', () => {
    const rate = (terrain: boolean): number => {
      const spec = duelSpec(thrower, archer, { settings: { distance: 30, terrain }, policies: [SHOOTER, SHOOTER] });
      const p = skirmishDuelDice.prepare(spec);
      const tally = new Float64Array(skirmishDuelDice.tallySize(spec));
      skirmishDuelDice.run(p, Int32Array.from([5, 6, 7, 8]), 3000, tally);
      return tally[0]! / 3000;
    };
    const [hide, open] = [rate(true), rate(false)];
    expect(Math.abs(hide - open)).toBeGreaterThan(4 * Math.sqrt(rateSe(hide, 3000) ** 2 + rateSe(open, 3000) ** 2));
  });
});

describe('6. kite and shooter Crawl when Downed if distance helps', () => {
  it('Downed within 1" of an Active enemy: Crawl out of Mercy Kill range first, then Recover; aggressive only Recovers', () => {
    const d = scriptedDuel(archer, stoutAxe, [], { settings: { distance: 0 }, policies: [KITE, AGGRESSIVE] });
    d.fighters[0].state = DOWNED;
    expect(decide(d, 0, false)).toBe(Action.CrawlAway);
    d.perform(0, Action.CrawlAway, false);
    expect(d.distance).toBe(2);
    expect(decide(d, 0, false)).toBe(Action.Recover);
    const a = scriptedDuel(keenSword, stoutAxe, [], { settings: { distance: 0 } });
    a.fighters[0].state = DOWNED;
    expect(decide(a, 0, false)).toBe(Action.Recover);
  });
});

describe('7. heavy weapons in a Ranged Reaction', () => {
  it('may fire back unless the fighter moved during that enemy activation (its own Move does not carry over)', () => {
    // b aims and shoots (8 + 1 aimed dice miss, a's 7 defence dice fail); a reacts with its heavy rifle: primer 1, no shot.
    const d = scriptedDuel(loadout(keen, rifle), archer, ones(17), { settings: { distance: 20 }, policies: [SHOOTER, SHOOTER] });
    d.fighters[0].moved = true; // a moved in its own activation
    const events = record(d);
    d.activate(1);
    expect(script(events)).toEqual(['b aim', 'b ranged', 'a ranged (r)']);
  });
});

describe('8. several Ranged weapons: one Ranged Attack Action each (a gunslinger), each giving a reaction', () => {
  it('both pistols fire, and the target reacts after each', () => {
    const gs = loadout(fighter('gs', { keywords: ['gunslinger'] }), [pistol, pistol2]);
    const d = scriptedDuel(gs, stoutAxe, [1, 1], { settings: { distance: 8 }, policies: [SHOOTER, AGGRESSIVE] });
    const events = record(d);
    d.perform(0, Action.Ranged, false);
    expect(script(events)).toEqual(['a ranged', 'b move (r)', 'a ranged', 'b charge (r)']);
    const one = scriptedDuel(loadout(fighter('two-guns', {}), [pistol, pistol2]), stoutAxe, [1], { settings: { distance: 8 }, policies: [SHOOTER, AGGRESSIVE] });
    const e1 = record(one);
    one.perform(0, Action.Ranged, false);
    expect(script(e1)).toEqual(['a ranged', 'b move (r)']);
  });
});

describe('planted fight bugs each fail a test', () => {
  it('a non-impact exact takedown in a duel is Downed (impact: Stunned)', () => {
    const d = scriptedDuel(keenSword, stoutAxe, [5, 5, 5, 1, ...ones(5), ...ones(7)], { settings: { distance: 0 } });
    d.perform(0, Action.Melee, false);
    expect(d.fighters[1].state).toBe(DOWNED);
  });

  it('Downed and Stunned step once per attack; with stepPerHit once per unblocked hit (the shared wound rule)', () => {
    const twoHits = [5, 5, 1, 1, ...ones(5), ...ones(7)];
    const once = scriptedDuel(keenSword, stoutAxe, twoHits, { settings: { distance: 0 } });
    once.fighters[1].state = DOWNED;
    once.fighters[1].woundsLeft = 0;
    once.perform(0, Action.Melee, false);
    expect(once.fighters[1].state).toBe(STUNNED);
    const step = scriptedDuel(keenSword, stoutAxe, twoHits, { settings: { distance: 0 }, knobs: { stepPerHit: true } });
    step.fighters[1].state = DOWNED;
    step.fighters[1].woundsLeft = 0;
    step.perform(0, Action.Melee, false);
    expect(step.fighters[1].state).toBe(OUT_OF_ACTION);
    // Active with 1 Wound left, 3 unblocked: Stunned; with stepPerHit two steps past 0: Out of Action
    const three = [5, 5, 5, 1, ...ones(5), ...ones(7)];
    for (const [stepPerHit, state] of [[false, STUNNED], [true, OUT_OF_ACTION]] as const) {
      const d = scriptedDuel(keenSword, stoutAxe, three, { settings: { distance: 0 }, knobs: { stepPerHit } });
      d.fighters[1].woundsLeft = 1;
      d.perform(0, Action.Melee, false);
      expect(d.fighters[1].state).toBe(state);
    }
  });

  it('a reaction never triggers a reaction', () => {
    // a shoots b (15 dice miss); b shoots back in reaction (15 dice miss); a does not react (no dice left to roll).
    const d = scriptedDuel(archer, archer, ones(30), { settings: { distance: 10 }, policies: [SHOOTER, SHOOTER] });
    const events = record(d);
    d.perform(0, Action.Ranged, false);
    expect(script(events)).toEqual(['a ranged', 'b ranged (r)']);
  });

  it('Brace adds one Might defence die', () => {
    const rolled = (braced: number): number => {
      const d = scriptedDuel(keenSword, stoutAxe, ones(9 + 7 + braced), { settings: { distance: 0 } });
      d.fighters[1].braced = braced;
      const events = record(d);
      d.perform(0, Action.Melee, false);
      return ((events[0]!.rolls as Record<string, number[]>)['defence_might'] ?? []).length;
    };
    expect([rolled(0), rolled(1)]).toEqual([4, 5]);
  });

  it('Aim on a weapon with equal printed numbers adds the better colour, not always Might', () => {
    const gun = weapon('gun', { type: 'ranged', class: 'other', might: '+2', skill: '+2', range: [3, 12] });
    const club = weapon('club', { might: '+1' });
    const wall = loadout(fighter('wall', { might: 8, skill: 0 }), club);
    const open = loadout(fighter('open', { might: 0, skill: 8 }), club);
    expect(compileAttack(ctx(loadout(keen, gun), wall, { aim: true }), expectedUnblocked).choice).toBe('aim skill');
    expect(compileAttack(ctx(loadout(keen, gun), open, { aim: true }), expectedUnblocked).choice).toBe('aim might');
  });

  it('roll-off ties are rerolled, and the higher roll wins whichever side it is', () => {
    expect(scriptedDuel(keenSword, stoutAxe, [3, 3, 5, 2]).initiative()).toBe(0);
    expect(scriptedDuel(keenSword, stoutAxe, [4, 4, 2, 5]).initiative()).toBe(1);
  });

  it('trace events carry the dice: the worked example\'s faces in a duel, 1 Wound, Stout still Active', () => {
    const WORKED = [5, 2, 1, 4, 6, 5, 4, 3, 5, 5, 2, 4, 3, 6, 4, 5, 2];
    const d = scriptedDuel(keenSword, loadout(stout, battleAxe, { armor: 'medium' }), WORKED, { settings: { distance: 0 } });
    const events = record(d);
    d.perform(0, Action.Melee, false);
    expect(events[0]).toMatchObject({
      action: 'melee', wounds: 1, target_state_before: 'active', target_state_after: 'active',
      rolls: { strike_might: [5, 2, 1, 4], strike_skill: [6, 5, 4, 3, 5], defence_might: [5, 2, 4, 3, 6], defence_skill: [4, 5, 2] },
    });
    expect(d.fighters[1].state).toBe(ACTIVE);
  });
});
