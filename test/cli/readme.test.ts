/** The complete study examples of README.md and docs/ are valid studies (the docs match the code). */
import { describe, expect, it } from 'vitest';
import { loadStudy } from '../../src/config/study-file.js';
import { studyFile } from '../helpers/cli.js';
import { docStudies } from '../helpers/docs.js';

// Complete studies name their system and define their loadouts; the other blocks are fragments shown in context.
const studies = docStudies();

describe('study examples in README.md and docs/', () => {
  it('has complete studies for each system', () => {
    expect(new Set(studies.map((s) => /system: (\w+)/.exec(s.text)![1]))).toEqual(new Set(['skirmish', 'exchange', 'd20']));
  });

  it.each(studies.map((s) => [`${s.file}:${s.line}`, s.text] as const))('%s validates and plans', (_, text) => {
    const study = loadStudy(studyFile(text));
    expect(study.plugin.plan(study.data, 10).length).toBeGreaterThan(0);
  });
});
