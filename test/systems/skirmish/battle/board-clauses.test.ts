/**
 * The battle board (board.ts) against seeds 000 + 002 and docs/rules/skirmish-battle.md, on boards
 * laid out by hand: what a fighter brings from its loadout, deployment, "within 1"" (equality
 * included) from either side's point of view, line of sight and cover, legal Ranged targets, and
 * straight moves that stop at bases, block terrain and the board's edge, pass through friends
 * without ending on one, go round a wall's corner or sidestep a base.
 */
import { describe, expect, it } from 'vitest';
import { Battle } from '../../../../src/systems/skirmish/battle/engine.js';
import { BATTLE_POLICIES } from '../../../../src/systems/skirmish/battle/policies.js';
import { scriptedBattleDice } from '../../../../src/systems/skirmish/battle/roll.js';
import { DOWNED, OUT_OF_ACTION, STUNNED } from '../../../../src/systems/skirmish/profile.js';
import { baseGap } from '../../../../src/systems/skirmish/battle/geometry.js';
import { fighter, keen, loadout, sword, weapon } from '../../../helpers/skirmish.js';
import { battle, battleSpec, place } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
const keenSword = loadout(keen, sword);
const sling = weapon('sling', { type: 'ranged', class: 'other', might: '2', skill: '0', range: [3, 24] });
const slinger = loadout(fighter('slinger', { skill: 4 }), [sling, club]);
const slingOnly = loadout(fighter('thrower', {}), sling);
const unarmed = { ...loadout(fighter('brawler', {}), club), weapons: [] };
const wall = (x: number, y: number, w: number, h: number, kind: 'cover' | 'block' = 'block') => ({ at: [x, y] as [number, number], size: [w, h] as [number, number], kind });

describe('what a fighter brings from its loadout', () => {
  it('danger: the Might + Skill attack dice of its first weapon (bare hands without one)', () => {
    const { bt } = battle([keenSword, unarmed], [slinger], []);
    expect(Array.from(bt.danger)).toEqual([4 + 5, 3 + 3, 2 + 0]);
  });

  it('its Melee weapon is the first melee one, else bare hands; its shooting weapon the first Ranged one, else none', () => {
    const { bt } = battle([grunt, slinger], [slingOnly], []);
    expect(Array.from(bt.meleeWeapon)).toEqual([0, 1, 1]);
    expect(Array.from(bt.shooting)).toEqual([-1, 0, 0]);
    expect(bt.weapons[2]![1]!.kind).toBe('melee');
  });

  it('knob failedRetreat `stays`: a failed Retreat keeps the fighter where it was (`leaves`: it steps away)', () => {
    for (const [failedRetreat, gap] of [['stays', 0.5], ['leaves', 4.5]] as const) {
      // Check 1 fails; the grunt's free attack: 7 dice, all 2s (misses), against 6 defence dice.
      const { bt } = battle([grunt], [grunt], [1, ...new Array<number>(13).fill(2)], { knobs: { failedRetreat } });
      place(bt, 0, 20, 20);
      place(bt, 1, 20, 21.5);
      bt.retreat(0, 4);
      expect(bt.gap(0, 1)).toBeCloseTo(gap);
    }
  });

  it('knob multipleEngagement `focus`: the whole Strike Pool on the chosen enemy, even with two engaged', () => {
    const { bt, script } = battle([keenSword], [grunt, grunt], new Array<number>(15).fill(2));
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    place(bt, 2, 21, 20);
    bt.melee(0, 1);
    expect(script.used).toBe(9 + 6);
  });
});

