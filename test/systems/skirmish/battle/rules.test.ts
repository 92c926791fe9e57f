/** Battle rules (seeds 000 + 002), each clause with scripted dice on a board laid out by hand. */
import { describe, expect, it } from 'vitest';
import { Act, type Battle, type BattlePolicies } from '../../../../src/systems/skirmish/battle/engine.js';
import { decide } from '../../../../src/systems/skirmish/battle/policies.js';
import { splitShare } from '../../../../src/systems/skirmish/battle/setup.js';
import { helpResult } from '../../../../src/systems/skirmish/fight-rules.js';
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from '../../../../src/systems/skirmish/profile.js';
import { fighter, keen, loadout, sword, weapon } from '../../../helpers/skirmish.js';
import { battle, place } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
const keenSword = loadout(keen, sword);
const sling = weapon('sling', { type: 'ranged', class: 'other', might: '2', skill: '0', range: [3, 24] });
const slinger = loadout(fighter('slinger', { skill: 4 }), [sling, club]);
const braceAll: Pick<BattlePolicies, 'action'> = { action: () => Act.Brace };

describe('a round (seed 000, "Example: A Round")', () => {
  const order = (bt: Battle, log: string[], passAt: (turn: number) => boolean): BattlePolicies => {
    let aTurns = 0;
    return {
      ...braceAll,
      next: (b, s) => {
        if (s === 0) aTurns++;
        const i = Array.from({ length: b.n }, (_, k) => k).find((k) => b.side[k] === s && b.activated[k] === 0)!;
        log.push(s === 0 ? 'a' : 'b');
        return i;
      },
      pass: (_b, s) => {
        if (s !== 0 || !passAt(aTurns + 1)) return false;
        aTurns++;
        log.push('pass');
        return true;
      },
    };
  };

  it('4 vs 6 activations: the side with 4 has initiative and 2 Pass tokens, spent as in the example', () => {
    const log: string[] = [];
    const { bt, script } = battle([grunt, grunt, grunt, grunt], [grunt, grunt, grunt, grunt, grunt, grunt], []);
    (bt as { policies: BattlePolicies }).policies = order(bt, log, (turn) => turn === 3 || turn === 5);
    expect(bt.playRound()).toBe(true);
    expect(script.used).toBe(0); // unequal counts: no roll-off
    expect(log).toEqual(['a', 'b', 'a', 'b', 'pass', 'b', 'a', 'b', 'pass', 'b', 'a', 'b']);
    expect(bt.tokens[0]).toBe(0);
    expect(Array.from(bt.activated)).toEqual(new Array(10).fill(1));
  });

  it('never two Passes in a row, even for a side that always wants to pass', () => {
    const log: string[] = [];
    const { bt } = battle([grunt, grunt, grunt, grunt], [grunt, grunt, grunt, grunt, grunt, grunt], []);
    (bt as { policies: BattlePolicies }).policies = order(bt, log, () => true);
    bt.playRound();
    expect(log).toEqual(['pass', 'b', 'a', 'b', 'pass', 'b', 'a', 'b', 'a', 'b', 'a', 'b']);
  });

  it('equal counts: a d6 roll-off, ties rerolled; no Pass tokens', () => {
    const log: string[] = [];
    const { bt, script } = battle([grunt, grunt], [grunt, grunt], [4, 4, 2, 5]);
    (bt as { policies: BattlePolicies }).policies = order(bt, log, () => true);
    bt.playRound();
    expect(script.used).toBe(4);
    expect(log).toEqual(['b', 'a', 'b', 'a']);
  });
});

describe('Gang Up (seed 002): +1 die when a friend is engaged with the same enemy', () => {
  const setup = (friendState: number, friendAt: [number, number]) => {
    const { bt, script } = battle([keenSword, keenSword], [grunt], new Array(16).fill(2));
    place(bt, 2, 20, 20);
    place(bt, 0, 20, 21);
    place(bt, 1, ...friendAt);
    bt.state[1] = friendState;
    bt.melee(0, 2);
    return script.used;
  };
  it('9 Strike dice alone, 10 with an Active friend within 1" of the enemy', () => {
    expect(setup(ACTIVE, [30, 30])).toBe(9 + 6);
    expect(setup(ACTIVE, [21, 20])).toBe(10 + 6);
    expect(setup(DOWNED, [21, 20])).toBe(9 + 6);
  });
});

