/** The README's complete study examples are valid studies (the docs match the code). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStudy } from '../../src/config/study.js';
import { ROOT, studyFile } from '../helpers/cli.js';

const blocks = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
// Complete studies define their profiles; the other blocks are fragments shown in context.
const studies = blocks.filter((b) => b.startsWith('system:') && b.includes('loadouts:'));

describe('README examples', () => {
  it('has complete studies for each system', () => {
    expect(studies.map((s) => /system: (\w+)/.exec(s)![1])).toEqual(['skirmish', 'exchange', 'd20']);
  });

  it.each(studies.map((s, i) => [i, s] as const))('study %i validates', (_, text) => {
    const study = loadStudy(studyFile(text));
    expect(study.plugin.plan(study.data, 10).length).toBeGreaterThan(0);
  });
});