describe('deployment (rules.md 1.8): facing lines `distance` apart, each side centred in roster order, 2" between bases', () => {
  const spec = () => {
    const s = battleSpec([grunt, grunt, grunt], [grunt, grunt]);
    return { ...s, sides: [s.sides[0].map((f, k) => ({ ...f, base: k === 1 ? 2 : 1 })), s.sides[1]] as const };
  };

  it('positions, and the gaps measured between them', () => {
    const bt = new Battle(spec(), scriptedBattleDice(), BATTLE_POLICIES);
    bt.reset();
    // Side a: bases 1, 2, 1 and two gaps of 2" span 8": from x = 20. Side b: 1 + 2 + 1 = 4" from x = 22.
    expect(Array.from(bt.x)).toEqual([20.5, 24, 27.5, 22.5, 25.5]);
    expect(Array.from(bt.y)).toEqual([17.5, 17, 17.5, 30.5, 30.5]);
    expect(bt.gap(1, 3)).toBeCloseTo(Math.hypot(1.5, 13.5) - 1.5);
    expect(bt.gap(3, 1)).toBe(bt.gap(1, 3));
    expect(bt.gap(0, 2)).toBeCloseTo(6);
    expect(bt.gap(3, 4)).toBeCloseTo(2);
    expect(bt.gap(2, 2)).toBe(0);
  });

  it('every battle starts from the same deployment; another spacing deploys again', () => {
    const bt = new Battle(spec(), scriptedBattleDice(), BATTLE_POLICIES);
    bt.reset();
    const x = Array.from(bt.x);
    const gaps = Array.from(bt.gaps);
    place(bt, 0, 3, 3);
    place(bt, 4, 40, 40);
    bt.reset();
    expect(Array.from(bt.x)).toEqual(x);
    expect(Array.from(bt.gaps)).toEqual(gaps);
    bt.deploy(0);
    expect(Array.from(bt.x)).toEqual([22.5, 24, 25.5, 23.5, 24.5]);
    expect(bt.gap(3, 4)).toBeCloseTo(0);
  });
});

describe('within 1" (seed 002: equality included), seen from side b too', () => {
  const setup = () => {
    const { bt } = battle([grunt, grunt], [grunt, grunt], []);
    place(bt, 0, 10, 10);
    place(bt, 1, 30, 30);
    place(bt, 2, 10, 12); // gap exactly 1 to a0
    place(bt, 3, 40, 10);
    return bt;
  };

  it('engaged: an enemy exactly 1" away counts, one 1.01" away does not; Out of Action ones never; Downed ones unless Active only', () => {
    const bt = setup();
    expect([bt.engaged(0, true), bt.engaged(2, true), bt.engaged(3, false), bt.engaged(1, false)]).toEqual([true, true, false, false]);
    place(bt, 2, 10, 12.01);
    expect([bt.engaged(0, false), bt.engaged(2, false)]).toEqual([false, false]);
    place(bt, 2, 10, 12);
    bt.state[2] = DOWNED;
    expect([bt.engaged(0, false), bt.engaged(0, true)]).toEqual([true, false]);
    bt.state[2] = OUT_OF_ACTION;
    expect(bt.engaged(0, false)).toBe(false);
  });

  it('engagedActive counts the Active enemies within 1"', () => {
    const bt = setup();
    place(bt, 1, 12, 10);
    place(bt, 3, 11.2, 10.8); // b1: within 1" of a0 and a1
    expect([bt.engagedActive(0), bt.engagedActive(2), bt.engagedActive(3)]).toEqual([2, 1, 2]);
    bt.state[3] = DOWNED;
    expect(bt.engagedActive(0)).toBe(1);
    expect(bt.engagedActive(1)).toBe(0);
  });

  it('Gang Up: another Active fighter of the attacker\'s side exactly 1" from the enemy; not the attacker itself, not a Downed friend', () => {
    const bt = setup();
    expect(bt.gangUp(0, 2)).toBe(false);
    expect(bt.gangUp(2, 0)).toBe(false);
    place(bt, 1, 12, 12); // 1" beside b0
    place(bt, 3, 12, 10); // 1" beside a0
    expect([bt.gangUp(0, 2), bt.gangUp(2, 0)]).toEqual([true, true]);
    place(bt, 1, 12.01, 12);
    expect(bt.gangUp(0, 2)).toBe(false);
    bt.state[3] = DOWNED;
    expect(bt.gangUp(2, 0)).toBe(false);
  });

  it('Mercy Kill is refused for an Active or Downed enemy exactly 1" away, allowed for one 1.01" away (either side)', () => {
    const bt = setup();
    bt.state[2] = DOWNED; // the target itself does not count
    expect(bt.mercyAllowed(0, 2)).toBe(true);
    bt.state[2] = STUNNED;
    expect(bt.mercyAllowed(0, 2)).toBe(true);
    place(bt, 3, 8, 10); // b1: 1" from a0
    expect(bt.mercyAllowed(0, 2)).toBe(false);
    bt.state[3] = DOWNED;
    expect(bt.mercyAllowed(0, 2)).toBe(false);
    place(bt, 3, 7.99, 10);
    expect(bt.mercyAllowed(0, 2)).toBe(true);
    bt.state[0] = STUNNED;
    place(bt, 1, 10, 14); // a1: 1" from b0
    expect(bt.mercyAllowed(2, 0)).toBe(false);
    place(bt, 1, 30, 30);
    expect(bt.mercyAllowed(2, 0)).toBe(true);
  });
});

