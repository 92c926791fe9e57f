/**
 * One rule decides what a study is for (src/config/study-uses.ts), and validate, run, exact, meta,
 * solve and serve (loadStudyText) all follow it: a study with only a `meta:` block (and one with
 * `meta:` + a vs_field `solve:`) validates, runs under meta / solve, and is refused by run with one
 * line naming the command to use. In process.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStudyText } from '../../src/config/study.js';
import { playKeyOf, studyUses, useProblem } from '../../src/config/study-uses.js';
import { findPlugin } from '../../src/systems/registry.js';
import { ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';
import { problemsOf } from '../helpers/problems.js';

const META_ONLY = readFileSync(join(ROOT, 'test/fixtures/meta-triangle.yaml'), 'utf8');
/** solve-roster.yaml without its matchups: a vs_field solve over the meta: roster. */
const META_SOLVE = readFileSync(join(ROOT, 'test/fixtures/solve-roster.yaml'), 'utf8').replace(/^matchups:.*\n/m, '');

describe('studyUses', () => {
  it('reads the uses from the blocks a study has', () => {
    expect(studyUses({ matchups: [] })).toEqual(['run']);
    expect(studyUses({})).toEqual(['run']);
    expect(studyUses({ meta: {} })).toEqual(['meta']);
    expect(studyUses({ matchups: [], meta: {}, solve: {} })).toEqual(['run', 'meta', 'solve']);
    expect(useProblem({ solve: {} }, 'run')).toEqual({ path: ['matchups'], message: 'missing: this study has no matchups: to play, only a solve: block (run it with balance solve)' });
    expect(useProblem({ matchups: [] }, 'meta')).toEqual({ path: [], message: 'no meta: block; balance meta needs one (this study is for balance run)' });
    expect(useProblem({ matchups: [], meta: {} }, 'run')).toBeNull();
    // d20 fights play sides:
    expect(studyUses({ sides: {}, meta: {} }, 'sides')).toEqual(['run', 'meta']);
    expect(studyUses({ sides: {}, meta: {} })).toEqual(['meta']);
    expect(useProblem({ meta: {} }, 'run', 'sides')?.path).toEqual(['sides']);
    expect([['d20', 'fight'], ['exchange', 'fight'], ['skirmish', 'battle']].map(([s, m]) => playKeyOf(findPlugin(s!, m!)!.schema))).toEqual(['sides', 'matchups', 'matchups']);
  });
});

describe('a study with only a meta: block', () => {
  it('validates (the meta: block checked), runs under balance meta, and run / exact / serve refuse it with one line', async () => {
    expect(META_ONLY).not.toMatch(/^matchups:/m);
    const file = studyFile(META_ONLY, 'triangle.yaml');
    const v = await balanceIn(['validate', file]);
    expect([v.code, v.stderr]).toEqual([0, '']);
    expect(v.stdout).toBe(`${file}: ok (skirmish duel, nothing to run; for balance meta)\n${file}: meta: ok (4 entries, 12 ordered pair x variant tasks)\n`);
    const meta = await balanceIn(['meta', file, '--trials', '40', '--workers', '0', '--out', tempDir()]);
    expect(meta.code, meta.stderr).toBe(0);
    const refusal = /^\S+triangle\.yaml:\d+:\d+ matchups: missing: this study has no matchups: to play, only a meta: block \(run it with balance meta\)\n$/;
    for (const command of ['run', 'exact']) {
      const r = await balanceIn([command, file, '--out', tempDir()]);
      expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(refusal)]);
    }
    // serve and the library load studies with loadStudyText: the same problem.
    expect(problemsOf(() => loadStudyText('triangle.yaml', META_ONLY))).toEqual([expect.stringMatching(/^triangle\.yaml:\d+:\d+ matchups: missing: this study has no matchups: to play/)]);
  });

  it('balance meta and solve refuse a study without their block, saying what it is for', async () => {
    const r = await balanceIn(['meta', join(ROOT, 'configs/skirmish-solve.yaml')]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/^\S+skirmish-solve\.yaml:\d+:\d+: no meta: block; balance meta needs one \(this study is for balance run or balance solve\)\n$/)]);
  });
});

describe('a study with meta: and a vs_field solve: and no matchups', () => {
  it('validates both blocks and solves', async () => {
    const file = studyFile(META_SOLVE, 'field.yaml');
    const v = await balanceIn(['validate', file]);
    expect([v.code, v.stderr]).toEqual([0, '']);
    expect(v.stdout.split('\n')).toEqual([
      `${file}: ok (skirmish duel, nothing to run; for balance meta and balance solve)`,
      `${file}: meta: ok (3 entries, 6 ordered pair x variant tasks)`,
      `${file}: solve: ok (5 candidate values of loadouts.*.fighter.wounds)`,
      '',
    ]);
    const solve = await balanceIn(['solve', file, '--trials', '60', '--max-trials', '60', '--workers', '0', '--out', tempDir()]);
    expect(solve.code, solve.stderr).toBe(0);
  });
});
