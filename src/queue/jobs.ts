/**
 * What travels on the queue: one job per chunk, keyed by a deterministic chunk id, carrying the
 * study's text (never code), the tool version and the chunk's coordinates. The worker derives the
 * chunk's stream from (seed, task, chunk) itself, so a chunk's tally is the same wherever it runs.
 */
import { z } from 'zod';

/** BullMQ key prefix: every key this tool writes to Redis starts with `balance:`. */
export const PREFIX = 'balance';
/** A Redis set of the queues with work in progress: workers watch it to find queues to serve. */
export const REGISTRY = `${PREFIX}:queues`;
/** A chunk that fails this many times fails the run. */
export const ATTEMPTS = 3;
/** Largest study text a job may carry. */
export const MAX_STUDY_BYTES = 1_000_000;

const chunkJob = z.strictObject({
  tool: z.literal('tabletop-balance'),
  version: z.string().max(64),
  study: z.strictObject({
    name: z.string().max(4096),
    text: z.string().max(MAX_STUDY_BYTES),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  trials: z.number().int().min(1).max(1_000_000_000),
  engine: z.enum(['dice', 'table']),
  task: z.number().int().min(0).max(10_000_000),
  index: z.number().int().min(0).max(1_000_000_000),
  chunkTrials: z.number().int().min(1).max(10_000_000),
});

export type ChunkJob = z.infer<typeof chunkJob>;

/** What a worker returns for a chunk: its tally and who ran it. */
export interface ChunkResult {
  readonly tally: readonly number[];
  readonly worker: string;
}

/** Checks a job's data (it comes from Redis: anyone with access could have written it). */
export function parseChunkJob(data: unknown): ChunkJob | string {
  const r = chunkJob.safeParse(data);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  return `malformed job: ${issue.path.join('.') || '(root)'}: ${issue.message}`;
}

/** The queue of one study and seed (BullMQ queue names may not contain `:`). */
export function queueName(sha256: string, seed: number): string {
  return `study-${sha256.slice(0, 16)}-seed-${seed}`;
}

/** A chunk's deterministic id: the same chunk of the same run always gets the same job. */
export function chunkId(job: Pick<ChunkJob, 'engine' | 'trials' | 'task' | 'index' | 'chunkTrials'>): string {
  return `${job.engine}-n${job.trials}-t${job.task + 1}-c${job.index + 1}-k${job.chunkTrials}`;
}

/** A chunk as people read it in messages. */
export function chunkLabel(job: Pick<ChunkJob, 'engine' | 'trials' | 'task' | 'index' | 'chunkTrials'>): string {
  return `task ${job.task + 1} chunk ${job.index + 1} (job ${chunkId(job)})`;
}

/** Checks a returned tally: the right length, finite non-negative integer counts. */
export function parseResult(value: unknown, size: number): ChunkResult | string {
  const v = (typeof value === 'string' ? safeJson(value) : value) as Partial<ChunkResult> | null;
  if (v === null || typeof v !== 'object' || !Array.isArray(v.tally)) return 'the worker returned no tally';
  if (v.tally.length !== size) return `the worker returned a tally of ${v.tally.length} counts, expected ${size}`;
  if (!v.tally.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= 0)) return 'the worker returned a tally that is not counts';
  return { tally: v.tally, worker: typeof v.worker === 'string' ? v.worker : 'unknown' };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