describe('Multiple Engagement (seed 002)', () => {
  it('splits the pool round-robin, Might dice first', () => {
    expect(splitShare(4, 5, 2, 0)).toEqual({ might: 2, skill: 3 });
    expect(splitShare(4, 5, 2, 1)).toEqual({ might: 2, skill: 2 });
    expect(splitShare(4, 5, 3, 2)).toEqual({ might: 1, skill: 2 });
  });

  it('knob split: two standing enemies each take their share of the dice', () => {
    const faces = [...new Array(5).fill(6), ...new Array(6).fill(1), ...new Array(4).fill(6), ...new Array(6).fill(1)];
    const { bt, script } = battle([keenSword], [grunt, grunt], faces, { knobs: { multipleEngagement: 'split' } });
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    place(bt, 2, 21, 20);
    bt.melee(0, 1);
    expect(script.used).toBe(21);
    expect(bt.state[1]).toBe(STUNNED); // 5 unblocked hits on 3 Wounds
    expect(bt.state[2]).toBe(STUNNED); // 4 unblocked hits
  });

  it('knob split with Gang Up: one Gang Up die for the whole Strike Pool (added before the split), not one per share', () => {
    // Keen + Sword: 4 Might + 5 Skill = 9 dice split in two (5 + 4); each grunt rolls 6 defence dice; every face a miss.
    const split = (friendAt: [number, number] | null) => {
      const { bt, script, events } = battle([keenSword, keenSword], [grunt, grunt], new Array(30).fill(2), { knobs: { multipleEngagement: 'split' } });
      place(bt, 0, 20, 20);
      place(bt, 2, 20, 21);
      place(bt, 3, 21, 20);
      place(bt, 1, ...(friendAt ?? [40, 40]));
      bt.melee(0, 2);
      return [script.used, events.map((e) => `${e.target} ${e.gang_up}`)];
    };
    expect(split(null)).toEqual([9 + 12, ['b0 false', 'b1 false']]);
    expect(split([21, 21])).toEqual([10 + 12, ['b0 true', 'b1 false']]); // the friend is engaged with both: still one die
    expect(split([20, 22.5])).toEqual([10 + 12, ['b0 true', 'b1 false']]); // engaged with b0 only
    expect(split([22.5, 20])).toEqual([10 + 12, ['b0 false', 'b1 true']]); // engaged with b1 only: the die goes with b1's share
  });

  it('a standing enemy comes first: a Downed one gets no dice and is not the Melee target', () => {
    const { bt, script } = battle([keenSword], [grunt, grunt], new Array(15).fill(2), { knobs: { multipleEngagement: 'split' } });
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    place(bt, 2, 21, 20);
    bt.state[1] = DOWNED;
    expect(decide(bt, 0, false)).toBe(Act.Melee);
    expect(bt.target).toBe(2);
    bt.melee(0, 2);
    expect(script.used).toBe(9 + 6); // the whole pool on the standing enemy
  });
});

describe('Help (seed 002 table)', () => {
  it('1 Out of Action; 2-3 nothing; 4-5 Stunned becomes Downed; 6 stands with 1 Wound', () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => helpResult(f, STUNNED, 0).state)).toEqual([OUT_OF_ACTION, STUNNED, STUNNED, DOWNED, DOWNED, ACTIVE]);
    expect([1, 2, 3, 4, 5, 6].map((f) => helpResult(f, DOWNED, 0).state)).toEqual([OUT_OF_ACTION, DOWNED, DOWNED, DOWNED, DOWNED, ACTIVE]);
    expect(helpResult(6, STUNNED, 0).woundsLeft).toBe(1);
  });

  it('an aggressive fighter not engaged helps a Stunned friend within 1"', () => {
    const { bt } = battle([grunt, grunt], [grunt], [4]);
    place(bt, 0, 10, 10);
    place(bt, 1, 11, 10);
    bt.state[1] = STUNNED;
    expect(decide(bt, 0, false)).toBe(Act.Help);
    bt.perform(0, Act.Help, false);
    expect(bt.state[1]).toBe(DOWNED);
  });
});

