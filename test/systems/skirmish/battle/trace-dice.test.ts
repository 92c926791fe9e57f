/**
 * Battle traces show the dice of every attack (README, `balance trace`), in the duel's shape
 * (duel/events.ts: `strike_might`, `strike_skill`, `defence_might`, `defence_skill`, after the
 * `primer` or `casting` d6s) and wording (`result` "N unblocked"): melee (a split Strike Pool share
 * by share, the Gang Up die in its share), ranged with friendly fire (the friend's defence dice),
 * cast, free attacks and mercy kills; a table draw shows none. Scripted dice on a board laid out by
 * hand. Then traced and untraced battles from one stream are the same battles (the traced dice roll
 * through rollAttack, the untraced through rollCode: the same dice in the same order).
 * Then the rolls that are not attacks, shown as duels show them (the initiative roll-off, Recover,
 * a failed Cast's wording) and the clustered-enemies check; one word per state in every trace.
 */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../../src/dice/dice.js';
import { deriveStream, Xoshiro128ss } from '../../../../src/dice/rng.js';
import { Act, Battle, type BattlePolicies } from '../../../../src/systems/skirmish/battle/engine.js';
import { BATTLE_POLICIES } from '../../../../src/systems/skirmish/battle/policies.js';
import { battleDice, tableBattleDice, TableBattleDice } from '../../../../src/systems/skirmish/battle/roll.js';
import type { BattleSpec } from '../../../../src/systems/skirmish/battle/setup.js';
import { AGGRESSIVE, KITE, SHOOTER } from '../../../../src/systems/skirmish/duel/setup.js';
import { Action } from '../../../../src/systems/skirmish/duel/engine.js';
import { STATE_NAMES } from '../../../../src/systems/skirmish/duel/events.js';
import { ACTIVE, DEFENDER_STATES, DOWNED, OUT_OF_ACTION, STUNNED } from '../../../../src/systems/skirmish/profile.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { record, scriptedDuel } from '../../../helpers/duel.js';
import { battleAxe, fighter, keen, loadout, stout, sword, weapon } from '../../../helpers/skirmish.js';
import { battle, battleSpec, place } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
/** 4 Might + 3 Skill attack dice hitting on 5+; defends with 3 Might + 3 Skill dice succeeding on 4+. */
const grunt = loadout(fighter('grunt', {}), club);
const keenSword = loadout(keen, sword);
const bow = weapon('bow', { type: 'ranged', class: 'other', might: '1', skill: '1', range: [3, 24] });
const archer = loadout(fighter('archer', { skill: 4 }), [bow, club]);
const pistol = weapon('pistol', { type: 'ranged', class: 'firearm', might: '2', skill: '0', range: [3, 12], primer: 4 });
const gunner = loadout(fighter('gunner', { skill: 4 }), [pistol, club]);
const bolt = weapon('bolt', { type: 'ranged', class: 'spell', might: '2', skill: '0', range: [3, 12], difficulty: 7, backlash: 1 });
const mage = loadout(fighter('mage', { skill: 4, casting: 2 }), [bolt, club]);

/** [action, target, rolls, result, wounds] of each event. */
const shown = (events: readonly TraceEvent[]) => events.map((e) => [e.action, e.target, e.rolls, e.result, e.wounds]);

