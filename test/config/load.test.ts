import { describe, expect, it } from 'vitest';
import { parseStudy } from '../../src/config/load.js';
import { ConfigError } from '../../src/config/problems.js';
import { closest } from '../../src/common/suggest.js';

describe('parseStudy', () => {
  it('keeps an unquoted +N as the string the user wrote, and plain numbers as numbers', () => {
    const s = parseStudy('s.yaml', 'weapons:\n  axe: { might: +2, skill: 3, other: "+1" }\n');
    expect(s.data).toEqual({ weapons: { axe: { might: '+2', skill: 3, other: '+1' } } });
  });

  it('places problems at the node of a path, or at its key, or at the closest ancestor', () => {
    const s = parseStudy('s.yaml', 'a:\n  b: [1, 2]\n  c: x\n');
    expect(s.problemAt(['a', 'b', 1], 'm')).toMatchObject({ line: 2, col: 10, path: 'a.b[1]' });
    expect(s.problemAt(['a', 'c'], 'm', true)).toMatchObject({ line: 3, col: 3 });
    expect(s.problemAt(['a', 'missing', 'deeper'], 'm')).toMatchObject({ line: 2, col: 3 });
  });

  it('rejects a YAML syntax error, duplicate keys and a non-mapping document', () => {
    expect(() => parseStudy('s.yaml', 'a: [1,\n')).toThrow(ConfigError);
    expect(() => parseStudy('s.yaml', 'a: 1\na: 2\n')).toThrow(/s\.yaml:2:1: YAML syntax error: Map keys must be unique/);
    expect(() => parseStudy('s.yaml', '- 1\n')).toThrow(/a study must be a YAML mapping/);
  });
});

describe('closest', () => {
  it('suggests near names only', () => {
    expect(closest('kean', ['keen', 'stout'])).toBe('keen');
    expect(closest('tieGoesto', ['tieGoesTo', 'manoeuvres'])).toBe('tieGoesTo');
    expect(closest('zzzzzz', ['keen', 'stout'])).toBeNull();
  });
});