describe('Mercy Kill (seed 002): not while another Active or Downed enemy is within 1"', () => {
  for (const [other, allowed] of [[ACTIVE, false], [DOWNED, false], [STUNNED, true]] as const) {
    it(`other enemy ${['active', 'downed', 'stunned'][other]}: ${allowed ? 'allowed' : 'refused'}`, () => {
      const { bt } = battle([grunt], [grunt, grunt], []);
      place(bt, 0, 20, 20);
      place(bt, 1, 20, 21);
      place(bt, 2, 21, 20);
      bt.state[1] = STUNNED;
      bt.state[2] = other;
      bt.mercyKill(0, 1);
      expect(bt.state[1]).toBe(allowed ? OUT_OF_ACTION : STUNNED);
    });
  }
});

describe('Retreat (seed 002): the free attack only from an enemy not engaged with another', () => {
  it('a failed check draws one free Melee attack from the enemy engaged with nobody else', () => {
    // a0 retreats from b0 and b1; b1 is also engaged with a1. Check 1 fails; b0 attacks (7 dice + Gang Up
    // from b1, against 7 defence dice, all misses).
    const { bt, script, events } = battle([keenSword, grunt], [grunt, grunt], [1, ...new Array(15).fill(2)]);
    place(bt, 0, 20, 20);
    place(bt, 2, 20, 21.5);
    place(bt, 3, 21.5, 20);
    place(bt, 1, 23, 20);
    bt.retreat(0, bt.movement[0]!);
    expect(script.used).toBe(16);
    expect(events.filter((e) => e.action === 'free-attack').map((e) => e.actor)).toEqual(['b0']);
    expect(bt.gap(0, 2)).toBeGreaterThan(1);
  });
});

describe('friendly fire (seed 000): natural 1s hit the nearest at-risk friend', () => {
  it('the friend on the line of fire is nearer than the one engaged with the target and takes the hit', () => {
    // sling: 2 Might dice [1, 6]; target defends 6 dice, all fail; the friend defends 6 dice, all fail.
    const { bt } = battle([slinger, grunt, grunt], [grunt], [1, 6, ...new Array(6).fill(1), ...new Array(6).fill(1)]);
    place(bt, 0, 10, 10);
    place(bt, 1, 10, 15);
    place(bt, 2, 11.5, 20);
    place(bt, 3, 10, 20);
    expect(bt.atRisk(0, 3)).toBe(1);
    bt.shoot(0, 3, true);
    expect(bt.woundsLeft[3]).toBe(2);
    expect(bt.woundsLeft[1]).toBe(2);
    expect(bt.woundsLeft[2]).toBe(3);
    expect(bt.friendly[0]).toBe(1);
    expect(bt.dealt[0]).toBe(1);
  });

  it('Downed and Stunned friends are never at risk; with none at risk the 1s just miss', () => {
    const { bt } = battle([slinger, grunt, grunt], [grunt], []);
    place(bt, 0, 10, 10);
    place(bt, 1, 10, 15);
    place(bt, 2, 11.5, 20);
    place(bt, 3, 10, 20);
    bt.state[1] = DOWNED;
    expect(bt.atRisk(0, 3)).toBe(2);
    bt.state[2] = STUNNED;
    expect(bt.atRisk(0, 3)).toBe(-1);
  });
});

