/**
 * d20 fight clauses (seed 003, rules.md 3.3-3.4) the mutation run found untested (README,
 * Mutation testing): first contact, Disengage and Dash, heroic actions, waking up, Edge and
 * Setback, Help, Stabilize, wasted attacks, hits on the dying, opportunity-attack conditions, and
 * the trace events of each, with scripted dice recorded as `balance trace` records them.
 */
import { describe, expect, it } from 'vitest';
import { scripted } from '../../../src/dice/dice.js';
import { RecordingDice } from '../../../src/dice/recording-dice.js';
import { Act, DEAD, DYING, ENEMIES, Fight, HEROES, OUT, RANDOM, STABLE, STANDING, type FighterSpec } from '../../../src/systems/d20/fight/engine.js';
import { DEFAULT_D20_KNOBS, type D20Knobs } from '../../../src/systems/d20/rules.js';
import { bow, d20Fixtures, sword } from '../../helpers/d20-fight.js';
import { Collector } from '../../helpers/trace.js';

const { f } = d20Fixtures(0);

/** A fight reset for play with scripted dice, its events collected. */
function traced(fighters: FighterSpec[], faces: number[], knobs: Partial<D20Knobs> = {}): { x: Fight; c: Collector } {
  const x = new Fight({ fighters, knobs: { ...DEFAULT_D20_KNOBS, ...knobs }, maxRounds: 5 }, new RecordingDice(scripted(...faces)));
  const c = new Collector();
  x.observer = c;
  x.reset();
  return { x, c };
}
const events = (c: Collector): Record<string, unknown>[] => c.events.map(({ fight: _fight, ...e }) => e);
const decl = (act: number, target = -1, finish = false) => ({ act, target, finish });
const down = (x: Fight, i: number, state = DYING): void => {
  x.creatures[i]!.state = state;
  x.creatures[i]!.hp = 0;
};

describe('first contact', () => {
  it('a hero passing d20 + DEX >= 12 acts first (traced with its die): it moves in and drops the orc', () => {
    const { x, c } = traced([f('hero', HEROES, { dex: 2 }), f('orc', ENEMIES)], [10, 20, 8, 8]);
    expect(x.play()).toEqual({ winner: 0, rounds: 1 });
    const hero = { round: 1, side: 'heroes', actor: 'hero', hp: 10, state_after: 'standing' };
    expect(events(c)).toEqual([
      { ...hero, phase: 0, action: 'first-contact', rolls: [10], result: 'acts first' },
      { ...hero, phase: 1, action: 'move', target: 'orc', leaves: [] },
      {
        ...hero, phase: 1, action: 'attack', target: 'orc', rolls: { d20: [20], damage: [8, 8] }, natural: 20, result: 'critical', damage: 16,
        target_hp: 0, target_state_before: 'standing', target_state_after: 'out',
      },
    ]);
  });

  it('a hero failing it (9 + 2 = 11) waits: the enemies go first; a hero still dying after the fight rolls on', () => {
    const { x, c } = traced([f('hero', HEROES, { dex: 2 }), f('orc', ENEMIES)], [9, 20, 8, 8, 1, 1]);
    expect(x.play()).toEqual({ winner: 1, rounds: 1 });
    const e = events(c);
    expect(e.map((v) => `${v['side']} ${v['action']}`)).toEqual(['heroes first-contact', 'enemies move', 'enemies attack', 'heroes dying-roll']);
    expect(e[0]).toMatchObject({ rolls: [9], result: 'waits' });
    expect(e[2]).toMatchObject({ target_state_after: 'dying', target_hp: 0 });
    expect(e[3]).toEqual({
      round: 1, phase: 1, side: 'heroes', actor: 'hero', action: 'dying-roll', rolls: [1, 1], hp: 0, state_after: 'dead', total: 2, fatigue: 0, result: 'dead', after_fight: true,
    });
  });
});