describe('a battle attack event shows its dice, as a duel attack does', () => {
  it('melee with a split Strike Pool: each share its own faces; the Gang Up die in the share of the enemy it was rolled against', () => {
    // Keen with a sword: 4 Might + 5 Skill dice, dealt round-robin over b0 and b1: b0 gets Might
    // dice 1, 3 and Skill dice 5, 7, 9 (2 + 3), b1 Might 2, 4 and Skill 6, 8 (2 + 2) plus the Gang
    // Up die (a1 stands within 1" of b1, not of b0), which compileAttack puts on Might.
    const b0 = [5, 1, 6, 2, 6, /* defence */ 4, 4, 1, 4, 1, 1];
    const b1 = [1, 6, 6, 5, 1, /* defence */ 1, 2, 3, 2, 4, 5];
    const { bt, script, events } = battle([keenSword, grunt], [grunt, grunt], [...b0, ...b1], { knobs: { multipleEngagement: 'split' } });
    place(bt, 0, 20, 20);
    place(bt, 2, 20, 21.5);
    place(bt, 3, 21.5, 20);
    place(bt, 1, 22.5, 21);
    bt.melee(0, 2);
    expect(script.used).toBe(22);
    expect(shown(events)).toEqual([
      // Might 5 hits, Skill 6 and 6 hit (4+ for keen): 1 + 2 hits, 2 Might and 1 Skill successes: 0 + 1 through.
      ['melee', 'b0', { strike_might: [5, 1], strike_skill: [6, 2, 6], defence_might: [4, 4, 1], defence_skill: [4, 1, 1] }, '1 unblocked', 1],
      // Might 6 and 6 hit, Skill 5 hits: 1 Might success, no Skill success: 1 + 1 through.
      ['melee', 'b1', { strike_might: [1, 6, 6], strike_skill: [5, 1], defence_might: [1, 2, 3], defence_skill: [2, 4, 5] }, '2 unblocked', 2],
    ]);
    expect(events.map((e) => [e['gang_up'], e['choice']])).toEqual([[false, undefined], [true, 'gang-up might']]);
  });

  it('a Cast that goes off: the Casting Roll under `casting`, then the spell\'s dice', () => {
    const { bt, script, events } = battle([mage], [grunt], [3, 2, 5, 3, 4, 1, 1, 6, 3, 2, ...new Array<number>(20).fill(2)]);
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 15);
    bt.shoot(0, 1, true);
    expect(script.used).toBe(10);
    // Then b0 strikes the mage (Skill 4: 4 Skill defence dice): its event has the attack's four groups only (no Casting Roll of before).
    place(bt, 1, 10, 6);
    bt.melee(1, 0);
    expect(shown(events)).toEqual([
      ['cast', 'b0', { casting: [3, 2], strike_might: [5, 3], strike_skill: [], defence_might: [4, 1, 1], defence_skill: [6, 3, 2] }, '1 unblocked', 1],
      ['melee', 'a0', { strike_might: [2, 2, 2, 2], strike_skill: [2, 2, 2], defence_might: [2, 2, 2], defence_skill: [2, 2, 2, 2] }, '0 unblocked', 0],
    ]);
  });

  it('a firearm\'s shot: its primer d6 under `primer`, then the attack\'s dice', () => {
    const { bt, events } = battle([gunner], [grunt], [5, 6, 2, 1, 1, 1, 3, 3, 3]);
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 15);
    bt.shoot(0, 1, true);
    expect(shown(events)).toEqual([
      ['ranged', 'b0', { primer: [5], strike_might: [6, 2], strike_skill: [], defence_might: [1, 1, 1], defence_skill: [3, 3, 3] }, '1 unblocked', 1],
    ]);
  });

  it('a shot with natural 1s: the shot\'s faces show the 1s, the friendly fire shows the friend\'s defence dice', () => {
    // The bow's 1 Might and 1 Skill die are both natural 1s: 2 hits on a0, on the line of fire.
    const { bt, script, events } = battle([grunt, archer], [grunt], [1, 1, 3, 2, 3, 2, 3, 2, /* a0 defends */ 4, 4, 3, 1, 2, 3]);
    place(bt, 1, 10, 5);
    place(bt, 0, 10, 10);
    place(bt, 2, 10, 20);
    bt.shoot(1, 2, true);
    expect(script.used).toBe(14);
    expect(shown(events)).toEqual([
      ['ranged', 'b0', { strike_might: [1], strike_skill: [1], defence_might: [3, 2, 3], defence_skill: [2, 3, 2] }, '0 unblocked', 0],
      // Two Might successes block the Might hit (one would tie: the attacker's); the Skill hit goes through.
      ['friendly-fire', 'a0', { defence_might: [4, 4, 3], defence_skill: [1, 2, 3] }, '1 unblocked', 1],
    ]);
    expect(events[1]!['hits']).toBe(2);
  });

  it('a failed Retreat\'s free attack shows its dice (after the retreat line with its check)', () => {
    const { bt, events } = battle([grunt], [grunt], [1, 5, 6, 1, 2, 3, 4, 5, 3, 3, 3, 2, 2, 2]);
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    bt.retreat(0, 4);
    expect(shown(events)).toEqual([
      ['retreat', 'b0', [1], 'Skill check fails', undefined],
      ['free-attack', 'a0', { strike_might: [5, 6, 1, 2], strike_skill: [3, 4, 5], defence_might: [3, 3, 3], defence_skill: [2, 2, 2] }, '3 unblocked', 3],
    ]);
  });

  it('a Mercy Kill on a Downed enemy shows the Melee attack\'s dice', () => {
    const { bt, events } = battle([grunt], [grunt], [2, 2, 2, 5, 2, 2, 2, 6, 6, 6, 6, 6, 6]);
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    bt.state[1] = DOWNED;
    bt.mercyKill(0, 1);
    expect(shown(events)).toEqual([
      ['mercy-kill', 'b0', { strike_might: [2, 2, 2, 5], strike_skill: [2, 2, 2], defence_might: [6, 6, 6], defence_skill: [6, 6, 6] }, '0 unblocked', 0],
    ]);
  });

  it('the table engine: an attack drawn whole from its table shows no dice (not the last per-die attack\'s)', () => {
    // a1 shoots b0 past a0 (a friend at risk: rolled die by die, faces shown); then a2 and b1 fight
    // far away (one table draw: no scripted dice, no faces).
    const script = new ScriptedDice([1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    const bt = new Battle(battleSpec([grunt, archer, grunt], [grunt, grunt]), new TableBattleDice(script, new Xoshiro128ss([1, 2, 3, 4])), BATTLE_POLICIES);
    bt.reset();
    bt.round = 1;
    const events: TraceEvent[] = [];
    bt.observer = { begin: () => undefined, event: (e) => void events.push(e), end: () => undefined };
    place(bt, 1, 10, 5);
    place(bt, 0, 10, 10);
    place(bt, 3, 10, 20);
    place(bt, 2, 30, 30);
    place(bt, 4, 30, 31);
    bt.shoot(1, 3, true);
    bt.melee(2, 4);
    expect(script.used).toBe(14);
    expect(events.map((e) => [e.action, e.rolls !== undefined])).toEqual([['ranged', true], ['friendly-fire', true], ['melee', false]]);
    expect(events[2]!.result).toMatch(/^\d+ unblocked/);
  });
});

