/**
 * The same seed gives byte-identical CSVs for --workers 0, 1 and 2, in every mode (architecture.md,
 * "Determinism"): skirmish attack and duel, exchange attack and duel, d20 attack and fight. Trials
 * are kept small; where it is cheap a task spans two chunks so that merging order is exercised.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const MODES: readonly { name: string; study: string; trials: number }[] = [
  { name: 'skirmish attack', study: 'configs/skirmish-attack-example.yaml', trials: 100_001 },
  { name: 'skirmish duel', study: 'test/fixtures/keen-stout-duel.yaml', trials: 10_050 },
  { name: 'exchange attack', study: 'configs/exchange-weapons-vs-armour.yaml', trials: 500 },
  { name: 'exchange duel', study: 'configs/exchange-duels.yaml', trials: 200 },
  { name: 'd20 attack', study: 'configs/d20-attacks.yaml', trials: 1_000 },
  { name: 'd20 fight', study: 'configs/d20-party-vs-monsters.yaml', trials: 5_030 },
];

describe('byte-identical CSVs for --workers 0, 1 and 2, every mode', () => {
  for (const m of MODES) {
    it(m.name, async () => {
      const csvs: string[][] = [];
      for (const workers of ['0', '1', '2']) {
        const out = tempDir();
        const r = await balanceIn(['run', join(ROOT, m.study), '--trials', String(m.trials), '--seed', '17', '--workers', workers, '--out', out]);
        expect(r.code, r.stderr).toBe(0);
        csvs.push(['summary.csv', 'distribution.csv'].map((f) => readFileSync(join(out, f), 'utf8')));
      }
      expect(csvs[1]).toEqual(csvs[0]);
      expect(csvs[2]).toEqual(csvs[0]);
      expect(csvs[0]![0]!.split('\n').length).toBeGreaterThan(2);
    });
  }
});
