/** Exchange `fight` mode: sides with NPC groups in Tactical Mode; summary, characters and distribution rows. */
import { hashKey } from '../../../dice/rng.js';
import { summarizeHistogram } from '../../../stats/histogram.js';
import { wilson } from '../../../stats/wilson.js';
import { FIGHT_METRIC, fightSummary } from '../../fight-summary.js';
import type { Cell, ModePlugin, PlannedTask } from '../../types.js';
import { resolveExchangeKnobs } from '../compile.js';
import { CHAR_FIELDS, exchangeFightDice, fightLayout } from './kernel.js';
import { fightStudySchema, type ExchangeFightStudy } from './schema.js';
import { checkFight, compileFight } from './setup.js';
import type { ExchangeFightSpec } from './spec.js';
import { challengeExchangeFight } from './challenge.js';

export const CHARACTERS_HEADER = [
  'variant', 'side_a', 'side_b', 'team', 'side', 'character', 'loadout', 'policy', 'trials', 'collapse_rate', 'collapse_ci95_low', 'collapse_ci95_high',
  'broke_rate', 'mean_wounds_dealt', 'mean_wounds_taken', 'mean_ad_attacks', 'mean_ad_responses', 'mean_ad_movement',
];

function plan(study: ExchangeFightStudy, trials: number): PlannedTask<ExchangeFightSpec>[] {
  const tasks: PlannedTask<ExchangeFightSpec>[] = [];
  for (const [variant, k] of Object.entries(study.variants)) {
    const knobs = resolveExchangeKnobs(study.rules, k);
    const knobOpener = k.opener ?? study.rules.opener;
    for (const m of study.matchups) {
      tasks.push({
        labels: { variant, a: m.a, b: m.b },
        streamKey: hashKey(`exchange.fight|${m.a}|${m.b}`),
        trials,
        spec: compileFight(study, m.a, m.b, knobs, knobOpener),
      });
    }
  }
  return tasks;
}

function rows(task: PlannedTask<ExchangeFightSpec>, tally: Float64Array) {
  const spec = task.spec;
  const L = fightLayout(spec);
  const { variant, a, b } = task.labels as Record<string, string>;
  const f = fightSummary(tally, L.rounds, spec.maxRounds, { variant: variant!, a: a!, b: b! });
  const n = f.n;
  const aSt = tally.slice(L.aStanding, L.aStanding + L.nA + 1);
  const bSt = tally.slice(L.bStanding, L.bStanding + L.nB + 1);
  const summary: Cell[] = [...f.pinned, summarizeHistogram(aSt, false).mean, summarizeHistogram(bSt, false).mean];
  f.winnerRows(['a', 'b', 'draw']);
  f.roundsRows();
  f.histogram('a_standing', aSt);
  f.histogram('b_standing', bSt);
  ['collapse', 'broke', 'max_rounds'].forEach((e, i) => f.row('end', e, tally[L.end + i]!));
  const characters: Cell[][] = spec.fighters.map((c, i) => {
    const at = L.chars + i * CHAR_FIELDS;
    const ci = wilson(tally[at]!, n);
    return [
      variant!, a!, b!, c.side === 0 ? 'a' : 'b', spec.sideNames[c.side]!, c.name, c.loadout.name, c.policyName, n, tally[at]! / n, ci.low, ci.high,
      tally[at + 1]! / n, tally[at + 2]! / n, tally[at + 3]! / n, tally[at + 4]! / n, tally[at + 5]! / n, tally[at + 6]! / n,
    ];
  });
  const headline = [
    variant!, a!, b!, (f.aWins / n).toFixed(3), `${f.ci.low.toFixed(3)}-${f.ci.high.toFixed(3)}`, (f.draws / n).toFixed(3), f.roundStats.mean.toFixed(2),
  ];
  return {
    summary, distribution: f.distribution, headline, extra: { 'characters.csv': characters },
    matchup: { variant: variant!, a: a!, b: b!, situation: '' }, stat: f.stat,
  };
}

export const exchangeFight: ModePlugin<ExchangeFightStudy, ExchangeFightSpec> = {
  system: 'exchange',
  mode: 'fight',
  schema: fightStudySchema,
  check: checkFight,
  plan,
  chunkSize: 2_000,
  metric: FIGHT_METRIC,
  unit: 'fights',
  kernels: { dice: exchangeFightDice },
  challenge: challengeExchangeFight,
  summaryHeader: [
    'variant', 'side_a', 'side_b', 'trials', 'a_wins', 'b_wins', 'draws', 'a_win_rate', 'a_win_ci95_low', 'a_win_ci95_high', 'mean_rounds',
    'a_mean_standing', 'b_mean_standing',
  ],
  distributionHeader: ['variant', 'side_a', 'side_b', 'metric', 'value', 'count', 'probability'],
  extraFiles: { 'characters.csv': CHARACTERS_HEADER },
  headlineHeader: ['variant', 'side a', 'side b', 'a wins', '95% CI', 'draws', 'rounds'],
  rows: (task, tally) => rows(task, tally),
};
