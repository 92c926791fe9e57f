/**
 * Ranged and Cast actions in a battle (actions.ts; seed 000 Ranged Attacks, Intervening Fighters,
 * Ranged Reactions; seed 002 Cast, Hide) that the mutation run left untested (README, Mutation
 * testing), with scripted dice. A bow rolls 1 Might + 1 Skill die hitting on 5+; a grunt defends
 * with 3 Might + 3 Skill dice succeeding on 4+; a natural 2 misses and fails.
 */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../../src/dice/dice.js';
import { Xoshiro128ss } from '../../../../src/dice/rng.js';
import { Act, Battle, type BattlePolicies } from '../../../../src/systems/skirmish/battle/engine.js';
import { BATTLE_POLICIES } from '../../../../src/systems/skirmish/battle/policies.js';
import { TableBattleDice } from '../../../../src/systems/skirmish/battle/roll.js';
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from '../../../../src/systems/skirmish/profile.js';
import { fighter, loadout, weapon } from '../../../helpers/skirmish.js';
import { battle, battleSpec, place, type Options } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
const bow = weapon('bow', { type: 'ranged', class: 'other', might: '1', skill: '1', range: [3, 24] });
const archer = loadout(fighter('archer', { skill: 4 }), [bow, club]);
const pistol = weapon('pistol', { type: 'ranged', class: 'firearm', might: '2', skill: '0', range: [3, 12], primer: 4 });
const gunner = loadout(fighter('gunner', { skill: 4 }), [pistol, club]);
const bolt = weapon('bolt', { type: 'ranged', class: 'spell', might: '2', skill: '0', range: [3, 12], difficulty: 7, backlash: 1 });
const mage = loadout(fighter('mage', { skill: 4, casting: 2 }), [bolt, club]);
const miss = (n: number): number[] => new Array<number>(n).fill(2);
/** Every fighter Braces (also as a Ranged Reaction). */
const bracers: BattlePolicies = {
  action: () => Act.Brace,
  next: (b, s) => Array.from({ length: b.n }, (_, k) => k).find((k) => b.side[k] === s && b.activated[k] === 0)!,
  pass: () => false,
};
/** A battle traced, or not traced as in `run` (the same play either way). */
const play = (trace: boolean, a: Parameters<typeof battle>[0], b: Parameters<typeof battle>[1], faces: number[], o: Options = {}) => {
  const made = battle(a, b, faces, o);
  if (!trace) made.bt.observer = null;
  return made;
};

describe('a Ranged Attack Action: the declared target must be one it may shoot', () => {
  it('no target, or one closer than the minimum range: nothing rolled; fighter 0 as the target: rolled', () => {
    const { bt, script } = battle([grunt], [archer], miss(8));
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 15);
    bt.shoot(1, -1, true);
    expect([script.used, bt.fired[1]]).toEqual([0, 0]);
    bt.shoot(1, 0, true);
    expect([script.used, bt.fired[1]]).toEqual([8, 1]);
    place(bt, 0, 10, 13);
    bt.shoot(1, 0, true);
    expect(script.used).toBe(8);
  });

  it('a Ranged attack has no Gang Up; cover adds a Skill defence die and is traced', () => {
    // A wall across the line of fire, more than 1" from the archer; a friend beside the target.
    const { bt, script, events } = battle([archer, grunt], [grunt], miss(2 + 7), { settings: { terrain: [{ at: [8, 12], size: [4, 1], kind: 'cover' }] } });
    place(bt, 0, 10, 5);
    place(bt, 2, 10, 20);
    place(bt, 1, 11.5, 20);
    bt.shoot(0, 2, true);
    expect(script.used).toBe(9);
    expect(events[0]).toMatchObject({ action: 'ranged', cover: 1, gang_up: false, wounds: 0 });
  });
});

