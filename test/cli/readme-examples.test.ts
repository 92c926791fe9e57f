/** The README's complete study examples load with no warning: an example teaches what a study should look like. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStudyText } from '../../src/config/study.js';
import { duelSettingsSchema } from '../../src/systems/skirmish/duel/schema.js';
import { ROOT } from '../helpers/cli.js';

const readmeStudies = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/```yaml\n([\s\S]*?)```/g)]
  .map((m) => m[1]!)
  .filter((b) => b.startsWith('system:') && b.includes('loadouts:'));

describe('README study examples', () => {
  it('the attack study format example puts cover and aim on a bow loadout: no warning', () => {
    const attack = readmeStudies.find((b) => b.includes('title: Sword against axe'))!;
    expect(loadStudyText('README.yaml', attack).warnings.map((w) => w.message)).toEqual([]);
  });

  it.each(readmeStudies.map((s, i) => [i, s] as const))('README study %i loads with no warning', (_, text) => {
    let warnings: unknown[] | null;
    try {
      warnings = loadStudyText('README.yaml', text).warnings.map((w) => w.message);
    } catch {
      warnings = null; // partial examples (profiles left to the reader) are the schema test's business
    }
    if (warnings !== null) expect(warnings).toEqual([]);
  });
});

describe('README defaults', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
  it('the skirmish duel block: the README states the schema defaults', () => {
    expect(duelSettingsSchema.parse({})).toEqual({ distance: 12, maxRounds: 20, cover: 'none', terrain: false });
    expect(readme).toContain('Without a `duel:` block: 12" apart, 20 rounds, no cover, no terrain.');
  });

  it('init --mode lists every system\'s modes, battle included', () => {
    expect(readme).toContain('# MODE: skirmish attack|duel|battle, exchange attack|duel|fight, d20 attack|fight');
  });
});
