/**
 * Shard files (`balance run --shard i/n`) and what `balance merge` accepts. A shard carries its
 * tallies, the study's sha256, seed, trials, engine and tool version, and a sha256 checksum over
 * all of them. Merge refuses (exit 2) a file that is not valid JSON of that shape, comes from
 * another tool version, fails its checksum, belongs to another run, or whose counts are not
 * non-negative integers adding up to exactly the trials the shard's chunks plan for each task.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { planChunks, type Engine } from '../batch/engine.js';
import { readBoundedText } from '../config/read-file.js';
import { inputError } from '../config/problems.js';
import type { Study } from '../config/study.js';
import type { AnyModePlugin, Cell, PlannedTask } from '../systems/types.js';
import { VERSION } from './version.js';

export interface ShardFile {
  readonly tool: 'tabletop-balance';
  readonly version: string;
  readonly study_sha256: string;
  readonly seed: number;
  readonly trials: number;
  readonly engine: Engine;
  readonly shard: readonly [number, number];
  readonly tallies: readonly (readonly number[])[];
  /** `sha256:` of the fields above (see checksumOf). */
  readonly checksum: string;
}

/** Shard files larger than this are refused unread. */
export const MAX_SHARD_BYTES = 256 * 1024 * 1024;

const shardSchema = z.strictObject({
  tool: z.literal('tabletop-balance'),
  version: z.string(),
  study_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  trials: z.number().int().min(1).max(1_000_000_000),
  engine: z.enum(['dice', 'table']),
  shard: z.tuple([z.number().int().min(1).max(10_000), z.number().int().min(1).max(10_000)]),
  tallies: z.array(z.array(z.number())),
  checksum: z.string(),
});

export function checksumOf(s: Omit<ShardFile, 'checksum' | 'tool'>): string {
  const body = JSON.stringify([s.version, s.study_sha256, s.seed, s.trials, s.engine, s.shard, s.tallies]);
  return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}

export function shardFile(study: Study, run: { seed: number; trials: number; engine: Engine; shard: { index: number; count: number } }, tallies: readonly Float64Array[]): ShardFile {
  const body = {
    version: VERSION, study_sha256: study.hash, seed: run.seed, trials: run.trials, engine: run.engine,
    shard: [run.shard.index, run.shard.count] as const, tallies: tallies.map((t) => Array.from(t)),
  };
  return { tool: 'tabletop-balance', ...body, checksum: checksumOf(body) };
}

function readShard(file: string): ShardFile {
  // Bounded: a device (/dev/urandom) or pipe is read only up to MAX_SHARD_BYTES, not to exhaustion.
  const text = readBoundedText(file, MAX_SHARD_BYTES, 'a shard file');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw inputError(file, `not a shard file (invalid JSON: ${(err as Error).message})`);
  }
  const head = (json ?? {}) as { tool?: unknown; version?: unknown };
  if (typeof json !== 'object' || json === null || head.tool !== 'tabletop-balance') throw inputError(file, 'not a shard file (written by balance run --shard i/n)');
  if (head.version !== VERSION) {
    throw inputError(file, `was written by tabletop-balance ${JSON.stringify(head.version)}, this is ${VERSION}; run the shards again with this version`);
  }
  const parsed = shardSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw inputError(file, `not a valid shard file: ${issue.path.join('.') || 'file'}: ${issue.message}`);
  }
  const s = parsed.data as ShardFile;
  if (checksumOf(s) !== s.checksum) throw inputError(file, 'its checksum does not match its contents (edited or damaged); run this shard again');
  return s;
}

