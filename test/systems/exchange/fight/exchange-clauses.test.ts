/** An Exchange in a fight that the defender wins (seed 001): the attacker takes the Wounds, credited to the defender. */
import { describe, expect, it } from 'vitest';
import { scripted } from '../../../../src/dice/dice.js';
import { CRIT, fight, MISS, oneOnOne } from './helpers.js';

describe('a Clash the defender wins in a fight', () => {
  it('wounds the attacker (not the defender), and the fight books the Wounds to the defender', () => {
    // Mira attacks with 1 die: Miss; Rook Clashes with 1 die: Critical, margin 2 + Strike 5 - Soak 0 = 7 -> 5 Wounds to Mira
    const dice = scripted(MISS, CRIT, MISS, MISS);
    const f = fight(oneOnOne('mira', 'rook'), dice);
    f.chars[1]!.ready = 1;
    f.exchange(0, 1, 0, 'exchange');
    const [mira, rook] = [f.chars[0]!, f.chars[1]!];
    expect([mira.vit, rook.vit]).toEqual([1, 5]);
    expect([f.dealt[1], f.taken[0], f.dealt[0], f.taken[1]]).toEqual([5, 5, 0, 0]);
  });
});