/** Every fighter Braces (no dice); the first fighter of a side not yet activated goes; no Pass. `order` gets who acted. */
const bracing = (order: number[] = []): BattlePolicies => ({
  action: (_b, i) => (order.push(i), Act.Brace),
  next: (b, s) => Array.from({ length: b.n }, (_, k) => k).find((k) => b.side[k] === s && b.activated[k] === 0)!,
  pass: () => false,
});

describe('initiative: the roll-off\'s dice, as in duels', () => {
  it('equal counts: a\'s and b\'s d6 in turn, again on each tie; the duel\'s `X goes first`, then the counts', () => {
    const { bt, script, events } = battle([grunt, grunt], [grunt, grunt], [3, 3, 5, 5, 2, 6], { policies: bracing() });
    bt.playRound();
    expect(script.used).toBe(6);
    expect(events[0]).toMatchObject({ action: 'initiative', side: 'b', rolls: [3, 3, 5, 5, 2, 6], result: 'b goes first; 2 vs 2 activations; 0 Pass token(s)' });
    // Another battle's roll-off, won by a at once.
    const next = battle([grunt], [grunt], [6, 1], { policies: bracing() });
    next.bt.playRound();
    expect(next.events[0]).toMatchObject({ side: 'a', rolls: [6, 1], result: 'a goes first; 1 vs 1 activations; 0 Pass token(s)' });
    // The duel's event for the same roll-off: the same rolls and words.
    const d = scriptedDuel(keenSword, keenSword, [3, 3, 5, 5, 2, 6]);
    const duelEvents = record(d);
    expect(d.initiative()).toBe(1);
    expect([duelEvents[0]!.rolls, duelEvents[0]!.result]).toEqual([[3, 3, 5, 5, 2, 6], 'b goes first']);
  });

  it('two rounds in a row each show their own roll-off', () => {
    const { bt, events } = battle([grunt], [grunt], [2, 4, 5, 5, 6, 3], { policies: bracing() });
    bt.playRound();
    bt.round = 2;
    bt.playRound();
    expect(events.filter((e) => e.action === 'initiative').map((e) => [e.round, e.side, e.rolls])).toEqual([[1, 'b', [2, 4]], [2, 'a', [5, 5, 6, 3]]]);
  });

  it('no roll-off (unequal counts, or knob initiative a/b/alternate): no rolls; traced or not, the same dice and the same order of play', () => {
    const unequal = battle([grunt, grunt], [grunt], [], { policies: bracing() });
    unequal.bt.playRound();
    expect(unequal.events[0]!).not.toHaveProperty('rolls');
    const knob = battle([grunt], [grunt], [], { policies: bracing(), knobs: { initiative: 'b' } });
    knob.bt.playRound();
    expect(knob.events[0]).toMatchObject({ side: 'b', result: 'b goes first; 1 vs 1 activations; 0 Pass token(s)' });
    expect(knob.events[0]!).not.toHaveProperty('rolls');
    for (const faces of [[4, 4, 1, 2], [5, 2]]) {
      const orders = [true, false].map((traced) => {
        const order: number[] = [];
        const { bt, script } = battle([grunt, grunt], [grunt, grunt], faces, { policies: bracing(order) });
        if (!traced) bt.observer = null;
        bt.playRound();
        return [order, script.used];
      });
      expect(orders[0]).toEqual(orders[1]);
    }
  });
});

