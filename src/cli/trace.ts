/**
 * `balance trace STUDY`: the first K fights `run` counts for one matchup, blow by blow, as text
 * (one line per action, for a designer) or JSONL (one object per event, for scripts). The fights
 * come from src/batch/trace.ts; this file picks the task and formats what the engine reports.
 */
import { chooseEngine, type Engine } from '../batch/engine.js';
import { canTrace, traceTask } from '../batch/trace.js';
import { formatProblem, inputError, oneLine } from '../config/problems.js';
import { loadStudy } from '../config/study-file.js';
import { didYouMean } from '../common/suggest.js';
import { planStudy } from '../plan/plan.js';
import type { PlannedTask } from '../systems/types.js';
import type { TraceEvent, TraceObserver } from '../systems/trace.js';
import type { RunIo } from './run.js';

export interface TraceOptions {
  readonly study: string;
  readonly matchup?: number | undefined;
  readonly variant?: string | undefined;
  readonly fights?: number | undefined;
  readonly seed?: number | undefined;
  readonly format?: 'text' | 'jsonl' | undefined;
  readonly engine?: Engine | 'auto' | undefined;
}

const WINNERS = ['a', 'b', 'draw'] as const;
export const MAX_TRACE_FIGHTS = 1_000_000;

/** One line per task: its index in the expanded plan, its index within its variant, and its labels. */
export function listTasks(tasks: readonly PlannedTask<unknown>[]): string[] {
  const seen = new Map<string, number>();
  return tasks.map((t, i) => {
    const variant = t.labels['variant'] ?? '';
    const k = seen.get(variant) ?? 0;
    seen.set(variant, k + 1);
    const rest = Object.entries(t.labels).filter(([key]) => key !== 'variant').map(([key, v]) => `${key}=${v}`);
    return [`${i}:`, `variant=${variant}`, `matchup=${k}`, ...rest].join(' ');
  });
}

/** The task `--matchup N` (and `--variant NAME`) names: N counts all tasks, or the variant's tasks. */
export function pickTask(tasks: readonly PlannedTask<unknown>[], matchup: number, variant: string | undefined): PlannedTask<unknown> {
  let pool = tasks;
  if (variant !== undefined) {
    pool = tasks.filter((t) => t.labels['variant'] === variant);
    if (pool.length === 0) {
      const names = [...new Set(tasks.map((t) => t.labels['variant'] ?? ''))];
      throw inputError('--variant', `unknown variant "${variant}"${didYouMean(variant, names)}; the study has ${names.map((n) => `"${n}"`).join(', ')}`);
    }
  }
  const task = pool[matchup];
  if (!Number.isInteger(matchup) || task === undefined) {
    const where = variant === undefined ? 'the study' : `variant "${variant}"`;
    throw inputError('--matchup', `expected an index from 0 to ${pool.length - 1} (${where} has ${pool.length}; balance validate --list STUDY prints them), received ${String(matchup)}`);
  }
  return task;
}

export function traceCommand(opts: TraceOptions, io: RunIo): void {
  const fights = opts.fights ?? 1;
  if (!Number.isInteger(fights) || fights < 1 || fights > MAX_TRACE_FIGHTS) {
    throw inputError('--fights', `expected an integer from 1 to ${MAX_TRACE_FIGHTS}, received ${String(opts.fights)}`);
  }
  const study = loadStudy(opts.study);
  for (const w of study.warnings) io.stderr.write(`${formatProblem(w)}\n`);
  const plugin = study.plugin;
  if (opts.engine === 'table' && !plugin.kernels.table) throw inputError('--engine', `${plugin.system} ${plugin.mode} has no table engine; use dice`);
  // The engine run would use for this study (auto: by the study's trials, as run decides).
  const engine = chooseEngine(plugin, opts.engine ?? 'auto', study.data.trials);
  if (!canTrace(plugin, engine)) {
    throw inputError(opts.study, `${plugin.system} ${plugin.mode} has no fights to trace: balance trace works for fight modes (skirmish duel and battle, exchange duel and fight, d20 fight)`);
  }
  const tasks = planStudy(study, study.data.trials);
  const task = pickTask(tasks, opts.matchup ?? 0, opts.variant);
  const seed = opts.seed ?? study.data.seed;
  const out = new LineWriter(io.stdout);
  const sides = sideNames(plugin.system, task);
  const observer = opts.format === 'jsonl' ? jsonlObserver(out, sides) : textObserver(out, sides);
  if (opts.format !== 'jsonl') {
    const labels = [...Object.entries(task.labels).map(([k, v]) => `${k}=${v}`), ...(task.labels['a'] === undefined ? [`sides=${sides.a} vs ${sides.b}`] : [])].join(' ');
    out.line(`# ${plugin.system} ${plugin.mode}: ${labels}; seed ${seed}, ${engine} engine, the first ${fights} fight(s) run counts`);
    if (engine === 'table') out.line('# table engine: each attack is drawn whole from its exact outcome table, so no dice faces are shown; use --engine dice to see them');
  }
  traceTask(plugin, task, { seed, engine, fights }, observer);
  out.flush();
}

