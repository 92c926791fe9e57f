/** Careless and hostile names and flags: CSV formula escaping, report.md escaping, precision ceilings. */
import { existsSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/report/data.js';
import { EXAMPLE, ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const SMALL = EXAMPLE.replace('trials: 20000', 'trials: 500');

describe('names that look like formulas or HTML', () => {
  it('reach every CSV escaped, and report.md as text, without the escape; balance report rebuilds the same report', async () => {
    // A formula, HTML with a newline, a formula behind a blank, and a name that really starts with '.
    const text = SMALL.replaceAll('keen-sword', '"=HYPERLINK(1)"').replaceAll('stout-axe-medium', '"<b>bold</b>\\nline|two"')
      .replace('base:', '" =base":').replace('defender-ties:', '"\'@variant":');
    const out = join(tempDir(), 'out');
    const r = await balanceIn(['run', studyFile(text), '--out', out, '--workers', '0']);
    expect(r.code).toBe(0);
    const raw = readFileSync(join(out, 'summary.csv'), 'utf8');
    expect(raw).toContain("\n' =base,'=HYPERLINK(1),\"<b>bold</b>\nline|two\",");
    expect(raw).toContain("\n''@variant,'=HYPERLINK(1),");
    const summary = parseCsv(raw);
    expect(summary.map((row) => [row['variant'], row['attacker'], row['defender']])).toContainEqual(["'@variant", '=HYPERLINK(1)', '<b>bold</b>\nline|two']);
    for (const f of ['distribution.csv', 'compare.csv']) {
      const rows = parse(readFileSync(join(out, f), 'utf8'), { columns: true }) as Record<string, string>[]; // the cells as written
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect([["' =base", "''@variant"].includes(row['variant']!), row['attacker'] ?? row['matchup_a']]).toEqual([true, "'=HYPERLINK(1)"]);
    }
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).not.toContain('<b>');
    expect(md).toContain('&lt;b>bold&lt;/b> line\\|two');
    expect(md).toContain('**=HYPERLINK(1) vs &lt;b>bold&lt;/b> line\\|two**');
    expect(md).toContain("| '@variant | =HYPERLINK(1) vs &lt;b>bold&lt;/b> line\\|two");
    expect(md).not.toMatch(/'=HYPERLINK|''@variant|' =base/);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('>=HYPERLINK(1)');
    expect(html).not.toMatch(/[>"](?:'|&#39;)(?:=HYPERLINK|'@variant| =base)/);
    expect((await balanceIn(['report', out])).code).toBe(0);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toBe(md);
  });
});

describe('names with HTML, markdown marks, pipes, backticks and newlines (skirmish duel: run, meta)', () => {
  const study = join(ROOT, 'test/fixtures/hostile-names-duel.yaml');
  /** Every line of report.md that is not the run's command (a code span, quoted as written). */
  const prose = (md: string): string => md.split('\n').filter((l) => !l.startsWith('| command |')).join('\n');

  it('report.md shows every name as text: in headings, tables, notes and sentences; stdout keeps one line per row', async () => {
    for (const command of ['run', 'meta']) {
      const out = join(tempDir(), 'out');
      const r = await balanceIn([command, study, '--out', out, '--workers', '0']);
      expect(r.code, r.stderr).toBe(0);
      const md = prose(readFileSync(join(out, 'report.md'), 'utf8'));
      expect(md).not.toMatch(/<(i|img|script)\b/);
      // Markdown marks of a name are escaped: no bold, link or code span comes from a name.
      expect(md).not.toMatch(/(^|[^\\])\*\*bold/m);
      expect(md).not.toMatch(/(^|[^\\])\[l/m);
      expect(md).not.toMatch(/(^|[^\\])`c/m);
      expect(md).toContain('a\\|b\\`c\\` d \\*\\*bold\\*\\* \\[l\\](http://x)');
      expect(md).toContain(command === 'run' ? '## Distribution of rounds (&lt;i>base&lt;/i>\\|x)' : '## Meta: &lt;i>base&lt;/i>\\|x');
      // The Matchups table has a variant column (every variant, not only the first).
      if (command === 'run') expect(md).toContain('\n| &lt;i>base&lt;/i>\\|x | &lt;img src=x onerror=alert(1)> |');
      expect(md.split('\n')[0]).toMatch(/^# T &lt;script>alert\(1\)&lt;\/script> \\\| pipe \\`tick\\`/);
      // A newline in a name never starts a line of its own.
      expect(md).not.toMatch(/^d \\?\*/m);
      const html = readFileSync(join(out, 'report.html'), 'utf8');
      expect(html).not.toMatch(/<(i|img|script)\b/);
      if (command === 'run') {
        expect(r.stdout).toContain('a|b`c`\\nd **bold**');
        expect(r.stdout.split('\n').filter((l) => l.startsWith('d '))).toEqual([]);
      }
    }
  });
});

describe('--precision ceiling', () => {
  it('marks rows that stopped at --max-trials, says so on stderr, and the report claims nothing it did not reach', async () => {
    const out = join(tempDir(), 'out');
    const r = await balanceIn(['run', studyFile(SMALL), '--out', out, '--workers', '0', '--engine', 'dice', '--precision', '0.001', '--max-trials', '2000']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('balance: 4 of 4 matchup(s) stopped at --max-trials 2000 before their 95% half-width reached 0.001; marked precision_reached=false in summary.csv\n');
    const rows = parseCsv(readFileSync(join(out, 'summary.csv'), 'utf8'));
    expect(rows.map((row) => [row['trials'], row['precision_reached']])).toEqual(Array(4).fill(['2000', 'false']));
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toContain('95% half-width <= 0.001 NOT reached by 4 of 4 matchups (stopped at 2000 trials; precision_reached in summary.csv)');
    expect(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'))).toMatchObject({ precision_reached: 0, precision_missed: 4 });
  });

  it('a target every row reaches is claimed, and every row says so', async () => {
    const out = join(tempDir(), 'out');
    const r = await balanceIn(['run', studyFile(SMALL), '--out', out, '--workers', '0', '--engine', 'dice', '--precision', '0.5']);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('max-trials');
    expect(parseCsv(readFileSync(join(out, 'summary.csv'), 'utf8')).map((row) => row['precision_reached'])).toEqual(Array(4).fill('true'));
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toMatch(/95% half-width <= 0\.5, \d+-\d+ trials per matchup/);
    expect(md).not.toContain('NOT reached');
  });

  it('balance report claims no target that run.json does not show reached; a run.json that is not an object, a device, or a meta directory is one line, exit 2', async () => {
    const out = join(tempDir(), 'out');
    expect((await balanceIn(['run', studyFile(SMALL), '--out', out, '--workers', '0', '--precision', '0.5'])).code).toBe(0);
    const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as Record<string, unknown>;
    delete run['precision_missed'];
    delete run['trials_min'];
    writeFileSync(join(out, 'run.json'), JSON.stringify(run));
    expect((await balanceIn(['report', out])).code).toBe(0);
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toContain('| precision | 95% half-width <= 0.5 (run.json does not record whether every matchup reached it) |');
    expect(md).not.toContain('undefined');
    writeFileSync(join(out, 'run.json'), 'null');
    const none = await balanceIn(['report', out]);
    expect([none.code, none.stderr]).toEqual([2, `${join(out, 'run.json')}: not a run.json of balance run (expected a JSON object)\n`]);
    writeFileSync(join(out, 'run.json'), JSON.stringify({ ...run, analysis: 'meta' }));
    const meta = await balanceIn(['report', out]);
    expect([meta.code, meta.stderr]).toEqual([2, `${out}: holds a balance meta run, whose report balance report does not rebuild; run balance meta again\n`]);
    writeFileSync(join(out, 'run.json'), JSON.stringify(run));
    unlinkSync(join(out, 'distribution.csv'));
    symlinkSync('/dev/zero', join(out, 'distribution.csv'));
    const dev = await balanceIn(['report', out]);
    expect([dev.code, dev.stderr]).toEqual([2, `${join(out, 'distribution.csv')}: is not a regular file and gave more than 512 MB; a file of a run may be at most 512 MB\n`]);
  });

  it('runs without --precision have no precision_reached column', async () => {
    const out = join(tempDir(), 'out');
    expect((await balanceIn(['run', studyFile(SMALL), '--out', out, '--workers', '0'])).code).toBe(0);
    expect(readFileSync(join(out, 'summary.csv'), 'utf8').split('\n')[0]).not.toContain('precision_reached');
  });
});

/** Any control character but the newline that ends a line. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/;

describe('names with control characters', () => {
  // ESC sequences in a name would recolour the terminal, set its title or worse; tabs and newlines break the table.
  const text = SMALL.replaceAll('keen-sword', '"\\e]0;pwned\\a\\e[31mred"').replaceAll('stout-axe-medium', '"two\\nlines\\tand\\rcr"');

  it('are printed escaped in the summary table, validate --list and the report, and kept as they are in the CSVs', async () => {
    const file = studyFile(text);
    const out = join(tempDir(), 'out');
    const r = await balanceIn(['run', file, '--out', out, '--workers', '0']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(CONTROL);
    expect(r.stdout).toContain('\\u001b]0;pwned\\u0007\\u001b[31mred  two\\nlines\\tand\\rcr');
    const list = await balanceIn(['validate', file, '--list']);
    expect(list.code).toBe(0);
    expect(list.stdout).not.toMatch(CONTROL);
    expect(list.stdout).toContain('attacker=\\u001b]0;pwned\\u0007\\u001b[31mred defender=two\\nlines\\tand\\rcr');
    expect(parseCsv(readFileSync(join(out, 'summary.csv'), 'utf8')).map((row) => row['attacker'])).toContain('\u001b]0;pwned\u0007\u001b[31mred');
  });

  it('are printed escaped by trace (text and JSONL)', async () => {
    const duel = text.replace('mode: attack', 'mode: duel').replace(/\nmatchups:[\s\S]*?\nsituation:.*\n/, '\nmatchups:\n  - { sides: ["\\e]0;pwned\\a\\e[31mred"], opponents: ["two\\nlines\\tand\\rcr"] }\n');
    for (const format of ['text', 'jsonl']) {
      const r = await balanceIn(['trace', studyFile(duel), '--format', format]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).not.toMatch(CONTROL);
      expect(r.stdout).toContain('\\u001b]0;pwned\\u0007\\u001b[31mred');
    }
  });
});

describe('--max-trials and repeated problems', () => {
  it('--max-trials is refused without --precision and below --trials (run, meta): one line, exit 2, nothing written', async () => {
    const cases: [string[], RegExp][] = [
      [['run', studyFile(SMALL), '--max-trials', '50'], /^--max-trials: is the ceiling of a --precision run: give --precision too/],
      [['run', studyFile(SMALL), '--precision', '0.1', '--max-trials', '50'], /^--max-trials: \(50\) is below the trials every matchup starts with \(500\)/],
      [['meta', join(ROOT, 'configs/skirmish-meta.yaml'), '--max-trials', '50'], /^--max-trials: is the ceiling of a --precision run/],
    ];
    for (const [args, message] of cases) {
      const out = join(tempDir(), 'out');
      const r = await balanceIn([...args, '--out', out, '--workers', '0']);
      expect(r.code, args.join(' ')).toBe(2);
      // The study's own warnings (the example's melee weapon with aim) come first; then one problem.
      const problems = r.stderr.trim().split('\n').filter((l) => !/: warning: /.test(l));
      expect(problems, args.join(' ')).toHaveLength(1);
      expect(problems[0], args.join(' ')).toMatch(message);
      expect(existsSync(out), args.join(' ')).toBe(false);
    }
  });

  it('a fault that a check meets once per matchup is reported once (a battle whose deployment does not fit, 3 matchups)', async () => {
    const text = readFileSync(join(ROOT, 'configs/skirmish-battle.yaml'), 'utf8').replace('board: [24, 24]', 'board: [1000, 1000]').replace('distance: 12', 'distance: 999');
    const r = await balanceIn(['validate', studyFile(text)]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/study\.yaml:\d+:\d+ battle\.distance: the deployment lines 999" apart do not fit on a board 1000" deep$/)]);
  });
});
