/** Roster size: every ordered pair is validated and played, so a roster is bounded before planning. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAnalysisBlocks } from '../../src/analysis/check.js';
import { ROOT, studyFile } from '../helpers/cli.js';
import { problemsOf } from '../helpers/problems.js';

const META = readFileSync(join(ROOT, 'configs', 'skirmish-meta.yaml'), 'utf8');

/** The meta study with n loadouts of the same veteran, all in the roster, and `variants` variants. */
function roster(n: number, variants = 1): string {
  const names = Array.from({ length: n }, (_, i) => `l${i}`);
  return META
    .replace(/loadouts:\n( {2}.*\n)+/, `loadouts:\n${names.map((x) => `  ${x}: { fighter: veteran, weapon: sword }\n`).join('')}`)
    .replace(/matchups:\n(.*\n)*?variants:\n( {2}.*\n)+/, `matchups:\n  - { a: l0, b: l1 }\nvariants:\n${Array.from({ length: variants }, (_, i) => `  v${i}: {}\n`).join('')}`)
    .replace(/ {2}roster: .*\n/, `  roster: [${names.join(', ')}]\n`);
}

/** The problem lines validate's check of the meta: block refuses the study with. */
const problems = (file: string): string[] => problemsOf(() => checkAnalysisBlocks(file, { meta: {} }));

describe('roster size', () => {
  it('a roster over 100 entries is refused at meta.roster before any pair is validated (400 took minutes)', () => {
    const file = studyFile(roster(400));
    expect(problems(file)).toEqual([expect.stringMatching(new RegExp(`^${file}:\\d+:11 meta\\.roster: 400 entries; a roster may have at most 100$`))]);
  });

  it('so is a roster whose ordered pairs x variants exceed 100000 tasks', () => {
    const file = studyFile(roster(60, 40));
    expect(problems(file)).toEqual([expect.stringMatching(/ meta\.roster: the roster would plan 141600 ordered pair x variant tasks; at most 100000 are allowed$/)]);
  });

  it('balance solve on a roster checks the same bound', () => {
    const file = studyFile(roster(101).replace('meta:\n', 'solve:\n  target: { metric: vs_field, value: 0.5 }\n  vary: { path: loadouts.*.fighter.wounds, from: 1, to: 6 }\nmeta:\n'));
    expect(() => checkAnalysisBlocks(file, { solve: {} })).toThrow(/ meta\.roster: 101 entries; a roster may have at most 100/);
  });

  it('a roster of 12 plans', () => {
    expect(checkAnalysisBlocks(studyFile(roster(12)), { meta: {} })).toEqual(['meta: ok (12 entries, 132 ordered pair x variant tasks)']);
  });
});
