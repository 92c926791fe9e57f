/**
 * The ranged battle policies (policies.ts) against friendly fire and Stunned enemies, on a board
 * laid out by hand:
 * - seed 000 friendly fire (natural 1s of a Ranged attack hit an Active friend on the line of fire
 *   or within 1" of the target): a shooter prefers a target with no friend at risk, also through a
 *   failed clustered-enemies check; it shoots into a melee only when the expected unblocked hits
 *   on the enemy exceed those of its natural 1s on the friend;
 * - seed 002 Mercy Kill (a Stunned enemy within 1" goes Out of Action): as in the duel, a Stunned
 *   enemy a Charge reaches, where the Mercy Kill is allowed, is charged and Mercy Killed.
 */
import { describe, expect, it } from 'vitest';
import { Act, type Battle } from '../../../../src/systems/skirmish/battle/engine.js';
import { decide } from '../../../../src/systems/skirmish/battle/policies.js';
import { meanFriendlyFire } from '../../../../src/systems/skirmish/battle/setup.js';
import { KITE, SHOOTER } from '../../../../src/systems/skirmish/duel/setup.js';
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from '../../../../src/systems/skirmish/profile.js';
import { finishStunned } from '../../../../src/systems/skirmish/policy-moves.js';
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
    expect(events.filter((e) => e.actor === 'a0').map((e) => [e.action, e.target])).toEqual([['activate', undefined], ['aim', undefined], ['ranged', 'b1']]);
    expect(events.some((e) => e.action === 'friendly-fire')).toBe(false);
    expect([bt.woundsLeft[3], bt.woundsLeft[1], bt.friendly[0], script.used]).toEqual([1, 3, 0, 11]);
  });
});

describe('a Stunned enemy within a Charge (seed 002 Mercy Kill; the duel\'s reading, policy-moves.ts finishStunned)', () => {
  /** a0 the archer; b0 Stunned 3" away (within Movement 4 + 1"); b1 an Active enemy in range; b2 far off. */
  const setup = (p = SHOOTER) => {
    const made = battle([sharp], [grunt, grunt, grunt], [], { fighterPolicy: p });
    const { bt } = made;
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 14);
    place(bt, 2, 30, 30);
    place(bt, 3, 46, 46);
    bt.state[1] = STUNNED;
    bt.woundsLeft[1] = 0;
    bt.actionsLeft = 1;
    return made;
  };

  it('the shared reading: not in a reaction, an action left for the Mercy Kill, the enemy Stunned and beyond 1"', () => {
    expect(finishStunned(false, 1, false, true)).toBe(true);
    expect([finishStunned(true, 1, false, true), finishStunned(false, 0, false, true), finishStunned(false, 1, true, true), finishStunned(false, 1, false, false)]).toEqual([false, false, false, false]);
  });

  it('shooter and kite Charge it rather than shoot the Active enemy; not in a reaction, nor on the last action', () => {
    for (const p of [SHOOTER, KITE]) {
      const { bt } = setup(p);
      expect(decision(bt, 0)).toEqual([Act.Charge, 1, 0]);
      expect(decision(bt, 0, true)).toEqual([Act.Ranged, 2, 0]);
      bt.actionsLeft = 0;
      expect(decision(bt, 0)).toEqual([Act.Ranged, 2, 0]);
    }
  });

  it('no Charge when it is out of reach, not Stunned, or the Mercy Kill would be refused where the Charge ends', () => {
    const { bt } = setup();
    place(bt, 1, 20, 16.01); // 5.01": beyond Movement + 1"
    expect(decision(bt, 0)).toEqual([Act.Aim, 2, 0]);
    place(bt, 1, 20, 16); // exactly 5": within reach
    expect(decision(bt, 0)).toEqual([Act.Charge, 1, 0]);
    place(bt, 1, 20, 14);
    bt.state[1] = DOWNED; // a Downed enemy is no certain kill: it is shot (once no Active enemy is left to shoot)
    expect(decision(bt, 0)).toEqual([Act.Aim, 2, 0]);
    bt.state[1] = STUNNED;
    place(bt, 3, 21.6, 13.5); // an Active enemy within 1" of where the Charge ends (20, 13)
    expect(decision(bt, 0)[0]).not.toBe(Act.Charge);
    bt.state[3] = DOWNED;
    expect(decision(bt, 0)[0]).not.toBe(Act.Charge);
    bt.state[3] = STUNNED; // a Stunned one does not stop a Mercy Kill (the side rule picks the nearer of the two)
    expect(decision(bt, 0)).toEqual([Act.Charge, 3, 0]);
  });

  it('engaged with an Active enemy it does not Charge (leaving takes a Retreat)', () => {
    const { bt } = setup();
    place(bt, 3, 19, 9.5);
    expect(bt.engagedActive(0)).toBe(1);
    expect(decision(bt, 0)[0]).not.toBe(Act.Charge);
  });

  it('an activation: Charge, then Mercy Kill: the Stunned enemy is Out of Action, no die rolled', () => {
    for (const p of [SHOOTER, KITE]) {
      const { bt, script, events } = setup(p);
      bt.activeSide = 0;
      bt.activate(0);
      expect(events.map((e) => [e.action, e.target])).toEqual([['activate', undefined], ['charge', 'b0'], ['mercy-kill', 'b0']]);
      expect([bt.state[1], bt.takedowns[0], script.used]).toEqual([OUT_OF_ACTION, 1, 0]);
      expect(bt.gap(0, 1)).toBeLessThanOrEqual(1);
    }
  });
});