describe('Cast (seed 002): Casting Roll 2d6 + Casting against the difficulty; double 1s a mishap', () => {
  for (const trace of [true, false]) {
    it(`goes off: the spell's Attack Sequence for Wounds; no Ranged Reaction; no block on Hide${trace ? '' : ' (untraced)'}`, () => {
      // 3 + 2 + Casting 2 = 7: goes off; 2 Might dice (one hit), 6 defence dice fail.
      const { bt, script, events } = play(trace, [mage], [grunt], [3, 2, 5, 2, ...miss(6)], { policies: bracers, settings: { terrain: [{ at: [8, 3.6], size: [4, 1], kind: 'cover' }] } });
      place(bt, 0, 10, 5);
      place(bt, 1, 10, 15);
      bt.activeSide = 0;
      bt.shoot(0, 1, false);
      bt.playReactions();
      expect([script.used, bt.state[1], bt.woundsLeft[1], bt.braced[1], bt.fired[0]]).toEqual([10, ACTIVE, 2, 0, 0]);
      if (trace) expect(events.map((e) => [e.action, e.wounds])).toEqual([['cast', 1]]);
      bt.perform(0, Act.Hide, false);
      expect(bt.hidden[0]).toBe(1);
    });

    it(`fizzles below the difficulty, and a double 1 is a mishap: the caster takes the backlash, credited to nobody${trace ? '' : ' (untraced)'}`, () => {
      const { bt, script, events } = play(trace, [mage], [grunt], [2, 2, 1, 1]);
      place(bt, 0, 10, 5);
      place(bt, 1, 10, 15);
      bt.shoot(0, 1, true);
      expect([script.used, bt.woundsLeft[0], bt.woundsLeft[1]]).toEqual([2, 3, 3]);
      bt.woundsLeft[0] = 1;
      bt.shoot(0, 1, true);
      expect([script.used, bt.state[0], Array.from(bt.dealt), Array.from(bt.friendly)]).toEqual([4, DOWNED, [0, 0], [0, 0]]);
      if (trace) {
        expect(events.map((e) => [e.action, e.target, e.rolls, e.result])).toEqual([['cast', 'b0', [2, 2], 'fizzles (6 < 7)'], ['cast', 'b0', [1, 1], 'mishap: 1 Wound(s) of backlash']]);
      }
    });
  }
});

describe('a firearm fires only when its primer roll meets the primer (seed 000)', () => {
  for (const trace of [true, false]) {
    it(`primer 4: a 4 fires, a 3 misfires (no attack dice; the pistol is still the primary weapon)${trace ? '' : ' (untraced)'}`, () => {
      const { bt, script, events } = play(trace, [gunner], [grunt], [4, 5, 2, ...miss(6), 3]);
      place(bt, 0, 10, 5);
      place(bt, 1, 10, 15);
      bt.shoot(0, 1, true);
      expect([script.used, bt.woundsLeft[1]]).toEqual([9, 2]);
      bt.primary[0] = 1;
      bt.shoot(0, 1, true);
      expect([script.used, bt.primary[0], bt.woundsLeft[1]]).toEqual([10, 0, 2]);
      // Traced with the duel's shape and wording: the primer d6 before the attack's four groups; a misfire shows its primer d6.
      if (trace) {
        expect(events.map((e) => [e.action, e.rolls, e.result])).toEqual([
          ['ranged', { primer: [4], strike_might: [5, 2], strike_skill: [], defence_might: [2, 2, 2], defence_skill: [2, 2, 2] }, '1 unblocked'],
          ['ranged', [3], 'primer fails: no shot'],
        ]);
      }
    });
  }
});

