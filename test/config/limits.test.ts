/** Hostile study files: size, devices, alias bombs, duplicate keys, built-in JavaScript names. */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, ftruncateSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESERVED_NAMES } from '../../src/common/names.js';
import { MAX_STUDY_BYTES } from '../../src/config/limits.js';
import { parseStudy, yamlProblems } from '../../src/config/load.js';
import { readStudyFile } from '../../src/config/read-file.js';
import { formatProblem } from '../../src/config/problems.js';
import { loadStudy } from '../../src/config/study-file.js';
import { EXAMPLE, ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { problemsOf } from '../helpers/problems.js';

/** The problem lines a loader call throws. */
const problems = problemsOf;

describe('study file size', () => {
  it('refuses a regular file over the limit before reading it', () => {
    const file = join(tempDir(), 'huge.yaml');
    const fd = openSync(file, 'w');
    ftruncateSync(fd, MAX_STUDY_BYTES + 1);
    closeSync(fd);
    expect(problems(() => readStudyFile(file))).toEqual([`${file}: is 10.0 MB; a study may be at most 10 MB`]);
  });

  it('reads a device only up to the limit (/dev/urandom)', () => {
    expect(problems(() => readStudyFile('/dev/urandom'))).toEqual(['/dev/urandom: is not a regular file and gave more than 10 MB; a study may be at most 10 MB']);
  });

  it('reads a whole pipe longer than its first buffer (64 KB), and a regular file exactly', () => {
    const text = `# ${'x'.repeat(100)}\n`.repeat(3000) + 'a: 1\n';
    const file = studyFile(text);
    expect(readStudyFile(file)).toBe(text);
    const fifo = join(tempDir(), 'study.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writer = spawn('cp', [file, fifo]);
    expect(readStudyFile(fifo)).toBe(text);
    writer.kill();
    writeFileSync(file, '');
    expect(readStudyFile(file)).toBe('');
  });

  it('refuses binary files and directories in one line', () => {
    expect(problems(() => readStudyFile(studyFile('a: 1\n\u0000')))[0]).toMatch(/is not a text file/);
    expect(problems(() => readStudyFile(tempDir()))[0]).toMatch(/: is a directory$/);
  });

  it('refuses a file that is not UTF-8 at its first bad byte (it was read with U+FFFD for the bad bytes)', () => {
    const file = join(tempDir(), 'latin1.yaml');
    writeFileSync(file, Buffer.from(EXAMPLE.replaceAll('keen-sword', 'k\u00e9en-sword'), 'latin1'));
    expect(problems(() => loadStudy(file))).toEqual([`${file}:13:4: is not UTF-8 text (save the study as UTF-8)`]);
    const last = join(tempDir(), 'last.yaml');
    writeFileSync(last, Buffer.concat([Buffer.from('a: 1\nb: "x'), Buffer.from([0xff]), Buffer.from('"')]));
    expect(problems(() => readStudyFile(last))).toEqual([`${last}:2:6: is not UTF-8 text (save the study as UTF-8)`]);
    // UTF-8 with a byte order mark, and a U+FFFD written as UTF-8, are fine.
    expect(readStudyFile(studyFile('\ufeffa: "\ufffd"\n'))).toBe('\ufeffa: "\ufffd"\n');
  });
});

describe('YAML limits', () => {
  it('an alias bomb is refused at its first alias', () => {
    const bomb = `a: &a [1,1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\n`;
    expect(problems(() => parseStudy('s.yaml', bomb))).toEqual(['s.yaml:2:8: YAML aliases expand to more than 100 copies (an alias bomb?); write the values out']);
  });

  it('a few aliases are fine', () => {
    expect(parseStudy('s.yaml', 'a: &a { x: 1 }\nb: *a\nc: *a\n').data).toEqual({ a: { x: 1 }, b: { x: 1 }, c: { x: 1 } });
  });

  it('finds every duplicate key, at the repeated key, in a mapping of 20,000 keys', () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `  f${i}: ${i}`);
    keys.push('  f17: 1', '  f19999: 2');
    expect(problems(() => parseStudy('s.yaml', `t:\n${keys.join('\n')}\n`))).toEqual([
      's.yaml:20002:3: YAML syntax error: Map keys must be unique ("f17" appears twice)',
      's.yaml:20003:3: YAML syntax error: Map keys must be unique ("f19999" appears twice)',
    ]);
  });
});

