/** Exchange `duel` mode: whole fights with the dice economy; win rates, how fights end, Vitality left. */
import { hashKey } from '../../../dice/rng.js';
import { summarizeHistogram } from '../../../stats/histogram.js';
import { FIGHT_METRIC, fightSummary } from '../../fight-summary.js';
import { checkPairs, DUEL_SIDES, expandPairs } from '../../pairs.js';
import type { Cell, ModePlugin, PlannedTask, StudyProblem } from '../../types.js';
import { checkParts, resolveExchangeKnobs, resolveLoadout } from '../compile.js';
import { parsePolicy, type ExchangeDuelSpec } from './engine.js';
import { DEFAULT_POLICY } from '../combatant.js';
import { duelAsFight } from './distance.js';
import { EXACT_LIMITS, ExactLimitError, exactExchangeDuel } from './exact.js';
import { DEFAULT_SEARCH_BUDGET, SEARCH_CHUNK_SIZE } from '../../../games/search.js';
import { exchangePolicyGap, exchangeStudyPlayer, SOLVED_FALLBACK } from './solved-policy.js';
import { GAP_COLUMNS } from '../../skirmish/duel/policy-gap.js';
import { NAMED, solvedCode } from '../../skirmish/duel/solved-policy.js';
import { exchangeDuelDice } from './kernel.js';
import { exchangeDuelLayout, MAX_VIT } from './layout.js';
import { duelStudySchema, type ExchangeDuelStudy } from '../schema.js';

/**
 * A side that names no policy plays `tactical` at every distance: at duel.distance 1 the duel
 * engine's (exchange/duel/choice.ts), farther apart the fight engine's, which plays the duel (fight/: paths,
 * responses and Boost by value).
 */
function expand(study: ExchangeDuelStudy) {
  const dflt = DEFAULT_POLICY;
  return expandPairs(study.matchups, DUEL_SIDES).map(({ index, first, second, entry: m }) => ({
    index, a: first, b: second, policyA: m.policyA ?? dflt, policyB: m.policyB ?? dflt, conditionsA: m.conditionsA, conditionsB: m.conditionsB,
  }));
}

function check(study: ExchangeDuelStudy): StudyProblem[] {
  const problems = [...checkParts(study), ...checkPairs(study.matchups, DUEL_SIDES, study.loadouts)];
  // Solved policies need the exact walker's duel (distance 1); farther apart the fight engine plays it.
  if (study.duel.distance > 1) {
    study.matchups.forEach((m, i) => {
      for (const key of ['policyA', 'policyB'] as const) {
        const p = m[key];
        if (p === 'best-response' || p === 'optimal') {
          problems.push({ path: ['matchups', i, key], message: `${p} is a solved policy, which exchange duels play only at duel.distance 1 (this study: ${study.duel.distance}); use a named policy` });
        }
        if (p === 'search') problems.push({ path: ['matchups', i, key], message: `exchange duels play search only at duel.distance 1 (this study: ${study.duel.distance}); use a named policy` });
      }
    });
  }
  // The search player plays against named policies (its game plays them); a solved opponent is not one.
  study.matchups.forEach((m, i) => {
    const ps = [m.policyA, m.policyB];
    if (ps.includes('search') && ps.some((p) => p === 'best-response' || p === 'optimal')) {
      problems.push({ path: ['matchups', i, ps[0] === 'search' ? 'policyB' : 'policyA'], message: 'a search side plays against named policies (tactical, all-in, guard-first, reserve-N) or another search side, not a solved one' });
    }
  });
  for (const [name, c] of Object.entries(study.characters)) {
    if (c.vitality > MAX_VIT) problems.push({ path: ['characters', name, 'vitality'], message: `duels track Vitality up to ${MAX_VIT}` });
  }
  return problems;
}

/** The named policy a side plays: its own; for a solved side the one it falls back on; for a searching side the one its play-outs play (the default, tactical). */
function namedPolicy(p: string): string {
  if (p === 'search') return DEFAULT_POLICY;
  return solvedCode(p) === NAMED ? p : SOLVED_FALLBACK;
}

