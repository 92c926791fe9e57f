/** Exchange attack mode warns about duel-only weapon fields (worker counts: determinism.test.ts). */
import { describe, expect, it } from 'vitest';
import { exchangeAttack } from '../../src/systems/exchange/attack/mode.js';

describe('exchange attack mode', () => {
  it('warns that lingering and inflicts apply in duels only', async () => {
    const study = exchangeAttack.schema.parse({
      system: 'exchange', mode: 'attack',
      characters: { c: { vitality: 6 } },
      weapons: { knife: { kind: 'melee', damage: 1, vitalCap: 2, lingering: 1, inflicts: { reeling: { margin: 2 } } } },
      loadouts: { x: { character: 'c', weapon: 'knife' } },
      matchups: [{ attacker: 'x', defender: 'x' }],
    });
    const warnings = exchangeAttack.check(study).filter((p) => p.warning);
    expect(warnings.map((w) => w.path.join('.'))).toEqual(['weapons.knife.lingering', 'weapons.knife.inflicts']);
  });
});