describe('built-in JavaScript names', () => {
  const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

  it.each(names)('%s is refused as a fighter, weapon, loadout or variant name', (name) => {
    for (const table of ['fighters', 'weapons', 'loadouts', 'variants']) {
      const text = EXAMPLE.replace(`${table}:\n`, `${table}:\n  ${name}: {}\n`);
      const lines = problems(() => loadStudy(studyFile(text)));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`study\\.yaml:\\d+:3: "${name}" is a built-in JavaScript name and cannot be used as a name or key; choose another$`));
    }
  });

  it.each(names)('a reference to %s is an unknown name, not a built-in', (name) => {
    const text = EXAMPLE.replace('{ fighter: keen, weapon: sword }', `{ fighter: ${name}, weapon: ${name} }`)
      .replace('- { attacker: keen-sword, defender: stout-axe-medium }', `- { attacker: keen-sword, defender: ${name} }`);
    const lines = problems(() => loadStudy(studyFile(text)));
    expect(lines).toEqual(expect.arrayContaining([
      expect.stringMatching(new RegExp(`loadouts\\.keen-sword\\.fighter: unknown fighter "${name}"`)),
      expect.stringMatching(new RegExp(`loadouts\\.keen-sword\\.weapon: unknown weapon "${name}"`)),
      expect.stringMatching(new RegExp(`matchups\\[0\\]\\.defender: unknown loadout "${name}"`)),
    ]));
  });

  it.each(names)('a sweep path through %s is refused and Object.prototype is untouched', (name) => {
    const text = `${EXAMPLE}sweep: { "fighters.${name}.cc": [1, 2] }\n`;
    expect(problems(() => loadStudy(studyFile(text)))).toEqual([
      expect.stringMatching(new RegExp(`sweep\\.fighters\\.${name}\\.cc: cannot sweep "fighters\\.${name}\\.cc": "${name}" is a built-in JavaScript name`)),
    ]);
    expect(Object.prototype).not.toHaveProperty('cc');
  });

  it.each(names)('a d20 fighter named %s (a name given as a value) is refused at validation, at the name', (name) => {
    // It passed validation and then broke the report's death-rate chart (exit 1 after the whole run).
    const text = readFileSync(join(ROOT, 'configs', 'd20-party-vs-monsters.yaml'), 'utf8')
      .replace('{ loadout: rogue-rapier, policy: dodge-when-low }', `{ loadout: rogue-rapier, policy: dodge-when-low, name: ${name} }`);
    const file = studyFile(text);
    expect(problems(() => loadStudy(file))).toEqual([
      `${file}:40:86 sides.heroes[1].name: "${name}" is a built-in JavaScript name and cannot be used as a name or key; choose another`,
    ]);
  });

  it('the refused set is every property of Object.prototype', () => {
    for (const n of names) expect(RESERVED_NAMES.has(n)).toBe(true);
    expect(RESERVED_NAMES.has('keen')).toBe(false);
  });

  it('validated name tables have no prototypes, so no lookup finds a built-in', () => {
    const study = loadStudy(studyFile(EXAMPLE));
    const fighters = study.data['fighters'] as Record<string, unknown>;
    expect(Object.getPrototypeOf(fighters)).toBeNull();
    expect(fighters['constructor']).toBeUndefined();
    expect(Object.getPrototypeOf(study.data['variants'])).toBeNull();
    // profiles stay ordinary (fast) objects: engines read them in hot loops
    expect(Object.getPrototypeOf(fighters['keen'])).toBe(Object.prototype);
    expect(Object.getPrototypeOf(study.data['situation'])).toBe(Object.prototype);
  });
});