describe('line of sight and cover (seed 000)', () => {
  it('cover terrain does not block the line of sight; an Out of Action enemy base does not either; from side b an enemy base does', () => {
    const { bt } = battle([slinger, grunt], [slinger, grunt], [], { settings: { terrain: [wall(8, 12, 4, 1, 'cover')] } });
    place(bt, 0, 10, 5);
    place(bt, 2, 10, 20);
    place(bt, 1, 30, 30);
    place(bt, 3, 30, 40);
    expect([bt.lineOfSight(0, 2), bt.lineOfSight(2, 0)]).toEqual([true, true]);
    place(bt, 1, 10, 15); // a1 between: blocks b0's view of a0, not a0's view of b0
    expect([bt.lineOfSight(0, 2), bt.lineOfSight(2, 0)]).toEqual([true, false]);
    bt.state[1] = OUT_OF_ACTION;
    expect(bt.lineOfSight(2, 0)).toBe(true);
  });

  it('cover: block terrain and terrain off the line give none; the closest of two pieces counts', () => {
    const { bt } = battle([slinger], [grunt], [], { settings: { terrain: [wall(8, 12, 4, 1, 'block'), wall(30, 12, 4, 1, 'cover')] } });
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 20);
    expect(bt.cover(0, 1)).toBe(0);
    const two = battle([slinger], [grunt], [], { settings: { terrain: [wall(8, 18, 4, 1, 'cover'), wall(8, 10, 4, 1, 'cover')] } }).bt;
    place(two, 0, 10, 5);
    place(two, 1, 10, 20);
    expect(two.cover(0, 1)).toBe(2); // the first piece is within 1" of the target
  });

  it('terrain exactly 1" from the shooter gives no cover; a target exactly 1" from it has close cover', () => {
    const { bt } = battle([slinger], [grunt], [], { settings: { terrain: [wall(8, 12, 4, 1, 'cover')] } });
    place(bt, 0, 10, 10.5); // base edge 1" from the terrain
    place(bt, 1, 10, 20);
    expect(bt.cover(0, 1)).toBe(0);
    place(bt, 0, 10, 10.49);
    expect(bt.cover(0, 1)).toBe(1);
    place(bt, 1, 10, 14.5); // base edge 1" from the terrain
    expect(bt.cover(0, 1)).toBe(2);
    place(bt, 1, 10, 14.51);
    expect(bt.cover(0, 1)).toBe(1);
  });

  it('near terrain (Hide): within 1" of any piece, equality included', () => {
    const { bt } = battle([grunt], [grunt], [], { settings: { terrain: [wall(40, 40, 2, 2, 'block'), wall(8, 12, 4, 1, 'cover')] } });
    place(bt, 0, 10, 10.5);
    expect(bt.nearTerrain(0)).toBe(true);
    place(bt, 0, 10, 10.49);
    expect(bt.nearTerrain(0)).toBe(false);
    place(bt, 0, 20, 20);
    expect(bt.nearTerrain(0)).toBe(false);
  });
});

