/**
 * Knob castAttack (issue 34.5): seed 000 Step 2 applies Ranged modifiers to "Cast actions that use
 * the Attack Sequence"; `apart` (the default reading) gives a Cast no friendly fire and no Dodge,
 * `ranged` both, as a Ranged Attack Action.
 *
 * Knob freeAttackEngaged (issue 34.7): a failed Retreat draws a free attack from each Active enemy
 * within 1" that is not engaged with another fighter of the retreater's side; `any` (the default
 * reading) counts a Downed or Stunned friend in contact with that enemy, `active` only an Active one.
 *
 * Knob rangedInMelee (issue 34.4): `allowed` (the default reading) lets a Ranged weapon fire while
 * its bearer is within 1" of an Active enemy; `forbidden` does not (seed 002 "Spells can be cast
 * while in melee": a spell may still be cast). Scripted dice: a forbidden shot rolls nothing.
 */
import { describe, expect, it } from 'vitest';
import { Act, type BattlePolicies } from '../../../../src/systems/skirmish/battle/engine.js';
import { BATTLE_POLICIES } from '../../../../src/systems/skirmish/battle/policies.js';
import { STUNNED } from '../../../../src/systems/skirmish/profile.js';
import { fighter, loadout, weapon } from '../../../helpers/skirmish.js';
import { battle, place } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
const bow = weapon('bow', { type: 'ranged', class: 'other', might: '1', skill: '1', range: [3, 24] });
const archer = loadout(fighter('archer', { skill: 4 }), [bow, club]);
const bolt = weapon('bolt', { type: 'ranged', class: 'spell', might: '2', skill: '0', range: [3, 24], difficulty: 7, backlash: 1 });
const mage = loadout(fighter('mage', { skill: 4, casting: 2 }), [bolt, club]);
const twos = (n: number): number[] => new Array<number>(n).fill(2);
const bracers: BattlePolicies = { ...BATTLE_POLICIES, action: () => Act.Brace };

/** Shooter 0 at (10, 10), an Active grunt in base contact (b0), another grunt 10" away to the side (b1; the line of sight clears b0). */
function engagedShooter(who: typeof archer, rangedInMelee: 'allowed' | 'forbidden', faces: number[]) {
  const made = battle([who], [grunt, grunt], faces, { policies: bracers, knobs: { rangedInMelee } });
  place(made.bt, 0, 10, 10);
  place(made.bt, 1, 10, 11);
  place(made.bt, 2, 20, 10);
  return made;
}

describe('knob rangedInMelee', () => {
  it('allowed (default): the engaged archer has the far grunt as a legal target and its shot rolls', () => {
    const { bt, script } = engagedShooter(archer, 'allowed', twos(20));
    expect(bt.rangedTargets(0, false)).toBe(1);
    bt.shoot(0, 2, false);
    expect(script.used).toBeGreaterThan(0);
    expect(bt.fired[0]).toBe(1);
  });

  it('forbidden: no legal target while an Active enemy is within 1"; the shot rolls nothing', () => {
    const { bt, script } = engagedShooter(archer, 'forbidden', twos(20));
    expect(bt.rangedTargets(0, false)).toBe(0);
    bt.shoot(0, 2, false);
    expect(script.used).toBe(0);
  });

  it('forbidden: a Downed enemy in contact does not engage, so the archer shoots', () => {
    const { bt } = engagedShooter(archer, 'forbidden', []);
    bt.state[1] = 1; // DOWNED
    expect(bt.rangedTargets(0, false)).toBe(1);
  });

  it('forbidden: a spell is still cast in melee (seed 002)', () => {
    const { bt, script } = engagedShooter(mage, 'forbidden', [6, 6, ...twos(20)]);
    expect(bt.rangedTargets(0, false)).toBe(1);
    bt.shoot(0, 2, false);
    expect(script.used).toBeGreaterThan(2);
  });
});

describe('knob freeAttackEngaged', () => {
  /** a0 retreats from b0 (check d6 1 fails); a Stunned a1 touches b0. */
  function stunnedFriend(freeAttackEngaged: 'any' | 'active') {
    const made = battle([grunt, grunt], [grunt], [1, ...twos(13)], { knobs: { freeAttackEngaged } });
    place(made.bt, 0, 20, 20);
    place(made.bt, 2, 20, 21);
    place(made.bt, 1, 21.5, 21.5);
    made.bt.state[1] = STUNNED;
    made.bt.retreat(0, 4);
    return made;
  }

  it('any (default): a Stunned friend in contact with the enemy withholds its free attack (only the check is rolled)', () => {
    const { script, events } = stunnedFriend('any');
    expect(script.used).toBe(1);
    expect(events.map((e) => e.action)).toEqual(['retreat']);
  });

  it('active: only an Active friend does; the enemy strikes the retreater', () => {
    const { script, events } = stunnedFriend('active');
    expect(script.used).toBe(14);
    expect(events.map((e) => e.action)).toEqual(['retreat', 'free-attack']);
  });
});

describe('knob castAttack', () => {
  /** The mage (a0) casts at b0 (d6s 6, 6: it goes off) with a friend (a1) on the line; its 2 Strike dice are natural 1s. */
  function castThroughFriend(castAttack: 'apart' | 'ranged') {
    const made = battle([mage, grunt], [grunt], [6, 6, 1, 1, ...twos(30)], { policies: bracers, knobs: { castAttack } });
    place(made.bt, 0, 10, 5);
    place(made.bt, 1, 10, 12);
    place(made.bt, 2, 10, 20);
    made.bt.shoot(0, 2, false);
    return made;
  }

  it('apart (default): the natural 1s do nothing to the friend on the line', () => {
    const { events } = castThroughFriend('apart');
    expect(events.map((e) => e.action)).toEqual(['cast']);
  });

  it('ranged: the natural 1s hit the friend on the line (it defends as usual)', () => {
    const { events } = castThroughFriend('ranged');
    expect(events.map((e) => [e.action, e.target])).toEqual([['cast', 'b0'], ['friendly-fire', 'a1']]);
  });

  it('ranged: an Active target may Dodge a Cast; apart: it may not; a Ranged shot either way', () => {
    for (const [castAttack, dodge] of [['apart', false], ['ranged', true]] as const) {
      const { bt } = battle([mage], [grunt], [], { knobs: { castAttack } });
      expect(bt.attacks.get(0, 0, 1, 0, 0, 0, 0, 0, 0, 0).spec.dodge).toBe(dodge);
      const { bt: shot } = battle([archer], [grunt], [], { knobs: { castAttack } });
      expect(shot.attacks.get(0, 0, 1, 0, 0, 0, 0, 0, 0, 0).spec.dodge).toBe(true);
    }
  });
});