describe('clustered enemies (seed 000): a Skill check when others are within 1" of the target', () => {
  const setup = (faces: number[], others: number) => {
    const { bt, script } = battle([slinger], [grunt, grunt, grunt], faces);
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 20);
    place(bt, 2, 11.5, 20);
    place(bt, 3, others === 2 ? 8.5 : 30, 20);
    return { t: bt.clustered(0, 1), used: script.used };
  };
  it('pass: the declared target', () => expect(setup([4], 1)).toEqual({ t: 1, used: 1 }));
  it('fail with one other: that one', () => expect(setup([3], 1)).toEqual({ t: 2, used: 1 }));
  it('fail with two others: a random one of all three, the declared target included', () => {
    expect(setup([1, 1], 2)).toEqual({ t: 2, used: 2 });
    expect(setup([1, 2], 2)).toEqual({ t: 3, used: 2 });
    expect(setup([1, 3], 2)).toEqual({ t: 1, used: 2 });
  });
  it('nobody else within 1": no check', () => {
    const { bt, script } = battle([slinger], [grunt], []);
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 20);
    expect(bt.clustered(0, 1)).toBe(1);
    expect(script.used).toBe(0);
  });
});

describe('line of sight, cover, Hide and the targeting restriction (seed 000)', () => {
  const wall = (kind: 'cover' | 'block', at: [number, number]) => ({ terrain: [{ at, size: [4, 1] as [number, number], kind }] });

  it('block terrain and enemy bases stop line of sight; friends do not', () => {
    const blocked = battle([slinger], [grunt], [], { settings: wall('block', [8, 12]) }).bt;
    place(blocked, 0, 10, 5);
    place(blocked, 1, 10, 20);
    expect(blocked.lineOfSight(0, 1)).toBe(false);
    expect(blocked.rangedTargets(0, false)).toBe(0);
    const open = battle([slinger, grunt], [grunt, grunt], []).bt;
    place(open, 0, 10, 5);
    place(open, 2, 10, 20);
    place(open, 1, 10, 10);
    place(open, 3, 30, 30);
    expect(open.lineOfSight(0, 2)).toBe(true);
    place(open, 3, 10.3, 14);
    expect(open.lineOfSight(0, 2)).toBe(false);
  });

  it('cover: +1 Skill defence die beyond 1" of the shooter, +2 with the target within 1" of it', () => {
    const { bt } = battle([slinger], [grunt], [], { settings: wall('cover', [8, 12]) });
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 20);
    expect(bt.cover(0, 1)).toBe(1);
    place(bt, 1, 10, 13.9);
    expect(bt.cover(0, 1)).toBe(2);
    place(bt, 0, 10, 11);
    place(bt, 1, 10, 20);
    expect(bt.cover(0, 1)).toBe(0);
    const plain = bt.attacks.get(0, 0, 1, 0, 0, 0, 0, 0, 0, 0);
    const covered = bt.attacks.get(0, 0, 1, 0, 0, 0, 2, 0, 0, 0);
    expect(covered.spec.defSkill.length - plain.spec.defSkill.length).toBe(2);
  });

  it('Hide within 1" of terrain: no Ranged target beyond 6"', () => {
    const { bt } = battle([slinger], [grunt], [], { settings: wall('cover', [8, 21]) });
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 20);
    bt.perform(1, Act.Hide, false);
    expect(bt.hidden[1]).toBe(1);
    expect(bt.canShootAt(0, 1, false)).toBe(false);
    place(bt, 0, 10, 14);
    expect(bt.canShootAt(0, 1, false)).toBe(true);
  });

  it('a Downed enemy cannot be targeted while an Active one is otherwise eligible', () => {
    const { bt } = battle([slinger], [grunt, grunt], [], { settings: wall('block', [13, 12]) });
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 10);
    place(bt, 2, 20, 20);
    bt.state[1] = DOWNED;
    expect(bt.rangedTargets(0, false)).toBe(1);
    expect(Array.from(bt.candidate)).toEqual([0, 1, 0]); // the Active one is behind the block
    place(bt, 2, 12, 20);
    expect(bt.rangedTargets(0, false)).toBe(1);
    expect(Array.from(bt.candidate)).toEqual([0, 0, 1]);
  });
});