describe('Ranged targets (seed 000)', () => {
  it('never a friend, an Out of Action enemy or anyone for a fighter without a Ranged weapon', () => {
    const { bt } = battle([slinger, grunt], [grunt, grunt], []);
    place(bt, 0, 10, 5);
    place(bt, 1, 20, 5);
    place(bt, 2, 10, 15);
    place(bt, 3, 30, 5);
    expect([bt.canShootAt(0, 1, false), bt.canShootAt(0, 2, false), bt.canShootAt(1, 2, false)]).toEqual([false, true, false]);
    bt.state[2] = OUT_OF_ACTION;
    expect(bt.canShootAt(0, 2, false)).toBe(false);
  });

  it('from side b: two Active and one Downed enemy in sight; only the Active ones are marked; the shooter\'s own side never', () => {
    const { bt } = battle([grunt, grunt, grunt], [slinger, grunt], []);
    place(bt, 3, 24, 40);
    place(bt, 4, 40, 40);
    place(bt, 0, 10, 30);
    place(bt, 1, 24, 30);
    place(bt, 2, 38, 30);
    bt.state[1] = DOWNED;
    bt.candidate.fill(1);
    expect(bt.rangedTargets(3, false)).toBe(2);
    expect(Array.from(bt.candidate)).toEqual([1, 0, 1, 0, 0]);
  });
});

