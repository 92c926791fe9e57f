/**
 * Battle engine clauses (seeds 000 + 002, rules.md 1.8) the mutation run found untested (README,
 * Mutation testing): the round loop and its end, initiative and Pass tokens as traced, a round in
 * which nobody activates, reactions, Dodge/Shove distance without a policy, what an activation resets.
 */
import { describe, expect, it } from 'vitest';
import { Act, type BattlePolicies } from '../../../../src/systems/skirmish/battle/engine.js';
import { STUNNED } from '../../../../src/systems/skirmish/profile.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { fighter, loadout, weapon } from '../../../helpers/skirmish.js';
import { battle } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
/** Every fighter Braces; the first fighter of a side not yet activated goes; a side passes whenever it may. */
const bracers = (act: number = Act.Brace): BattlePolicies => ({
  action: () => act,
  next: (b, s) => Array.from({ length: b.n }, (_, k) => k).find((k) => b.side[k] === s && b.activated[k] === 0)!,
  pass: () => true,
});
const lines = (events: readonly TraceEvent[]): string[] => events.map((e) => `${e.round} ${e.side} ${e.actor} ${e.action}${e.result === undefined ? '' : `: ${e.result}`}`);

describe('rounds', () => {
  it('nobody can win: a draw after maxRounds; each round the side with fewer activations has initiative and spends its Pass token', () => {
    const { bt, events } = battle([grunt, grunt], [grunt], [], { policies: bracers(), knobs: { initiative: 'a' }, settings: { maxRounds: 2 } });
    const ends: unknown[] = [];
    bt.observer = { begin: () => ends.push('begin'), event: (e) => void events.push(e), end: (w, r) => ends.push([w, r]) };
    expect(bt.play()).toBe(2);
    expect(bt.rounds).toBe(2);
    expect(ends).toEqual(['begin', [2, 2]]);
    const round = (r: number): string[] => [
      `${r} b  initiative: b goes first; 2 vs 1 activations; 1 Pass token(s)`, `${r} b  pass: 0 left`,
      `${r} a a0 activate`, `${r} a a0 brace`, `${r} a a0 brace`, `${r} b b0 activate`, `${r} b b0 brace`, `${r} b b0 brace`,
      `${r} a a1 activate`, `${r} a a1 brace`, `${r} a a1 brace`,
    ];
    expect(lines(events)).toEqual([...round(1), ...round(2)]);
    expect(events[2]).not.toHaveProperty('target');
  });

  it('a round in which no fighter can activate: no initiative, nothing happens', () => {
    const { bt, events } = battle([grunt], [grunt], [], { policies: bracers(), knobs: { initiative: 'a' } });
    bt.state[0] = STUNNED;
    bt.state[1] = STUNNED;
    expect(bt.playRound()).toBe(false);
    expect(events).toEqual([]);
  });
});

describe('activations and reactions', () => {
  it('an activation ends the fighter\'s Brace and Aim from before and gives it 2 actions', () => {
    let asked = 0;
    const { bt } = battle([grunt], [grunt], [], { policies: { ...bracers(), action: () => (asked++, Act.None) } });
    bt.braced[0] = 1;
    bt.aimed[0] = 1;
    bt.moved[1] = 1;
    bt.activate(0);
    expect([bt.braced[0], bt.aimed[0], bt.moved[1], asked]).toEqual([0, 0, 0, 2]);
  });

  it('a reaction is traced as its action with `reaction: true` (as in duels)', () => {
    const { bt, events } = battle([grunt], [grunt], [], { policies: bracers() });
    bt.react(1);
    expect(events.map((e) => [e.action, e.reaction])).toEqual([['brace', true]]);
    expect(bt.braced[1]).toBe(1);
  });

  it('Dodge and Shove cover 2" when the policies choose no distance, else what they choose', () => {
    const { bt } = battle([grunt], [grunt], [], { policies: bracers() });
    expect(bt.manoeuvreInches(1, 0, 0)).toBe(2);
    const chosen = battle([grunt], [grunt], [], { policies: { ...bracers(), manoeuvre: () => 1 } });
    expect(chosen.bt.manoeuvreInches(1, 0, 0)).toBe(1);
  });
});
