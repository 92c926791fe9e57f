/**
 * `tactical`, the default d20 player (docs/rules/d20.md, its decision list): one test per rule,
 * with scripted dice (declarations roll nothing; the dying rolls at the start of a phase are
 * scripted), and what `focus-weakest` declares in the same place where the two differ.
 */
import { describe, expect, it } from 'vitest';
import { ACT_WORDS, DYING, ENEMIES, FOCUS_WEAKEST, HEROES, STABLE, TACTICAL, type Fight, type FighterSpec } from '../../../src/systems/d20/fight/engine.js';
import { declare } from '../../../src/systems/d20/fight/policies.js';
import { riseChance } from '../../../src/systems/d20/fight/tactical.js';
import { bow, d20Fixtures, sword } from '../../helpers/d20-fight.js';

const { f, fight } = d20Fixtures(0);
const club = { ...sword, damage: '2d8' };
const t = (name: string, side: number, c: Parameters<typeof f>[2] = {}, w = sword): FighterSpec => f(name, side, c, w, TACTICAL);

/** Opens `side`'s phase (its start-of-turn rolls from the scripted dice) and has each of its creatures declare in order. */
function declarations(x: Fight, side: number, policy = TACTICAL): string[] {
  x.openPhase(side, null);
  const out: string[] = [];
  for (let i = x.nextDecider(0); i >= 0; i = x.nextDecider(i + 1)) {
    const c = x.creatures[i]!;
    const d = x.declared[i]!;
    declare(x, c, d, policy);
    out.push(`${c.spec.name} ${ACT_WORDS[d.act]!}${d.target >= 0 ? ` ${x.creatures[d.target]!.spec.name}` : ''}${d.finish ? ' (finish)' : ''}`);
  }
  return out;
}
const down = (x: Fight, i: number, state = DYING): void => {
  x.creatures[i]!.state = state;
  x.creatures[i]!.hp = 0;
};

describe('tactical: which foe', () => {
  it('1. the foe whose threat per HP the attack takes is greatest: the brute, not the foe with the fewest HP', () => {
    const fighters = [t('hero', HEROES), t('weak', ENEMIES, { hp: 9 }), t('brute', ENEMIES, { str: 4 }, club)];
    expect(declarations(fight(fighters, []), HEROES)).toEqual(['hero attack brute']);
    expect(declarations(fight(fighters, []), HEROES, FOCUS_WEAKEST)).toEqual(['hero attack weak']);
  });

  it('2. a wounded foe is worth more than the same foe unhurt (what the attack takes off is a larger share)', () => {
    const x = fight([t('hero', HEROES), t('gob', ENEMIES), t('gob', ENEMIES)], []);
    x.creatures[2]!.hp = 4;
    expect(declarations(x, HEROES)).toEqual(['hero attack gob']);
    expect(x.declared[0]!.target).toBe(2);
  });

  it('3. no overkill: the second attacker leaves a foe the first is likely to drop and takes the other', () => {
    const fighters = [t('a', HEROES), t('b', HEROES), t('g1', ENEMIES, { hp: 3 }), t('g2', ENEMIES, { hp: 3 })];
    expect(declarations(fight(fighters, []), HEROES)).toEqual(['a attack g1', 'b attack g2']);
    expect(declarations(fight(fighters, []), HEROES, FOCUS_WEAKEST)).toEqual(['a attack g1', 'b attack g1']);
  });

  it('4. a melee creature next to a foe that would make an opportunity attack stays on it, unless the better target outweighs the attack it draws', () => {
    const fighters = [t('hero', HEROES, { hp: 30 }), t('guard', ENEMIES), t('archer', ENEMIES, { hp: 10 }, { ...bow, damage: '1d8' })];
    const setup = (hp: number, archerHp: number, engaged = true): Fight => {
      const x = fight(fighters, []);
      if (engaged) x.link(0, 1);
      x.creatures[0]!.hp = hp;
      x.creatures[2]!.hp = archerHp;
      return x;
    };
    // Hurt (4 HP), the hero stays on the guard; whole (30 HP), the guard's attack costs little: it goes for the wounded archer.
    expect(declarations(setup(4, 4), HEROES)).toEqual(['hero attack guard']);
    expect(declarations(setup(30, 4), HEROES)).toEqual(['hero attack archer']);
    // With no foe next to it, a step costs nothing.
    expect(declarations(setup(4, 4, false), HEROES)).toEqual(['hero attack archer']);
  });
});

