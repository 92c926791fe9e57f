/**
 * Bounds: every number a study can give (it may size a table or a loop) has a finite range checked
 * at validation. Walks every mode's schema, so a new unbounded field fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loadStudy } from '../../src/config/study-file.js';
import { ConfigError, formatProblem } from '../../src/config/problems.js';
import { PLUGINS } from '../../src/systems/registry.js';
import { parseDamage } from '../../src/systems/d20/notation.js';
import { EXAMPLE, ROOT, studyFile } from '../helpers/cli.js';

interface Def { type: string; [k: string]: unknown }
const def = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every number schema reachable from `schema`, with its path. */
function numbers(schema: z.ZodType, path: string, out: [string, z.ZodType][]): [string, z.ZodType][] {
  const d = def(schema);
  const walk = (s: unknown, p: string): void => void numbers(s as z.ZodType, p, out);
  if (d.type === 'number') out.push([path, schema]);
  else if (d.type === 'object') for (const [k, v] of Object.entries(d['shape'] as object)) walk(v, `${path}.${k}`);
  else if (d.type === 'record') walk(d['valueType'], `${path}.<name>`);
  else if (d.type === 'array') walk(d['element'], `${path}[]`);
  else if (d.type === 'tuple') (d['items'] as unknown[]).forEach((x, i) => walk(x, `${path}[${i}]`));
  // A union refined as a whole (a dice spec: "+N" or N) is bounded by its refinement.
  else if (d.type === 'union' && Array.isArray(d['checks']) && d['checks'].length > 0) out.push([path, schema]);
  else if (d.type === 'union') (d['options'] as unknown[]).forEach((x) => walk(x, path));
  else if (['optional', 'default', 'nullable', 'prefault'].includes(d.type)) walk(d['innerType'], path);
  else if (d.type === 'pipe') walk(d['in'], path);
  return out;
}

describe('numeric bounds', () => {
  const fields = PLUGINS.flatMap((p) => numbers(p.schema, `${p.system}.${p.mode}`, []));

  it('finds the numeric fields of every mode', () => {
    expect(fields.map(([p]) => p)).toEqual(expect.arrayContaining([
      'skirmish.attack.fighters.<name>.wounds', 'skirmish.duel.duel.distance', 'skirmish.duel.duel.maxRounds',
      'exchange.duel.characters.<name>.vitality', 'exchange.duel.characters.<name>.actionDice', 'exchange.attack.weapons.<name>.maxRange',
      'd20.fight.creatures.<name>.hp', 'd20.fight.fight.maxRounds', 'd20.attack.trials', 'skirmish.attack.seed',
    ]));
    expect(fields.length).toBeGreaterThan(100);
  });

  // Seeds go up to 2^53 - 1 (they size nothing); every other field is far smaller.
  it.each(['1e16', '-1e16', 'Infinity', 'NaN'])('every numeric field refuses %s', (text) => {
    const unbounded = fields.filter(([, s]) => s.safeParse(Number(text)).success).map(([p]) => p);
    expect(unbounded).toEqual([]);
  });

  it('.inf and .nan are named as such, not as null', () => {
    const file = studyFile(EXAMPLE.replace('cc: 3, rc: 3, might: 3, skill: 4', 'cc: .inf, rc: -.inf, might: .nan, skill: 4'));
    expect(() => loadStudy(file)).toThrow(`${file}:6:16 fighters.keen.cc: expected number, received Infinity\n${file}:6:26 fighters.keen.rc: expected number, received -Infinity\n${file}:6:40 fighters.keen.might: expected number, received NaN`);
  });

  it('d20 damage: the flat part is bounded, dice counts and sides too', () => {
    expect(parseDamage('1d8+100000000')).toBe('invalid dice notation "1d8+100000000": the flat part must be from -1000 to 1000, received 100000000');
    expect(parseDamage('1d8+99999999999999999999')).toMatch(/the flat part must be from -1000 to 1000/);
    expect(parseDamage('1d8-1001')).toMatch(/the flat part must be from -1000 to 1000/);
    expect(parseDamage('1d8+1000')).toMatchObject({ flat: 1000 });
    expect(parseDamage('99999999999999d8')).toMatch(/1 to 20 dice per term/);
    expect(parseDamage('1d99999999999999')).toMatch(/dice have 2 to 100 sides/);
  });

  it('a d20 study with a huge damage bonus is refused at validation, at the field', () => {
    const text = `system: d20\nmode: attack\ncreatures:\n  a: { hp: 10, ac: 12, str: 1, dex: 1, con: 1 }\nweapons:\n  w: { kind: melee, damage: "1d8+100000000" }\nloadouts:\n  l: { creature: a, weapon: w }\nmatchups:\n  - { attacker: l, defender: l }\n`;
    const file = studyFile(text);
    expect(() => loadStudy(file)).toThrow(ConfigError);
    try {
      loadStudy(file);
    } catch (err) {
      expect((err as ConfigError).problems.map(formatProblem)).toEqual([`${file}:6:29 weapons.w.damage: invalid dice notation "1d8+100000000": the flat part must be from -1000 to 1000, received 100000000`]);
    }
  });

  it('variants: {} is refused; leaving variants out means one variant "base"', () => {
    const file = studyFile(EXAMPLE.replace(/variants:\n( {2}.*\n)+/, 'variants: {}\n'));
    expect(() => loadStudy(file)).toThrow(/variants: needs at least one variant \(leave out variants: for the single default variant "base"\)/);
    const without = loadStudy(studyFile(EXAMPLE.replace(/variants:\n( {2}.*\n)+/, '')));
    expect(Object.keys(without.data['variants'] as object)).toEqual(['base']);
  });

  it('a skirmish battle has at most 100 terrain pieces (each move and sight line tests every piece)', () => {
    const base = readFileSync(join(ROOT, 'configs', 'skirmish-battle.yaml'), 'utf8');
    const pieces = (n: number): string => base.replace('  maxRounds: 12\n', `  maxRounds: 12\n  terrain:\n${'    - { at: [1, 1], size: [0.5, 0.5], kind: cover }\n'.repeat(n)}`);
    const file = studyFile(pieces(101));
    expect(() => loadStudy(file)).toThrow(`${file}:46:5 battle.terrain: takes at most 100 item(s)`);
    expect((loadStudy(studyFile(pieces(100))).data['battle'] as { terrain: unknown[] }).terrain).toHaveLength(100);
  });

  it('a study planning more than 100000 tasks is refused before planning', () => {
    const names = Array.from({ length: 400 }, () => 'keen-sword');
    const text = EXAMPLE.replace(/matchups:\n( {2}.*\n)+/, `matchups:\n  - { attackers: [${names.join(', ')}], defenders: [${names.join(', ')}] }\n`);
    expect(() => loadStudy(studyFile(text))).toThrow(/the study would plan 320000 matchup x variant tasks; at most 100000 are allowed/);
  });
});
