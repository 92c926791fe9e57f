import { describe, expect, it } from 'vitest';
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from '../../../src/systems/skirmish/profile.js';
import { woundLookup, woundTable } from '../../../src/systems/skirmish/wound-table.js';
import { woundStep } from '../../../src/systems/skirmish/wounds.js';

describe('woundTable / woundLookup (the Apply Wounds rule looked up, duel hot loop)', () => {
  for (const stepPerHit of [false, true]) {
    it(`gives woundStep's result for every state, Wounds left and hit count (stepPerHit ${stepPerHit}), inside and beyond the table`, () => {
      const t = woundTable(4, stepPerHit, 6);
      for (const impact of [false, true]) {
        for (const state of [ACTIVE, DOWNED, STUNNED, OUT_OF_ACTION]) {
          for (let w = 0; w <= 6; w++) {
            for (let u = 0; u <= 9; u++) {
              expect(woundLookup(t, state, w, u, impact, stepPerHit)).toBe(woundStep(state, w, u, impact, stepPerHit));
            }
          }
        }
      }
    });
  }

  it('looks the covered inputs up in the table (a changed entry shows), and computes the rest', () => {
    const t = woundTable(3, false, 5);
    // 2 hits on an Active fighter with 3 Wounds: Active with 1 Wound left.
    expect(woundLookup(t, ACTIVE, 3, 2, false, false)).toBe(ACTIVE | (1 << 2));
    t.packed.fill(OUT_OF_ACTION);
    expect(woundLookup(t, ACTIVE, 3, 2, false, false)).toBe(OUT_OF_ACTION);
    // Beyond the table (6 hits > 5, 4 Wounds > 3): the rule itself.
    expect(woundLookup(t, ACTIVE, 3, 6, false, false)).toBe(STUNNED);
    expect(woundLookup(t, ACTIVE, 4, 1, false, false)).toBe(ACTIVE | (3 << 2));
  });
});