function plan(study: ExchangeDuelStudy, trials: number): PlannedTask<ExchangeDuelSpec>[] {
  const tasks: PlannedTask<ExchangeDuelSpec>[] = [];
  for (const [variant, k] of Object.entries(study.variants)) {
    // Precedence of `opener`: a variant's knob, then the duel block, then `rules:`, then random.
    const knobs = resolveExchangeKnobs(study.rules, study.duel.opener ? { opener: study.duel.opener } : {}, k);
    for (const m of expand(study)) {
      tasks.push({
        labels: { variant, a: m.a, b: m.b, policyA: m.policyA, policyB: m.policyB, conditions: [...m.conditionsA.map((c) => `a:${c}`), ...m.conditionsB.map((c) => `b:${c}`)].join(' ') },
        ...(m.policyA === 'search' || m.policyB === 'search' ? { chunkSize: SEARCH_CHUNK_SIZE } : {}),
        streamKey: hashKey(`exchange.duel|${m.a}|${m.b}|${m.policyA}|${m.policyB}|${m.conditionsA.join()}|${m.conditionsB.join()}${study.duel.distance > 1 ? `|d${study.duel.distance}` : ''}`),
        trials,
        spec: {
          a: { loadout: resolveLoadout(m.a, study), policy: parsePolicy(namedPolicy(m.policyA)), conditions: m.conditionsA },
          b: { loadout: resolveLoadout(m.b, study), policy: parsePolicy(namedPolicy(m.policyB)), conditions: m.conditionsB },
          knobs, maxRounds: study.duel.maxRounds,
          ...(solvedCode(m.policyA) !== NAMED || solvedCode(m.policyB) !== NAMED ? { solved: [solvedCode(m.policyA), solvedCode(m.policyB)] as const } : {}),
          ...(m.policyA === 'search' || m.policyB === 'search'
            ? { searching: [m.policyA === 'search', m.policyB === 'search'] as const, search: { ...DEFAULT_SEARCH_BUDGET, ...study.search } } : {}),
          ...(study.duel.distance > 1 ? { fight: duelAsFight(study, m, study.duel.distance, study.duel.maxRounds, knobs) } : {}),
        },
      });
    }
  }
  return tasks;
}

function rows(task: PlannedTask<ExchangeDuelSpec>, tally: Float64Array, exact: boolean) {
  const spec = task.spec;
  const L = exchangeDuelLayout(spec.maxRounds);
  const { variant, a, b, policyA, policyB } = task.labels as Record<string, string>;
  const conditions = task.labels['conditions']!;
  const f = fightSummary(tally, L.rounds, spec.maxRounds, { variant: variant!, a: a!, b: b!, extra: [policyA!, policyB!, conditions] }, exact);
  const n = f.n;
  const aVit = tally.slice(L.aVit, L.aVit + spec.a.loadout.character.vitality + 1);
  const bVit = tally.slice(L.bVit, L.bVit + spec.b.loadout.character.vitality + 1);
  const summary: Cell[] = [
    ...f.pinned,
    policyA!, policyB!, task.labels['conditions']!, f.bWins / n, f.draws / n, tally[L.end]! / n, tally[L.end + 1]! / n,
    summarizeHistogram(aVit, exact).mean, summarizeHistogram(bVit, exact).mean,
  ];
  ['collapse', 'broke', 'max_rounds'].forEach((e, i) => f.row('end', e, tally[L.end + i]!));
  f.winnerRows(['a', 'b', 'draw']);
  f.roundsRows();
  f.histogram('a_vit_left', aVit);
  f.histogram('b_vit_left', bVit);
  const headline = [
    variant!, `${a} (${policyA})`, `${b} (${policyB})`, (f.aWins / n).toFixed(3), exact ? 'exact' : `${f.ci.low.toFixed(3)}-${f.ci.high.toFixed(3)}`,
    (f.draws / n).toFixed(3), f.roundStats.mean.toFixed(2),
  ];
  const matchup = {
    variant: variant!, a: a!, b: b!, situation: `${policyA} vs ${policyB} ${conditions}`.trim(),
    fields: [['policy_a', policyA!], ['policy_b', policyB!], ['conditions', conditions]] as const, against: JSON.stringify([b, policyB, conditions]), againstB: JSON.stringify([a, policyA, conditions]),
  };
  return { summary, distribution: f.distribution, headline, matchup, stat: f.stat };
}

export const exchangeDuel: ModePlugin<ExchangeDuelStudy, ExchangeDuelSpec> = {
  system: 'exchange',
  mode: 'duel',
  schema: duelStudySchema,
  check,
  plan,
  chunkSize: 5_000,
  metric: FIGHT_METRIC,
  unit: 'duels',
  kernels: { dice: exchangeDuelDice },
  summaryHeader: [
    'variant', 'side_a', 'side_b', 'trials', 'a_wins', 'b_wins', 'draws', 'a_win_rate', 'a_win_ci95_low', 'a_win_ci95_high', 'mean_rounds',
    'policy_a', 'policy_b', 'conditions', 'b_win_rate', 'draw_rate', 'p_end_collapse', 'p_end_broke', 'a_mean_vit_left', 'b_mean_vit_left',
  ],
  distributionHeader: ['variant', 'side_a', 'side_b', 'metric', 'value', 'count', 'probability', 'policy_a', 'policy_b', 'conditions'],
  headlineHeader: ['variant', 'side a', 'side b', 'a wins', '95% CI', 'draws', 'rounds'],
  // Exact at distance 1 (exchange/duel/exact.ts); farther apart the fight engine plays the duel and exact refuses it.
  exact: (spec) => {
    if (spec.searching !== undefined) throw new ExactLimitError('policy search is a Monte Carlo player, which exact duels do not play; use balance run (or best-response / optimal for exact good play)');
    return exactExchangeDuel(spec, EXACT_LIMITS, exchangeStudyPlayer(spec)).tally;
  },
  exactColumns: { header: GAP_COLUMNS, compute: exchangePolicyGap },
  // A solved policy is solved in every worker's prepare: solve once here first, so a duel over the
  // limits stops the run before it starts (exit 2) instead of failing in a worker.
  preflight: (spec) => void exchangeStudyPlayer(spec),
  exactIsSlow: true,
  rows,
};
