/** d20 `fight` mode: a party against a group; win rate, each hero's chance of death, rounds, HP left. */
import { hashKey } from '../../../dice/rng.js';
import { DEFAULT_SEARCH_BUDGET, SEARCH_CHUNK_SIZE } from '../../../games/search.js';
import { summarizeHistogram } from '../../../stats/histogram.js';
import { wilson } from '../../../stats/wilson.js';
import { FIGHT_METRIC, fightSummary } from '../../fight-summary.js';
import type { Cell, ModePlugin, PlannedTask, StudyProblem } from '../../types.js';
import { ENEMIES, HEROES, type FighterSpec, type FightSpec } from './engine.js';
import { d20FightDice, fightLayout } from './kernel.js';
import { checkLoadouts, loadoutRef, resolveD20Knobs } from '../resolve.js';
import { fightStudySchema, POLICIES, type D20FightStudy } from '../schema.js';
import { challengeD20Fight, SEARCH_ROLLOUT_POLICY } from './challenge.js';

/** The policy of a side entry that names none. */
export const DEFAULT_POLICY = 'tactical';

type Entry = D20FightStudy['sides']['heroes'][number];

function entryOf(e: Entry): { loadout: string; policy: string; name: string | undefined } {
  return typeof e === 'string' ? { loadout: e, policy: DEFAULT_POLICY, name: undefined } : { loadout: e.loadout, policy: e.policy ?? DEFAULT_POLICY, name: e.name };
}

function check(study: D20FightStudy): StudyProblem[] {
  const problems = checkLoadouts(study);
  for (const side of ['heroes', 'enemies'] as const) {
    study.sides[side].forEach((e, i) => {
      const path = typeof e === 'string' ? ['sides', side, i] : ['sides', side, i, 'loadout'];
      problems.push(...loadoutRef(path, entryOf(e).loadout, study.loadouts));
    });
  }
  return problems;
}

function fighters(study: D20FightStudy): FighterSpec[] {
  const out: FighterSpec[] = [];
  const seen = new Map<string, number>();
  for (const [side, list] of [[HEROES, study.sides.heroes], [ENEMIES, study.sides.enemies]] as const) {
    for (const e of list) {
      const { loadout, policy, name } = entryOf(e);
      const base = name ?? loadout;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      const l = study.loadouts[loadout]!;
      const search = policy === 'search';
      out.push({
        name: n === 1 ? base : `${base}#${n}`, side, creature: study.creatures[l.creature]!, weapon: study.weapons[l.weapon]!,
        policy: POLICIES.indexOf((search ? SEARCH_ROLLOUT_POLICY : policy) as (typeof POLICIES)[number]),
        ...(search ? { search: true } : {}),
      });
    }
  }
  return out;
}

function plan(study: D20FightStudy, trials: number): PlannedTask<FightSpec>[] {
  const fs = fighters(study);
  const search = fs.some((f) => f.search === true);
  return Object.entries(study.variants).map(([variant, k]) => ({
    labels: { variant },
    ...(search ? { chunkSize: SEARCH_CHUNK_SIZE } : {}),
    streamKey: hashKey(`d20.fight|${JSON.stringify(study.sides)}`),
    trials,
    spec: {
      fighters: fs, knobs: resolveD20Knobs(study.rules, k), maxRounds: study.fight.maxRounds,
      ...(search ? { search: { ...DEFAULT_SEARCH_BUDGET, ...study.search } } : {}),
    },
  }));
}

const PINNED = [
  'variant', 'side_a', 'side_b', 'trials', 'a_wins', 'b_wins', 'draws', 'a_win_rate', 'a_win_ci95_low', 'a_win_ci95_high', 'mean_rounds',
];

function heroNames(spec: FightSpec): string[] {
  return spec.fighters.filter((f) => f.side === HEROES).map((f) => f.name);
}

function rows(task: PlannedTask<FightSpec>, tally: Float64Array) {
  const spec = task.spec;
  const L = fightLayout(spec);
  const variant = task.labels['variant']!;
  const f = fightSummary(tally, L.rounds, spec.maxRounds, { variant, a: 'heroes', b: 'enemies' });
  const dead = tally.slice(L.heroesDead, L.heroesDead + L.heroes + 1);
  const hp = tally.slice(L.hpLeft, L.hpLeft + L.maxHp + 1);
  const heroes = heroNames(spec);
  const deaths = heroes.map((_, i) => tally[L.heroDead + i]!);
  const deathRates = deaths.map((d) => d / f.n);
  const summary: Cell[] = [
    ...f.pinned, ...deaths.flatMap((d) => {
      const ci = wilson(d, f.n);
      return [d / f.n, ci.low, ci.high];
    }),
    f.bWins / f.n, f.draws / f.n, summarizeHistogram(dead, false).mean, summarizeHistogram(hp, false).mean,
  ];
  f.roundsRows();
  f.winnerRows(['heroes', 'enemies', 'draw']);
  f.histogram('heroes_dead', dead);
  f.histogram('heroes_hp_left', hp);
  const headline = [variant, (f.aWins / f.n).toFixed(3), `${f.ci.low.toFixed(3)}-${f.ci.high.toFixed(3)}`, f.roundStats.mean.toFixed(2), ...deathRates.map((d) => d.toFixed(3))];
  const matchup = { variant, a: 'heroes', b: 'enemies', situation: '' };
  const extraStats = heroes.map((h, i) => ({ metric: `death_rate_${h}`, kind: 'rate' as const, n: f.n, successes: deaths[i]! }));
  return { summary, distribution: f.distribution, headline, matchup, stat: f.stat, extraStats };
}

export const d20Fight: ModePlugin<D20FightStudy, FightSpec> = {
  system: 'd20',
  mode: 'fight',
  schema: fightStudySchema,
  check,
  plan,
  chunkSize: 5_000,
  metric: FIGHT_METRIC,
  unit: 'fights',
  kernels: { dice: d20FightDice },
  challenge: challengeD20Fight,
  summaryHeader: PINNED,
  summaryHeaderFor: (tasks) => [
    ...PINNED, ...heroNames(tasks[0]!.spec).flatMap((h) => [`death_rate_${h}`, `death_rate_${h}_ci95_low`, `death_rate_${h}_ci95_high`]),
    'b_win_rate', 'draw_rate', 'mean_heroes_dead', 'mean_heroes_hp_left',
  ],
  distributionHeader: ['variant', 'side_a', 'side_b', 'metric', 'value', 'count', 'probability'],
  headlineHeader: ['variant', 'heroes win', '95% CI', 'rounds'],
  headlineHeaderFor: (tasks) => ['variant', 'heroes win', '95% CI', 'rounds', ...heroNames(tasks[0]!.spec).map((h) => `death ${h}`)],
  rows: (task, tally) => rows(task, tally),
};
