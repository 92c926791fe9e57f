/**
 * What the `attack` modes of every system share: the attacker x defender pairs of the matchups,
 * and the rows of one attack's histogram (the summary's and headline's leading columns, the
 * distribution rows, the compared statistic). Each mode adds its own columns after these.
 */
import { hashKey } from '../dice/rng.js';
import type { HistogramSummary } from '../stats/histogram.js';
import { ATTACK_SIDES, expandPairs } from './pairs.js';
import type { Cell, PlannedTask, TaskRows } from './types.js';

export interface AttackMatchup<S> {
  readonly index: number;
  readonly attacker: string;
  readonly defender: string;
  readonly situation: S | undefined;
  readonly name: string | undefined;
}

/** Every attacker x defender pair of every matchup entry, in the order written. */
export function expandAttackMatchups<S>(matchups: readonly { situation?: S | undefined; name?: string | undefined }[]): AttackMatchup<S>[] {
  return expandPairs(matchups, ATTACK_SIDES).map((p) => ({
    index: p.index, attacker: p.first, defender: p.second, situation: p.entry.situation, name: p.entry.name,
  }));
}

/**
 * The tasks of an attack study: every variant x attacker x defender pair, the situation the
 * study's with the entry's on top, labelled by the entry's name or `label(situation)`, its stream
 * keyed by `system`, the pair and the situation (the same in every variant: variants compare on
 * common dice), its spec compiled by `compile` with the variant's knobs (`knobs`, once per variant).
 */
export function planAttacks<S extends object, V, K, Spec>(
  system: string, variants: Readonly<Record<string, V>>, knobsOf: (variant: V) => K, matchups: readonly AttackMatchup<S>[], base: S, trials: number,
  label: (situation: S) => string, compile: (m: AttackMatchup<S>, situation: S, knobs: K) => Spec,
): PlannedTask<Spec>[] {
  const tasks: PlannedTask<Spec>[] = [];
  for (const [variant, v] of Object.entries(variants)) {
    const k = knobsOf(v);
    for (const m of matchups) {
      const situation: S = { ...base, ...m.situation };
      tasks.push({
        labels: { variant, attacker: m.attacker, defender: m.defender, situation: m.name ?? label(situation) },
        streamKey: hashKey(`${system}.attack|${m.attacker}|${m.defender}|${JSON.stringify(situation)}`),
        trials,
        spec: compile(m, situation, k),
      });
    }
  }
  return tasks;
}

export const ATTACK_DISTRIBUTION_HEADER = ['variant', 'attacker', 'defender', 'metric', 'value', 'count', 'probability', 'situation'] as const;

/** The rows of one attack task, built from the histogram of its compared metric. */
export class AttackRows {
  readonly variant: string;
  readonly attacker: string;
  readonly defender: string;
  readonly situation: string;
  readonly distribution: Cell[][] = [];

  constructor(task: PlannedTask<unknown>, readonly h: HistogramSummary, readonly exact: boolean, readonly metric: string) {
    const { variant, attacker, defender, situation } = task.labels as Record<string, string>;
    this.variant = variant!;
    this.attacker = attacker!;
    this.defender = defender!;
    this.situation = situation!;
  }

  /** A count as a probability of the task's trials. */
  p(c: number): number {
    return c / this.h.n;
  }

  /** One distribution row: `metric` took `value` in `c` trials. */
  row(metric: string, value: Cell, c: number): void {
    this.distribution.push([this.variant, this.attacker, this.defender, metric, value, this.exact ? '' : c, this.p(c), this.situation]);
  }

  /**
   * The task's rows: the summary is variant, attacker, defender, trials, mean, sd, the 95% interval,
   * then `summaryTail`; the headline is variant, attacker, defender, situation, mean, interval, then `headlineTail`.
   */
  finish(summaryTail: readonly Cell[], headlineTail: readonly string[]): TaskRows {
    const { h, exact } = this;
    return {
      summary: [this.variant, this.attacker, this.defender, exact ? '' : h.n, h.mean, h.sd, h.ci95Low, h.ci95High, ...summaryTail],
      distribution: this.distribution,
      headline: [
        this.variant, this.attacker, this.defender, this.situation, h.mean.toFixed(3),
        exact ? 'exact' : `${h.ci95Low.toFixed(3)}-${h.ci95High.toFixed(3)}`, ...headlineTail,
      ],
      matchup: { variant: this.variant, a: this.attacker, b: this.defender, situation: this.situation },
      stat: { metric: this.metric, kind: 'mean', n: h.n, mean: h.mean, sd: h.sd },
    };
  }
}
