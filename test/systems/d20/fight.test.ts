/** d20 fights (seed 003, rules.md 3.3-3.4), with scripted dice. */
import { describe, expect, it } from 'vitest';
import {
  Act, DEAD, DODGE_WHEN_LOW, DYING, ENEMIES, HEROES, OUT, RANDOM, STABLE, STANDING, SUPPORT,
} from '../../../src/systems/d20/fight/engine.js';
import { declare, randomFoe } from '../../../src/systems/d20/fight/policies.js';
import { bow, d20Fixtures, sword } from '../../helpers/d20-fight.js';

const { f, fight } = d20Fixtures(1);

describe('death and dying (2d6 - Fatigue at the start of the hero turn)', () => {
  const roll = (faces: number[], fatigue = 0) => {
    const x = fight([f('hero', HEROES, { con: 1, fatigue }), f('orc', ENEMIES)], faces);
    const c = x.creatures[0]!;
    c.state = DYING;
    c.hp = 0;
    const heroic = x.startTurn(c);
    return { state: c.state, hp: c.hp, fatigue: c.fatigue, heroic, wake: c.wakeNext };
  };
  it('11+: back up with HP = max(1, CON, one Hit Die roll), then a CON save DC 12 or gain 1 Fatigue', () => {
    // 5 + 6 = 11; hit die d8 rolls 6; CON save: d20 12 + CON 1 = 13 passes
    expect(roll([5, 6, 6, 12])).toEqual({ state: STANDING, hp: 6, fatigue: 0, heroic: false, wake: false });
    // hit die 1 -> HP max(1, CON 1, 1) = 1; save fails (5 + 1 < 12): Fatigue 1
    expect(roll([6, 6, 1, 5])).toEqual({ state: STANDING, hp: 1, fatigue: 1, heroic: false, wake: false });
  });
  it('10: stable, wakes next turn at 1 HP', () => {
    expect(roll([4, 6])).toMatchObject({ state: STABLE, wake: true });
  });
  it('5-9: still dying; 4: one heroic action then dead; 3 or less: dead', () => {
    expect(roll([3, 6]).state).toBe(DYING);
    expect(roll([2, 3]).state).toBe(DYING);
    expect(roll([2, 2])).toMatchObject({ state: DYING, heroic: true });
    expect(roll([1, 2]).state).toBe(DEAD);
  });
  it('Fatigue lowers the roll: 12 with Fatigue 2 is 10, stable', () => {
    expect(roll([6, 6], 2)).toMatchObject({ state: STABLE });
  });
  it('a stable hero wakes at the start of its next turn at 1 HP (with the CON save)', () => {
    const x = fight([f('hero', HEROES), f('orc', ENEMIES)], [15]);
    const c = x.creatures[0]!;
    [c.state, c.wakeNext, c.hp] = [STABLE, true, 0];
    x.startTurn(c);
    expect([c.state, c.hp, c.fatigue]).toEqual([STANDING, 1, 0]);
  });
});