describe('straight moves', () => {
  it('stop at the board\'s four edges (slanting moves too), and slide along an edge they touch', () => {
    const { bt } = battle([grunt], [grunt], []);
    const slide = (x: number, y: number, dx: number, dy: number) => {
      place(bt, 0, x, y);
      bt.slide(0, dx, dy, 10, true);
      return [bt.x[0], bt.y[0]].map((v) => Math.round(v! * 1e9) / 1e9);
    };
    expect(slide(46, 24, 0.6, 0.8)).toEqual([47.5, 26]);
    expect(slide(2, 24, -0.6, 0.8)).toEqual([0.5, 26]);
    expect(slide(24, 2, 0.8, -0.6)).toEqual([26, 0.5]);
    expect(slide(24, 46, 0.8, 0.6)).toEqual([26, 47.5]);
    expect(slide(47.5, 24, 0, 1)).toEqual([47.5, 34]);
    expect(slide(24, 0.5, -1, 0)).toEqual([14, 0.5]);
  });

  it('stop at block terrain from every side (the base touches it); cover terrain does not stop them', () => {
    const { bt } = battle([grunt], [grunt], [], { settings: { terrain: [wall(20, 20, 4, 4, 'block'), wall(30, 5, 1, 10, 'cover')] } });
    const slide = (x: number, y: number, dx: number, dy: number) => {
      place(bt, 0, x, y);
      bt.slide(0, dx, dy, 10, true);
      return [bt.x[0], bt.y[0]].map((v) => Math.round(v! * 1e9) / 1e9);
    };
    expect(slide(15, 22, 1, 0)).toEqual([19.5, 22]);
    expect(slide(29, 22, -1, 0)).toEqual([24.5, 22]);
    expect(slide(22, 29, 0, -1)).toEqual([22, 24.5]);
    expect(slide(25, 10, 1, 0)).toEqual([35, 10]);
  });

  it('stop at a base in the way, not the target\'s, of either side (not at an Out of Action one); side b passes its friends too', () => {
    const { bt } = battle([grunt, grunt], [grunt, grunt], []);
    place(bt, 2, 20, 30); // b0 slides towards y = 0: b1 (its friend), then a1 on the way
    place(bt, 0, 20, 10);
    place(bt, 3, 20, 28);
    place(bt, 1, 20, 22);
    bt.slide(2, 0, -1, 8, true);
    expect(bt.y[2]).toBeCloseTo(23);
    place(bt, 2, 20, 30);
    bt.slide(2, 0, -1, 8, false); // not through friends: stops at b1
    expect(bt.y[2]).toBeCloseTo(29);
    place(bt, 2, 20, 30);
    bt.state[1] = OUT_OF_ACTION;
    bt.slide(2, 0, -1, 8, true);
    expect(bt.y[2]).toBeCloseTo(22);
  });

  it('through friends never ends on one: it backs off to the contact, again if that lands on another', () => {
    const { bt } = battle([grunt, grunt, grunt], [grunt], []);
    place(bt, 3, 20, 40);
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 14);
    place(bt, 2, 20, 13.2);
    bt.slide(0, 0, 1, 4, true);
    expect(bt.y[0]).toBeCloseTo(12.2);
    bt.state[2] = OUT_OF_ACTION;
    place(bt, 0, 20, 10);
    bt.slide(0, 0, 1, 4, true);
    expect(bt.y[0]).toBeCloseTo(13);
    bt.state[1] = OUT_OF_ACTION;
    place(bt, 0, 20, 10);
    bt.slide(0, 0, 1, 4, true);
    expect(bt.y[0]).toBeCloseTo(14);
  });

  it('the same along x: backs off to the contact with each friend it would end on', () => {
    const { bt } = battle([grunt, grunt, grunt], [grunt], []);
    place(bt, 3, 40, 20);
    place(bt, 0, 10, 20);
    place(bt, 1, 14, 20);
    place(bt, 2, 13.2, 20);
    bt.slide(0, 1, 0, 4, true);
    expect([bt.x[0], bt.y[0]]).toEqual([expect.closeTo(12.2), 20]);
  });

  it('moving away goes straight away from the other fighter: along x too', () => {
    const { bt } = battle([grunt], [grunt], []);
    place(bt, 0, 10, 20);
    place(bt, 1, 20, 20);
    bt.moveAway(0, 1, 2, false);
    expect([bt.x[0], bt.y[0]]).toEqual([8, 20]);
    bt.moveAway(1, 0, 3, false);
    expect([bt.x[1], bt.y[1]]).toEqual([23, 20]);
  });

  it('moving away from a fighter on the very same spot: side a steps towards its own edge (-y), side b towards its own (+y)', () => {
    const { bt } = battle([grunt], [grunt], []);
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 20);
    bt.moveAway(0, 1, 2, false);
    expect([bt.x[0], bt.y[0]]).toEqual([20, 18]);
    place(bt, 0, 20, 20);
    bt.moveAway(1, 0, 2, false);
    expect([bt.x[1], bt.y[1]]).toEqual([20, 22]);
  });
});

