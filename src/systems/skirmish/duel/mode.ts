/**
 * Skirmish `duel` mode: whole 1-v-1 fights per matchup and variant; win rates with Wilson
 * intervals, rounds, end states and Wounds left.
 */
import { FIGHT_METRIC, fightSummary } from '../../fight-summary.js';
import { checkPairs, DUEL_SIDES, expandPairs } from '../../pairs.js';
import { hashKey } from '../../../dice/rng.js';
import { summarizeHistogram } from '../../../stats/histogram.js';
import { exactDuel } from './exact.js';
import { duelLayout, skirmishDuelDice, skirmishDuelTable } from './kernel.js';
import type { Cell, ModePlugin, PlannedTask, StudyProblem } from '../../types.js';
import { DEFENDER_STATES } from '../profile.js';
import { checkProfiles, resolveKnobs, resolveLoadout } from '../resolve.js';
import type { DuelPolicyName } from '../schema.js';
import { duelStudySchema, type DuelMatchupInput, type DuelStudy } from './schema.js';

import { defaultPolicy, POLICIES, type DuelKnobs, type DuelSpec } from './setup.js';
import { NAMED, solvedCode, studyPolicy } from './solved-policy.js';
import { GAP_COLUMNS, policyGap } from './policy-gap.js';
import { DUEL_POLICY } from './policies.js';
import { ExactLimitError } from './exact-walker.js';
import { DEFAULT_SEARCH_BUDGET, SEARCH_CHUNK_SIZE } from '../../../games/search.js';
import type { Loadout } from '../profile.js';

export interface ExpandedDuel {
  readonly index: number;
  readonly a: string;
  readonly b: string;
  readonly policyA: DuelPolicyName | undefined;
  readonly policyB: DuelPolicyName | undefined;
}

/** Every side x opponent pair of every matchup entry, in the order written. */
export function expandDuels(matchups: readonly DuelMatchupInput[]): ExpandedDuel[] {
  return expandPairs(matchups, DUEL_SIDES).map((p) => ({ index: p.index, a: p.first, b: p.second, policyA: p.entry.policyA, policyB: p.entry.policyB }));
}

function check(study: DuelStudy): StudyProblem[] {
  const problems = [...checkProfiles(study), ...checkPairs(study.matchups, DUEL_SIDES, study.loadouts)];
  // The search player plays against named policies (its game plays them); a solved opponent is not one.
  study.matchups.forEach((m, i) => {
    const ps = [m.policyA, m.policyB];
    if (ps.includes('search') && ps.some((p) => p === 'best-response' || p === 'optimal')) {
      problems.push({ path: ['matchups', i, ps[0] === 'search' ? 'policyB' : 'policyA'], message: 'a search side plays against named policies (aggressive, shooter, kite) or another search side, not a solved one' });
    }
  });
  return problems;
}

export function resolveDuelKnobs(...layers: DuelStudy['rules'][]): DuelKnobs {
  const base = resolveKnobs(...layers);
  let extra = { initiative: 'roll-off' as DuelKnobs['initiative'], stunnedActs: false, failedRetreat: 'leaves' as DuelKnobs['failedRetreat'], primer: 2 };
  for (const l of layers) {
    extra = {
      initiative: l.initiative ?? extra.initiative,
      stunnedActs: l.stunnedActs ?? extra.stunnedActs,
      failedRetreat: l.failedRetreat ?? extra.failedRetreat,
      primer: l.primer ?? extra.primer,
    };
  }
  return { ...base, ...extra };
}

/** The named policy a side plays (a solved or searching side: the one it falls back on and plays its play-outs with, its loadout's default). */
function namedIndex(p: DuelPolicyName, l: Loadout): number {
  const i = POLICIES.indexOf(p as (typeof POLICIES)[number]);
  return i >= 0 ? i : POLICIES.indexOf(defaultPolicy(l));
}

function plan(study: DuelStudy, trials: number): PlannedTask<DuelSpec>[] {
  const tasks: PlannedTask<DuelSpec>[] = [];
  for (const [variant, k] of Object.entries(study.variants)) {
    const knobs = resolveDuelKnobs(study.rules, k);
    for (const m of expandDuels(study.matchups)) {
      const a = resolveLoadout(m.a, study);
      const b = resolveLoadout(m.b, study);
      const pa = m.policyA ?? study.loadouts[m.a]?.policy ?? defaultPolicy(a);
      const pb = m.policyB ?? study.loadouts[m.b]?.policy ?? defaultPolicy(b);
      const solved = [solvedCode(pa), solvedCode(pb)] as const;
      const searching = [pa === 'search', pb === 'search'] as const;
      const search = searching[0] || searching[1];
      tasks.push({
        labels: { variant, a: m.a, b: m.b, policyA: pa, policyB: pb },
        ...(search ? { chunkSize: SEARCH_CHUNK_SIZE } : {}),
        streamKey: hashKey(`skirmish.duel|${m.a}|${m.b}|${pa}|${pb}`),
        trials,
        spec: {
          a, b, policies: [namedIndex(pa, a), namedIndex(pb, b)], knobs, settings: study.duel,
          ...(solved[0] !== NAMED || solved[1] !== NAMED ? { solved } : {}),
          ...(search ? { searching, search: { ...DEFAULT_SEARCH_BUDGET, ...study.search } } : {}),
        },
      });
    }
  }
  return tasks;
}

