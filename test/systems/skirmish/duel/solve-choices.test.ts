/**
 * Issue #15: what a solved side chooses besides the action: move lengths (stops that matter),
 * Dodge/Shove distances and the Ranged Reaction, as decision points inside a step. Scripted
 * scenarios (the solver's table playing the engine with scripted dice) and the option sets.
 */
import { describe, expect, it } from 'vitest';
import { duelSpec, record, script } from '../../../helpers/duel.js';
import { keen, loadout, stout, sword, battleAxe, weapon } from '../../../helpers/skirmish.js';
import { Action, DODGE, type DuelPolicy, type DuelView } from '../../../../src/systems/skirmish/duel/actions.js';
import { manoeuvreStops, moveStops, reactionOptions, stopReason } from '../../../../src/systems/skirmish/duel/choices.js';
import { scriptedDuelDice } from '../../../../src/systems/skirmish/duel/dice.js';
import { Duel } from '../../../../src/systems/skirmish/duel/engine.js';
import { DUEL_POLICY } from '../../../../src/systems/skirmish/duel/policies.js';
import { AGGRESSIVE, SHOOTER, type DuelSpec } from '../../../../src/systems/skirmish/duel/setup.js';
import { solveDuel } from '../../../../src/systems/skirmish/duel/solve.js';
import { solvePlay } from '../../../../src/systems/skirmish/duel/solved-policy.js';

const ones = (n: number): number[] => Array<number>(n).fill(1);

/** A policy that records the inches it answers for Dodge / Shove and moves, and the reactions it picks. */
class Spy implements DuelPolicy {
  readonly manoeuvres: number[] = [];
  readonly moves: number[] = [];
  readonly reactions: Action[] = [];
  constructor(private readonly inner: DuelPolicy) {}
  decide(duel: DuelView, s: number, reaction: boolean): Action {
    const a = this.inner.decide(duel, s, reaction);
    if (reaction) this.reactions.push(a);
    return a;
  }
  moveInches(duel: DuelView, s: number, action: Action, allowance: number): number {
    const x = this.inner.moveInches(duel, s, action, allowance);
    this.moves.push(x);
    return x;
  }
  manoeuvreInches(duel: DuelView, s: number, m: number): number {
    const x = this.inner.manoeuvreInches(duel, s, m);
    this.manoeuvres.push(x);
    return x;
  }
}

/** A duel in round 1 at the start of side s's activation (actions left `left`), playing `policy` with scripted dice. */
function at(spec: DuelSpec, policy: DuelPolicy, faces: number[], s: number, left: number): Duel {
  const d = new Duel(spec, scriptedDuelDice(...faces), policy);
  d.start();
  d.round = 1;
  d.which = 0;
  d.beginActivation(s);
  d.actionsLeft = left;
  return d;
}