describe('Ranged Reaction (seed 000)', () => {
  it('an Active target of the other side acts at once after the shot; not from a reaction', () => {
    const { bt, events } = battle([slinger], [grunt], [2, 2, ...new Array(6).fill(2)]);
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 9.5);
    bt.activeSide = 0;
    bt.shoot(0, 1, false);
    bt.playReactions();
    expect(events.map((e) => [e.action, e.reaction])).toEqual([['ranged', undefined], ['charge', true]]);
    expect(bt.gap(0, 1)).toBeLessThanOrEqual(1);
  });
});

describe('leaving engagement and Crawl', () => {
  it('a Move that starts within 1" of an Active enemy is a Retreat (Skill check, free attack on a fail)', () => {
    const { bt, script, events } = battle([slinger], [grunt], [1, ...new Array(14).fill(2)]);
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21.5);
    bt.target = 1;
    bt.amount = 0;
    bt.perform(0, Act.MoveAway, false);
    expect(script.used).toBe(15); // check 1 fails; the grunt's 7 dice against the slinger's 3 + 4 defence dice
    expect(events.map((e) => e.action)).toEqual(['retreat', 'free-attack']);
    expect(bt.gap(0, 1)).toBeGreaterThan(1);
  });

  it('a Downed shooter crawls out of the charge reach when half its Movement gets it there, else Recovers', () => {
    const { bt } = battle([slinger], [grunt], [], { fighterPolicy: 1 });
    bt.state[0] = DOWNED;
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 14.5); // gap 3.5: within reach 5; crawling 2" makes it 5.5
    expect(decide(bt, 0, false)).toBe(Act.Crawl);
    bt.perform(0, Act.Crawl, false);
    expect(bt.gap(0, 1)).toBeCloseTo(5.5);
    place(bt, 1, 20, 12);
    expect(decide(bt, 0, false)).toBe(Act.Recover);
  });
});

describe('moves on the board', () => {
  it('stop at an enemy base and at block terrain; a blocked move goes around the wall instead', () => {
    const { bt } = battle([grunt], [grunt], [], { settings: { terrain: [{ at: [18, 14], size: [4, 1], kind: 'block' }] } });
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 20);
    bt.slide(0, 0, 1, 4, true);
    expect(bt.y[0]).toBeCloseTo(13.5); // the base's edge touches the wall at y = 14
    for (let k = 0; k < 3; k++) bt.moveToward(0, 1, 4, true); // round the wall's corner: 2.5" + 2" + 6.5"
    expect(bt.gap(0, 1)).toBeLessThanOrEqual(1);
    place(bt, 0, 30, 19);
    bt.moveToward(0, 1, 20, true);
    expect(bt.gap(0, 1)).toBeCloseTo(0); // stops at the enemy's base
  });
});

describe('shooter policy', () => {
  it('Aims, then shoots a legal target; moves only as far as needed into range; walks round terrain for a sight line', () => {
    const { bt } = battle([slinger], [grunt], [], { fighterPolicy: 1, settings: { terrain: [{ at: [18, 14], size: [4, 1], kind: 'block' }] } });
    place(bt, 0, 20, 5);
    place(bt, 1, 30, 5);
    bt.actionsLeft = 1;
    expect([decide(bt, 0, false), bt.target]).toEqual([Act.Aim, 1]);
    bt.aimed[0] = 1;
    expect([decide(bt, 0, false), bt.target]).toEqual([Act.Ranged, 1]);
    place(bt, 1, 20, 35); // 29" away: 5" beyond the sling's 24"
    expect([decide(bt, 0, false), bt.amount]).toEqual([Act.Move, 4]);
    place(bt, 1, 20, 31);
    expect([decide(bt, 0, false), bt.amount]).toEqual([Act.Move, 1]);
    place(bt, 1, 20, 20); // in range, behind the block
    expect([decide(bt, 0, false), bt.amount]).toEqual([Act.Move, 0]);
  });
});