describe('Recover: its d6 and result, as in duels', () => {
  for (const [face, state, result, extra] of [[1, STUNNED, undefined, 0], [3, DOWNED, undefined, 0], [4, ACTIVE, undefined, 0], [6, ACTIVE, 'stands with 1 Wound and one more action', 1]] as const) {
    it(`a Downed fighter rolls ${face}: ${STATE_NAMES[state]}${extra ? ', one more action' : ''}`, () => {
      const { bt, script, events } = battle([grunt], [grunt], [face]);
      place(bt, 0, 10, 10);
      place(bt, 1, 30, 30);
      bt.state[0] = DOWNED;
      bt.actionsLeft = 1;
      bt.perform(0, Act.Recover, false);
      expect([script.used, bt.state[0], bt.actionsLeft]).toEqual([1, state, 1 + extra]);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ action: 'recover', actor: 'a0', rolls: [face], state_after: STATE_NAMES[state] });
      expect(events[0]!.result).toBe(result);
      expect(events[0]!).not.toHaveProperty('target');
      // The duel's recover event: the same die and result.
      const d = scriptedDuel(keenSword, keenSword, [face]);
      const duelEvents = record(d);
      d.fighters[0].state = DOWNED;
      d.perform(0, Action.Recover, false);
      expect([duelEvents[0]!.rolls, duelEvents[0]!.result, duelEvents[0]!.state_after]).toEqual([[face], result, STATE_NAMES[state]]);
    });
  }

  it('a fighter that is not Downed rolls nothing: a `recover` line without dice', () => {
    const { bt, script, events } = battle([grunt], [grunt], []);
    bt.perform(0, Act.Recover, false);
    expect(script.used).toBe(0);
    expect(events.map((e) => [e.action, e.rolls])).toEqual([['recover', undefined]]);
  });
});

