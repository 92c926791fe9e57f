/** d20 fight rules fixed for issue 10 (seed 003), each with scripted dice. */
import { describe, expect, it } from 'vitest';
import { scripted } from '../../../src/dice/dice.js';
import {
  Act, DEAD, DYING, ENEMIES, Fight, FINISH_OFF, HEROES, OUT, SKIRMISHER, STABLE, STANDING,
} from '../../../src/systems/d20/fight/engine.js';
import { declare } from '../../../src/systems/d20/fight/policies.js';
import { DEFAULT_D20_KNOBS } from '../../../src/systems/d20/rules.js';
import type { TraceEvent } from '../../../src/systems/trace.js';
import { bow, d20Fixtures, sword } from '../../helpers/d20-fight.js';

const { f, fight } = d20Fixtures(0);
const down = (x: Fight, i: number, state = DYING): void => {
  x.creatures[i]!.state = state;
  x.creatures[i]!.hp = 0;
};
const only = (...on: number[]): Uint8Array => Uint8Array.from(on);
const decl = () => ({ act: Act.None, target: -1, finish: false });

describe('heroic action (a dying roll of 4)', () => {
  it('the hero attacks before it falls, then is dead', () => {
    // dying roll 2 + 2 = 4: heroic; attack the orc: d20 15 + 2 >= 13, 1d8 = 5
    const x = fight([f('hero', HEROES), f('friend', HEROES), f('orc', ENEMIES)], [2, 2, 15, 5]);
    down(x, 0);
    x.phase(HEROES, only(1, 0, 0));
    expect([x.creatures[2]!.hp, x.creatures[0]!.state]).toEqual([5, DEAD]);
  });

  it('the same for enemies with enemiesRollDeath', () => {
    const x = fight([f('hero', HEROES), f('orc', ENEMIES), f('gob', ENEMIES)], [2, 2, 15, 5], { enemiesRollDeath: true });
    down(x, 1);
    x.phase(ENEMIES, only(0, 1, 0));
    expect([x.creatures[0]!.hp, x.creatures[1]!.state]).toEqual([5, DEAD]);
  });
});

describe('Stabilize is coordinated', () => {
  it('the first hero with Supply stabilizes the dying ally; the second attacks instead', () => {
    // b still dying (3 + 3 = 6); medic1 stabilizes b; medic2 attacks the orc: d20 15, 1d8 = 5
    const x = fight([f('medic1', HEROES, { supply: 1 }), f('medic2', HEROES, { supply: 1 }), f('b', HEROES), f('orc', ENEMIES)], [3, 3, 15, 5]);
    down(x, 2);
    x.phase(HEROES, null);
    expect([x.creatures[0]!.supply, x.creatures[1]!.supply, x.creatures[2]!.state, x.creatures[3]!.hp]).toEqual([0, 1, STABLE, 5]);
  });
});

describe('opportunity attacks', () => {
  it('switching targets among foes already adjacent draws none', () => {
    // hero next to the orc and the goblin (weaker): attacks the goblin where it stands: d20 15, 1d8 = 3
    const x = fight([f('hero', HEROES), f('orc', ENEMIES), f('gob', ENEMIES, { hp: 5 })], [15, 3]);
    x.link(0, 1);
    x.link(0, 2);
    x.phase(HEROES, null);
    expect([x.creatures[2]!.hp, x.creatures[1]!.oaUsed, x.creatures[0]!.hp]).toEqual([2, false, 10]);
  });

  it('"already in melee with another creature" is judged from the attacker: the mover being next to others does not matter', () => {
    // hero leaves the orc and the goblin (each next to the hero only) for the archer: both strike (15, 3 and 15, 3)
    const x = fight([f('hero', HEROES, { hp: 20 }), f('orc', ENEMIES), f('gob', ENEMIES), f('archer', ENEMIES, {}, bow)], [15, 3, 15, 3]);
    x.link(0, 1);
    x.link(0, 2);
    x.moveTo(x.creatures[0]!, x.creatures[3]!);
    expect([x.creatures[0]!.hp, x.creatures[1]!.oaUsed, x.creatures[2]!.oaUsed]).toEqual([14, true, true]);
    expect(x.adjacent(0, 3) && !x.adjacent(0, 1)).toBe(true);
  });

  it('one per round: a second foe leaving the same attacker in that round draws none', () => {
    const x = fight([f('h1', HEROES), f('h2', HEROES), f('orc', ENEMIES)], [2]);
    x.link(0, 2);
    x.leave(x.creatures[0]!, true); // the orc strikes once: d20 2, a miss
    x.link(1, 2);
    x.leave(x.creatures[1]!, true); // no dice left: a second attack would throw
    expect(x.creatures[2]!.oaUsed).toBe(true);
  });

  it('Disengage leaves without provoking', () => {
    const x = fight([f('hero', HEROES), f('orc', ENEMIES)], []);
    x.link(0, 1);
    x.resolve(x.creatures[0]!, { act: Act.Disengage, target: -1, finish: false });
    expect([x.adjacent(0, 1), x.creatures[1]!.oaUsed]).toEqual([false, false]);
  });
});