describe('long lists and many warnings', () => {
  it('a list over 10000 items is refused at the list, before validation (200,000 keywords overflowed the stack, exit 1)', () => {
    const keywords = Array.from({ length: 200_000 }, (_, i) => `k${i}`).join(', ');
    const file = studyFile(EXAMPLE.replace('  keen:  { cc: 3,', `  keen:  { keywords: [${keywords}], cc: 3,`));
    expect(problems(() => loadStudy(file))).toEqual([`${file}:6:22: a list of 200000 items; a list in a study may have at most 10000`]);
    const ok = studyFile(EXAMPLE.replace('  keen:  { cc: 3,', `  keen:  { keywords: [${Array(10_000).fill('k').join(', ')}], cc: 3,`));
    expect(loadStudy(ok).warnings).toHaveLength(51);
  });

  it('warnings past the first 50 are counted in one line', () => {
    const keywords = Array.from({ length: 60 }, (_, i) => `k${i}`).join(', ');
    const file = studyFile(EXAMPLE.replace('  keen:  { cc: 3,', `  keen:  { keywords: [${keywords}], cc: 3,`));
    const lines = loadStudy(file).warnings.map(formatProblem);
    expect(lines).toHaveLength(51);
    expect(lines[49]).toMatch(/fighters\.keen\.keywords\[49\]: warning: keyword "k49" is not modelled/);
    expect(lines[50]).toBe(`${file}: 10 more warning(s) not shown`);
  });
});

describe('deep nesting', () => {
  it.each([65, 2000, 100_000])('lists nested %i levels deep are refused in one line, with the place', (n) => {
    // 1000 levels and more overflowed the parser's stack: "YAML syntax error: Maximum call stack size exceeded".
    const file = studyFile(`${EXAMPLE}title: ${'['.repeat(n - 1)}${']'.repeat(n - 1)}\n`);
    expect(problems(() => loadStudy(file))).toEqual([expect.stringMatching(new RegExp(`^${file}:22:\\d+: lists and mappings nest too deeply; a study may nest them at most 64 levels$`))]);
  });

  it('the parser\'s stack overflow is one problem, however many errors it surfaces as', () => {
    // Where the overflow breaks depends on how deep the stack already is when parsing starts: it
    // came out as two errors a column apart (one line each) when run from deeper in a test runner.
    const at = (offset: number, message: string) => ({ file: 'f.yaml', line: 1, col: offset + 1, path: '', message });
    const overflow = (col: number) => ({ message: 'Maximum call stack size exceeded', pos: [col, col + 1] as [number, number] });
    expect(yamlProblems([overflow(1084), overflow(1083), { message: 'Unexpected flow-seq-end\nat line 3', pos: [7, 8] }], at).map(formatProblem)).toEqual([
      'f.yaml:1:1085: lists and mappings nest too deeply; a study may nest them at most 64 levels',
      'f.yaml:1:8: YAML syntax error: Unexpected flow-seq-end',
    ]);
  });

  it('64 levels (the study mapping and 63 lists in it) are parsed', () => {
    const file = studyFile(`${EXAMPLE}title: ${'['.repeat(63)}${']'.repeat(63)}\n`);
    expect(problems(() => loadStudy(file))).toEqual([`${file}:22:8 title: expected string, received a list`]);
  });
});

describe('one line per problem', () => {
  it('a name with a newline or control character is printed escaped (found by the fuzzer, seed 20261129)', () => {
    const text = EXAMPLE.replace('loadouts:\n', 'loadouts:\n  "a\\nb\\u0007": { fighter: nobody, weapon: sword }\n');
    const lines = problems(() => loadStudy(studyFile(text)));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ loadouts\.a\\nb\\u0007\.fighter: unknown fighter "nobody"/);
  });
});
