/**
 * A queue worker's handling of one chunk job: check the job, check the version, validate the study
 * with the CLI's own loader, plan its tasks (cached per study), derive the chunk's stream and run
 * it on the local thread pool (the same worker script a local run uses). A job that can never
 * succeed (another version, a bad study, a malformed job) is refused with `Refusal`; the caller
 * fails it without retries.
 */
import { createHash } from 'node:crypto';
import { Piscina } from 'piscina';
import { workerFile } from '../batch/engine.js';
import { runChunkMessage, type ChunkMessage } from '../batch/worker.js';
import { VERSION } from '../cli/version.js';
import { ConfigError, formatProblem } from '../config/problems.js';
import { loadStudyText, type Study } from '../config/study.js';
import { deriveStream } from '../dice/rng.js';
import { planStudy } from '../plan/plan.js';
import type { PlannedTask } from '../systems/types.js';
import { chunkLabel, parseChunkJob, type ChunkJob, type ChunkResult } from './jobs.js';

/** This job can never succeed here: fail it at once, do not retry. */
export class Refusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Refusal';
  }
}

interface Planned {
  readonly study: Study;
  readonly tasks: readonly PlannedTask<unknown>[];
}

export class JobRunner {
  private readonly pool: Piscina<ChunkMessage, Float64Array> | null;
  private readonly planned = new Map<string, Planned | Refusal>();
  /** BALANCE_QUEUE_CHUNK_DELAY_MS: hold each result this long (tests that kill workers mid-run). */
  private readonly delayMs = Math.max(0, Number(process.env['BALANCE_QUEUE_CHUNK_DELAY_MS'] ?? 0) || 0);

  /** `threads` = 0 runs chunks in this thread. */
  constructor(threads: number, readonly name: string, private readonly version = VERSION) {
    this.pool = threads > 0 ? new Piscina<ChunkMessage, Float64Array>({ filename: workerFile(), minThreads: threads, maxThreads: threads }) : null;
  }

  private plan(job: ChunkJob): Planned {
    // Keyed by the text's real hash, so a job whose text does not match its claimed hash cannot
    // poison the cache for the honest jobs of that study.
    const hash = createHash('sha256').update(job.study.text).digest('hex');
    if (hash !== job.study.sha256) throw new Refusal(`the study text does not match its sha256 ${job.study.sha256.slice(0, 12)}`);
    const key = `${hash}/${job.trials}`;
    let p = this.planned.get(key);
    if (p === undefined) {
      p = planJob(job);
      if (this.planned.size >= 16) this.planned.clear();
      this.planned.set(key, p);
    }
    if (p instanceof Refusal) throw p;
    return p;
  }

  async run(data: unknown): Promise<ChunkResult> {
    const job = parseChunkJob(data);
    if (typeof job === 'string') throw new Refusal(job);
    if (job.version !== this.version) {
      throw new Refusal(`worker ${this.name} runs tabletop-balance ${this.version}, the job comes from ${job.version}: versions must match`);
    }
    const { study, tasks } = this.plan(job);
    const task = tasks[job.task];
    if (task === undefined) throw new Refusal(`${chunkLabel(job)}: the study has ${tasks.length} tasks`);
    const plugin = study.plugin;
    if (plugin.kernels[job.engine] === undefined) throw new Refusal(`${plugin.system} ${plugin.mode} has no ${job.engine} engine`);
    if (job.chunkTrials > plugin.chunkSize) throw new Refusal(`${chunkLabel(job)}: more trials than the mode's chunk size ${plugin.chunkSize}`);
    const msg: ChunkMessage = {
      run: `${job.study.sha256}-${job.trials}-${job.engine}`, kernel: `${plugin.kernelKey ?? `${plugin.system}.${plugin.mode}`}.${job.engine}`, task: job.task,
      spec: task.spec, state: deriveStream(job.seed, task.streamKey, job.index), trials: job.chunkTrials,
    };
    const tally = this.pool ? await this.pool.run(msg) : runChunkMessage(msg);
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    return { tally: Array.from(tally), worker: this.name };
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}

/** The same loader and schema as the CLI; the file name is only for messages. */
function planJob(job: ChunkJob): Planned | Refusal {
  try {
    const study = loadStudyText(job.study.name, job.study.text);
    return { study, tasks: planStudy(study, job.trials) };
  } catch (err) {
    if (err instanceof ConfigError) return new Refusal(`the study fails validation: ${err.problems.map(formatProblem).join('; ')}`);
    throw err;
  }
}
