/** Exchange duels and d20 fights: byte-identical CSVs with 0 (main thread), 1 and 2 workers; attack mode warns about duel-only weapon fields. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exchangeAttack } from '../../src/systems/exchange/attack-mode.js';
import { balance, ROOT, tempDir } from '../helpers/cli.js';

describe.each(['exchange-duels.yaml', 'd20-party-vs-monsters.yaml'])('%s', (file) => {
  it('gives byte-identical CSVs for --workers 0, 1 and 2', () => {
    const study = join(ROOT, 'configs', file);
    const outs = ['0', '1', '2'].map((w) => {
      const out = tempDir();
      expect(balance(['run', study, '--out', out, '--workers', w, '--trials', '1500', '--engine', 'dice']).code).toBe(0);
      return ['summary.csv', 'distribution.csv'].map((f) => readFileSync(join(out, f), 'utf8'));
    });
    expect(outs[1]).toEqual(outs[0]);
    expect(outs[2]).toEqual(outs[0]);
  });
});

describe('exchange attack mode', () => {
  it('warns that lingering and inflicts apply in duels only', () => {
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
