/**
 * What battle trace events say (README, `balance trace`): reactions carry `reaction: true` whatever
 * the action; Help and Retreat show their d6 and outcome; `dodge` / `shove` only when the
 * manoeuvre moved someone; initiative never goes to a side with nothing to activate. Scripted dice
 * on a board laid out by hand.
 */
import { describe, expect, it } from 'vitest';
import { Act, type BattlePolicies } from '../../../../src/systems/skirmish/battle/engine.js';
import { BATTLE_POLICIES } from '../../../../src/systems/skirmish/battle/policies.js';
import { initiative, passTokens } from '../../../../src/systems/skirmish/fight-rules.js';
import { ACTIVE, DOWNED, STUNNED } from '../../../../src/systems/skirmish/profile.js';
import { battleAxe, fighter, keen, loadout, stout, sword, weapon } from '../../../helpers/skirmish.js';
import { battle, place } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
const miss = (n: number): number[] => new Array<number>(n).fill(2);
/** Every fighter does `act` at the nearest other-side fighter. */
const doing = (act: number): BattlePolicies => ({
  ...BATTLE_POLICIES,
  action: (b, i) => {
    b.target = b.nearestEnemy(i, false);
    return act;
  },
});

describe('reactions are marked `reaction: true`, whatever the action (as in duels)', () => {
  for (const [act, name, faces] of [[Act.Melee, 'melee', miss(13)], [Act.Brace, 'brace', []]] as const) {
    it(`a ${name} in a Ranged Reaction; the same action outside one is not marked`, () => {
      const { bt, events } = battle([grunt], [grunt], [...faces, ...faces], { policies: doing(act) });
      place(bt, 0, 20, 20);
      place(bt, 1, 20, 21);
      bt.react(1);
      bt.perform(1, act, false);
      expect(events.map((e) => [e.action, e.reaction])).toEqual([[name, true], [name, undefined]]);
    });
  }

  it('a Mercy Kill in a Ranged Reaction is marked too', () => {
    const { bt, events } = battle([grunt], [grunt], [], { policies: doing(Act.MercyKill) });
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    bt.state[0] = STUNNED;
    bt.react(1);
    expect(events.map((e) => [e.action, e.reaction])).toEqual([['mercy-kill', true]]);
  });
});

describe('Help and Retreat show their roll', () => {
  it('Help: the d6, the friend\'s state before and after, and the result', () => {
    const { bt, events } = battle([grunt, grunt], [grunt], [4, 2]);
    place(bt, 0, 10, 10);
    place(bt, 1, 11, 10);
    place(bt, 2, 40, 40);
    bt.state[1] = STUNNED;
    bt.help(0, 1);
    bt.help(0, 1);
    expect(events.map((e) => [e.action, e.target, e.rolls, e.result, e.target_state_before, e.target_state_after])).toEqual([
      ['help', 'a1', [4], 'downed', 'stunned', 'downed'],
      ['help', 'a1', [2], 'no effect', 'downed', 'downed'],
    ]);
  });

  it('Retreat (also a Move the engine turns into one): the Skill check\'s d6 and whether it passed', () => {
    const { bt, events } = battle([grunt], [grunt], [6]);
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    bt.target = 1;
    bt.amount = 0;
    bt.perform(0, Act.MoveAway, false);
    expect(events.map((e) => [e.action, e.target, e.rolls, e.result])).toEqual([['retreat', 'b0', [6], 'Skill check passes']]);
  });
});

describe('`dodge` in an attack event only when the Dodge moved the defender', () => {
  // Keen's 4 Might dice: two hit (5, 5); its Skill dice and Stout's Might dice fail (1); Stout's 3 Skill successes Dodge one hit.
  const DODGE = [5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 5];
  for (const [woundsLeft, state, dodge] of [[3, ACTIVE, true], [1, DOWNED, undefined]] as const) {
    it(`Wounds left ${woundsLeft}: the defender ends ${state === ACTIVE ? 'Active and moves' : 'Downed and stays'}`, () => {
      const { bt, events } = battle([loadout(keen, sword)], [loadout(stout, battleAxe)], DODGE);
      place(bt, 0, 20, 20);
      place(bt, 1, 20, 21);
      bt.woundsLeft[1] = woundsLeft;
      bt.melee(0, 1);
      expect([bt.state[1], bt.y[1], events[0]!.dodge]).toEqual([state, state === ACTIVE ? 23 : 21, dodge]);
    });
  }
});

describe('initiative with a side that has nothing to activate', () => {
  it('the shared rule: a side with no activation never goes first and gets no Pass tokens', () => {
    const dice = { d6: () => 6 };
    expect([initiative(0, 1, 0, 1, dice), initiative(1, 0, 0, 1, dice), initiative(0, 0, 0, 1, dice), initiative(1, 2, 0, 1, dice)]).toEqual([1, 0, -1, 0]);
    expect([passTokens(0, 1, 0), passTokens(0, 3, 0), passTokens(1, 3, 0), passTokens(3, 1, 0)]).toEqual([0, 0, 2, 0]);
  });

  it('a battle round where side a has only a Stunned fighter: b has initiative, a no Pass token', () => {
    const { bt, events } = battle([grunt], [grunt], [], { policies: doing(Act.Brace) });
    place(bt, 0, 10, 10);
    place(bt, 1, 30, 30);
    bt.state[0] = STUNNED;
    bt.playRound();
    expect(events[0]).toMatchObject({ action: 'initiative', side: 'b', result: 'b goes first; 0 vs 1 activations; 0 Pass token(s)' });
  });
});
