/**
 * The JSON Schema of studies (balance schema) is generated from the zod schemas, committed as
 * schemas/study.schema.json for editors, and agrees with the CLI: every shipped study, template
 * and docs example validates; studies the CLI refuses for their shape are refused too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { studyJsonSchema } from '../../src/config/json-schema.js';
import { loadStudy } from '../../src/config/study-file.js';
import { ROOT, studyFile, tempDir, EXAMPLE } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';
import { docStudies } from '../helpers/docs.js';

const schema = studyJsonSchema();
const ajv = new Ajv({ allErrors: true, strict: false });
const check = ajv.compile(schema);

const yamlFiles = (dir: string): string[] => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.yaml')).map((f) => join(ROOT, dir, f));
const docStudyTexts = docStudies();

describe('balance schema', () => {
  it('the committed schemas/study.schema.json is the generated one (run `npm run schema` after changing a schema)', async () => {
    const committed = JSON.parse(readFileSync(join(ROOT, 'schemas/study.schema.json'), 'utf8')) as unknown;
    expect(committed).toEqual(schema);
  });

  it.each([...yamlFiles('configs'), ...yamlFiles('templates')])('%s validates against the JSON Schema', (file) => {
    const ok = check(parse(readFileSync(file, 'utf8')));
    expect(check.errors ?? [], file).toEqual([]);
    expect(ok).toBe(true);
  });

  it.each(docStudyTexts.map((s) => [`${s.file}:${s.line}`, s.text] as const))('the docs study %s validates against the JSON Schema', (_, text) => {
    expect(check(parse(text)), JSON.stringify(check.errors)).toBe(true);
  });

  const bad: [string, string][] = [
    ['an unknown top-level key', EXAMPLE.replace('trials: 20000', 'trials: 20000\ntrails: 5')],
    ['an unknown fighter field', EXAMPLE.replace('movement: 5 }', 'movement: 5, speed: 3 }')],
    ['a string where a number goes', EXAMPLE.replace('seed: 7', 'seed: seven')],
    ['an unknown weapon class', EXAMPLE.replace('class: sword', 'class: rapier')],
    ['an unknown mode', EXAMPLE.replace('mode: attack', 'mode: melee')],
    ['an unknown system', EXAMPLE.replace('system: skirmish', 'system: chess')],
    ['a negative trial count', EXAMPLE.replace('trials: 20000', 'trials: -5')],
    ['a situation knob out of range', EXAMPLE.replace('cover: close, aim: true', 'cover: far, aim: true')],
  ];
  it.each(bad)('refuses %s, as the CLI does', (_, text) => {
    expect(check(parse(text))).toBe(false);
    expect(() => loadStudy(studyFile(text))).toThrow();
  });

  it('prints one mode, refuses an unknown one with exit 2', async () => {
    const one = await balanceIn(['schema', 'd20', 'fight']);
    expect(one.code).toBe(0);
    expect((JSON.parse(one.stdout) as { title: string }).title).toBe('tabletop-balance study: d20 fight');
    const badMode = await balanceIn(['schema', 'd20', 'duel']);
    expect([badMode.code, badMode.stderr]).toEqual([2, 'MODE: d20 has modes attack, fight, received "duel"\n']);
  });
});

describe('balance init', () => {
  it('writes a valid, runnable, commented study for every template, with the schema line', async () => {
    const dir = tempDir();
    for (const t of readdirSync(join(ROOT, 'templates')).filter((f) => f.endsWith('.yaml'))) {
      const [system, mode] = t.slice(0, -5).split('-') as [string, string];
      const file = join(dir, `${system}-${mode}.yaml`);
      const r = await balanceIn(['init', file, '--system', system, '--mode', mode]);
      expect(r.code, r.stderr).toBe(0);
      const text = readFileSync(file, 'utf8');
      expect(text.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=.*schemas\/study\.schema\.json$/);
      const schemaPath = join(dir, text.split('\n')[0]!.split('$schema=')[1]!);
      expect(existsSync(schemaPath)).toBe(true);
      expect(text.split('\n').filter((l) => l.trimStart().startsWith('#')).length).toBeGreaterThanOrEqual(5);
      const study = loadStudy(file);
      expect([study.plugin.system, study.plugin.mode]).toEqual([system, mode]);
    }
  });

  it('refuses to overwrite, and refuses unknown systems and modes (exit 2)', async () => {
    const file = join(tempDir(), 'mine.yaml');
    expect((await balanceIn(['init', file])).code).toBe(0);
    const before = readFileSync(file, 'utf8');
    const again = await balanceIn(['init', file, '--system', 'd20']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect((await balanceIn(['init', join(tempDir(), 'x.yaml'), '--system', 'chess'])).code).toBe(2);
    expect((await balanceIn(['init', join(tempDir(), 'x.yaml'), '--system', 'd20', '--mode', 'duel'])).code).toBe(2);
  });

  it('runs: the skirmish attack template gives results', async () => {
    const file = join(tempDir(), 'first.yaml');
    await balanceIn(['init', file]);
    const out = tempDir();
    const r = await balanceIn(['run', file, '--trials', '2000', '--workers', '0', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(out, 'summary.csv'), 'utf8').split('\n').length).toBeGreaterThan(2);
  });
});