describe('Disengage and Dash', () => {
  it('Disengage leaves every foe\'s reach without provoking; Dash with no target gets away; a foe that Dashes at it chases it back into reach', () => {
    const { x, c } = traced([f('hero', HEROES), f('orc', ENEMIES)], []);
    const [hero, orc] = [x.creatures[0]!, x.creatures[1]!];
    x.link(0, 1);
    x.resolve(hero, decl(Act.Disengage));
    expect([x.adjacent(0, 1), hero.hp, orc.oaUsed]).toEqual([false, 10, false]);
    x.resolve(hero, decl(Act.Dash));
    expect(hero.away).toBe(true);
    x.resolve(orc, decl(Act.Dash, 0));
    expect([x.adjacent(0, 1), hero.away]).toEqual([true, false]);
    const base = { round: 0, phase: 0, hp: 10, state_after: 'standing' };
    expect(events(c)).toEqual([
      { ...base, side: 'heroes', actor: 'hero', action: 'disengage', leaves: ['orc'] },
      { ...base, side: 'heroes', actor: 'hero', action: 'dash', result: 'gets away', leaves: [] },
      { ...base, side: 'enemies', actor: 'orc', action: 'dash', target: 'hero', result: 'chases', leaves: [] },
    ]);
  });

  it('a Dash out of a melee foe\'s reach provokes its opportunity attack; a chase after a fallen creature links nothing', () => {
    // orc: d20 15 + 2 >= 13 hits the leaving hero for 1d8 = 4
    const x = new Fight({ fighters: [f('hero', HEROES), f('orc', ENEMIES), f('gob', ENEMIES)], knobs: DEFAULT_D20_KNOBS, maxRounds: 5 }, scripted(15, 4));
    x.reset();
    x.link(0, 1);
    x.resolve(x.creatures[0]!, decl(Act.Dash));
    expect([x.creatures[0]!.hp, x.creatures[1]!.oaUsed, x.adjacent(0, 1)]).toEqual([6, true, false]);
    down(x, 0);
    x.resolve(x.creatures[2]!, decl(Act.Dash, 0));
    expect(x.adjacent(2, 0)).toBe(false);
  });
});

describe('dying, heroic actions, waking up', () => {
  it('a heroic action is traced as such (with the attack dice), then the hero falls dead', () => {
    const { x, c } = traced([f('hero', HEROES), f('b', HEROES), f('orc', ENEMIES)], [2, 2, 15, 5]);
    down(x, 0);
    x.phase(HEROES, Uint8Array.from([1, 0, 0]));
    const e = events(c);
    expect(e.map((v) => v['action'])).toEqual(['dying-roll', 'move', 'heroic-action', 'falls']);
    expect(e[0]).toMatchObject({ phase: 1, total: 4, result: 'heroic action, then dead', after_fight: false });
    expect(e[2]).toMatchObject({ rolls: { d20: [15], damage: [5] }, natural: 15, result: 'hit', damage: 5, target_hp: 5 });
    expect(e[3]).toEqual({ round: 0, phase: 1, side: 'heroes', actor: 'hero', action: 'falls', hp: 0, state_after: 'dead', result: 'dead after its heroic action' });
    expect([x.creatures[0]!.state, x.creatures[0]!.heroic]).toEqual([DEAD, false]);
  });

  it('a stable hero wakes at its turn at 1 HP, then its CON save (traced)', () => {
    const { x, c } = traced([f('hero', HEROES), f('orc', ENEMIES)], [15]);
    down(x, 0, STABLE);
    x.creatures[0]!.wakeNext = true;
    expect(x.startTurn(x.creatures[0]!)).toBe(false);
    expect([x.creatures[0]!.state, x.creatures[0]!.hp, x.creatures[0]!.wakeNext]).toEqual([STANDING, 1, false]);
    expect(events(c)).toEqual([
      { round: 0, phase: 0, side: 'heroes', actor: 'hero', action: 'wake-up', hp: 0, state_after: 'stable', result: 'wakes at 1 HP' },
      { round: 0, phase: 0, side: 'heroes', actor: 'hero', action: 'con-save', rolls: [15], hp: 1, state_after: 'standing', total: 15, result: 'passes' },
    ]);
  });

  it('a stable creature not due to wake stays stable and rolls nothing; the start of a turn ends its Dodge', () => {
    const { x } = traced([f('hero', HEROES), f('orc', ENEMIES)], []);
    down(x, 0, STABLE);
    x.creatures[0]!.dodging = true;
    expect(x.startTurn(x.creatures[0]!)).toBe(false);
    expect([x.creatures[0]!.state, x.creatures[0]!.dodging]).toEqual([STABLE, false]);
  });

  it('any damage to a dying or stable creature kills it; a dead one stays dead; an enemy at 0 HP is out (not dying) by default', () => {
    const { x } = traced([f('hero', HEROES), f('b', HEROES), f('orc', ENEMIES)], []);
    down(x, 0, STABLE);
    x.damage(x.creatures[0]!, 1);
    expect(x.creatures[0]!.state).toBe(DEAD);
    x.damage(x.creatures[0]!, 5);
    expect([x.creatures[0]!.state, x.creatures[0]!.hp]).toEqual([DEAD, 0]);
    down(x, 1);
    x.damage(x.creatures[1]!, 0);
    expect(x.creatures[1]!.state).toBe(DYING);
    const orc = x.creatures[2]!;
    orc.away = true;
    x.damage(orc, 9);
    expect([orc.state, orc.hp, x.over]).toEqual([STANDING, 1, false]);
    x.damage(orc, 1);
    expect([orc.state, orc.hp, orc.away, x.over]).toEqual([OUT, 0, false, true]);
  });
});

