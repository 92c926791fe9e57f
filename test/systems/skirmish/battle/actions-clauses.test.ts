/**
 * Battle actions (actions.ts; seeds 000 + 002, rules.md 1.7-1.8) the mutation run left untested
 * (README, Mutation testing): Melee reach and Multiple Engagement, Wounds and their bookkeeping,
 * Dodge and Shove movement, Mercy Kill, Recover, Help and Retreat, each with scripted dice on a
 * board laid out by hand. Grunt against grunt: 4 Might + 3 Skill attack dice hitting on 5+, then
 * 3 Might + 3 Skill defence dice succeeding on 4+ (13 dice); a natural 2 misses and fails.
 */
import { describe, expect, it } from 'vitest';
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from '../../../../src/systems/skirmish/profile.js';
import { fighter, keen, loadout, sword, weapon } from '../../../helpers/skirmish.js';
import { battle, place } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
const keenSword = loadout(keen, sword);
const miss = (n: number): number[] => new Array<number>(n).fill(2);
/** A grunt's Melee on a grunt: `hits` Might dice of 5, every other attack die and every defence die 2. */
const hits = (n: number): number[] => [...new Array<number>(n).fill(5), ...miss(7 - n), ...miss(6)];
/** One Might hit, 2 Skill successes left over: the Dodge blocks it and the defender moves (no Wounds). */
const DODGE = [5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 4, 4, 2];
/** One Skill hit, 2 Might successes left over: the Shove blocks it and pushes the attacker away. */
const SHOVE = [2, 2, 2, 2, 5, 2, 2, 4, 4, 2, 2, 2, 2];

describe('Melee reach (seed 002: within 1", base to base, "within" includes exactly 1")', () => {
  it('rolls at exactly 1"; nothing beyond 1", at no target or at an Out of Action one', () => {
    const { bt, script } = battle([grunt], [grunt], miss(13));
    place(bt, 0, 20, 20);
    place(bt, 1, 22, 20); // centres 2" apart, bases 1": a gap of exactly 1"
    bt.melee(1, -1);
    expect(script.used).toBe(0);
    bt.melee(1, 0); // b0 attacks a0, fighter index 0
    expect(script.used).toBe(13);
    place(bt, 1, 22.01, 20);
    bt.melee(1, 0);
    place(bt, 1, 21, 20);
    bt.state[0] = OUT_OF_ACTION;
    bt.melee(1, 0);
    expect(script.used).toBe(13);
  });
});

describe('Multiple Engagement (seed 002)', () => {
  const ring = (others: number, knob: 'focus' | 'split', faces: number[]) => {
    const { bt, script, events } = battle([keenSword], new Array<typeof grunt>(others).fill(grunt), faces, { knobs: { multipleEngagement: knob } });
    place(bt, 0, 20, 20);
    for (let k = 0; k < others; k++) place(bt, 1 + k, 20 + 1.5 * Math.cos((2 * Math.PI * k) / others), 20 + 1.5 * Math.sin((2 * Math.PI * k) / others));
    return { bt, script, events, targets: () => events.filter((e) => e.action === 'melee').map((e) => e.target) };
  };

  it('knob focus: the whole Strike Pool on the chosen enemy, even with two standing enemies engaged', () => {
    const { bt, script, targets } = ring(2, 'focus', miss(15));
    bt.melee(0, 2);
    expect(script.used).toBe(9 + 6);
    expect(targets()).toEqual(['b1']);
  });

  it('knob split: at most 4 enemies share the pool (roster order), each a Melee attack', () => {
    // 9 dice dealt round-robin over 4: 3 + 2 + 2 + 2 attack dice, each against 6 defence dice.
    const { bt, script, targets } = ring(5, 'split', miss(9 + 4 * 6));
    bt.melee(0, 1);
    expect(script.used).toBe(9 + 4 * 6);
    expect(targets()).toEqual(['b0', 'b1', 'b2', 'b3']);
  });

  it('knob split: an enemy at exactly 1" is engaged and takes its share', () => {
    const { bt, script, targets } = ring(2, 'split', miss(9 + 2 * 6));
    place(bt, 2, 18, 20);
    bt.melee(0, 1);
    expect(script.used).toBe(9 + 2 * 6);
    expect(targets()).toEqual(['b0', 'b1']);
  });

  it('knob split: an Active enemy beyond 1" takes no share', () => {
    const { bt, script, targets } = ring(2, 'split', miss(9 + 6));
    place(bt, 2, 17.99, 20);
    bt.melee(0, 1);
    expect(script.used).toBe(9 + 6);
    expect(targets()).toEqual(['b0']);
  });

  it('knob split with a Downed target: the whole pool on it (the policy chose it), none on the standing ones', () => {
    const { bt, script, targets } = ring(3, 'split', miss(9 + 6));
    bt.state[1] = DOWNED;
    bt.melee(0, 1);
    expect(script.used).toBe(9 + 6);
    expect(targets()).toEqual(['b0']);
  });
});

