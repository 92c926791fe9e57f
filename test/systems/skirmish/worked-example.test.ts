/** Seed 000, "Example: Combat": Keen with a Sword against Stout with a Battle Axe and Medium Armor. */
import { describe, expect, it } from 'vitest';
import { scripted } from '../../../src/dice/dice.js';
import { ACTIVE } from '../../../src/systems/skirmish/profile.js';
import { rollAttack } from '../../../src/systems/skirmish/reference.js';
import { basePool } from '../../../src/systems/skirmish/sequence.js';
import { compileAttack } from '../../../src/systems/skirmish/spec.js';
import { expectedUnblocked } from '../../../src/systems/skirmish/exact.js';
import { battleAxe, ctx, keen, loadout, stout, sword } from '../../helpers/skirmish.js';

const attack = ctx(loadout(keen, sword), loadout(stout, battleAxe, { armor: 'medium' }));
const spec = compileAttack(attack, expectedUnblocked);

describe('seed 000 worked Combat example', () => {
  it('Step 1: Keen Strike Pool = 4 Might + 5 Skill = 9 dice', () => {
    expect(basePool(attack.attacker, attack.weapon)).toEqual({ might: 4, skill: 5 });
    expect([spec.mightDice, spec.skillDice]).toEqual([4, 5]);
  });

  it('Steps 2-4: CC 3 needs 5+, Sword beats Axe (crit on 6), Df 4 needs 4+ on 5 Might + 3 Skill dice', () => {
    expect(spec.hitFace).toBe(5);
    expect(spec.critFace).toBe(6);
    expect(spec.defMight).toEqual([4, 4, 4, 4, 4]);
    expect(spec.defSkill).toEqual([4, 4, 4]);
  });

  it('the listed dice give exactly what the seed prints: 1 Wound', () => {
    const dice = scripted(5, 2, 1, 4, 6, 5, 4, 3, 5, /* defence */ 5, 2, 4, 3, 6, 4, 5, 2);
    const r = rollAttack(dice, spec);
    expect(dice.used).toBe(17);
    // Result: 1 Might hit, 3 Skill hits; the natural 6 is a critical Skill hit.
    expect([r.might.hits, r.skill.hits, r.might.crits, r.skill.crits]).toEqual([1, 3, 0, 1]);
    // Defense results: 3 Might successes, 2 Skill successes.
    expect([r.might.successes, r.skill.successes]).toEqual([3, 2]);
    // Might: 1 hit blocked, 2 left over. Skill: tie on 2 normal hits, attacker wins: 1 blocked, 1 through.
    expect([r.might.blocked, r.might.left]).toEqual([1, 2]);
    expect([r.skill.tie, r.skill.blocked, r.skill.left]).toEqual([true, 1, 0]);
    // The 2 leftover Might successes Shove away the remaining normal Skill hit.
    expect(r.shoveBlocks).toBe(1);
    expect(r.dodgeBlocks).toBe(0);
    // 1 unblocked hit (the crit): Stout takes 1 Wound (3 -> 2), stays Active, and pushes Keen away.
    expect(r.unblocked).toBe(1);
    expect(r.woundsLeft).toBe(2);
    expect(r.state).toBe(ACTIVE);
    expect(r.shoveMoved).toBe(true);
  });
});
