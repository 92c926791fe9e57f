/**
 * Battle engine (seeds 000 + 002, rules.md 1.8), scripted dice: how a battle ends, how the round
 * loop hands turns and Pass tokens over when one side runs out, what each action code does when
 * perform() dispatches it (moves through friends, Retreat only from Active enemies, Hide and Crawl
 * legality, Hidden kept or lost after a move) and which trace events it reports.
 */
import { describe, expect, it } from 'vitest';
import { Act, type Battle, type BattlePolicies } from '../../../../src/systems/skirmish/battle/engine.js';
import { SHOOTER } from '../../../../src/systems/skirmish/duel/setup.js';
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from '../../../../src/systems/skirmish/profile.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { fighter, loadout, weapon } from '../../../helpers/skirmish.js';
import { battle, place } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
const sling = weapon('sling', { type: 'ranged', class: 'other', might: '2', skill: '0', range: [3, 24] });
const slinger = loadout(fighter('slinger', { skill: 4 }), [sling, club]);
const arbalest = weapon('arbalest', { type: 'ranged', class: 'other', might: '3', range: [0, 24], keywords: ['heavy'] });
const arbalester = loadout(fighter('arbalester', {}), [arbalest, club]);
const bolt = weapon('bolt', { type: 'ranged', class: 'spell', might: '2', skill: '+0', range: [0, 12], difficulty: 8, backlash: 2 });
const mage = loadout(fighter('mage', { casting: 2, keywords: ['caster'] }), bolt);
/** grunt against grunt: 7 attack dice, then 6 defence dice. */
const crushing = [...new Array<number>(7).fill(6), ...new Array<number>(6).fill(1)];

/** Every fighter does `act` (`target` left as the policy found it); the first waiting fighter goes; Pass when `passes`. */
const fixed = (act: number, passes: (b: Battle, s: number) => boolean = () => false): BattlePolicies => ({
  action: () => act,
  next: (b, s) => Array.from({ length: b.n }, (_, k) => k).find((k) => b.side[k] === s && b.activated[k] === 0 && b.activates(k))!,
  pass: passes,
});
const actions = (events: readonly TraceEvent[]): string[] => events.map((e) => `${e.actor} ${e.action}`);

describe('the end of a battle', () => {
  for (const [initiative, winner] of [['a', 0], ['b', 1]] as const) {
    it(`side ${initiative} moves first, Stuns its enemy and Mercy Kills it: ${initiative} wins in round 1 and nothing more happens`, () => {
      const { bt, script, events } = battle([grunt], [grunt], crushing, { knobs: { initiative }, settings: { distance: 1, maxRounds: 3 } });
      const ends: unknown[] = [];
      bt.observer = { begin: () => ends.push('begin'), event: (e) => void events.push(e), end: (w, r) => ends.push([w, r]) };
      expect(bt.play()).toBe(winner);
      expect(bt.rounds).toBe(1);
      expect(ends).toEqual(['begin', [winner, 1]]);
      expect(script.used).toBe(13);
      const me = `${initiative}0`;
      expect(actions(events)).toEqual([' initiative', `${me} activate`, `${me} melee`, `${me} mercy-kill`]);
      expect(bt.state[1 - winner]).toBe(OUT_OF_ACTION);
    });
  }

  it('plays the same without an observer', () => {
    const { bt } = battle([grunt], [grunt], crushing, { knobs: { initiative: 'a' }, settings: { distance: 1, maxRounds: 3 } });
    bt.observer = null;
    expect(bt.play()).toBe(0);
    expect(bt.rounds).toBe(1);
  });
});

