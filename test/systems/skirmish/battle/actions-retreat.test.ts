/**
 * Retreat (seed 002) and the nearest-enemy queries of battle actions (actions.ts), with scripted
 * dice on a board laid out by hand (README, Mutation testing; see actions-clauses.test.ts).
 * Grunt against grunt: 4 Might + 3 Skill attack dice hitting on 5+, then 3 Might + 3 Skill
 * defence dice succeeding on 4+ (13 dice); a natural 2 misses and fails.
 */
import { describe, expect, it } from 'vitest';
import { ACTIVE, DOWNED, OUT_OF_ACTION } from '../../../../src/systems/skirmish/profile.js';
import { fighter, loadout, weapon } from '../../../helpers/skirmish.js';
import { battle, place } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
const miss = (n: number): number[] => new Array<number>(n).fill(2);
/** A grunt's Melee on a grunt: `hits` Might dice of 5, every other attack die and every defence die 2. */
const hits = (n: number): number[] => [...new Array<number>(n).fill(5), ...miss(7 - n), ...miss(6)];

describe('Retreat (seed 002): a Skill check; on a fail, free Melee attacks; then away from the nearest enemy', () => {
  it('not engaged: nothing is rolled and nobody moves', () => {
    const { bt, script } = battle([grunt], [grunt], []);
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 25);
    bt.retreat(0, 4);
    expect([script.used, bt.y[0], bt.moved[0]]).toEqual([0, 20, 0]);
  });

  it('engaged only with a Downed enemy: the check is rolled; passing, it moves its length away', () => {
    const { bt, script } = battle([grunt], [grunt], [6]);
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    bt.state[1] = DOWNED;
    bt.retreat(0, 4);
    expect([script.used, bt.y[0], bt.moved[0]]).toEqual([1, 16, 0]); // a Retreat is not a Move (000 heavy: "Moved or Charged")
  });

  it('a passed check draws no free attack', () => {
    const { bt, script, events } = battle([grunt], [grunt], [6]);
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    bt.retreat(0, 4);
    expect([script.used, bt.y[0]]).toEqual([1, 16]);
    expect(events.map((e) => [e.action, e.rolls, e.result])).toEqual([['retreat', [6], 'Skill check passes']]);
  });

  it('a failed check: each Active enemy within 1" (exactly 1" too) attacks once, for Wounds; a Downed one or one beyond 1" does not', () => {
    const { bt, script, events } = battle([grunt], [grunt, grunt, grunt], [1, ...hits(1)]);
    place(bt, 0, 20, 20);
    place(bt, 1, 22, 20); // Active, exactly 1"
    place(bt, 2, 20, 21); // Downed, touching
    place(bt, 3, 20, 22.01); // Active, beyond 1"
    bt.state[2] = DOWNED;
    bt.retreat(0, 4);
    expect(script.used).toBe(14);
    // Traced, the Retreat comes first (with its free attacks' count), then the free attacks it drew.
    expect(events.map((e) => `${e.actor} ${e.action} ${e.wounds}`)).toEqual(['a0 retreat undefined', 'b0 free-attack 1']);
    expect(events[0]).toMatchObject({ rolls: [1], result: 'Skill check fails', free_attacks: 1 });
    expect([bt.state[0], bt.woundsLeft[0], bt.x[0], bt.y[0]]).toEqual([ACTIVE, 2, 20, 16]);
  });

  it('the free attacks stop once the retreating fighter is down, and a downed fighter stays where it is', () => {
    // b0's free attack has Gang Up from b1: 8 attack dice, 3 Might hits, 6 defence dice.
    const { bt, script, events } = battle([grunt], [grunt, grunt], [1, 5, 5, 5, ...miss(5), ...miss(6)]);
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    place(bt, 2, 21, 20);
    bt.retreat(0, 4);
    expect(script.used).toBe(15);
    expect(events.map((e) => e.actor)).toEqual(['a0', 'b0']); // the Retreat, then the free attack it drew
    expect([bt.state[0], bt.x[0], bt.y[0], bt.moved[0]]).toEqual([DOWNED, 20, 20, 0]);
  });

  it('knob failedRetreat stays: a failed Retreat keeps the fighter engaged after the free attack; a passed one leaves', () => {
    const { bt, script } = battle([grunt], [grunt], [1, ...hits(0), 6], { knobs: { failedRetreat: 'stays' } });
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    bt.retreat(0, 4);
    expect([script.used, bt.y[0], bt.moved[0]]).toEqual([14, 20, 0]);
    bt.retreat(0, 4);
    expect([script.used, bt.y[0], bt.moved[0]]).toEqual([15, 16, 0]);
  });

  it('an enemy within 1" of another fighter of the retreating side makes no free attack (exactly 1" too); an Out of Action one does not count', () => {
    const engagedElsewhere = battle([grunt, grunt], [grunt], [1]);
    place(engagedElsewhere.bt, 0, 20, 20);
    place(engagedElsewhere.bt, 2, 20, 21);
    place(engagedElsewhere.bt, 1, 22, 21); // a1 exactly 1" from b0
    engagedElsewhere.bt.retreat(0, 4);
    expect([engagedElsewhere.script.used, engagedElsewhere.bt.y[0]]).toEqual([1, 16]);
    const outFriend = battle([grunt, grunt], [grunt], [1, ...hits(0)]);
    place(outFriend.bt, 0, 20, 20);
    place(outFriend.bt, 2, 20, 21);
    place(outFriend.bt, 1, 21, 21.5);
    outFriend.bt.state[1] = OUT_OF_ACTION;
    outFriend.bt.retreat(0, 4);
    expect(outFriend.events.map((e) => e.action)).toEqual(['retreat', 'free-attack']);
  });

  it('it moves directly away from the nearest enemy, a Downed one included (fighter 0 too)', () => {
    const { bt } = battle([grunt, grunt], [grunt], [6]);
    place(bt, 2, 20, 20);
    place(bt, 0, 20, 21); // Downed, touching (north)
    place(bt, 1, 22, 20); // Active, 1" east
    bt.state[0] = DOWNED;
    bt.retreat(2, 4);
    expect([bt.x[2], bt.y[2]]).toEqual([20, 16]);
  });
});

