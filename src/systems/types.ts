/**
 * The contract every rules system implements, per mode (attack, duel, ...). A system lives in its
 * own folder, never imports batch/, report/ or cli/, and is registered once in registry.ts.
 */
import type { z } from 'zod';
import type { FieldPath } from '../config/problems.js';
import type { TraceObserver } from './trace.js';

/** A problem the schema cannot see (a missing reference, an impossible situation). */
export interface StudyProblem {
  readonly path: FieldPath;
  readonly message: string;
  /** Point at the key rather than its value. */
  readonly atKey?: boolean;
  /** A warning is printed but does not stop the run. */
  readonly warning?: boolean;
}

/** One unit of work: a matchup under a variant, with everything the kernel needs in `spec`. */
export interface PlannedTask<Spec> {
  /** Names identifying the task (variant, attacker, defender, situation...), as the plugin lays them out. */
  readonly labels: Readonly<Record<string, string>>;
  /** Keys the random stream; the same matchup under every variant shares it (common random numbers). */
  readonly streamKey: number;
  readonly trials: number;
  /** Structured-cloneable numbers: sent to workers as is. */
  readonly spec: Spec;
  /**
   * Trials per chunk for this task, when not the mode's chunkSize: tasks with a fighter playing
   * `policy: search` take SEARCH_CHUNK_SIZE (a chunk of them takes seconds, not milliseconds).
   */
  readonly chunkSize?: number;
}

/** The hot loop of a mode: prepared once per task in a worker, then run chunk by chunk. */
export interface Kernel<Spec, Prepared> {
  tallySize(spec: Spec): number;
  prepare(spec: Spec): Prepared;
  /** Trials run on a scratch stream after prepare(), so V8 optimises with the right feedback (default 12800). */
  readonly warmup?: number;
  /** The warm-up for this spec, when it differs from `warmup` (searching fighters: none, a search fight is slow). */
  warmupFor?(spec: Spec): number;
  /** Runs n trials from the stream state `rng` (advanced in place), adding to `tally`. */
  run(prepared: Prepared, rng: Int32Array, n: number, tally: Float64Array): void;
  /**
   * Fight kernels: attach (or detach, with null) an observer to the prepared engine, so that the
   * next run() reports every event of every fight it plays. Same streams, same results.
   */
  observe?(prepared: Prepared, observer: TraceObserver | null): void;
}

/** The one number variants are compared on (compare.csv), with what its test needs. */
export type CompareStat =
  | { readonly metric: string; readonly kind: 'mean'; readonly n: number; readonly mean: number; readonly sd: number }
  | { readonly metric: string; readonly kind: 'rate'; readonly n: number; readonly successes: number };

/** Rows one task contributes to summary.csv, distribution.csv and the stdout table. */
export interface TaskRows {
  readonly summary: readonly Cell[];
  readonly distribution: readonly (readonly Cell[])[];
  readonly headline: readonly string[];
  /** Which matchup this is, apart from the variant (to pair it with the baseline's). */
  readonly matchup: {
    readonly variant: string; readonly a: string; readonly b: string; readonly situation: string;
    /**
     * Further fields that tell matchups apart (policy_a, policy_b, conditions), as output column
     * name and value: compare.csv carries them after its own columns.
     */
    readonly fields?: readonly (readonly [string, string])[];
    /**
     * What side a faces apart from the variant (default: b and the situation): rows with equal
     * `against` and different `a` are paired by `compare: loadouts`.
     */
    readonly against?: string;
    /** The same for side b (default: a and the situation), for `compare: loadouts-b`. */
    readonly againstB?: string;
  };
  readonly stat: CompareStat;
  /** More numbers compared between variants, each its own compare.csv row (a d20 hero's death rate). */
  readonly extraStats?: readonly CompareStat[];
  /** Rows of the mode's extra CSV files (ModePlugin.extraFiles), by file name. */
  readonly extra?: Readonly<Record<string, readonly (readonly Cell[])[]>>;
}

/** A CSV cell: numbers are written in full precision, '' is an empty cell. */
export type Cell = string | number;

export interface ModePlugin<Study, Spec, Prepared = unknown> {
  readonly system: string;
  readonly mode: string;
  /** The study schema for this system and mode (zod: the single source of the study's types). */
  readonly schema: z.ZodType<Study>;
  /** Checks across fields: references, ranges that depend on other fields. */
  check(study: Study): StudyProblem[];
  /** Expands the study into tasks (loadouts x matchups x variants). */
  plan(study: Study, trials: number): PlannedTask<Spec>[];
  /** Trials per chunk: fixed, so results do not depend on the number of workers. */
  readonly chunkSize: number;
  /**
   * The metric of a task's compared stat (rows().stat.metric): compare.csv's rows and the metric a
   * `solve:` target may name, known before anything is played (`balance validate` checks it).
   */
  readonly metric: string;
  /** Hot loops by engine: `dice` rolls every die; `table` (optional) samples a precomputed outcome table. */
  readonly kernels: { readonly dice: Kernel<Spec, Prepared> } & { readonly table?: Kernel<Spec, unknown> };
  /** Exact probabilities in the tally's layout, where the mode supports it. */
  readonly exact?: (spec: Spec) => Float64Array;
  /**
   * `balance exact` only (not the analyses that call `exact`): more summary.csv columns per task,
   * computed exactly and appended at the end of the row (NaN: an empty cell). Skirmish duels: the policy gap.
   */
  readonly exactColumns?: { readonly header: readonly string[]; compute(spec: Spec): Float64Array };
  /**
   * Checks before `run` claims its output that a task can be prepared (skirmish duels with a solved
   * policy: the solve fits the exact limits); throws ExactLimitError (one input problem, exit 2).
   */
  readonly preflight?: (spec: Spec) => void;
  /** Exact takes a noticeable time per task (whole fights): the playground does not offer it as you type. */
  readonly exactIsSlow?: boolean;
  /** What one trial is called in progress and run.json ("attacks", "duels"). */
  readonly unit: string;
  readonly summaryHeader: readonly string[];
  /** When the summary columns depend on the study (one column per hero, say). */
  readonly summaryHeaderFor?: (tasks: readonly PlannedTask<Spec>[]) => readonly string[];
  readonly distributionHeader: readonly string[];
  readonly headlineHeader: readonly string[];
  /** When the stdout table's columns depend on the study (one column per hero, say). */
  readonly headlineHeaderFor?: (tasks: readonly PlannedTask<Spec>[]) => readonly string[];
  /** Extra CSV files the mode writes beside summary.csv (file name -> header; rows in TaskRows.extra). */
  readonly extraFiles?: Readonly<Record<string, readonly string[]>>;
  /** Rows of one task from its merged tally (counts), or from exact probabilities. */
  rows(task: PlannedTask<Spec>, tally: Float64Array, exact: boolean): TaskRows;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModePlugin = ModePlugin<any, any, any>;
