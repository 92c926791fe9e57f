/** d20 `attack` mode: N attacks per matchup and variant; damage distributions, hit and crit rates. */
import { summarizeHistogram } from '../../../stats/histogram.js';
import { ATTACK_DISTRIBUTION_HEADER, AttackRows, expandAttackMatchups, planAttacks } from '../../attack-rows.js';
import { ATTACK_SIDES, checkPairs } from '../../pairs.js';
import type { ModePlugin, PlannedTask, StudyProblem, TaskRows } from '../../types.js';
import { d20Exact } from '../exact.js';
import { d20AttackDice, d20AttackTable } from './kernel.js';
import { checkLoadouts, resolveD20Knobs } from '../resolve.js';
import { compileD20Attack, type D20AttackSpec } from '../rules.js';
import { attackStudySchema, type D20AttackStudy, type SituationInput } from '../schema.js';

/** The compared metric (ModePlugin.metric): the mean damage of one attack. */
const METRIC = 'mean_damage';

function expand(study: D20AttackStudy) {
  return expandAttackMatchups<SituationInput>(study.matchups);
}

function check(study: D20AttackStudy): StudyProblem[] {
  const problems = [...checkLoadouts(study), ...checkPairs(study.matchups, ATTACK_SIDES, study.loadouts)];
  study.matchups.forEach((m, i) => {
    const cover = m.situation?.cover ?? study.situation.cover;
    if (cover === 'full') {
      const path = m.situation?.cover !== undefined ? ['matchups', i, 'situation', 'cover'] : ['situation', 'cover'];
      problems.push({ path, message: 'a target in full cover cannot be targeted (seed 003)' });
    }
  });
  return problems;
}

function situationLabel(s: SituationInput): string {
  const parts: string[] = [];
  if (s.edge && s.edge !== 'none') parts.push(s.edge);
  if (s.cover && s.cover !== 'none') parts.push(`cover=${s.cover}`);
  if (s.dodge) parts.push('dodge');
  if (s.mounted) parts.push('mounted');
  return parts.join(' ');
}

function plan(study: D20AttackStudy, trials: number): PlannedTask<D20AttackSpec>[] {
  const knobsOf = (k: (typeof study.variants)[string]) => resolveD20Knobs(study.rules, k);
  return planAttacks('d20', study.variants, knobsOf, expand(study), study.situation, trials, situationLabel, (m, situation, knobs) => {
    const al = study.loadouts[m.attacker]!;
    const dl = study.loadouts[m.defender]!;
    return compileD20Attack(study.creatures[al.creature]!, study.weapons[al.weapon]!, study.creatures[dl.creature]!, situation, knobs);
  });
}

const SUMMARY_HEADER = [
  'variant', 'attacker', 'defender', 'trials', 'mean_damage', 'sd_damage', 'mean_damage_ci95_low', 'mean_damage_ci95_high',
  'p_hit', 'p_crit', 'p_drop',
  'situation', 'attack_bonus', 'target_ac', 'damage', 'edge',
] as const;

function rows(task: PlannedTask<D20AttackSpec>, tally: Float64Array, exact: boolean): TaskRows {
  const spec = task.spec;
  const stride = spec.maxDamage + 1;
  const damage = new Float64Array(stride);
  const kinds = [0, 0, 0];
  tally.forEach((c, code) => {
    damage[code % stride] = damage[code % stride]! + c;
    kinds[Math.floor(code / stride)] = kinds[Math.floor(code / stride)]! + c;
  });
  const r = new AttackRows(task, summarizeHistogram(damage, exact), exact, METRIC);
  let drop = 0;
  damage.forEach((c, d) => (drop += d >= spec.hp ? c : 0));
  damage.forEach((c, d) => r.row('damage', d, c));
  ['miss', 'hit', 'crit'].forEach((k, i) => r.row('result', k, kinds[i]!));
  const hit = r.p(kinds[1]! + kinds[2]!);
  return r.finish(
    [hit, r.p(kinds[2]!), r.p(drop), r.situation, spec.attackBonus, spec.ac, spec.damageText, spec.edge > 0 ? 'edge' : spec.edge < 0 ? 'setback' : 'none'],
    [hit.toFixed(3), r.p(kinds[2]!).toFixed(3), r.p(drop).toFixed(3)],
  );
}

export const d20Attack: ModePlugin<D20AttackStudy, D20AttackSpec> = {
  system: 'd20',
  mode: 'attack',
  schema: attackStudySchema,
  check,
  plan,
  chunkSize: 100_000,
  metric: METRIC,
  unit: 'attacks',
  kernels: { dice: d20AttackDice, table: d20AttackTable },
  exact: d20Exact,
  summaryHeader: SUMMARY_HEADER,
  distributionHeader: ATTACK_DISTRIBUTION_HEADER,
  headlineHeader: ['variant', 'attacker', 'defender', 'situation', 'damage', '95% CI', 'p_hit', 'p_crit', 'p_drop'],
  rows,
};