describe('finishing the dying', () => {
  it('finish-off attacks a dying foe within reach, and a hit kills it; focus-weakest switches to a standing foe', () => {
    const x = fight([f('a', HEROES, { hp: 12 }), f('b', HEROES), f('orc', ENEMIES, {}, sword, FINISH_OFF)], [3, 15, 1]);
    down(x, 1);
    x.link(1, 2);
    const d = decl();
    declare(x, x.creatures[2]!, d);
    expect(d).toEqual({ act: Act.Attack, target: 1, finish: true });
    x.resolve(x.creatures[2]!, d); // d20 3 + 2 < 13: a miss leaves it dying
    expect(x.creatures[1]!.state).toBe(DYING);
    x.resolve(x.creatures[2]!, d); // d20 15 hits for 1: dead
    expect(x.creatures[1]!.state).toBe(DEAD);
    const y = fight([f('a', HEROES, { hp: 12 }), f('b', HEROES), f('orc', ENEMIES)], []);
    down(y, 1);
    y.link(1, 2);
    const e = decl();
    declare(y, y.creatures[2]!, e);
    expect(e).toEqual({ act: Act.Attack, target: 0, finish: false });
  });

  it('dyingAfterFight: a hero still dying when its side wins rolls on (roll), or stays dying (ignore)', () => {
    // first contact fails for both (1, 1); the orc drops b (15, 1); b rolls 3 + 3 (still dying); a drops the orc (15, 5)
    const script = [1, 1, 15, 1, 3, 3, 15, 5];
    const spec = [f('a', HEROES), f('b', HEROES, { hp: 1 }), f('orc', ENEMIES, { hp: 4 })];
    const roll = new Fight({ fighters: spec, knobs: { ...DEFAULT_D20_KNOBS, dyingAfterFight: 'roll' }, maxRounds: 5 }, scripted(...script, 1, 1));
    expect(roll.play()).toEqual({ winner: 0, rounds: 1 });
    expect(roll.creatures[1]!.state).toBe(DEAD); // after the fight: 1 + 1 = 2, dead
    const ignore = new Fight({ fighters: spec, knobs: { ...DEFAULT_D20_KNOBS, dyingAfterFight: 'ignore' }, maxRounds: 5 }, scripted(...script));
    ignore.play();
    expect(ignore.creatures[1]!.state).toBe(DYING);
  });
});

