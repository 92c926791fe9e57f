/**
 * The README's cluster recipes, simulated by the scripts in scripts/: N shard processes with the
 * scheduler's variable set, a merge, and a byte-for-byte comparison with one local run.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { balance, EXAMPLE, ROOT, studyFile, tempDir } from '../helpers/cli.js';

function simulate(script: string, args: readonly string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync('bash', [join(ROOT, 'scripts', script), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('cluster recipes', () => {
  const study = studyFile(EXAMPLE);

  it('a Kubernetes Indexed Job (JOB_COMPLETION_INDEX) of 2 shards merges to one local run', () => {
    const r = simulate('simulate-k8s.sh', [study, '2', '--trials', '250000']);
    expect([r.code, r.stdout.trim()], r.stderr).toEqual([0, 'k8s simulation: 2 shards merged are byte-identical to one local run']);
  });

  it('a Slurm job array (SLURM_ARRAY_TASK_ID) of 3 shards merges to one local run', () => {
    const r = simulate('simulate-slurm.sh', [study, '3', '--trials', '250000']);
    expect([r.code, r.stdout.trim()], r.stderr).toEqual([0, 'slurm simulation: 3 shards merged are byte-identical to one local run']);
  });

  it('--shard-from-env without a scheduler variable, or with --shard, is an input error', () => {
    const none = balance(['run', study, '--shard-from-env', '--out', tempDir()], { JOB_COMPLETION_INDEX: '', SLURM_ARRAY_TASK_ID: '' });
    expect([none.code, none.stderr.trim().split('\n').pop()]).toEqual([
      2, '--shard-from-env: neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm job array) is set',
    ]);
    const both = balance(['run', study, '--shard-from-env', '--shard', '1/2']);
    expect([both.code, both.stderr.trim().split('\n').pop()]).toEqual([2, '--shard-from-env: cannot be combined with --shard']);
    const q = balance(['run', study, '--queue', 'redis://127.0.0.1:1', '--workers', '2']);
    expect([q.code, q.stderr.trim().split('\n').pop()]).toEqual([2, '--queue: runs chunks on balance worker processes; --workers belongs to them']);
    const url = balance(['run', study, '--queue', 'http://u:hunter2@host']);
    expect([url.code, url.stderr.trim().split('\n').pop()]).toEqual([2, '--queue: expected a redis:// or rediss:// URL, received "http://u:***@host"']);
  });
});
