/** A careless designer on the solved-policy fields and commands: one clear line, exit 2, nothing written. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const PARTY = readFileSync(join(ROOT, 'configs/d20-party-vs-monsters.yaml'), 'utf8');

describe('a d20 side entry with a bad policy', () => {
  it('names the policy field (not "expected string") for a misspelt policy', async () => {
    const file = studyFile(PARTY.replace('policy: dodge-when-low', 'policy: dodge-when-lo'));
    const r = await balanceIn(['validate', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^\S+:40:\d+ sides\.heroes\[1\]\.policy: expected one of "focus-weakest".*received "dodge-when-lo" \(did you mean "dodge-when-low"\?\)\n$/);
  });
  it('names the policy field for a solved policy, which d20 fights do not play', async () => {
    const file = studyFile(PARTY.replace('policy: dodge-when-low', 'policy: optimal'));
    const r = await balanceIn(['validate', file]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('sides.heroes[1].policy: expected one of');
    expect(r.stderr).toContain('received "optimal"');
  });
});

describe('explain-policy flags a designer gets wrong', () => {
  const gap = join(ROOT, 'configs/skirmish-policy-gap.yaml');
  it.each([
    [['--matchup', 'x'], '--matchup: expected an index (an integer from 0), received "x"'],
    [['--matchup', '0x2'], '--matchup: expected an index (an integer from 0), received "0x2"'],
    [['--matchup', '1e0'], '--matchup: expected an index (an integer from 0), received "1e0"'],
    [['--matchup', ''], '--matchup: expected an index (an integer from 0), received ""'],
    [['--matchup', '-1'], '--matchup: expected an index (an integer from 0), received "-1"'],
    [['--matchup', '2', '--matchup', '3'], '--matchup: expected an index (an integer from 0), received ["2","3"]'],
    [['--top', ''], '--top: expected an integer from 1 to 1000, received ""'],
    [['--top', '2', '--top', '3'], '--top: expected an integer from 1 to 1000, received ["2","3"]'],
  ])('%j is one line, exit 2', async (flags, line) => {
    const r = await balanceIn(['explain-policy', gap, ...flags]);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `${line}\n`]);
  });
  it.each(['--matchup', '--top', '--side', '--variant'])('%s without its value is a usage error (exit 2), not the default', async (flag) => {
    const r = await balanceIn(['explain-policy', gap, flag]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`balance: Not enough arguments following: ${flag.slice(2)}\n`);
    expect(r.stderr).not.toContain('error:');
  });
});

describe('explain-policy on a duel over the limits', () => {
  it('says what to change for explain-policy, not "use balance run" (which explains nothing)', async () => {
    // Twenty Wounds a side over 200 rounds: far beyond the exact walker's limits.
    const text = readFileSync(join(ROOT, 'configs/skirmish-duels.yaml'), 'utf8').replaceAll('wounds: 3', 'wounds: 20').replace('maxRounds: 20', 'maxRounds: 200');
    const file = studyFile(text);
    const r = await balanceIn(['explain-policy', file]);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/^\S+: exact duel has more than \d+ [^:]+ \(limit MAX_EXACT_\w+\): explain-policy solves the duel exactly; use fewer Wounds or a smaller maxRounds\n$/);
    expect(r.stderr.startsWith(`${file}: `)).toBe(true);
  });
});

describe('balance report on an exact output with policy-gap columns that a person edited', () => {
  it('a number cell holding text is one line naming file, line and column, exit 2, reports untouched', async () => {
    const out = join(tempDir(), 'gap');
    const r0 = await balanceIn(['exact', join(ROOT, 'configs/skirmish-policy-gap.yaml'), '--out', out]);
    expect(r0.code).toBe(0);
    const summary = join(out, 'summary.csv');
    const lines = readFileSync(summary, 'utf8').split('\n');
    expect(lines[0]).toMatch(/,b_win_optimal$/);
    expect((await balanceIn(['report', out])).code).toBe(0);
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    lines[1] = lines[1]!.replace(/,[^,]*$/, ',abc');
    writeFileSync(summary, lines.join('\n'));
    const r = await balanceIn(['report', out]);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `${summary}:2: column b_win_optimal: expected a number, received "abc"\n`]);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toBe(md);
    lines[1] = lines[1]!.replace(/,abc$/, ',').replace(/^([^,]*,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*),[^,]*/, '$1,x1');
    writeFileSync(summary, lines.join('\n'));
    const r2 = await balanceIn(['report', out]);
    expect([r2.code, r2.stderr]).toEqual([2, `${summary}:2: column a_win_rate: expected a number, received "x1"\n`]);
  });
});
