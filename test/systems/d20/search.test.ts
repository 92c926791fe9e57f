/**
 * `policy: search` in d20 fights (src/games/search.ts, d20/game.ts): the search only ever declares
 * legal actions (the guard), runs are the same for any number of workers, `--search-rollouts`
 * overrides the study, and searching beats a weak named player (support: 0.07 wins here; tactical 0.83, search 0.82 at 300 fights) by more than 4 SE on a fixed stream.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guarded, playOut } from '../../../src/games/game.js';
import { parseStudy } from '../../../src/config/load.js';
import { validate } from '../../../src/config/validate.js';
import { d20FightDice } from '../../../src/systems/d20/fight-kernel.js';
import { d20Fight } from '../../../src/systems/d20/fight-mode.js';
import { d20Game, d20Policy, d20Search, describeAction, type D20Action } from '../../../src/systems/d20/game.js';
import { POLICIES, type D20FightStudy } from '../../../src/systems/d20/schema.js';
import type { FightSpec } from '../../../src/systems/d20/fight.js';
import { loadStudy, planRun } from '../../../src/api.js';
import { SEARCH_CHUNK_SIZE } from '../../../src/games/search.js';
import { balanceIn } from '../../helpers/inprocess.js';
import { tempDir } from '../../helpers/cli.js';
import { seeded } from './players.js';

const FIXTURE = 'test/fixtures/d20-search.yaml';
const spec = (text = readFileSync(FIXTURE, 'utf8')): FightSpec => {
  const study = validate(parseStudy(FIXTURE, text), d20Fight.schema) as D20FightStudy;
  return d20Fight.plan(study, 1)[0]!.spec;
};

describe('d20 policy: search', () => {
  it('plans a search budget and small chunks only for studies with a searching fighter', () => {
    const s = spec();
    expect(s.search).toEqual({ rollouts: 16, depth: 0 });
    expect(s.fighters.map((f) => f.search === true)).toEqual([true, true, false, false, false]);
    expect(s.fighters[0]!.policy).toBe(POLICIES.indexOf('tactical'));
    const named = spec(readFileSync(FIXTURE, 'utf8').replace(/policy: search/g, 'policy: tactical'));
    expect(named.search).toBeUndefined();
    expect(named.fighters.some((f) => 'search' in f)).toBe(false);
  });

  it('every declaration it makes is one of the legal actions (the guard never fires)', () => {
    const s = spec();
    const search = d20Search(s);
    let searched = 0;
    for (let k = 0; k < 6; k++) {
      const { f, dice } = seeded(s, 300 + k);
      f.begin();
      search.reseed(k);
      const guard = guarded(search, (a: D20Action) => describeAction(f, a));
      const r = playOut(d20Game, f, [guard, guarded(d20Policy('own'))], dice);
      expect(r[0]! + r[1]!).toBe(1);
      searched = search.stats.searched;
    }
    expect(searched).toBeGreaterThan(10);
    expect(search.stats.playouts).toBeGreaterThan(search.stats.searched);
  });

  it('beats a weak named player (support) on the same fights by more than 4 SE', () => {
    const n = 150;
    const rate = (s: FightSpec): number => {
      const p = d20FightDice.prepare(s);
      const tally = new Float64Array(d20FightDice.tallySize(s));
      d20FightDice.run(p, Int32Array.from([11, 22, 33, 44]), n, tally);
      return tally[0]! / n;
    };
    const s = spec();
    const weakPolicy = POLICIES.indexOf('support');
    const { search: _budget, ...named } = s;
    const weak = rate({ ...named, fighters: s.fighters.map((f) => (f.search === true ? { name: f.name, side: f.side, creature: f.creature, weapon: f.weapon, policy: weakPolicy } : f)) });
    const searched = rate({ ...s, search: { rollouts: 8, depth: 0 } });
    const se = Math.sqrt((weak * (1 - weak) + searched * (1 - searched)) / n);
    expect(searched - weak).toBeGreaterThan(4 * se);
  });

  it('writes the same files with 0, 1 and 2 workers; --search-rollouts overrides the study', async () => {
    const csv: string[] = [];
    for (const w of ['0', '1', '2']) {
      const out = join(tempDir(), 'out');
      const r = await balanceIn(['run', FIXTURE, '--out', out, '--workers', w]);
      expect(r.code, r.stderr).toBe(0);
      csv.push(readFileSync(join(out, 'summary.csv'), 'utf8') + readFileSync(join(out, 'distribution.csv'), 'utf8'));
    }
    expect(csv[1]).toBe(csv[0]);
    expect(csv[2]).toBe(csv[0]);
    const out = join(tempDir(), 'out');
    expect((await balanceIn(['run', FIXTURE, '--out', out, '--workers', '0', '--trials', '2', '--search-rollouts', '4'])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).command).toContain('--search-rollouts 4');
    const plan = planRun(loadStudy(FIXTURE), { trials: 2, workers: 0, searchRollouts: 4 });
    expect((plan.tasks[0]!.spec as FightSpec).search).toEqual({ rollouts: 4, depth: 0 });
    expect(plan.tasks[0]!.chunkSize).toBe(SEARCH_CHUNK_SIZE);
  });
});
