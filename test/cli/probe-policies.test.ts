/** A careless designer on the solved-policy fields and commands: one clear line, exit 2, nothing written. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, studyFile } from '../helpers/cli.js';
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