describe('turns in a round', () => {
  it('initiative and Pass events name no target; a round plays the same without an observer', () => {
    const { bt, events } = battle([grunt], [grunt, grunt], [], { policies: fixed(Act.Brace, () => true), knobs: { initiative: 'a' } });
    expect(bt.playRound()).toBe(true);
    expect(actions(events)).toEqual([' initiative', ' pass', 'b0 activate', 'b0 brace', 'b0 brace', 'a0 activate', 'a0 brace', 'a0 brace', 'b1 activate', 'b1 brace', 'b1 brace']);
    expect(events[0]).not.toHaveProperty('target');
    expect(events[1]).not.toHaveProperty('target');
    const quiet = battle([grunt], [grunt, grunt], [], { policies: fixed(Act.Brace, () => true), knobs: { initiative: 'a' } }).bt;
    quiet.observer = null;
    expect(quiet.playRound()).toBe(true);
    expect(Array.from(quiet.activated)).toEqual([1, 1, 1]);
    expect(quiet.tokens[0]).toBe(0);
  });

  for (const [a, b] of [[1, 3], [3, 1]] as const) {
    it(`${a} vs ${b} fighters, nobody passes: once one side has activated everyone, the other activates the rest`, () => {
      const { bt, events } = battle(new Array(a).fill(grunt), new Array(b).fill(grunt), [], { policies: fixed(Act.Brace) });
      bt.playRound();
      expect(Array.from(bt.activated)).toEqual(new Array(a + b).fill(1));
      expect(events.filter((e) => e.action === 'brace')).toHaveLength(2 * (a + b));
    });
  }

  for (const s of [0, 1]) {
    it(`side ${'ab'[s]!} keeps its Pass token when the enemy has nobody left to activate (its fighters were Stunned mid-round)`, () => {
      // The side with fewer fighters (2 against 3) has initiative and 1 token; its first fighter Stuns every enemy.
      const mine = [grunt, grunt];
      const theirs = [grunt, grunt, grunt];
      const { bt, events } = battle(s === 0 ? mine : theirs, s === 0 ? theirs : mine, [], {
        policies: {
          ...fixed(Act.Brace, () => true),
          action: (b, i) => {
            for (let j = b.from(1 - s), end = b.to(1 - s); j !== end; ++j) if (b.side[i] === s) b.state[j] = STUNNED;
            return Act.Brace;
          },
          pass: (b, side) => side === s && b.waiting(1 - side) === 0,
        },
      });
      bt.playRound();
      expect(events.filter((e) => e.action === 'pass')).toEqual([]);
      expect(bt.tokens[s]).toBe(1);
      expect(bt.activated[bt.from(s) + 1]).toBe(1);
    });
  }
});

describe('whose decision: an activation asks for its own actions, a Ranged Reaction for a reaction', () => {
  it('a Downed fighter Recovers on its activation (4: stands with 1 Wound)', () => {
    const { bt, script } = battle([grunt], [grunt], [4, 2]);
    bt.state[0] = DOWNED;
    bt.woundsLeft[0] = 0;
    bt.activate(0);
    expect(script.used).toBe(1);
    expect([bt.state[0], bt.woundsLeft[0]]).toEqual([ACTIVE, 1]);
  });

  it('a shooter that is shot at shoots back at once (no Aim in a reaction)', () => {
    // b0 (shooter) reacts against a0 8" away: 2 sling dice (misses), 6 defence dice.
    const { bt, script, events } = battle([grunt], [slinger], new Array(8).fill(2), { fighterPolicy: SHOOTER });
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 19);
    bt.actionsLeft = 1;
    bt.react(1);
    expect(script.used).toBe(8);
    expect(bt.aimed[1]).toBe(0);
    expect(events.map((e) => `${e.actor} ${e.action} ${e.reaction}`)).toEqual(['b0 ranged true']);
  });
});