describe('turns and actions', () => {
  it('first contact: heroes who roll d20 + DEX >= 12 act before the enemies', () => {
    // hero (DEX 2) rolls 10 -> 12 passes: attacks first (d20 20 crit, 2d8 = 8 + 8 + STR 0) and drops the orc (hp 10)
    const x = fight([f('hero', HEROES, { dex: 2 }), f('orc', ENEMIES)], [10, 20, 8, 8]);
    expect(x.play()).toEqual({ winner: 0, rounds: 1 });
    expect(x.creatures[1]!.state).toBe(OUT);
  });

  it('actions are declared before any resolves: a second attack on a fallen target is wasted', () => {
    const x = fight([f('a', HEROES), f('b', HEROES), f('gob', ENEMIES, { hp: 3 }), f('orc', ENEMIES, { hp: 20 })], [20, 8, 8]);
    x.phase(HEROES, null);
    expect(x.creatures[2]!.state).toBe(OUT);
    expect(x.creatures[3]!.hp).toBe(20); // b had declared the goblin too (weakest): no dice left to roll
  });

  it('enemies at 0 HP are out; with enemiesRollDeath they are dying', () => {
    const x = fight([f('a', HEROES), f('gob', ENEMIES, { hp: 3 }), f('orc', ENEMIES)], [20, 8, 8], { enemiesRollDeath: true });
    x.phase(HEROES, null);
    expect(x.creatures[1]!.state).toBe(DYING);
  });

  it('Dodge: attacks against the dodger have Setback until its next turn', () => {
    const x = fight([f('a', HEROES), f('orc', ENEMIES, { hp: 4, str: 2 }, sword, DODGE_WHEN_LOW)], [20, 3]);
    const orc = x.creatures[1]!;
    orc.hp = 1;
    x.phase(ENEMIES, null);
    expect(orc.dodging).toBe(true);
    x.phase(HEROES, null); // hero rolls 20 and 3: keeps 3, misses
    expect(orc.hp).toBe(1);
    x.startTurn(orc);
    expect(orc.dodging).toBe(false);
  });

  it('Help: an ally gets Edge on its next roll', () => {
    const x = fight([f('helper', HEROES, {}, sword, SUPPORT), f('b', HEROES), f('orc', ENEMIES, { ac: 30 })], [2, 20, 4, 4]);
    x.phase(HEROES, null); // helper helps b; b rolls 2 and 20 with Edge: a critical
    expect(x.creatures[2]!.hp).toBe(2);
  });

  it('Stabilize: a hero with Supply stabilizes a dying ally (and spends 1 Supply)', () => {
    const x = fight([f('medic', HEROES), f('b', HEROES), f('orc', ENEMIES)], [5, 5]);
    x.creatures[1]!.state = DYING; // b rolls 5+5 = 10 at its own turn start too: stable
    x.creatures[1]!.hp = 0;
    const d = { act: Act.None, target: -1, finish: false };
    declare(x, x.creatures[0]!, d);
    expect(d).toEqual({ act: Act.Stabilize, target: 1, finish: false });
    x.resolve(x.creatures[0]!, d);
    expect([x.creatures[1]!.state, x.creatures[0]!.supply]).toEqual([STABLE, 0]);
  });

  it('opportunity attack: a melee foe strikes once when a creature leaves its reach', () => {
    const x = fight([f('hero', HEROES), f('orc', ENEMIES, { str: 2 }), f('gob', ENEMIES, { hp: 2 })], [15, 5, 1]);
    const [hero, orc] = [x.creatures[0]!, x.creatures[1]!];
    x.link(hero.index, orc.index);
    x.moveTo(hero, x.creatures[2]!); // orc: d20 15 + 4 >= 13 hits for 5 + 2
    expect(hero.hp).toBe(3);
    expect(orc.oaUsed).toBe(true);
    // Disengage leaves without provoking
    const y = fight([f('hero', HEROES), f('orc', ENEMIES)], []);
    y.link(0, 1);
    y.resolve(y.creatures[0]!, { act: Act.Disengage, target: -1, finish: false });
    expect(y.creatures[0]!.hp).toBe(10);
  });

  it('no opportunity attack for a foe in melee with another creature, nor from a ranged foe', () => {
    const x = fight([f('hero', HEROES), f('b', HEROES), f('orc', ENEMIES), f('archer', ENEMIES, {}, bow)], []);
    x.link(0, 2);
    x.link(2, 1); // the orc also fights b
    x.link(0, 3);
    x.leave(x.creatures[0]!, true);
    expect(x.creatures[0]!.hp).toBe(10);
  });

  it('knob fumble miss-and-drop-weapon: a natural 1 drops the weapon; the next action picks it up', () => {
    const x = fight([f('hero', HEROES), f('orc', ENEMIES)], [1], { fumble: 'miss-and-drop-weapon' });
    x.phase(HEROES, null);
    expect(x.creatures[0]!.dropped).toBe(true);
    x.phase(HEROES, null);
    expect(x.creatures[0]!.dropped).toBe(false);
  });

  it('random targets: a die picks among standing foes', () => {
    const x = fight([f('hero', HEROES, {}, sword, RANDOM), f('a', ENEMIES), f('b', ENEMIES)], [2]);
    expect(randomFoe(x, x.creatures[0]!)).toBe(2);
  });

  it('a fight nobody can win ends at maxRounds as a draw', () => {
    const x = fight([f('hero', HEROES, { ac: 40, dex: 0 }), f('orc', ENEMIES, { ac: 40 })], Array(200).fill(2));
    expect(x.play()).toEqual({ winner: 2, rounds: 5 });
  });
});
