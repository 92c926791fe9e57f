/** Every study shipped in configs/ is valid, and package.json's quick start points at one. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStudy } from '../../src/config/study-file.js';
import { ROOT } from '../helpers/cli.js';

describe('configs/', () => {
  const files = readdirSync(join(ROOT, 'configs')).filter((f) => f.endsWith('.yaml'));
  it.each(files)('%s validates and plans', (file) => {
    const study = loadStudy(join(ROOT, 'configs', file));
    expect(study.plugin.plan(study.data, 10).length).toBeGreaterThan(0);
  });

  it('npm start runs configs/skirmish-weapons-vs-armour.yaml', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['start']).toContain('run configs/skirmish-weapons-vs-armour.yaml');
    expect(files).toContain('skirmish-weapons-vs-armour.yaml');
  });
});
