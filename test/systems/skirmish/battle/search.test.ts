/**
 * `policy: search` in skirmish battles (src/games/search.ts, battle/game.ts): every action the
 * search takes is legal (the guard), the battle's dice are the same after a search (copies share
 * them), and runs write the same files with 0 and 2 workers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStudy } from '../../../../src/config/load.js';
import { validate } from '../../../../src/config/validate.js';
import { guarded } from '../../../../src/games/game.js';
import { battleGame, battleSearch, describeAction, playWithSearch, type BattleAction } from '../../../../src/systems/skirmish/battle/game.js';
import { prepareBattle } from '../../../../src/systems/skirmish/battle/kernel.js';
import { skirmishBattle } from '../../../../src/systems/skirmish/battle/mode.js';
import type { BattleStudy } from '../../../../src/systems/skirmish/battle/schema.js';
import { balanceIn } from '../../../helpers/inprocess.js';
import { tempDir } from '../../../helpers/cli.js';

const FIXTURE = 'test/fixtures/battle-search.yaml';
const spec = () => skirmishBattle.plan(validate(parseStudy(FIXTURE, readFileSync(FIXTURE, 'utf8')), skirmishBattle.schema) as BattleStudy, 1)[0]!.spec;

describe('skirmish battle policy: search', () => {
  it('plans the budget and marks the searching fighters', () => {
    const s = spec();
    expect(s.search).toEqual({ rollouts: 4, depth: 3 });
    expect(s.sides[0].map((f) => f.search === true)).toEqual([true, true]);
    expect(s.sides[1].some((f) => 'search' in f)).toBe(false);
  });

  it('every action it takes is legal (the guard never fires); the battle rolls its own dice after each search', () => {
    const s = spec();
    const p = prepareBattle(s);
    const search = battleSearch(s);
    const guard = guarded(search, (a: BattleAction) => describeAction(p.battle, a));
    const source = p.battle.dice.source;
    p.rng.setState(Int32Array.from([3, 1, 4, 1]));
    for (let k = 0; k < 2; k++) {
      playWithSearch(p.battle, { ...search, choose: guard.choose }, k);
      expect(p.battle.dice.source).toBe(source);
      expect(battleGame.isTerminal(p.battle)).toBe(true);
    }
    expect(search.stats.searched).toBeGreaterThan(0);
    expect(search.stats.playouts).toBeGreaterThan(search.stats.searched);
  });

  it('writes the same files with 0 and 2 workers', async () => {
    const csv: string[] = [];
    for (const w of ['0', '2']) {
      const out = join(tempDir(), 'out');
      const r = await balanceIn(['run', FIXTURE, '--out', out, '--workers', w]);
      expect(r.code, r.stderr).toBe(0);
      csv.push(readFileSync(join(out, 'summary.csv'), 'utf8') + readFileSync(join(out, 'distribution.csv'), 'utf8'));
    }
    expect(csv[1]).toBe(csv[0]);
  });
});
