/** `balance trace` and `balance validate --list` as a user runs them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const DUEL = readFileSync(join(ROOT, 'test/fixtures/keen-stout-duel.yaml'), 'utf8');

describe('balance validate --list', () => {
  it('prints every task of the expanded plan with its index, variant, names and policies', async () => {
    const r = await balanceIn(['validate', '--list', studyFile(DUEL)]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').slice(1);
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe('1: variant=base matchup=1 a=archer b=stout-axe-medium policyA=shooter policyB=aggressive');
    expect(lines[5]).toBe('5: variant=defender-ties matchup=1 a=archer b=stout-axe-medium policyA=shooter policyB=aggressive');
  });
});

describe('balance trace', () => {
  it('text: one line per action with rolls, and the same winners as the first K fights of run', async () => {
    const study = studyFile(DUEL);
    const K = 40;
    const out = tempDir();
    expect((await balanceIn(['run', study, '--trials', String(K), '--engine', 'dice', '--workers', '0', '--seed', '3', '--out', out])).code).toBe(0);
    const summary = readFileSync(join(out, 'summary.csv'), 'utf8').trim().split('\n');
    const row = summary.find((l) => l.startsWith('defender-ties,archer,stout-axe-medium,'))!.split(',');
    const r = await balanceIn(['trace', study, '--variant', 'defender-ties', '--matchup', '1', '--fights', String(K), '--engine', 'dice', '--seed', '3', '--format', 'jsonl']);
    expect(r.code).toBe(0);
    const events = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const ends = events.filter((e) => e['action'] === 'end');
    expect(ends).toHaveLength(K);
    expect([ends.filter((e) => e['winner'] === 'a').length, ends.filter((e) => e['winner'] === 'b').length, ends.filter((e) => e['winner'] === 'draw').length])
      .toEqual([Number(row[4]), Number(row[5]), Number(row[6])]);
    const shot = events.find((e) => e['action'] === 'ranged' && e['rolls'] !== undefined)!;
    expect(Object.keys(shot)).toEqual(expect.arrayContaining(['fight', 'round', 'side', 'actor', 'action', 'target', 'distance_before', 'distance_after', 'rolls', 'wounds', 'state_after', 'target_state_before']));
    const text = await balanceIn(['trace', study, '--matchup', '1', '--engine', 'dice']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^# skirmish duel: variant=base a=archer b=stout-axe-medium/);
    expect(text.stdout).toMatch(/R1 {2}a archer {2}ranged {2}-> stout-axe-medium {2}rolls strike_might=\[[1-6 ]+\]/);
    expect(text.stdout).toMatch(/fight 1: (a \(archer\) wins|b \(stout-axe-medium\) wins|draw) after \d+ round\(s\)/);
  });

  it('d20 fights: the header names the sides and the end line says heroes/enemies win (not "a (a) wins")', async () => {
    const r = await balanceIn(['trace', join(ROOT, 'configs/d20-party-vs-monsters.yaml'), '--fights', '20']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^# d20 fight: variant=base sides=heroes vs enemies; seed/);
    const ends = r.stdout.split('\n').filter((l) => /^fight \d+: /.test(l));
    expect(ends).toHaveLength(20);
    for (const l of ends) expect(l).toMatch(/^fight \d+: (heroes win|enemies win|draw) after \d+ round\(s\)$/);
    expect(r.stdout).not.toMatch(/\ba \(a\)|\bb \(b\)/);
  });

  it('battles: an attack line shows its dice as in duels (rolls strike_might=[...] ..., then N unblocked)', async () => {
    const r = await balanceIn(['trace', join(ROOT, 'configs/skirmish-battle.yaml'), '--engine', 'dice']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^# skirmish battle: variant=base a=phoenix b=wardens/);
    expect(r.stdout).toMatch(/ {2}melee {2}-> \S+ {2}rolls strike_might=\[[1-6 ]+\] strike_skill=\[[1-6 ]*\] defence_might=\[[1-6 ]*\] defence_skill=\[[1-6 ]*\] {2}: \d+ unblocked/);
    expect(r.stdout).toMatch(/ {2}ranged {2}-> \S+ {2}rolls strike_might=/);
    // The roll-off's dice and the duel's words; the states as the CSVs write them.
    expect(r.stdout).toMatch(/ {2}initiative {2}rolls \[[1-6 ]+\] {2}: [ab] goes first; \d+ vs \d+ activations; \d+ Pass token\(s\)/);
    expect(r.stdout).not.toMatch(/out-of-action/);
  });

  it('the table engine says it shows no dice faces and suggests --engine dice', async () => {
    const r = await balanceIn(['trace', studyFile(DUEL), '--engine', 'table']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/no dice faces are shown; use --engine dice/);
    expect(r.stdout).not.toMatch(/rolls/);
  });

  it('bad input: one clear line, exit 2', async () => {
    const study = studyFile(DUEL);
    const cases: [string[], RegExp][] = [
      [['--matchup', '8'], /^--matchup: expected an index from 0 to 7 \(the study has 8; balance validate --list STUDY prints them\), received 8$/],
      [['--variant', 'defender-tie'], /^--variant: unknown variant "defender-tie" \(did you mean "defender-ties"\?\)/],
      [['--variant', 'base', '--matchup', '4'], /^--matchup: expected an index from 0 to 3 \(variant "base" has 4/],
      [['--fights', '0'], /^--fights: expected an integer from 1 to 1000000, received 0$/],
    ];
    for (const [flags, message] of cases) {
      const r = await balanceIn(['trace', study, ...flags]);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.trim()).toMatch(message);
    }
    const attack = await balanceIn(['trace', join(ROOT, 'configs/skirmish-attack-example.yaml')]);
    expect(attack.code).toBe(2);
    expect(attack.stderr).toMatch(/skirmish attack has no fights to trace/);
  });
});