describe('tactical: allies at 0 HP', () => {
  it('5. the ally whose attacks are worth least stabilizes the dying (one per dying ally); the best attacker attacks', () => {
    // ranger dying: its start-of-turn roll 3 + 3 = 6, still dying.
    const fighters = [t('fighter', HEROES, { str: 3, supply: 1 }), t('cleric', HEROES, { supply: 1 }), t('ranger', HEROES), t('orc', ENEMIES)];
    const x = fight(fighters, [3, 3]);
    down(x, 2);
    expect(declarations(x, HEROES)).toEqual(['fighter attack orc', 'cleric stabilize ranger']);
    const y = fight(fighters, [3, 3]);
    down(y, 2);
    expect(declarations(y, HEROES, FOCUS_WEAKEST)).toEqual(['fighter stabilize ranger', 'cleric attack orc']);
  });

  it('5b. two dying allies, two allies with Supply: both stabilize; with no Supply left nobody tries', () => {
    const fighters = [t('a', HEROES, { str: 3, supply: 1 }), t('b', HEROES, { supply: 1 }), t('c', HEROES), t('d', HEROES), t('orc', ENEMIES)];
    const x = fight(fighters, [3, 3, 3, 3]);
    down(x, 2);
    down(x, 3);
    expect(declarations(x, HEROES)).toEqual(['a stabilize c', 'b stabilize d']);
    const y = fight(fighters, [3, 3, 3, 3]);
    down(y, 2);
    down(y, 3);
    y.creatures[0]!.supply = 0;
    y.creatures[1]!.supply = 0;
    expect(declarations(y, HEROES)).toEqual(['a attack orc', 'b attack orc']);
  });
});

describe('tactical: foes at 0 HP', () => {
  it('6. a stable foe (it will wake) is finished when no standing foe is worth more; a dying one only when its rise outweighs the standing target', () => {
    const fighters = [t('hero', HEROES), t('orc', ENEMIES, { str: 3 }, club), t('ogre', ENEMIES, { hp: 40, str: 3 }, club)];
    const x = fight(fighters, [], { enemiesRollDeath: true });
    down(x, 1, STABLE);
    x.link(0, 1);
    x.link(0, 2);
    expect(declarations(x, HEROES)).toEqual(['hero attack orc (finish)']);
    const y = fight(fighters, [], { enemiesRollDeath: true });
    down(y, 1, STABLE);
    y.link(0, 1);
    y.link(0, 2);
    y.creatures[2]!.hp = 3;
    expect(declarations(y, HEROES)).toEqual(['hero attack ogre']);
  });

  it('6b. the chance a dying creature gets back up: 2d6 - Fatigue, 10+ before 4-', () => {
    expect(riseChance(0)).toBeCloseTo(6 / 12, 12);
    expect(riseChance(1)).toBeCloseTo(3 / 13, 12);
    expect(riseChance(9)).toBe(0);
  });

  it('6c. a second attacker does not follow a finisher likely to kill (3 in 4): it takes the standing foe', () => {
    const fighters = [t('a', HEROES, { str: 5 }), t('b', HEROES, { str: 5 }), t('orc', ENEMIES, { str: 3 }, club), t('ogre', ENEMIES, { hp: 60, str: 3 }, club)];
    const x = fight(fighters, [], { enemiesRollDeath: true });
    down(x, 2, STABLE);
    for (const [i, j] of [[0, 2], [1, 2], [0, 3], [1, 3]] as const) x.link(i, j);
    expect(declarations(x, HEROES)).toEqual(['a attack orc (finish)', 'b attack ogre']);
  });
});

describe('tactical: the rest', () => {
  it('7. a heroic action attacks the standing foe most worth it (never one at 0 HP)', () => {
    // hero dying: 2 + 2 = 4, its heroic action.
    const fighters = [t('hero', HEROES), t('weak', ENEMIES, { hp: 9 }), t('brute', ENEMIES, { str: 4 }, club), t('downed', ENEMIES)];
    const x = fight(fighters, [2, 2], { enemiesRollDeath: true });
    down(x, 0);
    down(x, 3, STABLE);
    expect(declarations(x, HEROES)).toEqual(['hero attack brute']);
  });

  it('8. a dropped weapon is picked up', () => {
    const x = fight([t('hero', HEROES), t('orc', ENEMIES)], []);
    x.creatures[0]!.dropped = true;
    expect(declarations(x, HEROES)).toEqual(['hero pick-up']);
  });

  it('9. a melee creature whose foes all got away chases the one most worth attacking (a ranged one just shoots)', () => {
    const fighters = [t('hero', HEROES), t('archer', HEROES, {}, bow), t('weak', ENEMIES, { hp: 9 }), t('brute', ENEMIES, { str: 4 }, club)];
    const x = fight(fighters, []);
    x.creatures[2]!.away = true;
    x.creatures[3]!.away = true;
    expect(declarations(x, HEROES)).toEqual(['hero dash brute', 'archer attack brute']);
  });
});