describe('solved move lengths, Dodge/Shove distances and reactions (issue #15)', () => {
  it('a solved archer stops at its range bound (6", also out of the charge reach) where its named policy moves the full 4"', () => {
    // An archer played `aggressive` (named: Move toward the full 4", 9" -> 5", inside the axe's charge reach 5");
    // its best response (2 rounds) stops at 6" (bow max range, and just out of the enemy's charge reach) and shoots.
    const shortBow = weapon('short-bow', { type: 'ranged', class: 'bow', might: '+1', skill: '+1', range: [3, 6] });
    const spec = duelSpec(loadout(keen, shortBow), loadout(stout, battleAxe), {
      policies: [AGGRESSIVE, AGGRESSIVE], knobs: { initiative: 'a' }, settings: { distance: 9, maxRounds: 2 },
    });
    const named = at(spec, DUEL_POLICY, [], 0, 2);
    named.nextAction(0);
    expect(named.distance).toBe(5);
    const play = solvePlay(spec, ['solved', 'named']);
    const d = at(spec, play.policy, [], 0, 2);
    const events = record(d);
    d.nextAction(0);
    expect(script(events)).toEqual(['a move']);
    expect(d.distance).toBe(6);
    expect(play.value).toBeGreaterThan(solveDuel(spec, ['named', 'named']).value + 1e-6);
    expect(play.policy.misses).toBe(0);
  });

  it('a solved defender dodges 0" to stay within its own charge reach, where its named policy dodges the full 2"', () => {
    // Keen's bow at 5": Might [5 1 1 1] one hit, Skill misses; the target (Keen + sword) rolls Might [1 1 1], Skill [5 5 5 5]:
    // Dodge blocks the hit. Named aggressive dodges 2" (7": out of its charge reach 5"); the best response stays at 5"
    // and charges in its reaction (then attacks twice in its own activation).
    const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4', range: [3, 24] });
    const spec = duelSpec(loadout(keen, bow), loadout(keen, sword), {
      policies: [SHOOTER, AGGRESSIVE], knobs: { initiative: 'a' }, settings: { distance: 5, maxRounds: 1 },
    });
    const faces = [5, 1, 1, 1, ...ones(4), 1, 1, 1, 5, 5, 5, 5];
    const named = new Spy(DUEL_POLICY);
    at(spec, named, faces, 0, 1).nextAction(0);
    expect(named.manoeuvres).toEqual([2]);
    const play = solvePlay(spec, ['named', 'solved']);
    const spy = new Spy(play.policy);
    const d = at(spec, spy, faces, 0, 1);
    const events = record(d);
    d.nextAction(0);
    expect(spy.manoeuvres).toEqual([0]);
    expect(script(events)).toEqual(['a ranged', 'b dodge', 'b charge (r)']);
    expect(d.distance).toBe(0);
    expect(play.policy.misses).toBe(0);
  });

  it('a solved target\'s Ranged Reaction is its table\'s pick among options that include declining (no miss)', () => {
    // The same shot at 10": the reaction is a decision point of the solve, found again when the table plays.
    const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4', range: [3, 24] });
    const spec = duelSpec(loadout(keen, bow), loadout(keen, sword), {
      policies: [SHOOTER, AGGRESSIVE], knobs: { initiative: 'a' }, settings: { distance: 10, maxRounds: 2 },
    });
    const faces = [5, 1, 1, 1, ...ones(4), 1, 1, 1, 5, 5, 5, 5];
    const d0 = at(spec, DUEL_POLICY, faces, 0, 1);
    const options = reactionOptions(d0, 1);
    expect(options[0]).toBe(DUEL_POLICY.decide(d0, 1, true));
    expect(options).toContain(Action.None);
    const play = solvePlay(spec, ['named', 'solved']);
    const spy = new Spy(play.policy);
    at(spec, spy, faces, 0, 1).nextAction(0);
    expect(spy.reactions).toHaveLength(1);
    expect(options).toContain(spy.reactions[0]);
    expect(play.policy.misses).toBe(0);
  });

  it('option sets: the named choice first, the full allowance, the stops within reach; Dodge/Shove: named, 2", 0"', () => {
    const spec = duelSpec(loadout(keen, sword), loadout(stout, battleAxe), { settings: { distance: 9 } });
    const d = new Duel(spec, scriptedDuelDice(), DUEL_POLICY);
    d.start();
    // keen Movement 4: toward from 9" reaches 5"-8": its charge reach (5") and just out of the axe's (stout Movement 4: 6").
    expect(moveStops(d, 0, Action.MoveToward, 4, 4)).toEqual([4, 3]);
    expect(stopReason(d, 0, Action.MoveToward, 4, 3)).toBe("out of the enemy's charge reach");
    expect(stopReason(d, 0, Action.MoveToward, 4, 4)).toBe('in its charge reach');
    d.distance = 0;
    // A Retreat from base contact: the full 4", or just out of engagement (2").
    expect(moveStops(d, 0, Action.Retreat, 4, 4)).toEqual([4, 2]);
    expect(manoeuvreStops(d, 2)).toEqual([2, 0]);
    expect(manoeuvreStops(d, 1)).toEqual([1, 2, 0]);
    expect(DODGE).toBe(0);
  });
});