describe('perform: moves', () => {
  const setup = (faces: number[] = []) => {
    const r = battle([grunt, grunt], [grunt], faces, { policies: fixed(Act.None) });
    place(r.bt, 0, 20, 10);
    place(r.bt, 1, 40, 40);
    place(r.bt, 2, 20, 20);
    r.bt.target = 2;
    return r;
  };

  it('Move goes `amount` inches at the target, its full Movement when the amount is 0, and is traced with its target', () => {
    const { bt, events } = setup();
    bt.amount = 1;
    bt.perform(0, Act.Move, false);
    expect(bt.gap(0, 2)).toBeCloseTo(8);
    bt.amount = 0;
    bt.perform(0, Act.Move, false);
    expect(bt.gap(0, 2)).toBeCloseTo(4);
    expect(bt.moved[0]).toBe(1);
    expect(events.map((e) => [e.action, e.target])).toEqual([['move', 'b0'], ['move', 'b0']]);
  });

  it('Move away from the target: its full Movement', () => {
    const { bt } = setup();
    bt.amount = 0;
    bt.perform(0, Act.MoveAway, false);
    expect(bt.gap(0, 2)).toBeCloseTo(13);
  });

  it('Move, Move away and Charge pass through a friend standing in the way', () => {
    const { bt } = setup();
    place(bt, 1, 20, 12);
    bt.amount = 0;
    bt.perform(0, Act.Move, false);
    expect(bt.y[0]).toBeCloseTo(14);
    bt.perform(0, Act.MoveAway, false);
    expect(bt.y[0]).toBeCloseTo(10);
    place(bt, 2, 20, 16);
    bt.hidden[0] = 1;
    bt.perform(0, Act.Charge, false);
    expect(bt.gap(0, 2)).toBeCloseTo(1);
    expect([bt.moved[0], bt.hidden[0]]).toEqual([1, 0]);
  });

  it('within 1" of a Downed enemy only, a Move is a plain move: no Retreat check', () => {
    const { bt, script } = setup();
    place(bt, 0, 20, 18.5);
    bt.state[2] = DOWNED;
    bt.amount = 3;
    bt.perform(0, Act.MoveAway, false);
    expect(script.used).toBe(0);
    expect(bt.gap(0, 2)).toBeCloseTo(3.5);
  });

  it('Retreat: the Skill check passed (6), the fighter steps `amount` away', () => {
    const { bt, script } = setup([6]);
    place(bt, 0, 20, 18.5);
    bt.amount = 2;
    bt.perform(0, Act.Retreat, false);
    expect(script.used).toBe(1);
    expect(bt.gap(0, 2)).toBeCloseTo(2.5);
  });

  it('Crawl: a Downed fighter crawls half its Movement away, through a friend; an Active one does not move', () => {
    const { bt, events } = setup();
    place(bt, 0, 20, 15);
    place(bt, 1, 20, 14);
    bt.perform(0, Act.Crawl, false);
    expect(bt.y[0]).toBe(15);
    bt.state[0] = DOWNED;
    bt.perform(0, Act.Crawl, false);
    expect(bt.y[0]).toBeCloseTo(13);
    expect(events.map((e) => e.action)).toEqual(['crawl', 'crawl']);
  });
});

describe('perform: Hidden after a move (seed 002: kept within 1" of terrain and beyond 6" of every enemy)', () => {
  const setup = () => {
    const r = battle([grunt], [grunt], [], { policies: fixed(Act.None), settings: { terrain: [{ at: [10, 5], size: [1, 30], kind: 'cover' }] } });
    place(r.bt, 0, 11.5, 5);
    place(r.bt, 1, 40, 40);
    r.bt.target = 1;
    return r;
  };

  it('a move along the terrain far from every enemy keeps Hidden', () => {
    const { bt } = setup();
    place(bt, 1, 11.5, 40);
    bt.hidden[0] = 1;
    bt.amount = 3;
    bt.perform(0, Act.Move, false);
    expect(bt.hidden[0]).toBe(1);
  });

  it('a move that ends within 6" of an enemy loses Hidden', () => {
    const { bt } = setup();
    place(bt, 1, 11.5, 13);
    bt.hidden[0] = 1;
    bt.amount = 2;
    bt.perform(0, Act.Move, false);
    expect(bt.gap(0, 1)).toBeCloseTo(5);
    expect(bt.hidden[0]).toBe(0);
  });

  it('a move that leaves the terrain loses Hidden', () => {
    const { bt } = setup();
    place(bt, 1, 40, 5);
    bt.hidden[0] = 1;
    bt.amount = 3;
    bt.perform(0, Act.Move, false);
    expect(bt.hidden[0]).toBe(0);
  });

  it('a heavy weapon cannot fire after its bearer moved', () => {
    const { bt } = battle([arbalester], [grunt], [], { policies: fixed(Act.None) });
    place(bt, 0, 20, 5);
    place(bt, 1, 20, 20);
    expect(bt.canShootAt(0, 1, false)).toBe(true);
    bt.target = 1;
    bt.amount = 1;
    bt.perform(0, Act.Move, false);
    expect(bt.canShootAt(0, 1, false)).toBe(false);
  });
});