const SUMMARY_HEADER = [
  'variant', 'side_a', 'side_b', 'trials', 'a_wins', 'b_wins', 'draws', 'a_win_rate', 'a_win_ci95_low',
  'a_win_ci95_high', 'mean_rounds',
  // extra columns, after the pinned ones
  'policy_a', 'policy_b', 'b_win_rate', 'draw_rate', 'sd_rounds', 'a_mean_wounds_left', 'b_mean_wounds_left',
] as const;

const DISTRIBUTION_HEADER = ['variant', 'side_a', 'side_b', 'metric', 'value', 'count', 'probability', 'policy_a', 'policy_b'] as const;

function rows(task: PlannedTask<DuelSpec>, tally: Float64Array, exact: boolean) {
  const spec = task.spec;
  const { variant, a, b, policyA, policyB } = task.labels as Record<string, string>;
  const L = duelLayout(spec.settings.maxRounds);
  const f = fightSummary(tally, L.rounds, spec.settings.maxRounds, { variant: variant!, a: a!, b: b!, extra: [policyA!, policyB!] }, exact);
  const n = f.n;
  const woundsA = tally.slice(L.aWounds, L.aWounds + spec.a.fighter.wounds + 1);
  const woundsB = tally.slice(L.bWounds, L.bWounds + spec.b.fighter.wounds + 1);
  const summary: Cell[] = [
    ...f.pinned,
    policyA!, policyB!, f.bWins / n, f.draws / n, f.roundStats.sd, summarizeHistogram(woundsA, false).mean, summarizeHistogram(woundsB, false).mean,
  ];
  f.roundsRows();
  f.winnerRows(['a', 'b', 'draw']);
  DEFENDER_STATES.forEach((st, i) => f.row('a_end_state', st, tally[L.aState + i]!));
  DEFENDER_STATES.forEach((st, i) => f.row('b_end_state', st, tally[L.bState + i]!));
  f.histogram('a_wounds_left', woundsA);
  f.histogram('b_wounds_left', woundsB);
  const headline = [
    variant!, `${a} (${policyA})`, `${b} (${policyB})`, (f.aWins / n).toFixed(3), exact ? 'exact' : `${f.ci.low.toFixed(3)}-${f.ci.high.toFixed(3)}`,
    (f.draws / n).toFixed(3), f.roundStats.mean.toFixed(2),
  ];
  const matchup = {
    variant: variant!, a: a!, b: b!, situation: `${policyA} vs ${policyB}`,
    fields: [['policy_a', policyA!], ['policy_b', policyB!]] as const, against: JSON.stringify([b, policyB]), againstB: JSON.stringify([a, policyA]),
  };
  return { summary, distribution: f.distribution, headline, matchup, stat: f.stat };
}

export const skirmishDuel: ModePlugin<DuelStudy, DuelSpec> = {
  system: 'skirmish',
  mode: 'duel',
  schema: duelStudySchema,
  check,
  plan,
  chunkSize: 10_000,
  metric: FIGHT_METRIC,
  unit: 'duels',
  kernels: { dice: skirmishDuelDice, table: skirmishDuelTable },
  summaryHeader: SUMMARY_HEADER,
  distributionHeader: DISTRIBUTION_HEADER,
  headlineHeader: ['variant', 'side a', 'side b', 'a wins', '95% CI', 'draws', 'rounds'],
  exact: (spec) => {
    if (spec.searching !== undefined) throw new ExactLimitError('policy search is a Monte Carlo player, which exact duels do not play; use balance run (or best-response / optimal for exact good play)');
    return exactDuel(spec, studyPolicy(spec) ?? DUEL_POLICY).tally;
  },
  exactColumns: { header: GAP_COLUMNS, compute: policyGap },
  // A solved policy is solved in every worker's prepare: solve once here first, so a duel over the
  // exact limits stops the run before it starts (exit 2) instead of failing in a worker.
  preflight: (spec) => void studyPolicy(spec),
  exactIsSlow: true,
  rows,
};