describe('friendly fire (seed 000): natural 1s of the Strike Pool hit the nearest friend at risk', () => {
  for (const trace of [true, false]) {
    it(`a natural 1 of each colour: 2 hits on the friend (fighter 0), who defends and does not move${trace ? '' : ' (untraced)'}`, () => {
      const { bt, script, events } = play(trace, [grunt, archer], [grunt], [1, 1, ...miss(6), ...miss(6)]);
      place(bt, 1, 10, 5);
      place(bt, 0, 10, 10); // on the line of fire
      place(bt, 2, 10, 20);
      bt.shoot(1, 2, true);
      expect([script.used, bt.woundsLeft[0], bt.woundsLeft[2], bt.friendly[1], bt.dealt[1], bt.y[0]]).toEqual([14, 1, 3, 2, 0, 10]);
      if (trace) expect(events[1]).toMatchObject({ action: 'friendly-fire', actor: 'a1', target: 'a0', hits: 2, wounds: 2, target_state_after: 'active' });
    });
  }

  it('no natural 1: the friend at risk rolls nothing', () => {
    const { bt, script } = battle([grunt, archer], [grunt], [5, 2, ...miss(6)]);
    place(bt, 1, 10, 5);
    place(bt, 0, 10, 10);
    place(bt, 2, 10, 20);
    bt.shoot(1, 2, true);
    expect([script.used, bt.woundsLeft[2], bt.woundsLeft[0]]).toEqual([8, 2, 3]);
  });

  it('a shot that ends the battle: no friendly fire after it', () => {
    // A Stunned target defends with 3 dice only; its one hit takes it Out of Action.
    const { bt, script } = battle([grunt, archer], [grunt], [5, 1, ...miss(3)]);
    place(bt, 1, 10, 5);
    place(bt, 0, 10, 10);
    place(bt, 2, 10, 20);
    bt.state[2] = STUNNED;
    bt.shoot(1, 2, true);
    expect([script.used, bt.over, bt.woundsLeft[0]]).toEqual([5, true, 3]);
  });

  it('the friend hit may Dodge: it moves 2" away from the shooter, not through another friend', () => {
    // One Might hit (a natural 1); the friend's Skill successes 4, 4 left over block it by Dodge.
    const faces = [1, 2, ...miss(6), 2, 2, 2, 4, 4, 2];
    const open = battle([grunt, archer], [grunt], faces);
    place(open.bt, 1, 10, 5);
    place(open.bt, 0, 10, 10);
    place(open.bt, 2, 10, 20);
    open.bt.shoot(1, 2, true);
    expect([open.bt.y[0], open.bt.woundsLeft[0], open.events[1]!.wounds]).toEqual([12, 3, 0]);
    const blocked = battle([grunt, archer, grunt], [grunt], faces);
    place(blocked.bt, 1, 10, 5);
    place(blocked.bt, 0, 10, 10);
    place(blocked.bt, 2, 10, 11); // touching the friend, behind it
    place(blocked.bt, 3, 10, 20);
    blocked.bt.shoot(1, 3, true);
    expect(blocked.bt.y[0]).toBe(10);
  });

  it('at risk: on the line or within 1" of the target (exactly 1" too), not elsewhere; equally near friends: roster order', () => {
    const { bt } = battle([archer, grunt, grunt], [grunt], []);
    place(bt, 0, 10, 5);
    place(bt, 3, 10, 20);
    place(bt, 1, 20, 20);
    place(bt, 2, 30, 30);
    expect(bt.atRisk(0, 3)).toBe(-1);
    place(bt, 1, 12, 20);
    expect(bt.atRisk(0, 3)).toBe(1);
    place(bt, 1, 11.5, 20);
    place(bt, 2, 8.5, 20);
    expect(bt.atRisk(0, 3)).toBe(1);
  });

  it('the table engine rolls die by die only the attacks with a friend at risk (it needs their natural 1s), else draws from the table', () => {
    // a2 and b1 fight far away (table draws: no scripted dice); a1 shoots b0 past a0 (scripted).
    const script = new ScriptedDice([1, 2, ...miss(6), ...miss(6)]);
    const bt = new Battle(battleSpec([grunt, archer, grunt], [grunt, grunt]), new TableBattleDice(script, new Xoshiro128ss([1, 2, 3, 4])), BATTLE_POLICIES);
    bt.reset();
    place(bt, 1, 10, 5);
    place(bt, 0, 10, 10);
    place(bt, 3, 10, 20);
    const duel = (): void => {
      place(bt, 2, 30, 30);
      place(bt, 4, 30, 31);
      bt.state[4] = ACTIVE;
      bt.melee(2, 4);
    };
    duel();
    expect(script.used).toBe(0);
    bt.shoot(1, 3, true);
    expect([script.used, bt.woundsLeft[0]]).toEqual([14, 2]);
    duel();
    expect(script.used).toBe(14);
    place(bt, 0, 30, 10); // off the line of fire: no friend at risk, a table draw again
    bt.fired[1] = 0;
    bt.shoot(1, 3, true);
    expect([script.used, bt.fired[1]]).toEqual([14, 1]);
  });
});