describe('the clustered-enemies check (seed 000): its die, pass or fail, the random pick and the new target', () => {
  /** The archer (Skill 4: the check passes on 4+) shoots at b0 from 10, 5; b1 and b2 stand as asked. */
  const cluster = (faces: number[], others: number) => {
    const r = battle([archer], [grunt, grunt, grunt], faces);
    place(r.bt, 0, 10, 5);
    place(r.bt, 1, 10, 20);
    place(r.bt, 2, 12, 20);
    place(r.bt, 3, others === 2 ? 8 : 30, others === 2 ? 20 : 40);
    return r;
  };

  it('a pass: the Skill check\'s d6, the declared target stays', () => {
    const { bt, script, events } = cluster([4], 1);
    expect(bt.clustered(0, 1)).toBe(1);
    expect(script.used).toBe(1);
    expect(events).toEqual([expect.objectContaining({ action: 'clustered', actor: 'a0', target: 'b0', rolls: { skill_check: [4] }, result: 'Skill check passes: b0 stays the target' })]);
  });

  it('a fail with one other enemy near: it becomes the target (no pick)', () => {
    const { bt, events } = cluster([3], 1);
    expect(bt.clustered(0, 1)).toBe(2);
    expect(events).toEqual([expect.objectContaining({ target: 'b1', rolls: { skill_check: [3] }, result: 'Skill check fails: b0 -> b1' })]);
    expect(events[0]!).not.toHaveProperty('pick_from');
  });

  for (const [pick, to, label] of [[1, 2, 'b1'], [2, 3, 'b2'], [3, 1, 'b0']] as const) {
    it(`a fail with two others near: the d3 (${pick}) picks ${label} among b1, b2 and the declared b0`, () => {
      const { bt, script, events } = cluster([3, pick], 2);
      expect(bt.clustered(0, 1)).toBe(to);
      expect(script.used).toBe(2);
      expect(events).toEqual([expect.objectContaining({
        action: 'clustered', target: label, rolls: { skill_check: [3], pick: [pick] }, pick_from: ['b1', 'b2', 'b0'], result: `Skill check fails: d3 picks ${label}: b0 -> ${label}`,
      })]);
    });
  }

  it('no other enemy within 1": no check, no event; the shot that follows comes after the check\'s event', () => {
    const quiet = cluster([], 0);
    place(quiet.bt, 2, 30, 30);
    expect(quiet.bt.clustered(0, 1)).toBe(1);
    expect([quiet.script.used, quiet.events]).toEqual([0, []]);
    const { bt, events } = cluster([5, ...new Array<number>(10).fill(2)], 1);
    bt.shoot(0, 1, true);
    expect(events.map((e) => [e.action, e.target])).toEqual([['clustered', 'b0'], ['ranged', 'b0']]);
  });
});

describe('a failed Cast reads as in duels', () => {
  it('fizzles with the Casting Roll\'s total and the difficulty; a mishap with its backlash (the duel\'s words for the same dice)', () => {
    const { bt, events } = battle([mage], [grunt], [2, 2, 1, 1]);
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 15);
    bt.shoot(0, 1, true);
    bt.shoot(0, 1, true);
    // mage: Casting 2, bolt: difficulty 7, backlash 1.
    expect(shown(events)).toEqual([['cast', 'b0', [2, 2], 'fizzles (6 < 7)', undefined], ['cast', 'b0', [1, 1], 'mishap: 1 Wound(s) of backlash', undefined]]);
    const d = scriptedDuel(mage, grunt, [2, 2, 1, 1], { settings: { distance: 10 }, policies: [SHOOTER, AGGRESSIVE] });
    const duelEvents = record(d);
    d.perform(0, Action.Cast, false);
    d.perform(0, Action.Cast, false);
    expect(duelEvents.map((e) => [e.action, e.rolls, e.result])).toEqual(events.map((e) => [e.action, e.rolls, e.result]));
  });
});