describe('moves that go round (docs/rules/skirmish-battle.md, "Move paths")', () => {
  // Wall x 16..24, y 14..15; corners cleared by the base (radius 0.5 + 0.01): x 15.49 or 24.51, y 13.49 or 15.51.
  const corner = [15.49, 13.49] as const;
  const towards = (x: number, y: number, tx: number, ty: number, length: number): [number, number] => {
    const d = Math.hypot(tx - x, ty - y);
    return [x + ((tx - x) / d) * length, y + ((ty - y) / d) * length];
  };

  it('blocked by a wall: heads for its reachable corner shortest to the target, then on with what is left', () => {
    const { bt } = battle([grunt], [grunt], [], { settings: { terrain: [wall(16, 14, 8, 1)] } });
    place(bt, 0, 19, 10);
    place(bt, 1, 12, 20);
    bt.moveToward(0, 1, 6, true);
    const [x, y] = towards(...corner, 12, 20, 6 - Math.hypot(19 - corner[0], 10 - corner[1]));
    expect(bt.x[0]).toBeCloseTo(x);
    expect(bt.y[0]).toBeCloseTo(y);
    expect(bt.gap(0, 1)).toBeCloseTo(baseGap(x, y, 0.5, 12, 20, 0.5));
  });

  it('cover terrain crossed on the way has no corners to head for', () => {
    // A cover strip across the path, before the wall: its corner (17.49, 13.01) would be 0.08" shorter.
    const { bt } = battle([grunt], [grunt], [], { settings: { terrain: [wall(18, 12, 2, 0.5, 'cover'), wall(16, 14, 8, 1)] } });
    place(bt, 0, 19, 10);
    place(bt, 1, 12, 20);
    bt.moveToward(0, 1, 6, true);
    const [x, y] = towards(...corner, 12, 20, 6 - Math.hypot(19 - corner[0], 10 - corner[1]));
    expect(bt.x[0]).toBeCloseTo(x);
    expect(bt.y[0]).toBeCloseTo(y);
  });

  it('stopped by a base with a wall further along the line: it sidesteps the base, the wall plays no part', () => {
    const { bt } = battle([grunt], [grunt, grunt], [], { settings: { terrain: [wall(10, 16, 20, 1)] } });
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 20);
    place(bt, 2, 20, 12.5);
    bt.moveToward(0, 1, 4, true);
    expect(bt.x[0]).toBeCloseTo(18);
    expect(bt.y[0]).toBeCloseTo(10 + 4 * Math.cos(Math.PI / 6));
  });

  it('a corner from which the target lies behind the same wall is not taken, though shorter: the Move goes round by the other', () => {
    // Block x, y 11..13 (cleared corners 10.49 / 13.51). From (9.5, 13.2) to (16, 9) the corner (10.49, 13.51) costs 8.16"
    // against 8.59" for (10.49, 10.49), but from it the line to the target runs straight back into the block (the Move ended there).
    const { bt } = battle([grunt], [grunt], [], { settings: { terrain: [wall(11, 11, 2, 2)] } });
    place(bt, 0, 9.5, 13.2);
    place(bt, 1, 16, 9);
    bt.moveToward(0, 1, 4, true);
    const [x, y] = towards(10.49, 10.49, 16, 9, 4 - Math.hypot(10.49 - 9.5, 10.49 - 13.2));
    expect(bt.x[0]).toBeCloseTo(x);
    expect(bt.y[0]).toBeCloseTo(y);
  });

  it('a move too short to reach the corner stops on the way to it', () => {
    const { bt } = battle([grunt], [grunt], [], { settings: { terrain: [wall(16, 14, 8, 1)] } });
    place(bt, 0, 19, 12);
    place(bt, 1, 12, 20);
    bt.moveToward(0, 1, 2.5, true);
    const [x, y] = towards(19, 12, ...corner, 2.5);
    expect(bt.x[0]).toBeCloseTo(x);
    expect(bt.y[0]).toBeCloseTo(y);
  });

  it('against the board\'s left edge the wall is rounded on the right (no corner off the board)', () => {
    const { bt } = battle([grunt], [grunt], [], { settings: { terrain: [wall(0, 14, 6, 1)] } });
    place(bt, 0, 3, 10);
    place(bt, 1, 3, 20);
    bt.moveToward(0, 1, 4, true);
    const [x, y] = towards(3, 10, 6.51, 13.49, 4);
    expect(bt.x[0]).toBeCloseTo(x);
    expect(bt.y[0]).toBeCloseTo(y);
  });

  it('a Move long enough to reach a corner from which the wall still hides the target goes on round the next corner', () => {
    // The only reachable corner (6.51, 13.49) leaves the wall between it and the target; from it, (6.51, 15.51) is clear.
    const { bt } = battle([grunt], [grunt], [], { settings: { terrain: [wall(0, 14, 6, 1)] } });
    place(bt, 0, 3, 10);
    place(bt, 1, 3, 20);
    bt.moveToward(0, 1, 8, true);
    const [x, y] = towards(6.51, 15.51, 3, 20, 8 - Math.hypot(6.51 - 3, 13.49 - 10) - 2.02);
    expect(bt.x[0]).toBeCloseTo(x);
    expect(bt.y[0]).toBeCloseTo(y);
  });

  it('blocked by an enemy base, moving along x: the line 30 degrees to one side (+y first)', () => {
    const { bt } = battle([grunt], [grunt, grunt], []);
    place(bt, 0, 10, 20);
    place(bt, 1, 20, 20);
    place(bt, 2, 12.5, 20);
    bt.moveToward(0, 1, 4, true);
    expect(bt.x[0]).toBeCloseTo(10 + 4 * Math.cos(Math.PI / 6));
    expect(bt.y[0]).toBeCloseTo(22);
  });

  for (const far of [false, true]) {
    it(`blocked by an enemy base${far ? ', with a wall elsewhere on the board' : ''}: the straight line 30 degrees to one side, which ends nearest the target`, () => {
      // (Fixed: any block terrain on the board used to send the fighter off to one of its corners, even away from the target.)
      const { bt } = battle([grunt], [grunt, grunt], [], { settings: { terrain: far ? [wall(40, 2, 2, 2)] : [] } });
      place(bt, 0, 20, 10);
      place(bt, 1, 20, 20);
      place(bt, 2, 20, 12.5);
      bt.moveToward(0, 1, 4, true);
      expect(bt.x[0]).toBeCloseTo(18);
      expect(bt.y[0]).toBeCloseTo(10 + 4 * Math.cos(Math.PI / 6));
      expect(bt.gap(0, 1)).toBeCloseTo(baseGap(18, 10 + 4 * Math.cos(Math.PI / 6), 0.5, 20, 20, 0.5));
    });
  }
});