describe('the Attack Sequence in a battle', () => {
  it('unblocked hits are Wounds (not a Mercy Kill), credited to the attacker; a Hidden fighter still standing stays Hidden', () => {
    const { bt, events } = battle([grunt], [grunt], hits(1));
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    bt.hidden[1] = 1;
    bt.melee(0, 1);
    expect([bt.state[1], bt.woundsLeft[1], bt.hidden[1], bt.dealt[0], bt.takedowns[0]]).toEqual([ACTIVE, 2, 1, 1, 0]);
    expect(events).toEqual([expect.objectContaining({
      action: 'melee', actor: 'a0', target: 'b0', wounds: 1, target_state_before: 'active', target_state_after: 'active', gang_up: false, cover: 0,
    })]);
    expect(events[0]).not.toHaveProperty('dodge');
  });

  it('a fighter taken down stays Hidden (002: a Downed fighter may Recover "without losing Hidden")', () => {
    const { bt } = battle([grunt], [grunt], hits(3));
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    bt.hidden[1] = 1;
    bt.melee(0, 1);
    expect([bt.state[1], bt.hidden[1]]).toEqual([DOWNED, 1]);
  });

  it('Gang Up shows in the trace', () => {
    const { bt, events } = battle([keenSword, grunt], [grunt], miss(16));
    place(bt, 2, 20, 20);
    place(bt, 0, 20, 21);
    place(bt, 1, 21, 20);
    bt.melee(0, 2);
    expect(events[0]).toMatchObject({ gang_up: true, wounds: 0 });
  });

  it('Dodge (seed 000): the defender moves 2" directly away from the attacker, not through a base', () => {
    const { bt, events } = battle([grunt], [grunt, grunt], [...DODGE, ...DODGE]);
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    place(bt, 2, 30, 30);
    bt.melee(0, 1);
    expect([bt.y[1], bt.woundsLeft[1]]).toEqual([23, 3]);
    expect(events[0]).toMatchObject({ dodge: true, wounds: 0 });
    expect(events[0]).not.toHaveProperty('shove');
    place(bt, 1, 20, 21);
    place(bt, 2, 20, 22); // the defender's friend right behind it
    bt.melee(0, 1);
    expect(bt.y[1]).toBe(21);
  });

  it('Shove (seed 000): the attacker is pushed 2" directly away from the defender, not through a base', () => {
    const { bt, events } = battle([grunt, grunt], [grunt], [...SHOVE, ...SHOVE]);
    place(bt, 0, 20, 20);
    place(bt, 2, 20, 21.2); // not within 1" of the friend placed below: no Gang Up
    place(bt, 1, 30, 30);
    bt.melee(0, 2);
    expect([bt.y[0], bt.woundsLeft[2]]).toEqual([18, 3]);
    expect(events[0]).toMatchObject({ shove: true });
    expect(events[0]).not.toHaveProperty('dodge');
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 19); // the attacker's friend right behind it
    bt.melee(0, 2);
    expect(bt.y[0]).toBe(20);
  });
});

