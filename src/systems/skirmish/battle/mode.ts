/**
 * Skirmish `battle` mode: retinue against retinue on a board (seeds 000 + 002). Win rates with
 * Wilson intervals, rounds, survivors, and what each fighter contributes (fighters.csv).
 */
import { DEFAULT_SEARCH_BUDGET, SEARCH_CHUNK_SIZE } from '../../../games/search.js';
import { hashKey } from '../../../dice/rng.js';
import { didYouMean } from '../../../common/suggest.js';
import { FIGHT_METRIC, fightSummary } from '../../fight-summary.js';
import { checkPairs, DUEL_SIDES, expandPairs } from '../../pairs.js';
import type { Cell, ModePlugin, PlannedTask, StudyProblem } from '../../types.js';
import { wilson } from '../../../stats/wilson.js';
import { summarizeHistogram } from '../../../stats/histogram.js';
import { resolveDuelKnobs } from '../duel/mode.js';
import { POLICIES } from '../duel/setup.js';
import { checkProfiles, loadoutWeapons, resolveLoadout } from '../resolve.js';
import { battleLayout, FIGHTER_STATS, skirmishBattleDice, skirmishBattleTable } from './kernel.js';
import { SIDE_POLICIES, battleStudySchema, type BattleStudy } from './schema.js';
import { DEPLOY_GAP, TACTICAL, type BattleFighterSpec, type BattleSpec } from './setup.js';
import { challengeBattle } from './challenge.js';

function retinueSpan(entries: BattleStudy['retinues'][string]): number {
  let span = -DEPLOY_GAP;
  for (const e of entries) span += e.count * (e.base + DEPLOY_GAP);
  return span;
}

function check(study: BattleStudy): StudyProblem[] {
  const problems = [...checkProfiles(study)];
  for (const p of checkPairs(study.matchups, DUEL_SIDES, study.retinues)) {
    problems.push({ ...p, message: p.message.replace('unknown loadout', 'unknown retinue') });
  }
  const loadouts = Object.keys(study.loadouts);
  const [width, height] = study.battle.board;
  for (const [name, entries] of Object.entries(study.retinues)) {
    entries.forEach((e, i) => {
      const l = study.loadouts[e.loadout];
      if (l === undefined) {
        problems.push({ path: ['retinues', name, i, 'loadout'], message: `unknown loadout "${e.loadout}"${didYouMean(e.loadout, loadouts)}` });
        return;
      }
      const ranged = loadoutWeapons(l).some((w) => study.weapons[w]?.type === 'ranged' || study.weapons[w]?.class === 'spell');
      if ((e.policy === 'shooter' || e.policy === 'kite') && !ranged) {
        problems.push({ path: ['retinues', name, i, 'policy'], warning: true, message: `${e.loadout} has no Ranged or Cast weapon: it fights as aggressive` });
      }
    });
    const span = retinueSpan(entries);
    if (span > width) {
      problems.push({ path: ['retinues', name], message: `deployed in one line this retinue takes ${span}" (bases ${DEPLOY_GAP}" apart), wider than the board's ${width}"` });
    }
    const deepest = Math.max(...entries.map((e) => e.base));
    if (study.battle.distance + 2 * deepest > height) {
      problems.push({ path: ['battle', 'distance'], message: `the deployment lines ${study.battle.distance}" apart do not fit on a board ${height}" deep` });
    }
  }
  return problems;
}

/** The fighters of a retinue, labelled `loadout` or `loadout#k` when it has several. */
export function retinueFighters(name: string, study: BattleStudy): BattleFighterSpec[] {
  const entries = study.retinues[name]!;
  const total = new Map<string, number>();
  for (const e of entries) total.set(e.loadout, (total.get(e.loadout) ?? 0) + e.count);
  const seen = new Map<string, number>();
  const out: BattleFighterSpec[] = [];
  for (const e of entries) {
    const loadout = resolveLoadout(e.loadout, study);
    // No policy named: tactical, the battles' default player (tactical.ts).
    // `search`: its play-outs play tactical for it.
    const search = e.policy === 'search';
    const policy = e.policy === undefined || e.policy === 'tactical' || e.policy === 'search' ? TACTICAL : POLICIES.indexOf(e.policy);
    for (let k = 0; k < e.count; k++) {
      const n = (seen.get(e.loadout) ?? 0) + 1;
      seen.set(e.loadout, n);
      out.push({ loadout, policy, base: e.base, label: total.get(e.loadout)! > 1 ? `${e.loadout}#${n}` : e.loadout, ...(search ? { search: true } : {}) });
    }
  }
  return out;
}

function plan(study: BattleStudy, trials: number): PlannedTask<BattleSpec>[] {
  const tasks: PlannedTask<BattleSpec>[] = [];
  for (const [variant, k] of Object.entries(study.variants)) {
    const knobs = {
      ...resolveDuelKnobs(study.rules, k), multipleEngagement: k.multipleEngagement ?? study.rules.multipleEngagement ?? 'focus',
      rangedInMelee: k.rangedInMelee ?? study.rules.rangedInMelee ?? 'allowed',
      freeAttackEngaged: k.freeAttackEngaged ?? study.rules.freeAttackEngaged ?? 'any',
      castAttack: k.castAttack ?? study.rules.castAttack ?? 'apart',
    } as const;
    for (const m of expandPairs(study.matchups, DUEL_SIDES)) {
      const spa = m.entry.sidePolicyA ?? 'nearest';
      const spb = m.entry.sidePolicyB ?? 'nearest';
      const sides = [retinueFighters(m.first, study), retinueFighters(m.second, study)] as const;
      const search = sides.some((s) => s.some((f) => f.search === true));
      tasks.push({
        labels: { variant, a: m.first, b: m.second, sidePolicyA: spa, sidePolicyB: spb },
        streamKey: hashKey(`skirmish.battle|${m.first}|${m.second}|${spa}|${spb}`),
        trials,
        ...(search ? { chunkSize: SEARCH_CHUNK_SIZE } : {}),
        spec: {
          sides,
          sidePolicies: [SIDE_POLICIES.indexOf(spa), SIDE_POLICIES.indexOf(spb)],
          knobs,
          settings: study.battle,
          ...(search ? { search: { ...DEFAULT_SEARCH_BUDGET, ...study.search } } : {}),
        },
      });
    }
  }
  return tasks;
}