/** Buffers lines and writes them in blocks (thousands of fights make many lines); control characters from names escaped. */
class LineWriter {
  private lines: string[] = [];
  constructor(private readonly stream: NodeJS.WritableStream) {}
  line(text: string): void {
    this.lines.push(oneLine(text));
    if (this.lines.length >= 512) this.flush();
  }
  flush(): void {
    if (this.lines.length > 0) this.stream.write(`${this.lines.join('\n')}\n`);
    this.lines = [];
  }
}

/**
 * The end event carries the fields every event has (the trace contract): `round` (the last),
 * `side` (the winner's, as its events name it: heroes/enemies in d20 fights, a/b otherwise; null
 * for a draw) and `actor` (null); then `winner` and `rounds` as before.
 */
function jsonlObserver(out: LineWriter, sides: { a: string; b: string; named: boolean }): TraceObserver {
  let fight = 0;
  const sideOf = (winner: number): string | null => (winner === 2 ? null : sides.named ? (winner === 0 ? sides.a : sides.b) : WINNERS[winner]!);
  return {
    begin: () => void fight++,
    event: (e) => out.line(JSON.stringify({ fight, ...e })),
    // The trace contract's fields (docs/guide/trace.md): round, side (the winner, null for a draw), actor (null), action.
    end: (winner, rounds) => out.line(JSON.stringify({ fight, round: rounds, side: sideOf(winner), actor: null, action: 'end', winner: WINNERS[winner], rounds })),
  };
}

/** How the text trace names the sides: the task's a and b; d20 fights have heroes and enemies. */
export function sideNames(system: string, task: PlannedTask<unknown>): { a: string; b: string; named: boolean } {
  if (task.labels['a'] !== undefined) return { a: task.labels['a'], b: task.labels['b'] ?? 'b', named: false };
  if (system === 'd20') return { a: 'heroes', b: 'enemies', named: true };
  return { a: 'a', b: 'b', named: false };
}

function textObserver(out: LineWriter, sides: { a: string; b: string; named: boolean }): TraceObserver {
  let fight = 0;
  const { a, b } = sides;
  return {
    begin: () => {
      fight++;
      out.line(`fight ${fight}`);
    },
    event: (e) => out.line(`  ${formatEvent(e)}`),
    end: (winner, rounds) => {
      // Sides with names of their own (d20: heroes, enemies) need no a/b; loadouts are named after it.
      const side = winner === 0 ? a : b;
      const who = winner === 2 ? 'draw' : sides.named ? `${side} win` : `${WINNERS[winner]} (${side}) wins`;
      out.line(`fight ${fight}: ${who} after ${rounds} round(s)`);
    },
  };
}

const SHOWN = new Set([
  'round', 'side', 'actor', 'action', 'target', 'distance_before', 'distance_after', 'rolls', 'result', 'wounds', 'damage',
  'state_after', 'target_state_before', 'target_state_after', 'reaction',
]);

function value(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(value).join(' ')}]`;
  if (v !== null && typeof v === 'object') return Object.entries(v).map(([k, x]) => `${k}=${value(x)}`).join(' ');
  return String(v);
}

/** One designer-readable line: round, who, what, dice, result, distance, Wounds/HP and states. */
export function formatEvent(e: TraceEvent): string {
  const parts: string[] = [`R${e.round}`, `${e.side} ${e.actor}`, `${e.action}${e['reaction'] === true ? ' (reaction)' : ''}`];
  if (e.target !== undefined) parts.push(`-> ${e.target}`);
  if (e.rolls !== undefined) parts.push(`rolls ${value(e.rolls)}`);
  if (e.result !== undefined) parts.push(`: ${e.result}`);
  if (e.wounds !== undefined) parts.push(`wounds ${e.wounds}`);
  if (e.damage !== undefined) parts.push(`damage ${e.damage}`);
  if (e.distance_before !== undefined && e.distance_before !== e.distance_after) parts.push(`distance ${e.distance_before} -> ${e.distance_after}`);
  else if (e.distance_after !== undefined) parts.push(`distance ${e.distance_after}`);
  if (e.state_after !== undefined) parts.push(`${e.actor} ${e.state_after}`);
  if (e.target !== undefined && e.target_state_after !== undefined) {
    const before = e.target_state_before !== undefined && e.target_state_before !== e.target_state_after ? `${e.target_state_before} -> ` : '';
    parts.push(`${e.target} ${before}${e.target_state_after}`);
  }
  for (const [k, v] of Object.entries(e)) if (!SHOWN.has(k) && v !== undefined) parts.push(`${k} ${value(v)}`);
  return parts.join('  ');
}