describe('Shove and terrain (seed 000: "into contact with terrain ... stop the movement at the point of contact")', () => {
  const cover = (at: [number, number]) => ({ settings: { terrain: [{ at, size: [10, 0.5] as [number, number], kind: 'cover' as const }] } });

  it('a Shove stops where the attacker\'s base touches `cover` terrain too, not only `block`', () => {
    const { bt } = battle([grunt], [grunt], SHOVE, cover([15, 18.5])); // the cover's far edge at y = 19
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21.2);
    bt.melee(0, 1);
    expect(bt.y[0]).toBeCloseTo(19.5); // its base's edge on y = 19: 0.5" of the 2"
  });

  it('a Shove is not stopped by a `cover` piece the attacker already stands on', () => {
    const { bt } = battle([grunt], [grunt], SHOVE, cover([15, 19.6]));
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21.2);
    bt.melee(0, 1);
    expect(bt.y[0]).toBeCloseTo(18);
  });

  it('Dodge movement crosses `cover` terrain (the seed stops only a Shove at terrain)', () => {
    const { bt } = battle([grunt], [grunt], DODGE, cover([15, 22.2]));
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21.2);
    bt.melee(0, 1);
    expect(bt.y[1]).toBeCloseTo(23.2);
  });
});

describe('Out of Action and the end of a battle', () => {
  it('the battle ends when a side has no fighter left that is not Out of Action; a Downed one still stands', () => {
    // b0 and b1 Stunned: one hit each takes them Out of Action (seed 000: Stunned hit at all).
    const { bt } = battle([grunt], [grunt, grunt], [...hits(1), ...hits(1)]);
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    place(bt, 2, 21, 20);
    bt.state[1] = STUNNED;
    bt.state[2] = DOWNED;
    bt.melee(0, 1);
    expect([bt.state[1], bt.takedowns[0], bt.over, bt.standing(1)]).toEqual([OUT_OF_ACTION, 1, false, true]);
    bt.melee(0, 2); // Downed -> Stunned
    bt.state[2] = OUT_OF_ACTION;
    expect([bt.standing(1), bt.standing(0)]).toEqual([false, true]);
  });

  it('the last enemy going Out of Action ends the battle and credits the attacker (fighter 0 too)', () => {
    const { bt } = battle([grunt], [grunt], hits(1));
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    bt.state[1] = STUNNED;
    bt.melee(0, 1);
    expect([bt.over, bt.takedowns[0], bt.dealt[0]]).toEqual([true, 1, 1]);
  });

  it('friendly fire and a spell\'s backlash take fighters out but credit no takedown', () => {
    const { bt } = battle([grunt, grunt], [grunt], []);
    bt.state[1] = STUNNED;
    bt.hurt(0, 1, 1, false, true);
    expect([bt.state[1], bt.takedowns[0], bt.friendly[0], bt.dealt[0], bt.over]).toEqual([OUT_OF_ACTION, 0, 1, 0, false]);
    bt.state[0] = STUNNED;
    bt.hurt(-1, 0, 1, false, false);
    expect([bt.state[0], bt.over, Array.from(bt.takedowns)]).toEqual([OUT_OF_ACTION, true, [0, 0, 0]]);
  });
});

