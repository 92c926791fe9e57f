/**
 * Battle policies (policies.ts): the details of their decision lists the mutation run found
 * untested (README, Mutation testing): exact boundaries, fighter 0 and side b, which enemy is the
 * threat, how far a short-ranged kite or shooter backs off. See policies-clauses.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Act, type Battle } from '../../../../src/systems/skirmish/battle/engine.js';
import { decide, manoeuvre, nextFighter, passNow } from '../../../../src/systems/skirmish/battle/policies.js';
import { NEAREST, WEAKEST } from '../../../../src/systems/skirmish/battle/setup.js';
import { KITE, SHOOTER } from '../../../../src/systems/skirmish/duel/setup.js';
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from '../../../../src/systems/skirmish/profile.js';
import { fighter, loadout, weapon } from '../../../helpers/skirmish.js';
import { battle, place } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
const sling = weapon('sling', { type: 'ranged', class: 'other', might: '2', skill: '0', range: [3, 24] });
const slinger = loadout(fighter('slinger', { skill: 4 }), [sling, club]);
const decision = (bt: Battle, i: number, reaction = false): [number, number, number] => [decide(bt, i, reaction), bt.target, bt.amount];

describe('decision details', () => {
  const javelin = weapon('javelin', { type: 'ranged', class: 'other', might: '1', skill: '0', range: [3, 5] });
  const runner = loadout(fighter('runner', { skill: 4, movement: 6 }), [javelin, club]);

  it('engaged targets: the side rule picks among enemies within 1" (exactly 1" too), never one further away', () => {
    const { bt } = battle([grunt], [grunt, grunt], [], { sidePolicies: [WEAKEST, NEAREST] });
    place(bt, 0, 20, 20);
    place(bt, 1, 22, 20); // exactly 1"
    place(bt, 2, 20, 30);
    bt.woundsLeft[2] = 1;
    expect(decision(bt, 0)).toEqual([Act.Melee, 1, 0]);
  });

  it('a better key wins over a nearer enemy found later in the roster', () => {
    const { bt } = battle([grunt], [grunt, grunt], [], { sidePolicies: [WEAKEST, NEAREST] });
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 30);
    place(bt, 2, 20, 20);
    bt.woundsLeft[1] = 1;
    expect(decision(bt, 0)).toEqual([Act.Move, 1, 0]);
  });

  it('a shooter targets a legal shot, not a nearer enemy it cannot shoot', () => {
    const { bt } = battle([slinger], [grunt, grunt], [], { fighterPolicy: SHOOTER });
    place(bt, 0, 20, 10);
    place(bt, 1, 21.5, 12); // inside the minimum range, off the line of fire
    place(bt, 2, 20, 20);
    expect(decision(bt, 0, true)).toEqual([Act.Ranged, 2, 0]);
    place(bt, 1, 21, 10); // now within 1": still the shot at the other
    bt.actionsLeft = 1;
    expect(decision(bt, 0)).toEqual([Act.Aim, 2, 0]);
  });

  it('the aggressive policy plays aggressive with a ranged weapon too; Downed, it Recovers rather than Crawls', () => {
    const { bt } = battle([slinger], [grunt], []);
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 14);
    expect(decision(bt, 0)).toEqual([Act.Charge, 1, 0]);
    place(bt, 1, 20, 14.5);
    bt.state[0] = DOWNED;
    expect(decide(bt, 0, false)).toBe(Act.Recover);
    const shooterNoRanged = battle([grunt], [grunt], [], { fighterPolicy: SHOOTER }).bt;
    place(shooterNoRanged, 0, 20, 10);
    place(shooterNoRanged, 1, 20, 14.5);
    shooterNoRanged.state[0] = DOWNED;
    expect(decide(shooterNoRanged, 0, false)).toBe(Act.Recover);
  });

  it('side b: a Downed shooter crawls from fighter 0; a kite keeps out of fighter 0\'s reach; Help for fighter 0', () => {
    const { bt } = battle([grunt, grunt], [slinger], [], { fighterPolicy: KITE });
    place(bt, 2, 20, 10);
    place(bt, 0, 20, 14.5);
    place(bt, 1, 40, 40);
    bt.state[2] = DOWNED;
    expect(decision(bt, 2)).toEqual([Act.Crawl, 0, 0]);
    bt.state[2] = ACTIVE;
    place(bt, 0, 20, 16); // exactly 5": Movement 4 + 1"
    expect(decision(bt, 2)).toEqual([Act.MoveAway, 0, 4]);
    const helper = battle([grunt, slinger], [grunt], [], { fighterPolicy: SHOOTER }).bt;
    place(helper, 1, 20, 10);
    place(helper, 0, 21, 10);
    place(helper, 2, 45, 45);
    helper.state[0] = STUNNED;
    expect(decision(helper, 1)).toEqual([Act.Help, 0, 0]);
    const aggressive = battle([grunt, grunt], [grunt], []).bt;
    place(aggressive, 1, 20, 10);
    place(aggressive, 0, 21, 10);
    place(aggressive, 2, 45, 45);
    aggressive.state[0] = STUNNED;
    expect(decision(aggressive, 1)).toEqual([Act.Help, 0, 0]);
  });

  it('a kite\'s threat is the nearest Active enemy: a Downed one nearer does not send it away', () => {
    const { bt } = battle([slinger], [grunt, grunt], [], { fighterPolicy: KITE });
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 14);
    place(bt, 2, 20, 30);
    bt.state[1] = DOWNED;
    bt.actionsLeft = 1;
    expect(decide(bt, 0, false)).not.toBe(Act.MoveAway);
  });

  it('a short range inside the threat\'s charge reach: a kite backs off its whole Movement, a shooter only to maximum range', () => {
    const kite = battle([runner], [grunt], [], { fighterPolicy: KITE }).bt;
    place(kite, 0, 20, 10);
    place(kite, 1, 20, 15); // 4"
    expect(decision(kite, 0)).toEqual([Act.MoveAway, 1, 6]);
    place(kite, 1, 20, 11); // engaged, no shot
    expect(decision(kite, 0)).toEqual([Act.Retreat, -1, 6]);
    const shooter = battle([runner], [grunt], [], { fighterPolicy: SHOOTER }).bt;
    place(shooter, 0, 20, 10);
    place(shooter, 1, 20, 13); // 2": inside the minimum range
    expect(decision(shooter, 0)).toEqual([Act.MoveAway, 1, 3]);
  });

  it('side b: a shooter retreats from fighter 0 to its maximum range', () => {
    const { bt } = battle([grunt], [runner], [], { fighterPolicy: SHOOTER });
    place(bt, 1, 20, 10);
    place(bt, 0, 20, 11.5); // 0.5"
    const [act, t, inches] = decision(bt, 1);
    expect([act, t]).toEqual([Act.Retreat, -1]);
    expect(inches).toBeCloseTo(4.5, 9);
  });

  it('a shooter engaged in melee with a shot at another enemy takes the shot', () => {
    const { bt } = battle([slinger], [grunt, grunt], [], { fighterPolicy: SHOOTER });
    place(bt, 0, 20, 10);
    place(bt, 1, 21, 10);
    place(bt, 2, 20, 20);
    expect(decision(bt, 0, true)).toEqual([Act.Ranged, 2, 0]);
  });

  it('a shooter engaged only with Downed enemies it may not Mercy Kill does not Help a friend', () => {
    const { bt } = battle([slinger, grunt], [grunt, grunt], [], { fighterPolicy: SHOOTER });
    place(bt, 0, 20, 10);
    place(bt, 1, 19, 10);
    place(bt, 2, 20, 11);
    place(bt, 3, 21, 10);
    bt.state[1] = STUNNED;
    bt.state[2] = DOWNED;
    bt.state[3] = DOWNED;
    expect(decide(bt, 0, false)).not.toBe(Act.Help);
  });

  it('no enemy left: nothing; side b moves at fighter 0', () => {
    const { bt } = battle([grunt], [slinger], [], { fighterPolicy: SHOOTER });
    place(bt, 1, 20, 10);
    place(bt, 0, 20, 40);
    expect(decision(bt, 1)).toEqual([Act.Move, 0, 4]);
    bt.state[0] = OUT_OF_ACTION;
    expect(decide(bt, 1, false)).toBe(Act.None);
  });

  it('a Hidden enemy 9" away: the shooter closes to 6"; a shooter is not held back by a threat\'s reach as a kite is', () => {
    const { bt } = battle([slinger], [grunt, grunt], [], { fighterPolicy: SHOOTER });
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 20);
    place(bt, 2, 45, 45);
    bt.hidden[1] = 1;
    expect(decision(bt, 0)).toEqual([Act.Move, 1, 3]);
    const held = battle([slinger], [grunt, grunt], [], { fighterPolicy: SHOOTER, sidePolicies: [WEAKEST, NEAREST] }).bt;
    place(held, 0, 20, 10);
    place(held, 1, 20, 18);
    place(held, 2, 50, 41);
    held.woundsLeft[2] = 1;
    held.hidden[1] = 1;
    expect(decision(held, 0)).toEqual([Act.Move, 2, 4]);
  });

  it('a kite with no Active enemy left still closes in on a Downed one', () => {
    const { bt } = battle([slinger], [grunt], [], { fighterPolicy: KITE });
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 40);
    bt.state[1] = DOWNED;
    expect(decision(bt, 0)).toEqual([Act.Move, 1, 4]);
  });

  it('at exactly the minimum range out of sight: Move round the terrain, not away', () => {
    const { bt } = battle([slinger], [grunt], [], { fighterPolicy: SHOOTER, settings: { terrain: [{ at: [18, 11.8], size: [4, 0.4], kind: 'block' }] } });
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 14);
    expect(decision(bt, 0)).toEqual([Act.Move, 1, 0]);
  });

  it('side b Hides against a side-a shooter', () => {
    const { bt } = battle([slinger], [slinger], [], { fighterPolicy: SHOOTER, settings: { terrain: [{ at: [18, 8], size: [4, 1], kind: 'cover' }] } });
    place(bt, 1, 20, 10);
    place(bt, 0, 20, 36);
    expect(decision(bt, 1)).toEqual([Act.Hide, -1, 0]);
  });

  it('a fighter with no enemy left on the board still activates; a waiting fighter exactly Movement + 1" from an enemy is urgent', () => {
    const { bt } = battle([grunt], [grunt], []);
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 16); // exactly 5"
    expect(passNow(bt, 0)).toBe(false);
    place(bt, 1, 20, 16.01);
    expect(passNow(bt, 0)).toBe(true);
    bt.state[1] = OUT_OF_ACTION;
    expect(nextFighter(bt, 0)).toBe(0);
  });

  it('a kite\'s Dodge also keeps the attacker within its maximum range', () => {
    const { bt } = battle([slinger], [grunt], [], { fighterPolicy: KITE });
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 34);
    expect(manoeuvre(bt, 0, 1, 0)).toBeCloseTo(1, 9);
  });
});
