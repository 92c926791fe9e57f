/** The fight policies' decision lists: targets (nearest, weakest, focus, protect), movement modes, side order. */
import { describe, expect, it } from 'vitest';
import { RngDice } from '../../../../src/dice/dice.js';
import { deriveStream, Xoshiro128ss } from '../../../../src/dice/rng.js';
import { chooseMode, chooseTarget, pickFreshest } from '../../../../src/systems/exchange/fight/policies.js';
import { MOVE_CLOSE, MOVE_PROTECT, RUN, SPRINT, TARGET_FOCUS, TARGET_NEAREST, TARGET_WEAKEST, WALK } from '../../../../src/systems/exchange/fight/spec.js';
import { fight } from './helpers.js';

const rng = () => new RngDice(new Xoshiro128ss(deriveStream(3)));
// a: 0 sword, 1 sword; b: 2 sword, 3 sword, 4 sword
const TWO_V_THREE = `sides:\n  a: [{ loadout: sword, policy: reserve-1, count: 2 }]\n  b: [{ loadout: sword, policy: reserve-1, count: 3 }]\nfight: { map: [20, 20], distance: 4, groups: none }\nmatchups: [{ a: a, b: b }]\n`;

function setUp() {
  const f = fight(TWO_V_THREE, rng());
  f.put(0, 2, 2);
  f.put(1, 2, 10);
  f.put(2, 4, 2); // 2 Spaces from fighter 0
  f.put(3, 8, 2); // 6 Spaces
  f.put(4, 3, 12); // 10 from fighter 0, next to fighter 1
  return f;
}

describe('targets', () => {
  it('nearest: the nearest enemy; ties go to the lower VIT', () => {
    const f = setUp();
    expect(chooseTarget(f, 0, MOVE_CLOSE, TARGET_NEAREST, new Int32Array([-1, -1]))).toBe(2);
    f.put(3, 2, 4); // also 2 Spaces away
    f.chars[3]!.vit = 2;
    expect(chooseTarget(f, 0, MOVE_CLOSE, TARGET_NEAREST, new Int32Array([-1, -1]))).toBe(3);
  });

  it('weakest: the lowest VIT, wherever it is', () => {
    const f = setUp();
    f.chars[4]!.vit = 1;
    expect(chooseTarget(f, 0, MOVE_CLOSE, TARGET_WEAKEST, new Int32Array([-1, -1]))).toBe(4);
  });

  it('focus: the side keeps one target until it is out, then the nearest becomes the focus', () => {
    const f = setUp();
    const focus = new Int32Array([-1, -1]);
    expect(chooseTarget(f, 1, MOVE_CLOSE, TARGET_FOCUS, focus)).toBe(4); // fighter 1's nearest becomes the focus
    expect(chooseTarget(f, 0, MOVE_CLOSE, TARGET_FOCUS, focus)).toBe(4); // fighter 0 follows it
    f.chars[4]!.status = 1;
    expect(chooseTarget(f, 0, MOVE_CLOSE, TARGET_FOCUS, focus)).toBe(2);
  });

  it('protect: the enemy nearest the ally with the lowest VIT', () => {
    const f = setUp();
    f.chars[1]!.vit = 2;
    expect(chooseTarget(f, 0, MOVE_PROTECT, TARGET_NEAREST, new Int32Array([-1, -1]))).toBe(4);
  });
});

describe('movement mode', () => {
  it('Walk if it gets there; Run or Sprint only if the attack and reserve stay affordable; else Walk', () => {
    // walk 5, run 10, sprint 16; attack costs 1, reserve 1
    expect(chooseMode(5, 5, 10, 16, 6, 1, 1, 1)).toBe(WALK);
    expect(chooseMode(6, 5, 10, 16, 6, 1, 1, 1)).toBe(RUN);
    expect(chooseMode(6, 5, 10, 16, 2, 1, 1, 1)).toBe(WALK); // 2 - 1 - 1 < 1
    expect(chooseMode(11, 5, 10, 16, 6, 1, 1, 1)).toBe(SPRINT);
    expect(chooseMode(11, 5, 10, 16, 4, 2, 1, 1)).toBe(WALK); // Slowed: Sprint costs 4
    expect(chooseMode(17, 5, 10, 16, 6, 1, 1, 1)).toBe(WALK);
  });
});

describe('side order', () => {
  it('fresh-first: the unit whose next member has the most Ready AD', () => {
    const f = setUp();
    f.chars[2]!.ready = 1;
    f.chars[3]!.ready = 5;
    f.chars[4]!.ready = 3;
    const acted = new Uint8Array(5);
    expect(pickFreshest(f, f.spec.units[1]!, acted, Int32Array.from([0, 1, 2]), 3)).toBe(1);
    acted[3] = 1;
    expect(pickFreshest(f, f.spec.units[1]!, acted, Int32Array.from([0, 1, 2]), 3)).toBe(2);
  });
});

describe('attack fallback', () => {
  it('a character that cannot reach its chosen target attacks the nearest enemy it can', () => {
    const f = fight(`sides:\n  a: [{ loadout: sword, policy: reserve-1 }]\n  b: [{ loadout: sword, policy: reserve-1, count: 2 }]\nfight: { map: [20, 4], distance: 4, groups: none, tactics: { a: { targeting: weakest } }, cover: [{ at: [9, 0], size: [1, 4], kind: full }] }\nmatchups: [{ a: a, b: b }]\n`, rng());
    f.put(0, 8, 1);
    f.put(1, 8, 2); // adjacent, this side of the wall
    f.put(2, 15, 1); // behind the wall
    f.chars[2]!.vit = 1; // the weakest: the chosen target
    const targets: string[] = [];
    f.observer = { begin: () => {}, event: (e) => { if (e.action === 'exchange' && e.actor === 'sword') targets.push(String(e.target)); }, end: () => {} };
    f.takeTurn(0);
    expect(targets.length).toBeGreaterThan(0);
    expect(new Set(targets)).toEqual(new Set(['sword#1']));
  });
});
