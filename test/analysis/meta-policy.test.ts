/** `balance meta` with one policy for its roster (`meta.policy: search`: the equilibrium of good players), said in run.json and the report. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const PARTIES = (policy: string) => `system: d20
mode: fight
seed: 4
trials: 40
creatures:
  fighter: { hp: 14, ac: 16, str: 3, dex: 1, con: 2, pb: 2, hitDie: d10 }
  rogue:   { hp: 10, ac: 14, str: 0, dex: 3, con: 1, pb: 2, hitDie: d8 }
weapons:
  longsword: { kind: melee, damage: 1d8 }
  rapier:    { kind: melee, damage: 1d8, finesse: true }
loadouts:
  fighter: { creature: fighter, weapon: longsword }
  rogue:   { creature: rogue, weapon: rapier }
meta:
  roster:
    duo: [fighter, { loadout: rogue, policy: random }]
    rogues: [rogue, rogue]
  resamples: 20
${policy}`;

describe('balance meta: the roster policy', () => {
  it('meta.policy replaces every fighter\'s policy; run.json and report.md say which', async () => {
    const dir = tempDir();
    const r = await balanceIn(['meta', studyFile(PARTIES('  policy: search\n')), '--out', dir, '--workers', '0']);
    expect(r.code, r.stderr).toBe(0);
    const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as Record<string, unknown>;
    expect(run['policy']).toBe('search');
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain('| roster policy | search |');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<td>roster policy</td><td>search</td>');
  }, 300_000);

  it('without meta.policy the report says each entry plays its own', async () => {
    const dir = tempDir();
    const r = await balanceIn(['meta', studyFile(PARTIES('')), '--out', dir, '--workers', '0']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain("| roster policy | each entry's own (the study's, default tactical in fights) |");
  }, 120_000);

  it('a policy for a party not in the roster: one line at meta.policy, exit 2', async () => {
    const r = await balanceIn(['meta', studyFile(PARTIES('  policy: { duo: search, rouges: search }\n')), '--out', tempDir()]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/study\.yaml:\d+:\d+ meta\.policy\.rouges: "rouges" is not in the roster \(did you mean "rogues"\?\)/);
  });
});