describe('clustered enemies (seed 000)', () => {
  for (const trace of [true, false]) {
    it(`another enemy exactly 1" from the target counts and the re-target is traced; an Out of Action one does not count${trace ? '' : ' (untraced)'}`, () => {
      const { bt, script, events } = play(trace, [archer], [grunt, grunt], [3]);
      place(bt, 0, 10, 5);
      place(bt, 1, 10, 20);
      place(bt, 2, 12, 20);
      expect(bt.clustered(0, 1)).toBe(2);
      if (trace) expect(events).toEqual([expect.objectContaining({ action: 'clustered', target: 'b1', rolls: { skill_check: [3] }, result: 'Skill check fails: b0 -> b1' })]);
      bt.state[2] = OUT_OF_ACTION;
      expect([bt.clustered(0, 1), script.used]).toEqual([1, 1]);
    });
  }
});

describe('Ranged Reaction (seed 000)', () => {
  const setup = (faces: number[]) => {
    const made = battle([archer], [grunt], faces, { policies: bracers });
    place(made.bt, 0, 10, 5);
    place(made.bt, 1, 10, 15);
    return made;
  };

  it('the target acts at once (traced as a reaction), also outside any activation', () => {
    const { bt, events } = setup([2, 2, ...miss(6)]);
    bt.shoot(0, 1, false);
    bt.playReactions();
    expect(bt.braced[1]).toBe(1);
    expect(events.map((e) => [e.action, e.reaction])).toEqual([['ranged', undefined], ['brace', true]]);
  });

  it('not when the shot takes the target down, nor for a fighter of the side whose activation it is', () => {
    const { bt } = setup([5, 2, ...miss(6), ...miss(8)]);
    bt.woundsLeft[1] = 1;
    bt.shoot(0, 1, false);
    bt.playReactions();
    expect([bt.state[1], bt.braced[1]]).toEqual([DOWNED, 0]);
    bt.state[1] = ACTIVE;
    bt.activeSide = 1;
    bt.shoot(0, 1, false);
    bt.playReactions();
    expect(bt.braced[1]).toBe(0);
  });
});

describe('trace events', () => {
  it('name the actor and target with positions rounded to 0.01"; an event of no actor is the side `both`', () => {
    const { bt, events } = battle([grunt], [grunt], []);
    place(bt, 0, 10.126, 5.004);
    place(bt, 1, 12.5, 5.004);
    bt.emit(-1, 'initiative', -1, {});
    bt.emit(-1, 'note', 0, {});
    bt.emit(1, 'look', 0, { result: 'r' });
    bt.emit(0, 'back', 1, {});
    expect(events).toEqual([
      { round: 1, side: 'both', actor: '', action: 'initiative' },
      { round: 1, side: 'both', actor: '', action: 'note', target: 'a0', target_x: 10.13, target_y: 5, distance_after: 0 },
      {
        round: 1, side: 'b', actor: 'b0', action: 'look', target: 'a0', x: 12.5, y: 5, state_after: 'active',
        target_x: 10.13, target_y: 5, distance_after: 1.37, result: 'r',
      },
      {
        round: 1, side: 'a', actor: 'a0', action: 'back', target: 'b0', x: 10.13, y: 5, state_after: 'active',
        target_x: 12.5, target_y: 5, distance_after: 1.37,
      },
    ]);
  });
});