const SUMMARY_HEADER = [
  'variant', 'retinue_a', 'retinue_b', 'trials', 'a_wins', 'b_wins', 'draws', 'a_win_rate', 'a_win_ci95_low', 'a_win_ci95_high',
  'mean_rounds', 'a_mean_survivors', 'b_mean_survivors',
  // extra columns, after the pinned ones
  'side_policy_a', 'side_policy_b', 'b_win_rate', 'draw_rate', 'sd_rounds', 'a_first_rate', 'first_mover_win_rate',
] as const;

const DISTRIBUTION_HEADER = [
  'variant', 'retinue_a', 'retinue_b', 'metric', 'value', 'count', 'probability',
  // extra columns, after the pinned ones: what tells apart matchups that differ only in side policy
  'side_policy_a', 'side_policy_b',
] as const;

export const FIGHTERS_HEADER = [
  'variant', 'retinue_a', 'retinue_b', 'side', 'fighter', 'loadout', 'trials', 'out_of_action_rate', 'ooa_ci95_low', 'ooa_ci95_high',
  'mean_unblocked_hits_dealt', 'mean_takedowns', 'mean_friendly_fire_hits',
  // extra columns, after the pinned ones
  'side_policy_a', 'side_policy_b',
] as const;

function rows(task: PlannedTask<BattleSpec>, tally: Float64Array) {
  const spec = task.spec;
  const { variant, a, b, sidePolicyA, sidePolicyB } = task.labels as Record<string, string>;
  const L = battleLayout(spec);
  const f = fightSummary(tally, L.rounds, spec.settings.maxRounds, { variant: variant!, a: a!, b: b!, extra: [sidePolicyA!, sidePolicyB!] });
  const n = f.n;
  const nA = spec.sides[0].length;
  const nB = spec.sides[1].length;
  const aSurv = tally.slice(L.aSurvivors, L.aSurvivors + nA + 1);
  const bSurv = tally.slice(L.bSurvivors, L.bSurvivors + nB + 1);
  const aMean = summarizeHistogram(aSurv, false).mean;
  const bMean = summarizeHistogram(bSurv, false).mean;
  const summary: Cell[] = [...f.pinned, aMean, bMean, sidePolicyA!, sidePolicyB!, f.bWins / n, f.draws / n, f.roundStats.sd,
    tally[L.firstMover]! / n, tally[L.firstMover + 1]! / n,
  ];
  f.winnerRows(['a', 'b', 'draw']);
  f.roundsRows();
  f.histogram('a_survivors', aSurv);
  f.histogram('b_survivors', bSurv);
  const fighters: Cell[][] = [];
  [...spec.sides[0], ...spec.sides[1]].forEach((fs, i) => {
    const at = L.fighters + FIGHTER_STATS * i;
    const ooa = tally[at]!;
    const ci = wilson(ooa, n);
    fighters.push([
      variant!, a!, b!, i < nA ? 'a' : 'b', fs.label, fs.loadout.name, n, ooa / n, ci.low, ci.high,
      tally[at + 1]! / n, tally[at + 2]! / n, tally[at + 3]! / n, sidePolicyA!, sidePolicyB!,
    ]);
  });
  const headline = [
    variant!, `${a} (${sidePolicyA})`, `${b} (${sidePolicyB})`, (f.aWins / n).toFixed(3), `${f.ci.low.toFixed(3)}-${f.ci.high.toFixed(3)}`,
    (f.draws / n).toFixed(3), f.roundStats.mean.toFixed(2), aMean.toFixed(2), bMean.toFixed(2), (tally[L.firstMover + 1]! / n).toFixed(3),
  ];
  const matchup = { variant: variant!, a: a!, b: b!, situation: `${sidePolicyA} vs ${sidePolicyB}` };
  return { summary, distribution: f.distribution, headline, matchup, stat: f.stat, extra: { 'fighters.csv': fighters } };
}

export const skirmishBattle: ModePlugin<BattleStudy, BattleSpec> = {
  system: 'skirmish',
  mode: 'battle',
  schema: battleStudySchema,
  check,
  plan,
  chunkSize: 2_000,
  metric: FIGHT_METRIC,
  unit: 'battles',
  kernels: { dice: skirmishBattleDice, table: skirmishBattleTable },
  summaryHeader: SUMMARY_HEADER,
  distributionHeader: DISTRIBUTION_HEADER,
  headlineHeader: ['variant', 'retinue a', 'retinue b', 'a wins', '95% CI', 'draws', 'rounds', 'a left', 'b left', 'first mover wins'],
  extraFiles: { 'fighters.csv': FIGHTERS_HEADER },
  challenge: challengeBattle,
  rows: (task, tally) => rows(task, tally),
};
