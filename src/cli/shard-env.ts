/**
 * `--shard-from-env`: the shard of this process from a cluster scheduler's environment.
 * - Kubernetes Indexed Job: JOB_COMPLETION_INDEX (0-based) -> shard index + 1; the count comes
 *   from `--shard-count` (Kubernetes sets no variable for it: pass spec.completions).
 * - Slurm job array: SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN (0 when unset) + 1; the count
 *   from `--shard-count`, else SLURM_ARRAY_TASK_COUNT. The array must be contiguous (no `:step`).
 */
import { inputError } from '../config/problems.js';

export interface Shard {
  readonly index: number;
  readonly count: number;
}

function envInt(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw.trim())) throw inputError('--shard-from-env', `${name} should be a whole number, is ${JSON.stringify(raw)}`);
  return Number(raw.trim());
}

export function shardFromEnv(env: NodeJS.ProcessEnv, shardCount?: number): Shard {
  const k8s = envInt(env, 'JOB_COMPLETION_INDEX');
  const slurm = envInt(env, 'SLURM_ARRAY_TASK_ID');
  if (k8s !== undefined && slurm !== undefined) {
    throw inputError('--shard-from-env', 'both JOB_COMPLETION_INDEX and SLURM_ARRAY_TASK_ID are set; unset one or use --shard i/n');
  }
  let index: number;
  let count: number | undefined;
  let source: string;
  if (k8s !== undefined) {
    index = k8s + 1;
    count = shardCount;
    source = `JOB_COMPLETION_INDEX=${k8s}`;
    if (count === undefined) throw inputError('--shard-from-env', 'with JOB_COMPLETION_INDEX, give the number of shards with --shard-count N (the Job\'s completions)');
  } else if (slurm !== undefined) {
    index = slurm - (envInt(env, 'SLURM_ARRAY_TASK_MIN') ?? 0) + 1;
    count = shardCount ?? envInt(env, 'SLURM_ARRAY_TASK_COUNT');
    source = `SLURM_ARRAY_TASK_ID=${slurm}`;
    if (count === undefined) throw inputError('--shard-from-env', 'with SLURM_ARRAY_TASK_ID, give --shard-count N or set SLURM_ARRAY_TASK_COUNT');
  } else {
    throw inputError('--shard-from-env', 'neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm job array) is set');
  }
  if (count < 1 || count > 10_000 || index < 1 || index > count) {
    throw inputError('--shard-from-env', `${source} gives shard ${index} of ${count}, outside 1..${count}`);
  }
  return { index, count };
}
