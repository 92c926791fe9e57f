/**
 * The ranged battle policies (policies.ts) against friendly fire, on a board laid out by hand:
 * - seed 000 friendly fire (natural 1s of a Ranged attack hit an Active friend on the line of fire
 *   or within 1" of the target): a shooter prefers a target with no friend at risk, also through a
 *   failed clustered-enemies check; it shoots into a melee only when the expected unblocked hits
 *   on the enemy exceed those of its natural 1s on the friend.
 */
import { describe, expect, it } from 'vitest';
import { Act, type Battle } from '../../../../src/systems/skirmish/battle/engine.js';
import { decide } from '../../../../src/systems/skirmish/battle/policies.js';
import { meanFriendlyFire } from '../../../../src/systems/skirmish/battle/setup.js';
import { KITE, SHOOTER } from '../../../../src/systems/skirmish/duel/setup.js';
import { ACTIVE, OUT_OF_ACTION } from '../../../../src/systems/skirmish/profile.js';
import { fighter, loadout, weapon } from '../../../helpers/skirmish.js';
import { battle, place } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
/** No defence dice at all: every hit on it gets through. */
const soft = loadout(fighter('soft', { might: 0, skill: 0 }), club);
const longbow = weapon('longbow', { type: 'ranged', class: 'other', might: '4', skill: '0', range: [3, 24] });
/** Hits on 2+ (RC 6) and on 6 only (RC 1). */
const sharp = loadout(fighter('sharp', { rc: 6, skill: 4 }), [longbow, club]);
const poor = loadout(fighter('poor', { rc: 1, skill: 4 }), [longbow, club]);
const decision = (bt: Battle, i: number, reaction = false): [number, number, number] => [decide(bt, i, reaction), bt.target, bt.amount];

describe('shooting into a melee (seed 000 friendly fire)', () => {
  /** a0 the archer, a1 a friend engaged with b0 (the nearest enemy); b1 clear of everyone; b2 far off. */
  const setup = (archer = sharp, friend = grunt, p = SHOOTER, faces: number[] = []) => {
    const made = battle([archer, friend], [grunt, grunt, grunt], faces, { fighterPolicy: p });
    const { bt } = made;
    bt.policy[1] = 0;
    place(bt, 0, 20, 10);
    place(bt, 2, 20, 20); // b0: 9" away
    place(bt, 1, 21.5, 20); // a1: within 1" of b0
    place(bt, 3, 26, 24); // b1: 14.2" away, nobody within 1", off the line of fire
    place(bt, 4, 46, 46); // b2: beyond range
    bt.actionsLeft = 1;
    return made;
  };

  it('a clear target beats a nearer one engaged with a friend; a friend out of harm\'s way changes nothing', () => {
    for (const p of [SHOOTER, KITE]) {
      const { bt } = setup(sharp, grunt, p);
      expect(bt.atRisk(0, 2)).toBe(1);
      expect(decision(bt, 0)).toEqual([Act.Aim, 3, 0]);
      expect(decision(bt, 0, true)).toEqual([Act.Ranged, 3, 0]);
      place(bt, 1, 2, 2); // the friend leaves the melee: b0, the nearest, is clear again
      expect(decision(bt, 0)).toEqual([Act.Aim, 2, 0]);
    }
  });

  it('a target whose neighbour within 1" is engaged with a friend is not clear (a failed clustered check moves the shot there)', () => {
    const { bt } = setup();
    place(bt, 2, 27.5, 24); // b0 now within 1" of b1
    place(bt, 1, 29, 24); // a1 within 1" of b0, 1.5" from b1
    place(bt, 4, 12, 26); // b2: 16.9" away, clear
    expect([bt.atRisk(0, 3), bt.atRisk(0, 2)]).toEqual([-1, 1]);
    expect(decision(bt, 0)).toEqual([Act.Aim, 4, 0]);
    bt.state[2] = OUT_OF_ACTION; // the clustered check no longer applies: b1, the nearest, is clear
    expect(decision(bt, 0)).toEqual([Act.Aim, 3, 0]);
  });

  it('with only shots into the melee: worth it when the expected hits on the enemy beat those of the 1s on the friend', () => {
    // The friend has no defence dice: each natural 1 (4 dice, 1 in 6 each) is a Wound, 2/3 expected.
    // sharp: 4 dice hitting on 2+ against 3 Might defence dice on 4+: far more. poor: hits only on
    // 6s, and the enemy still defends: less. Without Aim (the last action) to keep it to these dice.
    for (const [archer, act, target] of [[sharp, Act.Ranged, 2], [poor, Act.Brace, -1]] as const) {
      const { bt } = setup(archer, soft);
      bt.state[3] = OUT_OF_ACTION;
      bt.actionsLeft = 0;
      expect(decision(bt, 0)).toEqual([act, target, 0]);
    }
  });

  it('the expected unblocked hits of the natural 1s on a friend without defence dice: 1 in 6 per Strike Pool die', () => {
    const { bt } = setup(sharp, soft);
    expect(meanFriendlyFire(bt.attacks.get(0, 0, 1, 0, 0, 0, 0, 0, ACTIVE, 0))).toBeCloseTo(4 / 6, 12);
    expect(meanFriendlyFire(bt.attacks.get(0, 0, 1, 0, 1, 0, 0, 0, ACTIVE, 0))).toBeCloseTo(5 / 6, 12); // Aim: one more die
  });

  it('an activation: the archer Aims and shoots the clear enemy; its natural 1s miss and nobody is hit by friendly fire', () => {
    // 5 Might dice after Aim [1, 1, 6, 6, 1] at b1 (two critical hits, three natural 1s); its 6 defence
    // dice fail: 2 Wounds; b1 reacts (aggressive: a Move, no dice).
    const { bt, script, events } = setup(sharp, grunt, SHOOTER, [1, 1, 6, 6, 1, 2, 2, 2, 2, 2, 2]);
    bt.activeSide = 0;
    bt.activate(0);
    expect(events.filter((e) => e.actor === 'a0').map((e) => [e.action, e.target])).toEqual([['aim', undefined], ['ranged', 'b1']]);
    expect(events.some((e) => e.action === 'friendly-fire')).toBe(false);
    expect([bt.woundsLeft[3], bt.woundsLeft[1], bt.friendly[0], script.used]).toEqual([1, 3, 0, 11]);
  });
});