describe('dyingAfterFight stabilize (the default): standing heroes with Supply stabilize the dying first', () => {
  // The heroes have won: the orc is out, b is dying. No dice are scripted unless a dying roll is
  // expected: an unexpected roll throws on the empty script.
  const ended = (supply: [number, number, number], faces: number[], knobs = {}): Fight => {
    const x = fight([f('a', HEROES, { supply: supply[0] }), f('b', HEROES, { supply: supply[1] }), f('c', HEROES, { supply: supply[2] }), f('orc', ENEMIES)], faces, knobs);
    down(x, 1);
    down(x, 3, OUT);
    return x;
  };

  it('is the default knob', () => {
    expect(DEFAULT_D20_KNOBS.dyingAfterFight).toBe('stabilize');
  });

  it('a standing hero with Supply spends 1 to make the dying ally stable: no dying roll, not dead', () => {
    const x = ended([1, 0, 0], []);
    x.afterFight();
    expect([x.creatures[1]!.state, x.creatures[1]!.wakeNext, x.creatures[0]!.supply]).toEqual([STABLE, true, 0]);
  });

  it("the Supply may be any standing hero's (here the third)", () => {
    const x = ended([0, 0, 1], []);
    x.afterFight();
    expect([x.creatures[1]!.state, x.creatures[2]!.supply]).toEqual([STABLE, 0]);
  });

  it('the dying hero cannot use its own Supply; with none left it rolls as with roll (1 + 1 = 2: dead)', () => {
    const x = ended([0, 1, 0], [1, 1]);
    x.afterFight();
    expect([x.creatures[1]!.state, x.creatures[1]!.supply]).toEqual([DEAD, 1]);
  });

  it('a dying hero with Supply does not stabilize another (only standing heroes act)', () => {
    const x = ended([0, 0, 1], [1, 1, 1, 1]);
    down(x, 2);
    x.afterFight();
    expect([x.creatures[1]!.state, x.creatures[2]!.state, x.creatures[2]!.supply]).toEqual([DEAD, DEAD, 1]);
  });

  it('one Supply stabilizes one dying ally; the second rolls (1 + 1: dead)', () => {
    const x = ended([1, 0, 0], [1, 1]);
    down(x, 2);
    x.afterFight();
    expect([x.creatures[1]!.state, x.creatures[2]!.state, x.creatures[0]!.supply]).toEqual([STABLE, DEAD, 0]);
  });

  it('roll keeps the old reading: Supply is not spent, the dying hero rolls (1 + 1: dead)', () => {
    const x = ended([1, 0, 1], [1, 1], { dyingAfterFight: 'roll' });
    x.afterFight();
    expect([x.creatures[1]!.state, x.creatures[0]!.supply, x.creatures[2]!.supply]).toEqual([DEAD, 1, 1]);
  });

  it('ignore leaves the dying hero dying', () => {
    const x = ended([1, 0, 0], [], { dyingAfterFight: 'ignore' });
    x.afterFight();
    expect([x.creatures[1]!.state, x.creatures[0]!.supply]).toEqual([DYING, 1]);
  });
});

describe('trace: the dying-roll event', () => {
  const traced = (x: Fight): TraceEvent[] => {
    const events: TraceEvent[] = [];
    x.observer = { begin: () => undefined, event: (e) => void events.push(e), end: () => undefined };
    return events;
  };

  it('back up: shows the HP after getting up (max(1, CON, Hit Die) = 3), then the CON save', () => {
    // 6 + 6 = 12: back up with the Hit Die 3; CON save d20 15 passes
    const x = fight([f('hero', HEROES), f('orc', ENEMIES)], [6, 6, 3, 15]);
    down(x, 0);
    const events = traced(x);
    x.dyingRoll(x.creatures[0]!, true);
    expect(events.map((e) => [e.action, e.hp, e.state_after])).toEqual([['dying-roll', 3, 'standing'], ['con-save', 3, 'standing']]);
  });

  it('the HP shown is capped at the maximum, as getUp caps it', () => {
    const x = fight([f('hero', HEROES, { hp: 2 }), f('orc', ENEMIES)], [6, 6, 7, 15]);
    down(x, 0);
    const events = traced(x);
    x.dyingRoll(x.creatures[0]!, true);
    expect([events[0]!.hp, x.creatures[0]!.hp]).toEqual([2, 2]);
  });

  it('still dying: HP 0', () => {
    const x = fight([f('hero', HEROES), f('orc', ENEMIES)], [3, 3]);
    down(x, 0);
    const events = traced(x);
    x.dyingRoll(x.creatures[0]!, true);
    expect(events.map((e) => [e.action, e.hp, e.state_after])).toEqual([['dying-roll', 0, 'dying']]);
  });
});