describe('nearest enemy', () => {
  it('the nearest enemy not Out of Action (Active only when asked), ties to roster order; -1 and Infinity when none', () => {
    const { bt } = battle([grunt, grunt], [grunt, grunt, grunt], []);
    place(bt, 4, 20, 20);
    place(bt, 0, 10, 20);
    place(bt, 1, 30, 20);
    place(bt, 2, 20, 10);
    place(bt, 3, 20, 30);
    expect([bt.nearestEnemy(4, false), bt.nearestEnemyGap(4)]).toEqual([0, 9]);
    place(bt, 1, 26, 20);
    expect([bt.nearestEnemy(4, false), bt.nearestEnemyGap(4)]).toEqual([1, 5]);
    place(bt, 1, 30, 20);
    place(bt, 0, 12, 20);
    expect([bt.nearestEnemy(4, false), bt.nearestEnemyGap(4)]).toEqual([0, 7]);
    bt.state[0] = DOWNED;
    expect([bt.nearestEnemy(4, true), bt.nearestEnemy(4, false)]).toEqual([1, 0]);
    bt.state[0] = OUT_OF_ACTION;
    expect([bt.nearestEnemy(4, false), bt.nearestEnemyGap(4)]).toEqual([1, 9]);
    bt.state[1] = OUT_OF_ACTION;
    expect([bt.nearestEnemy(4, false), bt.nearestEnemyGap(4)]).toEqual([-1, Infinity]);
    expect([bt.nearestEnemy(0, false), bt.nearestEnemyGap(1)]).toEqual([4, 9]);
  });
});
