/**
 * README.md and docs/ as a guide: its complete study examples load with no warning (an example
 * teaches what a study should look like), the defaults it states are the schema's, its links
 * lead somewhere, its library example runs, and it stays a guide (short README, no history).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadStudyText } from '../../src/config/study.js';
import { modeNames, systemNames } from '../../src/systems/registry.js';
import { duelSettingsSchema } from '../../src/systems/skirmish/duel/schema.js';
import { ROOT } from '../helpers/cli.js';
import { blocks, docFiles, docStudies, prose, readDoc } from '../helpers/docs.js';

describe('study examples', () => {
  it('the attack study format example puts cover and aim on a bow loadout: no warning', () => {
    const attack = docStudies().find((s) => s.text.includes('title: Sword against axe'))!;
    expect(loadStudyText('example.yaml', attack.text).warnings.map((w) => w.message)).toEqual([]);
  });

  it.each(docStudies().map((s) => [`${s.file}:${s.line}`, s.text] as const))('%s loads with no warning', (_, text) => {
    expect(loadStudyText('example.yaml', text).warnings.map((w) => w.message)).toEqual([]);
  });
});

describe('defaults and names the docs state', () => {
  const page = (file: string): string => readDoc(file).replace(/\s+/g, ' ');

  it('the skirmish duel block: the guide states the schema defaults', () => {
    expect(duelSettingsSchema.parse({})).toEqual({ distance: 12, maxRounds: 20, cover: 'none', terrain: false });
    expect(page('docs/guide/skirmish-duel.md')).toContain('Without a `duel:` block: 12" apart, 20 rounds, no cover, no terrain.');
  });

  it('init --mode: the guide lists every system\'s modes, battle included', () => {
    const guide = page('docs/guide/writing-studies.md');
    for (const system of systemNames()) expect(guide).toContain(`${system} \`${modeNames(system).join('|')}\``);
  });
});

/** GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces to hyphens. */
function headingSlugs(file: string): string[] {
  const text = readDoc(file).split('\n').filter((_, i, all) => all.slice(0, i).filter((l) => l.startsWith('```')).length % 2 === 0).join('\n');
  return [...text.matchAll(/^#+ (.+)$/gm)].map((m) => m[1]!.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-'));
}

describe('README.md and docs/ as a guide', () => {
  it('README.md is at most 300 lines and shows the test command', () => {
    const readme = readDoc('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    expect(readme).toMatch(/```sh\nnpm ci\nnpm test\n```/);
  });

  it.each(docFiles())('%s: no history (issue numbers, dated entries)', (file) => {
    const text = readDoc(file);
    expect(text.match(/\bissues? #?\d+/gi) ?? []).toEqual([]);
    expect(text.match(/(^|[\s(])#\d+\b/g) ?? []).toEqual([]);
    expect(text.match(/\b20\d\d-\d\d-\d\d\b/g) ?? []).toEqual([]);
  });

  it.each(docFiles())('%s: every relative link leads to a file that exists, and to a heading of it', (file) => {
    const text = prose(file);
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/.test(target)) continue;
      const [path, anchor] = target.split('#');
      const linked = path === '' ? file : join(dirname(file), path!);
      expect(existsSync(join(ROOT, linked)), `${file}: ${target}`).toBe(true);
      if (anchor !== undefined && linked.endsWith('.md')) expect(headingSlugs(linked), `${file}: ${target}`).toContain(anchor);
    }
  });

  it('the library example runs (its import pointed at the build)', () => {
    const example = blocks('docs/library.md').find((b) => b.lang === 'js' && b.body.includes("from 'tabletop-balance'"))!;
    const api = pathToFileURL(join(ROOT, 'dist/src/api.js')).href;
    const code = example.body.replace("from 'tabletop-balance'", `from '${api}'`).replace('trials: 50_000', 'trials: 2_000');
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' });
    expect([r.status, r.stderr.replace(/\r\d+\/\d+/g, '')]).toEqual([0, '']);
    expect(r.stdout).toContain('true');
  });
});
