/** Steps 2, 3, 5 and blocking, resolved per die from scripted faces (rules.md 1.4, 1.6, 1.7). */
import { describe, expect, it } from 'vitest';
import { scripted } from '../../../src/dice/dice.js';
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from '../../../src/systems/skirmish/profile.js';
import { rollAttack } from '../../../src/systems/skirmish/reference.js';
import { blockColour } from '../../../src/systems/skirmish/sequence.js';
import type { AttackSpec } from '../../../src/systems/skirmish/spec.js';
import { applyWounds } from '../../../src/systems/skirmish/wounds.js';

/** A hand-built spec: defaults are 2 Might + 2 Skill attack dice hitting on 4+, Df needing 4+. */
function spec(p: Partial<AttackSpec> = {}): AttackSpec {
  return {
    mightDice: 2, skillDice: 2, hitFace: 4, critFace: 7, defMight: [4, 4], defSkill: [4, 4],
    tieToDefender: false, dodge: false, shove: false, defenderState: ACTIVE, woundsLeft: 3,
    impact: false, stepPerHit: false, choice: '', ...p,
  };
}

describe('Step 2: roll to hit', () => {
  it('a natural 1 always misses, even when the check needs 2+', () => {
    const r = rollAttack(scripted(1, 2, 1, 2), spec({ hitFace: 2, defMight: [], defSkill: [] }));
    expect([r.might.hits, r.skill.hits]).toEqual([1, 1]);
  });

  it('a natural 6 always hits, even against CC 0', () => {
    const r = rollAttack(scripted(6, 5, 6, 5), spec({ hitFace: 6, defMight: [], defSkill: [] }));
    expect([r.might.hits, r.skill.hits]).toEqual([1, 1]);
  });

  it('hits keep their colour', () => {
    const r = rollAttack(scripted(4, 4, 3, 1, 1, 1, 1, 1), spec());
    expect([r.might.hits, r.skill.hits]).toEqual([2, 0]);
  });
});

describe('Step 3: critical hits', () => {
  it('are hits at or above crit-on, cannot be blocked and keep their colour', () => {
    const r = rollAttack(scripted(6, 1, 6, 1, /* defence all succeed */ 6, 6, 6, 6), spec({ critFace: 6 }));
    expect([r.might.crits, r.skill.crits, r.unblocked]).toEqual([1, 1, 2]);
  });

  it('a 5 that misses (RC too low) is not a critical, even at crit-on 5', () => {
    const r = rollAttack(scripted(5, 6, 1, 1, 1, 1, 1, 1), spec({ hitFace: 6, critFace: 5 }));
    expect([r.might.hits, r.might.crits, r.unblocked]).toEqual([1, 1, 1]);
  });

  it('6s are normal hits when no crit rule applies', () => {
    const r = rollAttack(scripted(6, 6, 1, 1, 4, 4, 1, 1), spec());
    expect([r.might.crits, r.might.tie, r.unblocked]).toEqual([0, true, 1]);
  });
});

describe('blocking and ties', () => {
  it('d > h blocks all with d - h left; d < h lets h - d through', () => {
    expect(blockColour(1, 3, false)).toEqual({ through: 0, left: 2 });
    expect(blockColour(4, 1, false)).toEqual({ through: 3, left: 0 });
    expect(blockColour(0, 0, false)).toEqual({ through: 0, left: 0 });
    expect(blockColour(0, 2, false)).toEqual({ through: 0, left: 2 });
  });

  it('a tie (d = h >= 1) goes to the attacker by default: one hit gets through, nothing is left over', () => {
    expect(blockColour(2, 2, false)).toEqual({ through: 1, left: 0 });
    expect(blockColour(1, 1, false)).toEqual({ through: 1, left: 0 });
  });

  it('tieGoesTo defender: a tie blocks all', () => {
    expect(blockColour(2, 2, true)).toEqual({ through: 0, left: 0 });
    const r = rollAttack(scripted(5, 5, 1, 1, 5, 5, 1, 1), spec({ tieToDefender: true }));
    expect(r.unblocked).toBe(0);
  });
});

