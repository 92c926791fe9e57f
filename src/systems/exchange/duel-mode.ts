/** Exchange `duel` mode: whole fights with the dice economy; win rates, how fights end, Vitality left. */
import { hashKey } from '../../dice/rng.js';
import { summarizeHistogram } from '../../stats/histogram.js';
import { wilson } from '../../stats/wilson.js';
import { checkPairs, DUEL_SIDES, expandPairs } from '../pairs.js';
import type { Cell, ModePlugin, PlannedTask, StudyProblem } from '../types.js';
import { checkParts, resolveExchangeKnobs, resolveLoadout } from './compile.js';
import { parsePolicy, type ExchangeDuelSpec } from './duel.js';
import { exchangeDuelDice, exchangeDuelLayout, MAX_VIT } from './duel-kernel.js';
import { duelStudySchema, type ExchangeDuelStudy } from './schema.js';

function expand(study: ExchangeDuelStudy) {
  return expandPairs(study.matchups, DUEL_SIDES).map(({ index, first, second, entry: m }) => ({
    index, a: first, b: second, policyA: m.policyA ?? 'reserve-1', policyB: m.policyB ?? 'reserve-1', conditionsA: m.conditionsA, conditionsB: m.conditionsB,
  }));
}

function check(study: ExchangeDuelStudy): StudyProblem[] {
  const problems = [...checkParts(study), ...checkPairs(study.matchups, DUEL_SIDES, study.loadouts)];
  for (const [name, c] of Object.entries(study.characters)) {
    if (c.vitality > MAX_VIT) problems.push({ path: ['characters', name, 'vitality'], message: `duels track Vitality up to ${MAX_VIT}` });
  }
  return problems;
}

function plan(study: ExchangeDuelStudy, trials: number): PlannedTask<ExchangeDuelSpec>[] {
  const tasks: PlannedTask<ExchangeDuelSpec>[] = [];
  for (const [variant, k] of Object.entries(study.variants)) {
    const knobs = resolveExchangeKnobs(study.rules, k);
    for (const m of expand(study)) {
      tasks.push({
        labels: { variant, a: m.a, b: m.b, policyA: m.policyA, policyB: m.policyB, conditions: [...m.conditionsA.map((c) => `a:${c}`), ...m.conditionsB.map((c) => `b:${c}`)].join(' ') },
        streamKey: hashKey(`exchange.duel|${m.a}|${m.b}|${m.policyA}|${m.policyB}|${m.conditionsA.join()}|${m.conditionsB.join()}`),
        trials,
        spec: {
          a: { loadout: resolveLoadout(m.a, study), policy: parsePolicy(m.policyA), conditions: m.conditionsA },
          b: { loadout: resolveLoadout(m.b, study), policy: parsePolicy(m.policyB), conditions: m.conditionsB },
          knobs, maxRounds: study.duel.maxRounds,
        },
      });
    }
  }
  return tasks;
}

function rows(task: PlannedTask<ExchangeDuelSpec>, tally: Float64Array) {
  const spec = task.spec;
  const L = exchangeDuelLayout(spec.maxRounds);
  const { variant, a, b, policyA, policyB } = task.labels as Record<string, string>;
  const [aw, bw, dr] = [tally[0]!, tally[1]!, tally[2]!];
  const n = aw + bw + dr;
  const ci = wilson(aw, n);
  const rounds = tally.slice(L.rounds, L.rounds + spec.maxRounds + 1);
  const r = summarizeHistogram(rounds, false);
  const aVit = tally.slice(L.aVit, L.aVit + spec.a.loadout.character.vitality + 1);
  const bVit = tally.slice(L.bVit, L.bVit + spec.b.loadout.character.vitality + 1);
  const summary: Cell[] = [
    variant!, a!, b!, n, aw, bw, dr, aw / n, ci.low, ci.high, r.mean,
    policyA!, policyB!, task.labels['conditions']!, bw / n, dr / n, tally[L.end]! / n, tally[L.end + 1]! / n,
    summarizeHistogram(aVit, false).mean, summarizeHistogram(bVit, false).mean,
  ];
  const distribution: Cell[][] = [];
  const row = (metric: string, value: string | number, c: number): void => {
    distribution.push([variant!, a!, b!, metric, value, c, c / n]);
  };
  ['collapse', 'broke', 'max_rounds'].forEach((e, i) => row('end', e, tally[L.end + i]!));
  ['a', 'b', 'draw'].forEach((w, i) => row('winner', w, tally[i]!));
  for (let k = 1; k <= spec.maxRounds; k++) row('rounds', k, rounds[k]!);
  aVit.forEach((c, v) => row('a_vit_left', v, c));
  bVit.forEach((c, v) => row('b_vit_left', v, c));
  const headline = [variant!, `${a} (${policyA})`, `${b} (${policyB})`, (aw / n).toFixed(3), `${ci.low.toFixed(3)}-${ci.high.toFixed(3)}`, (dr / n).toFixed(3), r.mean.toFixed(2)];
  const matchup = { variant: variant!, a: a!, b: b!, situation: `${policyA} vs ${policyB} ${task.labels['conditions']}`.trim() };
  return { summary, distribution, headline, matchup, stat: { metric: 'a_win_rate', kind: 'rate' as const, n, successes: aw } };
}

export const exchangeDuel: ModePlugin<ExchangeDuelStudy, ExchangeDuelSpec> = {
  system: 'exchange',
  mode: 'duel',
  schema: duelStudySchema,
  check,
  plan,
  chunkSize: 5_000,
  unit: 'duels',
  kernels: { dice: exchangeDuelDice },
  summaryHeader: [
    'variant', 'side_a', 'side_b', 'trials', 'a_wins', 'b_wins', 'draws', 'a_win_rate', 'a_win_ci95_low', 'a_win_ci95_high', 'mean_rounds',
    'policy_a', 'policy_b', 'conditions', 'b_win_rate', 'draw_rate', 'p_end_collapse', 'p_end_broke', 'a_mean_vit_left', 'b_mean_vit_left',
  ],
  distributionHeader: ['variant', 'side_a', 'side_b', 'metric', 'value', 'count', 'probability'],
  headlineHeader: ['variant', 'side a', 'side b', 'a wins', '95% CI', 'draws', 'rounds'],
  rows: (task, tally) => rows(task, tally),
};
