/**
 * The dice of a battle (roll.ts), scripted: an attack rolled die by die in the reference's order
 * (Might then Skill attack dice, then Might then Skill defence dice), hits and criticals of each
 * colour, defence successes, the natural 1s friendly fire needs, friendly-fire hits that are never
 * critical, and the table engine drawing from the exact outcome table unless the 1s are needed.
 */
import { describe, expect, it } from 'vitest';
import { aliasPick } from '../../../../src/dice/alias.js';
import { Xoshiro128ss } from '../../../../src/dice/rng.js';
import { battleDice, scriptedBattleDice, tableBattleDice } from '../../../../src/systems/skirmish/battle/roll.js';
import { AttackCache } from '../../../../src/systems/skirmish/duel/setup.js';
import type { AttackSpec } from '../../../../src/systems/skirmish/spec.js';

/** A hand-made attack: hits on 4+, criticals on `critFace` (7: none), defence dice need 4+. */
const spec = (might: number, skill: number, defMight: number, defSkill: number, critFace = 7, tieToDefender = true): AttackSpec => ({
  mightDice: might, skillDice: skill, hitFace: 4, critFace,
  defMight: new Array<number>(defMight).fill(4), defSkill: new Array<number>(defSkill).fill(4),
  tieToDefender, dodge: false, shove: false, defenderState: 0, woundsLeft: 99, impact: false, stepPerHit: false, choice: '',
});
const unblocked = (code: number): number => code >> 2;

describe('an attack rolled die by die', () => {
  it('hits of each colour: 4+ hits, 1-3 miss; with no defence every hit is unblocked', () => {
    const dice = scriptedBattleDice(1, 3, 4, 6, 2, 5);
    expect(unblocked(dice.perDie(spec(4, 2, 0, 0)))).toBe(3);
    expect(dice.settled.unblocked).toBe(3);
    expect(unblocked(scriptedBattleDice(4, 5, 6).perDie(spec(0, 3, 0, 0)))).toBe(3);
    expect(unblocked(scriptedBattleDice(1, 2, 3).perDie(spec(3, 0, 0, 0)))).toBe(0);
  });

  it('criticals (6 with critFace 6) of each colour cannot be blocked; the other hits can', () => {
    // Might 6, 5, 4 and Skill 6, 5, 4: one critical each; every defence die succeeds (3 + 3), so
    // the 2 normal hits of each colour are blocked and the 2 criticals go through.
    const dice = scriptedBattleDice(6, 5, 4, 6, 5, 4, 6, 6, 6, 6, 6, 6);
    expect(unblocked(dice.perDie(spec(3, 3, 3, 3, 6)))).toBe(2);
    // Might only: 5 is not a critical at critFace 6.
    expect(unblocked(scriptedBattleDice(5, 6, 6).perDie(spec(1, 0, 2, 0, 6)))).toBe(0);
    expect(unblocked(scriptedBattleDice(4, 6, 6).perDie(spec(0, 1, 0, 2, 6)))).toBe(0);
  });

  it('defence successes of each colour block hits of that colour (4+ succeeds)', () => {
    // 3 Might and 3 Skill hits; Might defence 5, 2, 2 (1 success), Skill defence 2, 2, 5 (1): 2 + 2 through.
    const dice = scriptedBattleDice(4, 4, 4, 4, 4, 4, 5, 2, 2, 2, 2, 5);
    expect(unblocked(dice.perDie(spec(3, 3, 3, 3)))).toBe(4);
  });

  it('counts the natural 1s of the Strike Pool by colour (defence dice do not count)', () => {
    const dice = scriptedBattleDice(1, 1, 4, 1, 1, 1);
    dice.perDie(spec(3, 1, 1, 1));
    expect([dice.onesMight, dice.onesSkill]).toEqual([2, 1]);
    const none = scriptedBattleDice(2, 3, 1);
    none.perDie(spec(1, 1, 1, 0));
    expect([none.onesMight, none.onesSkill]).toEqual([0, 0]);
  });

  it('attack() rolls the same dice whether or not the 1s are needed', () => {
    const entry = { spec: spec(2, 1, 1, 1), table: null };
    const dice = scriptedBattleDice(1, 4, 1, 2, 2);
    expect(unblocked(dice.attack(entry, false))).toBe(1);
    expect([dice.onesMight, dice.onesSkill]).toEqual([1, 1]);
  });
});

describe('friendly fire: hits() turns natural 1s into normal hits the friend defends against', () => {
  it('never critical: all of them can be blocked', () => {
    // 2 Might and 1 Skill hits against critFace 5; defence 6, 6 and 6 blocks them all.
    expect(unblocked(scriptedBattleDice(6, 6, 6).hits(spec(0, 0, 2, 1, 5), 2, 1))).toBe(0);
    // One Might success only: 1 Might and the Skill hit go through.
    expect(unblocked(scriptedBattleDice(6, 2, 2).hits(spec(0, 0, 2, 1, 5), 2, 1))).toBe(2);
  });
});

describe('the table engine', () => {
  const state = [11, 22, 33, 44] as const;
  const entry = { spec: spec(3, 2, 2, 2, 6, false), table: null };

  it('an attack nobody needs the 1s of is one draw from its exact outcome table; the 1s read 0', () => {
    const dice = tableBattleDice(state);
    dice.onesMight = 3;
    dice.onesSkill = 3;
    const expected = new Xoshiro128ss(state);
    for (let k = 0; k < 20; k++) expect(dice.attack(entry, false)).toBe(aliasPick(AttackCache.table(entry), expected.nextU32()));
    expect([dice.onesMight, dice.onesSkill]).toEqual([0, 0]);
  });

  it('with a friend at risk it rolls every die, as the dice engine does from the same stream', () => {
    const table = tableBattleDice(state);
    const perDie = battleDice(state);
    for (let k = 0; k < 20; k++) {
      expect(table.attack(entry, true)).toBe(perDie.attack(entry, true));
      expect([table.onesMight, table.onesSkill]).toEqual([perDie.onesMight, perDie.onesSkill]);
    }
    expect(table.rng.nextU32()).toBe(perDie.rng.nextU32());
  });
});