describe('attacks', () => {
  it('Edge (a Help) rolls two d20 and keeps the higher; a Dodge cancels it to one; the Help is spent', () => {
    const { x, c } = traced([f('hero', HEROES), f('orc', ENEMIES, {}, bow)], [5, 18, 3, 7]);
    const [hero, orc] = [x.creatures[0]!, x.creatures[1]!];
    hero.edgeNext = true;
    x.attack(hero, orc, 'attack');
    expect([orc.hp, hero.edgeNext]).toEqual([7, false]);
    hero.edgeNext = true;
    orc.dodging = true;
    x.attack(hero, orc, 'attack'); // Edge and Setback cancel: one d20, 7 + 2 misses
    expect(events(c)[0]).toMatchObject({ rolls: { d20: [5, 18], damage: [3] }, natural: 18, result: 'hit', damage: 3, target_hp: 7 });
    expect(events(c)[1]).toMatchObject({ rolls: { d20: [7], damage: [] }, natural: 7, result: 'miss' });
    expect(hero.edgeNext).toBe(false);
  });

  it('a miss is traced as such, with the d20 only', () => {
    const { x, c } = traced([f('hero', HEROES), f('orc', ENEMIES)], [2]);
    x.attack(x.creatures[0]!, x.creatures[1]!, 'attack');
    expect(events(c)[0]).toMatchObject({ rolls: { d20: [2], damage: [] }, natural: 2, result: 'miss', damage: 0, target_hp: 10 });
  });

  it('a natural 1 drops the weapon only with the fumble knob', () => {
    const plain = traced([f('hero', HEROES), f('orc', ENEMIES)], [1]);
    plain.x.attack(plain.x.creatures[0]!, plain.x.creatures[1]!, 'attack');
    expect(plain.x.creatures[0]!.dropped).toBe(false);
    const fumble = traced([f('hero', HEROES), f('orc', ENEMIES)], [1], { fumble: 'miss-and-drop-weapon' });
    fumble.x.attack(fumble.x.creatures[0]!, fumble.x.creatures[1]!, 'attack');
    expect(fumble.x.creatures[0]!.dropped).toBe(true);
  });

  it('an attack declared on a target that fell before it resolved is wasted (traced); a finishing blow on a target back up is wasted too', () => {
    const { x, c } = traced([f('hero', HEROES), f('orc', ENEMIES), f('gob', ENEMIES)], []);
    x.link(0, 1);
    down(x, 1);
    x.resolve(x.creatures[0]!, decl(Act.Attack, 1));
    x.resolve(x.creatures[0]!, decl(Act.Attack, 2, true));
    expect(events(c)).toEqual([
      { round: 0, phase: 0, side: 'heroes', actor: 'hero', action: 'attack', hp: 10, state_after: 'standing', target: 'orc', result: 'wasted: target already down' },
      { round: 0, phase: 0, side: 'heroes', actor: 'hero', action: 'attack', hp: 10, state_after: 'standing', target: 'gob', result: 'wasted: target already down' },
    ]);
  });
});