describe('perform: the other actions', () => {
  const near = (a = grunt, faces: number[] = []) => {
    const r = battle([a], [grunt], faces, { policies: fixed(Act.None), settings: { terrain: [{ at: [10, 5], size: [1, 30], kind: 'cover' }] } });
    place(r.bt, 0, 20, 10);
    place(r.bt, 1, 20, 11.5);
    r.bt.target = 1;
    return r;
  };

  it('Melee attacks the target (one `melee` event)', () => {
    const { bt, script, events } = near(grunt, crushing);
    bt.perform(0, Act.Melee, false);
    expect(script.used).toBe(13);
    expect(bt.state[1]).toBe(STUNNED);
    expect(actions(events)).toEqual(['a0 melee']);
  });

  it('Mercy Kill takes a Stunned target Out of Action (one `mercy-kill` event)', () => {
    const { bt, events } = near();
    bt.state[1] = STUNNED;
    bt.perform(0, Act.MercyKill, false);
    expect(bt.state[1]).toBe(OUT_OF_ACTION);
    expect(actions(events)).toEqual(['a0 mercy-kill']);
  });

  it('Ranged shoots the target (one `ranged` event; its reaction here is None)', () => {
    const { bt, script, events } = near(slinger, new Array(8).fill(2));
    place(bt, 1, 20, 20);
    bt.perform(0, Act.Ranged, false);
    expect(script.used).toBe(8);
    expect(actions(events)).toEqual(['a0 ranged']);
  });

  it('Cast rolls the Casting Roll (1 + 2 + 2 < 8: fizzles; one `cast` event)', () => {
    const { bt, script, events } = near(mage, [1, 2]);
    place(bt, 1, 20, 20);
    bt.perform(0, Act.Cast, false);
    expect(script.used).toBe(2);
    expect(events.map((e) => [e.action, e.result])).toEqual([['cast', 'fizzles (5 < 8)']]);
  });

  it('Aim, Brace and Recover: their effect, traced without a target', () => {
    const { bt, script, events } = near(grunt, [5]);
    bt.perform(0, Act.Aim, false);
    bt.perform(0, Act.Brace, false);
    bt.state[0] = DOWNED;
    bt.perform(0, Act.Recover, false);
    expect([bt.aimed[0], bt.braced[0], bt.state[0], script.used]).toEqual([1, 1, ACTIVE, 1]);
    expect(events.map((e) => e.action)).toEqual(['aim', 'brace', 'recover']);
    for (const e of events) expect(e).not.toHaveProperty('target');
  });

  it('Hide: not beyond 1" of terrain; not after a Ranged action this activation; else Hidden (traced without a target)', () => {
    const { bt, events } = near();
    bt.perform(0, Act.Hide, false);
    expect(bt.hidden[0]).toBe(0);
    place(bt, 0, 11.5, 10);
    bt.fired[0] = 1;
    bt.perform(0, Act.Hide, false);
    expect(bt.hidden[0]).toBe(0);
    bt.fired[0] = 0;
    bt.perform(0, Act.Hide, false);
    expect(bt.hidden[0]).toBe(1);
    expect(events).toHaveLength(3);
    for (const e of events) expect([e.action, e.target]).toEqual(['hide', undefined]);
  });

  it('None does nothing and reports a `none` event without a target (a dropped action; a reaction\'s None reports nothing)', () => {
    const { bt, events } = near();
    bt.perform(0, Act.None, false);
    expect(events.map((e) => [e.action, e.target])).toEqual([['none', undefined]]);
    bt.perform(0, Act.None, true);
    expect(events).toHaveLength(1);
    expect(bt.gap(0, 1)).toBeCloseTo(0.5);
  });

  it('without an observer every action plays and nothing is reported', () => {
    const { bt } = near(grunt, [5]);
    place(bt, 1, 20, 20);
    bt.observer = null;
    for (const act of [Act.Move, Act.Aim, Act.Brace, Act.Hide, Act.None]) bt.perform(0, act, false);
    bt.state[0] = DOWNED;
    bt.perform(0, Act.Recover, false);
    expect(bt.state[0]).toBe(ACTIVE);
  });

  it('a policy that names no target: a Melee attacks nobody', () => {
    const { bt, script } = battle([grunt], [grunt], [], { policies: { ...fixed(Act.Melee), action: () => Act.Melee } });
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 11.5);
    bt.activate(0);
    expect(script.used).toBe(0);
    expect(bt.state[1]).toBe(ACTIVE);
  });
});