describe('defensive manoeuvres (Active defenders)', () => {
  it('Dodge: 2 left-over Skill successes block 1 Might hit that got through, and the defender moves', () => {
    // Might: 2 hits vs 0 successes -> 2 through; Skill: 0 hits vs 2 successes -> 2 left: Dodge blocks 1
    const r = rollAttack(scripted(5, 5, 1, 1, 1, 1, 5, 5), spec({ dodge: true }));
    expect([r.dodgeBlocks, r.unblocked, r.dodgeMoved]).toEqual([1, 1, true]);
  });

  it('Shove: 2 left-over Might successes block 1 Skill hit; the attacker is pushed', () => {
    const r = rollAttack(scripted(1, 1, 5, 5, 5, 5, 1, 1), spec({ shove: true }));
    expect([r.shoveBlocks, r.unblocked, r.shoveMoved]).toEqual([1, 1, true]);
  });

  it('manoeuvres never block criticals, and 3 left-over successes still block only 1 hit', () => {
    const s = spec({ shove: true, critFace: 6, defMight: [4, 4, 4] });
    const r = rollAttack(scripted(1, 1, 6, 5, 5, 5, 5, 1, 1), s);
    expect([r.skill.crits, r.shoveBlocks, r.unblocked]).toEqual([1, 1, 1]);
  });

  it('no movement when no manoeuvre block is made, or when the defender does not stay Active', () => {
    const idle = rollAttack(scripted(1, 1, 1, 1, 5, 5, 5, 5), spec({ dodge: true, shove: true }));
    expect([idle.dodgeMoved, idle.shoveMoved]).toEqual([false, false]);
    const s = spec({ shove: true, critFace: 6, woundsLeft: 1 });
    const downed = rollAttack(scripted(1, 1, 6, 5, 5, 5, 1, 1), s);
    expect([downed.shoveBlocks, downed.state, downed.shoveMoved]).toEqual([1, DOWNED, false]);
  });

  it('without the manoeuvre flags (Downed/Stunned defender, Cast attack, knob off) left-overs block nothing', () => {
    const r = rollAttack(scripted(5, 5, 1, 1, 1, 1, 5, 5), spec());
    expect([r.dodgeBlocks, r.unblocked]).toEqual([0, 2]);
  });
});

describe('Step 5: Wounds and states', () => {
  const o = { impact: false, stepPerHit: false };
  it('Active: exactly 0 -> Downed; below 0 -> Stunned with 0 Wounds', () => {
    expect(applyWounds(ACTIVE, 3, 2, o)).toEqual({ state: ACTIVE, woundsLeft: 1 });
    expect(applyWounds(ACTIVE, 3, 3, o)).toEqual({ state: DOWNED, woundsLeft: 0 });
    expect(applyWounds(ACTIVE, 3, 5, o)).toEqual({ state: STUNNED, woundsLeft: 0 });
    expect(applyWounds(ACTIVE, 3, 0, o)).toEqual({ state: ACTIVE, woundsLeft: 3 });
  });

  it('impact makes an exact takedown Stunned instead of Downed', () => {
    expect(applyWounds(ACTIVE, 2, 2, { ...o, impact: true })).toEqual({ state: STUNNED, woundsLeft: 0 });
  });

  it('an unblocked hit pushes Downed to Stunned and Stunned to Out of Action, one step per attack', () => {
    expect(applyWounds(DOWNED, 0, 4, o).state).toBe(STUNNED);
    expect(applyWounds(STUNNED, 0, 1, o).state).toBe(OUT_OF_ACTION);
    expect(applyWounds(DOWNED, 0, 0, o).state).toBe(DOWNED);
  });

  it('knob stepPerHit: each unblocked hit past 0 Wounds is one step', () => {
    const s = { ...o, stepPerHit: true };
    expect(applyWounds(DOWNED, 0, 2, s).state).toBe(OUT_OF_ACTION);
    expect(applyWounds(ACTIVE, 2, 3, s).state).toBe(STUNNED);
    expect(applyWounds(ACTIVE, 2, 4, s).state).toBe(OUT_OF_ACTION);
    expect(applyWounds(ACTIVE, 2, 3, { impact: true, stepPerHit: true }).state).toBe(STUNNED);
  });

  it('the reference applies them from the spec', () => {
    const r = rollAttack(scripted(5, 5, 5, 5, 1, 1, 1, 1), spec({ defenderState: DOWNED, woundsLeft: 0 }));
    expect([r.unblocked, r.state]).toEqual([4, STUNNED]);
  });
});