describe('Help, Stabilize, Dodge, pick-up', () => {
  it('Help gives a standing ally Edge; a fallen ally gets none; traced with the target state', () => {
    const { x, c } = traced([f('helper', HEROES), f('b', HEROES), f('c', HEROES), f('orc', ENEMIES)], []);
    x.resolve(x.creatures[0]!, decl(Act.Help, 1));
    down(x, 2);
    x.resolve(x.creatures[0]!, decl(Act.Help, 2));
    expect([x.creatures[1]!.edgeNext, x.creatures[2]!.edgeNext]).toEqual([true, false]);
    expect(events(c)[0]).toEqual({ round: 0, phase: 0, side: 'heroes', actor: 'helper', action: 'help', hp: 10, state_after: 'standing', target: 'b', target_state_after: 'standing' });
  });

  it('Stabilize needs a dying target that is not taking a heroic action, and a Supply', () => {
    const { x } = traced([f('medic', HEROES, { supply: 1 }), f('b', HEROES), f('orc', ENEMIES)], []);
    const [medic, b] = [x.creatures[0]!, x.creatures[1]!];
    const tryIt = (): [number, number] => {
      x.resolve(medic, decl(Act.Stabilize, 1));
      return [b.state, medic.supply];
    };
    expect(tryIt()).toEqual([STANDING, 1]);
    down(x, 1, STABLE);
    expect(tryIt()).toEqual([STABLE, 1]);
    down(x, 1);
    b.heroic = true;
    expect(tryIt()).toEqual([DYING, 1]);
    b.heroic = false;
    medic.supply = 0;
    expect(tryIt()).toEqual([DYING, 0]);
    medic.supply = 1;
    expect(tryIt()).toEqual([STABLE, 0]);
    expect(b.wakeNext).toBe(true);
  });

  it('Dodge sets Dodging; Pick Up takes the weapon back', () => {
    const { x, c } = traced([f('hero', HEROES), f('orc', ENEMIES)], []);
    const hero = x.creatures[0]!;
    hero.dropped = true;
    x.resolve(hero, decl(Act.Dodge));
    x.resolve(hero, decl(Act.PickUp));
    expect([hero.dodging, hero.dropped]).toEqual([true, false]);
    expect(events(c).map((e) => e['action'])).toEqual(['dodge', 'pick-up']);
  });
});

describe('opportunity attacks: who may make one', () => {
  const leaving = (setup: (x: Fight) => void): number => {
    const x = new Fight({ fighters: [f('hero', HEROES), f('orc', ENEMIES)], knobs: DEFAULT_D20_KNOBS, maxRounds: 5 }, scripted());
    x.reset();
    x.link(0, 1);
    setup(x);
    x.leave(x.creatures[0]!, true); // no dice scripted: an attack would throw
    return x.creatures[0]!.hp;
  };
  it('none from a foe that has used its one this round, dropped its weapon, or is down; none at a leaver that is down', () => {
    expect(leaving((x) => void (x.creatures[1]!.oaUsed = true))).toBe(10);
    expect(leaving((x) => void (x.creatures[1]!.dropped = true))).toBe(10);
    expect(leaving((x) => down(x, 1))).toBe(10);
    expect(leaving((x) => down(x, 0))).toBe(0);
    expect(() => leaving(() => undefined)).toThrow(/ran out/); // otherwise the orc strikes
  });
});