describe('Dash and Disengage: the skirmisher', () => {
  it('below half HP it Disengages out of melee, then Dashes away; a melee foe must chase it; once away, a ranged skirmisher shoots', () => {
    const x = fight([f('s', HEROES, {}, bow, SKIRMISHER), f('orc', ENEMIES)], []);
    const [s, orc] = [x.creatures[0]!, x.creatures[1]!];
    s.hp = 4;
    x.link(0, 1);
    const d = decl();
    declare(x, s, d);
    expect(d.act).toBe(Act.Disengage);
    x.resolve(s, d);
    declare(x, s, d);
    expect(d.act).toBe(Act.Dash);
    x.resolve(s, d);
    expect(s.away).toBe(true);
    const o = decl();
    declare(x, orc, o);
    expect(o).toEqual({ act: Act.Dash, target: 0, finish: false });
    x.resolve(orc, o);
    expect([x.adjacent(0, 1), s.away]).toEqual([true, false]);
    x.resolve(s, { act: Act.Disengage, target: -1, finish: false });
    s.away = true;
    declare(x, s, d);
    expect(d).toEqual({ act: Act.Attack, target: 1, finish: false });
  });

  it('at half HP or more the skirmisher fights like focus-weakest', () => {
    const x = fight([f('s', HEROES, {}, bow, SKIRMISHER), f('orc', ENEMIES)], []);
    x.creatures[0]!.hp = 5;
    x.link(0, 1);
    const d = decl();
    declare(x, x.creatures[0]!, d);
    expect([d.act, x.creatures[0]!.state]).toEqual([Act.Attack, STANDING]);
  });
});

describe('a hero taking its heroic action is not stabilized', () => {
  it('the medic attacks instead of spending Supply on an ally that dies after its heroic action', () => {
    // b rolls 2 + 2: heroic; the medic attacks the orc (d20 15, 1d8 3), then b does (d20 15, 1d8 4); b then dies
    const x = fight([f('medic', HEROES, { supply: 1 }), f('b', HEROES), f('orc', ENEMIES, { hp: 20 })], [2, 2, 15, 3, 15, 4]);
    down(x, 1);
    x.phase(HEROES, null);
    expect([x.creatures[0]!.supply, x.creatures[1]!.state, x.creatures[2]!.hp]).toEqual([1, DEAD, 13]);
  });
});

describe('edges of the fixes', () => {
  it('a mover dropped by an opportunity attack does not arrive; a foe that dropped its weapon makes none', () => {
    // the orc strikes the leaving hero (hp 2): d20 15, 1d8 6: dying, never next to the goblin
    const x = fight([f('hero', HEROES, { hp: 2 }), f('friend', HEROES), f('orc', ENEMIES), f('gob', ENEMIES)], [15, 6]);
    x.link(0, 2);
    x.moveTo(x.creatures[0]!, x.creatures[3]!);
    expect([x.creatures[0]!.state, x.adjacent(0, 3)]).toEqual([DYING, false]);
    const y = fight([f('hero', HEROES), f('orc', ENEMIES), f('gob', ENEMIES)], []);
    y.link(0, 1);
    y.creatures[1]!.dropped = true;
    y.moveTo(y.creatures[0]!, y.creatures[2]!);
    expect(y.creatures[1]!.oaUsed).toBe(false);
  });

  it('finish-off in melee only finishes a foe next to it; getting back up never exceeds maximum HP', () => {
    const x = fight([f('a', HEROES, { hp: 12 }), f('b', HEROES), f('orc', ENEMIES, {}, sword, FINISH_OFF)], []);
    down(x, 1);
    const d = decl();
    declare(x, x.creatures[2]!, d);
    expect(d).toEqual({ act: Act.Attack, target: 0, finish: false });
    // 6 + 6 = 12: up with one Hit Die roll (d8: 8), capped at hp 3; CON save 15
    const y = fight([f('hero', HEROES, { hp: 3 }), f('orc', ENEMIES)], [6, 6, 8, 15]);
    down(y, 0);
    y.startTurn(y.creatures[0]!);
    expect([y.creatures[0]!.state, y.creatures[0]!.hp]).toEqual([STANDING, 3]);
  });
});