/** Reads and checks every shard; returns the merged tallies of the study's tasks and the run's facts. */
export function mergeShards(study: Study, files: readonly string[], plan: (trials: number) => PlannedTask<unknown>[]): {
  first: ShardFile; tasks: PlannedTask<unknown>[]; tallies: Float64Array[];
} {
  const shards = files.map(readShard);
  const first = shards[0];
  if (first === undefined) throw inputError('merge', 'name the shard files to merge');
  const n = first.shard[1];
  shards.forEach((s, i) => {
    const f = files[i]!;
    if (s.study_sha256 !== study.hash) throw inputError(f, `was run from another version of the study (sha256 ${s.study_sha256.slice(0, 12)})`);
    for (const k of ['seed', 'trials', 'engine'] as const) {
      if (s[k] !== first[k]) throw inputError(f, `${k} ${String(s[k])} differs from ${String(first[k])} in ${files[0]!}`);
    }
    if (s.shard[1] !== n || s.shard[0] > n) throw inputError(f, `is shard ${s.shard[0]}/${s.shard[1]}, not one of ${n}`);
  });
  const have = new Set(shards.map((s) => s.shard[0]));
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((i) => !have.has(i));
  if (missing.length > 0 || shards.length !== n) {
    const listed = missing.length > 20 ? `${missing.slice(0, 20).join(', ')} and ${missing.length - 20} more` : missing.join(', ');
    throw inputError('merge', `needs each of the ${n} shards exactly once${missing.length > 0 ? `; missing ${listed}` : ''}`);
  }
  const plugin = study.plugin;
  const tasks = plan(first.trials);
  const kernel = plugin.kernels[first.engine];
  if (!kernel) throw inputError(files[0]!, `${plugin.system} ${plugin.mode} has no ${first.engine} engine`);
  // Trials each shard must hold per task: its share of the run's fixed chunks.
  const planned = shards.map(() => tasks.map(() => 0));
  planChunks(plugin, tasks, first.seed).forEach((c, k) => {
    const owner = shards.findIndex((s) => s.shard[0] === (k % n) + 1);
    planned[owner]![c.task]! += c.trials;
  });
  const tallies = tasks.map((t) => new Float64Array(kernel.tallySize(t.spec)));
  shards.forEach((s, j) => {
    const f = files[j]!;
    if (s.tallies.length !== tasks.length) throw inputError(f, `has ${s.tallies.length} task tallies; the study plans ${tasks.length}`);
    tasks.forEach((task, i) => {
      const tally = s.tallies[i]!;
      const sum = tallies[i]!;
      if (tally.length !== sum.length) throw inputError(f, `task ${i + 1} has ${tally.length} counts, expected ${sum.length}`);
      for (let k = 0; k < tally.length; k++) {
        const c = tally[k]!;
        if (!Number.isSafeInteger(c) || c < 0) throw inputError(f, `task ${i + 1} count ${k + 1} is ${String(c)}; counts are non-negative integers`);
      }
      const want = planned[j]![i]!;
      const got = want === 0 ? tally.reduce((a, b) => a + b, 0) : trialsIn(() => plugin.rows(task, Float64Array.from(tally), false).stat.n);
      if (got !== want) throw inputError(f, `task ${i + 1} holds ${got} trials; shard ${s.shard[0]}/${n} of this run has ${want}`);
      const wrong = want === 0 ? null : impossibleRows(plugin, task, Float64Array.from(tally), want);
      if (wrong !== null) throw inputError(f, `task ${i + 1}: ${wrong}; no run of ${want} trials gives that (edited, with its checksum recomputed?)`);
      for (let k = 0; k < sum.length; k++) sum[k] = sum[k]! + tally[k]!;
    });
  });
  return { first, tasks, tallies };
}

/** The trials a tally holds, by the mode's own reading of it (-1 when its counts make no sense). */
function trialsIn(read: () => number): number {
  try {
    const n = read();
    return Number.isFinite(n) ? n : -1;
  } catch {
    return -1;
  }
}

/**
 * What no real tally of `n` trials can give, read through the mode's own rows (so every mode and
 * every extra file is covered by one check): a number that is not finite (a Wilson interval of
 * more events than trials), a rate or probability column (`*rate*`, `p_*`) outside [0, 1], or a
 * distribution metric whose counts do not add up to `n` (every metric of distribution.csv is a
 * histogram over the trials: each trial has one value). Null when the rows are possible.
 */
export function impossibleRows(plugin: AnyModePlugin, task: PlannedTask<unknown>, tally: Float64Array, n: number): string | null {
  let rows: ReturnType<AnyModePlugin['rows']>;
  try {
    rows = plugin.rows(task, tally, false);
  } catch (err) {
    return `its counts cannot be read (${(err as Error).message})`;
  }
  const checkRow = (file: string, header: readonly string[], row: readonly Cell[]): string | null => {
    for (let k = 0; k < row.length; k++) {
      const v = row[k];
      if (typeof v !== 'number') continue;
      const column = header[k] ?? `column ${k + 1}`;
      if (!Number.isFinite(v)) return `its counts give ${column} = ${String(v)} in ${file}`;
      if ((/rate|^p_|^probability$/.test(column)) && (v < 0 || v > 1)) return `its counts give ${column} = ${String(v)} in ${file}`;
    }
    return null;
  };
  const summaryHeader = plugin.summaryHeaderFor ? plugin.summaryHeaderFor([task]) : plugin.summaryHeader;
  const tables: [string, readonly string[], readonly (readonly Cell[])[]][] = [
    ['summary.csv', summaryHeader, [rows.summary]],
    ['distribution.csv', plugin.distributionHeader, rows.distribution],
    ...Object.entries(rows.extra ?? {}).map(([file, r]): [string, readonly string[], readonly (readonly Cell[])[]] => [file, plugin.extraFiles?.[file] ?? [], r]),
  ];
  for (const [file, header, list] of tables) {
    for (const row of list) {
      const bad = checkRow(file, header, row);
      if (bad !== null) return bad;
    }
  }
  const metricAt = plugin.distributionHeader.indexOf('metric');
  const countAt = plugin.distributionHeader.indexOf('count');
  if (metricAt >= 0 && countAt >= 0) {
    const sums = new Map<string, number>();
    for (const row of rows.distribution) sums.set(String(row[metricAt]), (sums.get(String(row[metricAt])) ?? 0) + Number(row[countAt]));
    for (const [metric, sum] of sums) {
      if (sum !== n) return `its ${metric} counts add up to ${sum} trials in distribution.csv`;
    }
  }
  return null;
}