describe('state words', () => {
  it('duel and battle traces name states as the CSVs do (`out_of_action`)', () => {
    expect(STATE_NAMES).toEqual(DEFENDER_STATES);
    expect(STATE_NAMES[OUT_OF_ACTION]).toBe('out_of_action');
    // Stout's axe floors a Stunned grunt: the battle event says out_of_action.
    const { bt, events } = battle([loadout(stout, battleAxe)], [grunt], [...new Array<number>(9).fill(6), ...new Array<number>(6).fill(1)]);
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    bt.state[1] = STUNNED;
    bt.woundsLeft[1] = 0;
    bt.melee(0, 1);
    expect(events[0]).toMatchObject({ target_state_before: 'stunned', target_state_after: 'out_of_action' });
  });
});

/** Two mixed retinues: swords, an axe, a gunner, a mage, an archer and a kiting grunt. */
function mixedSpec(split: boolean): BattleSpec {
  const base = battleSpec([keenSword, keenSword, gunner, mage], [loadout(stout, battleAxe), grunt, archer, grunt], {
    knobs: { multipleEngagement: split ? 'split' : 'focus' }, settings: { board: [24, 24], distance: 8 },
  });
  const policies = [[AGGRESSIVE, AGGRESSIVE, SHOOTER, SHOOTER], [AGGRESSIVE, AGGRESSIVE, SHOOTER, KITE]];
  return { ...base, sides: [base.sides[0].map((f, k) => ({ ...f, policy: policies[0]![k]! })), base.sides[1].map((f, k) => ({ ...f, policy: policies[1]![k]! }))] };
}

/** n battles of `spec` from stream `key`: each battle's winner, rounds, states, Wounds and hits; the stream's end state; traced actions with dice (attacks, initiative, Recover, clustered...). */
function play(spec: BattleSpec, key: number, n: number, traced: boolean, table = false) {
  const dice = table ? tableBattleDice(deriveStream(91, key)) : battleDice(deriveStream(91, key));
  const bt = new Battle(spec, dice, BATTLE_POLICIES);
  const withDice = new Map<string, number>();
  if (traced) {
    bt.observer = {
      begin: () => undefined,
      event: (e) => {
        if (e.rolls !== undefined) withDice.set(e.action, (withDice.get(e.action) ?? 0) + 1);
      },
      end: () => undefined,
    };
  }
  const battles: string[] = [];
  for (let i = 0; i < n; i++) {
    const w = bt.play();
    battles.push(`${w} ${bt.rounds} ${Array.from(bt.state).join('')} ${Array.from(bt.woundsLeft).join('')} ${Array.from(bt.dealt).join(',')} ${Array.from(bt.friendly).join(',')}`);
  }
  return { battles, state: dice.rng.state(), withDice };
}

describe('traced and untraced battles from one stream are the same battles', () => {
  it('per-die engine, focus and split pools: every battle and the stream\'s end state agree; every kind of attack was traced with its dice', () => {
    const seen = new Map<string, number>();
    for (let k = 0; k < 4; k++) {
      const spec = mixedSpec(k % 2 === 1);
      const run = play(spec, k, 60, false);
      const traced = play(spec, k, 60, true);
      expect(traced.battles, `stream ${k}`).toEqual(run.battles);
      expect(traced.state, `stream ${k}`).toEqual(run.state);
      expect(new Set(run.battles).size, `stream ${k}`).toBeGreaterThan(1);
      for (const [action, count] of traced.withDice) seen.set(action, (seen.get(action) ?? 0) + count);
    }
    for (const action of ['melee', 'ranged', 'cast', 'free-attack', 'mercy-kill', 'friendly-fire', 'initiative', 'recover', 'clustered']) {
      expect(seen.get(action) ?? 0, action).toBeGreaterThan(0);
    }
  });

  it('table engine: the same battles traced and untraced', () => {
    const spec = mixedSpec(true);
    const run = play(spec, 7, 60, false, true);
    const traced = play(spec, 7, 60, true, true);
    expect(traced.battles).toEqual(run.battles);
    expect(traced.state).toEqual(run.state);
  });
});
