/**
 * `balance explain-policy STUDY --matchup N [--variant V] [--side a|b] [--top K]`: the solved
 * policy of one side of a skirmish or exchange duel as a decision list, the states solved play
 * reaches most often first (src/systems/skirmish/duel/explain.ts, src/systems/exchange/duel/explain.ts).
 */
import { formatProblem, inputError, oneLine } from '../config/problems.js';
import { loadStudy } from '../config/study-file.js';
import { planStudy } from '../plan/plan.js';
import type { DuelSpec } from '../systems/skirmish/duel/setup.js';
import type { ExchangeDuelSpec } from '../systems/exchange/duel/engine.js';
import { pickTask } from './trace.js';
import type { RunIo } from './run.js';

export interface ExplainOptions {
  readonly study: string;
  /** A number, or the flag's text (parsed strictly: digits only). */
  readonly matchup?: number | string | undefined;
  readonly variant?: string | undefined;
  readonly side?: 'a' | 'b' | undefined;
  readonly top?: number | string | undefined;
}

export const MAX_TOP = 1000;

export async function explainPolicyCommand(opts: ExplainOptions, io: RunIo): Promise<void> {
  const top = flagInt(opts.top, 10);
  if (!Number.isInteger(top) || top < 1 || top > MAX_TOP) throw inputError('--top', `expected an integer from 1 to ${MAX_TOP}, received ${shown(opts.top)}`);
  const matchup = flagInt(opts.matchup, 0);
  if (!Number.isInteger(matchup) || matchup < 0) throw inputError('--matchup', `expected an index (an integer from 0), received ${shown(opts.matchup)}`);
  const study = loadStudy(opts.study);
  for (const w of study.warnings) io.stderr.write(`${formatProblem(w)}\n`);
  const plugin = study.plugin;
  const exchange = plugin.system === 'exchange' && plugin.mode === 'duel';
  if ((plugin.system !== 'skirmish' && !exchange) || plugin.mode !== 'duel') {
    throw inputError(opts.study, `${plugin.system} ${plugin.mode} has no solved policies: balance explain-policy works for skirmish and exchange duel studies`);
  }
  const tasks = planStudy(study, study.data.trials);
  const task = pickTask(tasks, matchup, opts.variant);
  if (exchange && (task.spec as ExchangeDuelSpec).fight !== undefined) {
    throw inputError(opts.study, 'solved exchange policies need duel.distance 1 (farther apart the fight engine plays the duel)');
  }
  const { explainPolicy } = await import('../systems/skirmish/duel/explain.js');
  const { explainExchangePolicy } = await import('../systems/exchange/duel/explain.js');
  const side = opts.side === undefined ? undefined : opts.side === 'a' ? 0 : 1;
  let result: ReturnType<typeof explainPolicy> | undefined;
  try {
    result = exchange ? explainExchangePolicy(task.spec as ExchangeDuelSpec, side, top) : explainPolicy(task.spec as DuelSpec, side, top);
  } catch (e) {
    // The walker's "use balance run" is no advice here: explaining needs the duel solved exactly.
    if (!(e instanceof Error) || e.name !== 'ExactLimitError') throw e;
    const what = e.message.replace(/[;:] use .*$/, '');
    throw inputError(opts.study, `${what}: explain-policy solves the duel exactly; use ${exchange ? 'less Vitality, fewer Action Dice' : 'fewer Wounds'} or a smaller maxRounds`);
  }
  const e = result!;
  const l = task.labels;
  const who = e.side === 0 ? 'a' : 'b';
  const other = e.side === 0 ? 'b' : 'a';
  const what = e.kind === 'best response' ? `its best response to ${other}'s named policy (${e.side === 0 ? l['policyB']! : l['policyA']!})` : 'its part of the minimax (optimal) solution';
  io.stdout.write(`${oneLine(`# ${plugin.system} duel: variant=${l['variant']!} a=${l['a']!} (${l['policyA']!}) b=${l['b']!} (${l['policyB']!})`)}\n`);
  io.stdout.write(`${oneLine(`# side ${who} plays ${what}; value P(a wins) + 1/2 P(draw) = ${e.value.toFixed(4)}`)}\n`);
  io.stdout.write(`# ${e.states} decision states of side ${who} are reached; the ${e.lines.length} most frequent groups (p: the probability a duel reaches a group's states, summed over them: the expected number of such decisions per duel)\n`);
  for (const line of e.lines) io.stdout.write(`${oneLine(line)}\n`);
}

/** A flag's integer: its text must be decimal digits ("0x2", "1e0", "", "x" and a repeated flag are not), else NaN. */
function flagInt(v: number | string | undefined, dflt: number): number {
  if (v === undefined) return dflt;
  if (typeof v === 'number') return v;
  // A flag given twice arrives as a list: not an integer.
  if (typeof v !== 'string') return Number.NaN;
  return /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
}

function shown(v: number | string | undefined): string {
  return typeof v === 'number' || v === undefined || /^\d+$/.test(String(v)) ? String(v) : JSON.stringify(v);
}