describe('Mercy Kill (seed 002)', () => {
  for (const trace of [true, false]) {
    it(`a Stunned enemy within 1" (exactly 1" too) goes Out of Action at once: a takedown, Hidden lost, the battle over${trace ? '' : ' (untraced)'}`, () => {
      const { bt, script, events } = battle([grunt], [grunt, grunt], []);
      if (!trace) bt.observer = null;
      place(bt, 0, 20, 20);
      place(bt, 1, 22, 20);
      place(bt, 2, 30, 30);
      bt.state[1] = STUNNED;
      bt.state[2] = STUNNED;
      bt.hidden[0] = 1;
      bt.mercyKill(0, 1);
      expect([bt.state[1], bt.takedowns[0], bt.hidden[0], bt.over, script.used]).toEqual([OUT_OF_ACTION, 1, 0, false, 0]);
      if (trace) expect(events).toEqual([expect.objectContaining({ action: 'mercy-kill', actor: 'a0', target: 'b0', target_state_before: 'stunned', target_state_after: 'out_of_action' })]);
      place(bt, 0, 29, 30);
      bt.mercyKill(0, 2);
      expect(bt.over).toBe(true);
    });
  }

  it('nothing beyond 1", at no target, or at an Active enemy', () => {
    const { bt, script, events } = battle([grunt], [grunt], []);
    place(bt, 0, 20, 20);
    place(bt, 1, 22.01, 20);
    bt.state[0] = STUNNED;
    bt.mercyKill(1, 0); // b0 on a0, fighter index 0, just beyond 1"
    bt.mercyKill(1, -1);
    bt.state[0] = ACTIVE;
    place(bt, 1, 21, 20);
    bt.mercyKill(1, 0);
    expect([bt.state[0], script.used, events.length]).toEqual([ACTIVE, 0, 0]);
    bt.state[0] = STUNNED;
    bt.mercyKill(1, 0);
    expect([bt.state[0], bt.takedowns[1]]).toEqual([OUT_OF_ACTION, 1]);
  });

  it('a Downed enemy takes a Melee attack: one unblocked hit takes it Out of Action instead of Wounds; none leaves it Downed', () => {
    const { bt, script, events } = battle([grunt], [grunt], [...hits(1), ...hits(0)]);
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    bt.state[1] = DOWNED;
    bt.mercyKill(0, 1);
    expect(script.used).toBe(13);
    expect(events).toEqual([expect.objectContaining({ action: 'mercy-kill', wounds: 1, target_state_before: 'downed', target_state_after: 'out_of_action' })]);
    bt.state[1] = DOWNED;
    bt.over = false;
    bt.mercyKill(0, 1);
    expect(bt.state[1]).toBe(DOWNED);
  });
});

describe('Recover (seed 002 table) and Help', () => {
  it('Recover: 1 Stunned, 2-3 Downed, 4-5 Active with 1 Wound, 6 also one more action; never for a standing fighter', () => {
    const { bt, script } = battle([grunt], [grunt], [1, 3, 4, 6]);
    const after = (): [number, number, number] => {
      bt.state[0] = DOWNED;
      bt.woundsLeft[0] = 0;
      bt.actionsLeft = 1;
      bt.recover(0);
      return [bt.state[0]!, bt.woundsLeft[0]!, bt.actionsLeft];
    };
    expect([after(), after(), after(), after()]).toEqual([[STUNNED, 0, 1], [DOWNED, 0, 1], [ACTIVE, 1, 1], [ACTIVE, 1, 2]]);
    bt.recover(0);
    expect([script.used, bt.actionsLeft]).toEqual([4, 2]);
  });

  it('Help a Downed or Stunned friend within 1" (exactly 1" too); not oneself, an enemy, a standing friend, or beyond 1"', () => {
    const { bt, script } = battle([grunt, grunt], [grunt], [6, 4]);
    place(bt, 0, 20, 20);
    place(bt, 1, 22, 20);
    place(bt, 2, 22, 21.5);
    bt.state[0] = DOWNED;
    bt.state[2] = DOWNED;
    bt.help(1, 0); // fighter index 0, at exactly 1"
    expect([bt.state[0], bt.woundsLeft[0]]).toEqual([ACTIVE, 1]);
    bt.help(0, 1); // a standing friend
    bt.help(1, 2); // a Downed enemy within 1"
    bt.state[1] = DOWNED;
    bt.help(1, 1); // itself
    bt.help(1, -1);
    place(bt, 0, 20, 17.99);
    bt.state[0] = STUNNED;
    bt.help(1, 0); // beyond 1"
    expect(script.used).toBe(1);
    place(bt, 0, 21, 20);
    bt.help(1, 0);
    expect([bt.state[0], script.used]).toEqual([DOWNED, 2]);
  });
});
