/**
 * `balance validate STUDY.yaml` alone runs without yargs (src/cli/cli-run.ts, plainValidate):
 * the same output and exit code as the same study through yargs (`--no-list`, the default, sends
 * it there), for good and bad studies; and yargs (args.ts) is not even loaded.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plainValidate } from '../../src/cli/cli-run.js';
import { quickValidate } from '../../src/cli/launcher.js';
import { QUICK_STUDY_BYTES } from '../../src/cli/plain-validate.js';
import { EXAMPLE, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const EXAMPLE_FILE = 'configs/skirmish-attack-example.yaml';

describe('plain validate', () => {
  afterEach(() => {
    vi.doUnmock('../../src/cli/args.js');
    vi.resetModules();
  });

  it('is `validate` and one .yaml/.yml study, nothing else', () => {
    expect(plainValidate(['validate', 'a.yaml'])).toBe('a.yaml');
    expect(plainValidate(['validate', 'dir/b.YML'])).toBe('dir/b.YML');
    expect(plainValidate(['validate', 'a.yaml', '--list'])).toBeNull();
    expect(plainValidate(['validate', 'a.yaml', 'b.yaml'])).toBeNull();
    expect(plainValidate(['validate', '--help'])).toBeNull();
    expect(plainValidate(['validate', '-x.yaml'])).toBeNull();
    expect(plainValidate(['validate', '12'])).toBeNull();
    expect(plainValidate(['validate', 'a.json'])).toBeNull();
    expect(plainValidate(['validate'])).toBeNull();
    expect(plainValidate(['run', 'a.yaml'])).toBeNull();
    expect(plainValidate([])).toBeNull();
  });

  it('is quick (no optimising compiler) for a plain validate of a study up to QUICK_STUDY_BYTES, not a bigger, missing or flagged one', () => {
    const dir = tempDir();
    const study = readFileSync(EXAMPLE_FILE, 'utf8');
    const small = join(dir, 'small.yaml');
    writeFileSync(small, study);
    const edge = join(dir, 'edge.yaml');
    writeFileSync(edge, study + '#'.repeat(QUICK_STUDY_BYTES - Buffer.byteLength(study)));
    const big = join(dir, 'big.yaml');
    writeFileSync(big, study + '#'.repeat(QUICK_STUDY_BYTES - Buffer.byteLength(study) + 1));
    expect(quickValidate(['validate', small])).toBe(true);
    expect(quickValidate(['validate', edge])).toBe(true);
    expect(quickValidate(['validate', big])).toBe(false);
    expect(quickValidate(['validate', join(dir, 'missing.yaml')])).toBe(false);
    expect(quickValidate(['validate', small, '--list'])).toBe(false);
    expect(quickValidate(['run', small])).toBe(false);
  });

  it('gives what yargs gives: output and exit code for good, warned, bad and missing studies', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'folder.yaml'));
    const studies = [
      'configs/d20-attacks.yaml',
      'configs/skirmish-attack-example.yaml', // warnings
      'configs/skirmish-meta.yaml', // meta: block
      studyFile(EXAMPLE),
      studyFile('system: skirmish\nmode: attack\n  bad: [indent\n'),
      studyFile(EXAMPLE.replace('trials: 20000', 'trials: -5')),
      studyFile('system: skirmsh\nmode: attack\n'),
      join(dir, 'missing.yaml'),
      join(dir, 'folder.yaml'),
    ];
    for (const study of studies) {
      const plain = await balanceIn(['validate', study]);
      const viaYargs = await balanceIn(['validate', study, '--no-list']);
      expect(plain, study).toEqual(viaYargs);
    }
    expect((await balanceIn(['validate', studies[0]!])).stdout).toMatch(/: ok \(d20 attack, 28 matchup x variant tasks/);
    expect((await balanceIn(['validate', studies[4]!])).code).toBe(2);
  });

  it('does not load yargs (args.ts); anything else does', async () => {
    vi.resetModules();
    const loaded: string[] = [];
    vi.doMock('../../src/cli/args.js', () => {
      loaded.push('args.ts');
      return { createCli: () => { throw new Error('yargs started'); } };
    });
    const { runCli } = await import('../../src/cli/cli-run.js');
    let out = '';
    const sink = { isTTY: false, write: (s: string) => ((out += s), true) } as unknown as NodeJS.WriteStream;
    expect(await runCli(['validate', 'configs/d20-attacks.yaml'], { stdout: sink, stderr: sink })).toBe(0);
    expect(out).toMatch(/: ok \(d20 attack/);
    expect(loaded).toEqual([]);
    out = '';
    expect(await runCli(['validate', 'configs/d20-attacks.yaml', '--no-list'], { stdout: sink, stderr: sink })).toBe(1);
    expect([loaded, out]).toEqual([['args.ts'], 'balance: error: yargs started\n']);
  });
});