describe('the phase and the end of the fight', () => {
  it('a random target among several foes is traced with its die', () => {
    // hero (random) picks the 2nd of two standing foes (d2 = 2) and drops it (20: 8 + 8); b's attack on it is then wasted
    const { x, c } = traced([f('hero', HEROES, {}, sword, RANDOM), f('b', HEROES), f('orc', ENEMIES, { hp: 30 }), f('gob', ENEMIES, { hp: 5 })], [2, 20, 8, 8]);
    x.phase(HEROES, null);
    expect(events(c).map((e) => e['action'])).toEqual(['random-target', 'move', 'attack', 'attack']);
    expect(events(c)[0]).toMatchObject({ actor: 'hero', rolls: [2], target: 'gob' });
    expect(events(c)[3]).toMatchObject({ actor: 'b', target: 'gob', result: 'wasted: target already down' });
  });

  it('once the last foe falls nothing more resolves in that phase', () => {
    const { x, c } = traced([f('hero', HEROES), f('b', HEROES), f('orc', ENEMIES), f('gob', ENEMIES, { hp: 5 })], [20, 8, 8]);
    down(x, 2, OUT);
    x.phase(HEROES, null);
    expect(events(c).map((e) => `${e['actor']} ${e['action']}`)).toEqual(['hero move', 'hero attack']);
    expect(x.over).toBe(true);
  });

  it('after the fight only heroes roll on (a dying enemy does not), and at most 100 rolls', () => {
    // hero crits the orc (enemiesRollDeath: dying); the fight is won; the orc rolls nothing more
    const won = traced([f('hero', HEROES, { dex: 2 }), f('orc', ENEMIES)], [10, 20, 8, 8], { enemiesRollDeath: true });
    expect(won.x.play()).toEqual({ winner: 0, rounds: 1 });
    expect(won.x.creatures[1]!.state).toBe(DYING);
    // the hero is dropped; 100 dying rolls of 3 + 3 = 6 leave it dying, and no 101st is rolled
    const lost = traced([f('hero', HEROES, { dex: 2 }), f('orc', ENEMIES)], [9, 20, 8, 8, ...Array<number>(200).fill(3)]);
    expect(lost.x.play()).toEqual({ winner: 1, rounds: 1 });
    expect(lost.x.creatures[0]!.state).toBe(DYING);
    expect(lost.c.events.filter((e) => e.action === 'dying-roll').length).toBe(100);
  });

  it('a fight decided in its last allowed round counts (maxRounds 1)', () => {
    // hero waits (d20 1); the orc misses (2); the hero crits (20: 8 + 8) and drops the orc
    const x = new Fight({ fighters: [f('hero', HEROES), f('orc', ENEMIES)], knobs: DEFAULT_D20_KNOBS, maxRounds: 1 }, scripted(1, 2, 20, 8, 8));
    x.reset();
    expect(x.play()).toEqual({ winner: 0, rounds: 1 });
  });

  it('a stabilized creature killed by a hit does not wake up at its next turn', () => {
    const { x } = traced([f('hero', HEROES), f('orc', ENEMIES)], []);
    down(x, 0, STABLE);
    x.creatures[0]!.wakeNext = true;
    x.damage(x.creatures[0]!, 3);
    x.startTurn(x.creatures[0]!);
    expect([x.creatures[0]!.state, x.creatures[0]!.hp]).toEqual([DEAD, 0]);
  });

  it('engaged foes: only standing foes next to the creature count', () => {
    const { x } = traced([f('hero', HEROES), f('b', HEROES), f('orc', ENEMIES), f('gob', ENEMIES), f('far', ENEMIES)], []);
    x.link(0, 2);
    x.link(0, 3);
    x.link(0, 1);
    down(x, 3);
    expect(x.engagedFoes(x.creatures[0]!)).toBe(1);
  });
});

describe('falling while moving', () => {
  it('a Dasher dropped by an opportunity attack does not get away', () => {
    // orc: d20 20, 1d8 8 + 8 = 16 drops the hero (10 HP) as it leaves
    const x = new Fight({ fighters: [f('hero', HEROES), f('orc', ENEMIES)], knobs: DEFAULT_D20_KNOBS, maxRounds: 5 }, scripted(20, 8, 8));
    x.reset();
    x.link(0, 1);
    x.resolve(x.creatures[0]!, decl(Act.Dash));
    expect([x.creatures[0]!.state, x.creatures[0]!.away]).toEqual([DYING, false]);
  });

  it('a mover dropped by an opportunity attack on its way makes no attack', () => {
    const x = new Fight({ fighters: [f('hero', HEROES), f('orc', ENEMIES), f('gob', ENEMIES)], knobs: DEFAULT_D20_KNOBS, maxRounds: 5 }, scripted(20, 8, 8));
    x.reset();
    x.link(0, 1);
    x.resolve(x.creatures[0]!, decl(Act.Attack, 2)); // no dice left for the hero's attack: it must not roll
    expect([x.creatures[0]!.state, x.creatures[2]!.hp]).toEqual([DYING, 10]);
  });

  it('with the fumble knob only a natural 1 drops the weapon, not any miss', () => {
    const { x } = traced([f('hero', HEROES), f('orc', ENEMIES)], [2], { fumble: 'miss-and-drop-weapon' });
    x.attack(x.creatures[0]!, x.creatures[1]!, 'attack');
    expect(x.creatures[0]!.dropped).toBe(false);
  });
});