describe('Charge (seed 002: must end within 1" of an enemy)', () => {
  it('a Charge is declared at its target: one beyond Movement + 1" cannot be charged even if the move would end within 1" of another enemy', () => {
    // (The policy's Move ends there just the same.)
    const { bt } = battle([grunt], [grunt, grunt], []);
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 20);
    place(bt, 2, 21.5, 14.5);
    expect(bt.canCharge(0, 1)).toBe(false);
    bt.moveToward(0, 1, 4, true);
    expect(bt.gap(0, 2)).toBeLessThanOrEqual(1);
  });

  it('a target exactly Movement + 1" away can be charged; 0.01" further cannot', () => {
    const { bt } = battle([grunt], [grunt], []);
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 16);
    expect(bt.canCharge(0, 1)).toBe(true);
    place(bt, 1, 20, 16.01);
    expect(bt.canCharge(0, 1)).toBe(false);
  });

  it('a wall in the way it cannot get round within its Movement: no Charge; a short wall it can: Charge; nothing moves', () => {
    const { bt } = battle([grunt], [grunt], [], { settings: { terrain: [wall(10, 12, 20, 1)] } });
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 14.5);
    expect(bt.canCharge(0, 1)).toBe(false);
    expect([bt.x[0], bt.y[0], bt.gap(0, 1)]).toEqual([20, 10, 3.5]);
    const short = battle([grunt], [grunt], [], { settings: { terrain: [wall(19, 12, 2, 1)] } }).bt;
    place(short, 0, 20, 10);
    place(short, 1, 17, 14); // round the corner (18.49, 11.49), then within 1"
    expect(short.canCharge(0, 1)).toBe(true);
    expect([short.x[0], short.y[0]]).toEqual([20, 10]);
  });

  it('a far target with another enemy on the way: no Charge at it (the move would end at the other one)', () => {
    const { bt } = battle([grunt], [grunt, grunt], []);
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 20);
    place(bt, 2, 20, 13);
    expect(bt.canCharge(0, 1)).toBe(false);
  });
});
