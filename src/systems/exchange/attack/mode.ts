/** Exchange `attack` mode: one Exchange per trial; Wounds to the defender and (Clash) to the attacker. */
import { summarizeHistogram } from '../../../stats/histogram.js';
import { ATTACK_DISTRIBUTION_HEADER, AttackRows, expandAttackMatchups, planAttacks } from '../../attack-rows.js';
import { ATTACK_SIDES, checkPairs } from '../../pairs.js';
import type { ModePlugin, PlannedTask, StudyProblem, TaskRows } from '../../types.js';
import { checkParts, checkSituation, compileExchange, resolveExchangeKnobs, resolveLoadout } from '../compile.js';
import { exchangeExact } from '../exact.js';
import { exchangeAttackDice, exchangeAttackTable } from './kernel.js';
import type { ExchangeSpec } from '../rules.js';
import { attackStudySchema, type ExchangeAttackStudy, type SituationInput } from '../schema.js';

/** The compared metric (ModePlugin.metric): the mean wounds of one attack. */
const METRIC = 'mean_wounds';

function expand(study: ExchangeAttackStudy) {
  return expandAttackMatchups<SituationInput>(study.matchups);
}

function check(study: ExchangeAttackStudy): StudyProblem[] {
  const problems = [...checkParts(study), ...checkPairs(study.matchups, ATTACK_SIDES, study.loadouts)];
  if (problems.length > 0) return problems;
  for (const [name, w] of Object.entries(study.weapons)) {
    for (const field of ['lingering', 'inflicts'] as const) {
      if (w[field]) problems.push({ path: ['weapons', name, field], message: `${field} applies in duels only: one Exchange ignores it`, atKey: true, warning: true });
    }
  }
  for (const m of expand(study)) {
    const s = { ...study.situation, ...m.situation };
    const path = m.situation ? ['matchups', m.index, 'situation'] : ['situation'];
    for (const message of checkSituation(resolveLoadout(m.attacker, study), resolveLoadout(m.defender, study), s)) {
      problems.push({ path, message: `${m.attacker} vs ${m.defender}: ${message}` });
    }
  }
  return problems;
}

function label(s: SituationInput): string {
  const parts: string[] = [];
  if (s.attackerBoost) parts.push(`boost=${s.attackerBoost}`);
  if (s.response && s.response !== 'none') parts.push(`${s.response}${s.defenderBoost ? `+${s.defenderBoost}` : ''}`);
  if (s.attackerEdge && s.attackerEdge !== 'none') parts.push(`attacker-${s.attackerEdge}`);
  if (s.defenderEdge && s.defenderEdge !== 'none') parts.push(`defender-${s.defenderEdge}`);
  if (s.range === 'long') parts.push('long-range');
  for (const k of ['slowed', 'reeling', 'prone'] as const) if (s[k] && s[k] !== 'none') parts.push(`${k}=${s[k]}`);
  return parts.join(' ');
}

function plan(study: ExchangeAttackStudy, trials: number): PlannedTask<ExchangeSpec>[] {
  const knobsOf = (k: (typeof study.variants)[string]) => resolveExchangeKnobs(study.rules, k);
  return planAttacks('exchange', study.variants, knobsOf, expand(study), study.situation, trials, label, (m, s, knobs) =>
    compileExchange(resolveLoadout(m.attacker, study), resolveLoadout(m.defender, study), s, knobs));
}

const WOUND_VALUES = [0, 1, 2, 3, 5, 8];

function rows(task: PlannedTask<ExchangeSpec>, tally: Float64Array, exact: boolean): TaskRows {
  const spec = task.spec;
  const toDef = new Float64Array(9);
  const toAtt = new Float64Array(9);
  const margin = new Float64Array(spec.maxAtt + spec.maxDef + 1);
  let stopped = 0;
  tally.forEach((c, code) => {
    if (c === 0) return;
    const wa = code % 9;
    const wd = Math.floor(code / 9) % 9;
    const m = Math.floor(code / 81);
    toDef[wd] = toDef[wd]! + c;
    toAtt[wa] = toAtt[wa]! + c;
    margin[m] = margin[m]! + c;
    if (m - spec.maxDef <= 0) stopped += c;
  });
  const r = new AttackRows(task, summarizeHistogram(toDef, exact), exact, METRIC);
  const ha = summarizeHistogram(toAtt, exact);
  const n = r.h.n;
  let collapsed = 0;
  toDef.forEach((c, w) => (collapsed += w >= spec.defVitality ? c : 0));
  for (const w of WOUND_VALUES) r.row('wounds', w, toDef[w]!);
  for (const w of WOUND_VALUES) r.row('wounds_to_attacker', w, toAtt[w]!);
  margin.forEach((c, m) => r.row('hit_margin', m - spec.maxDef, c));
  return r.finish(
    [r.p(n - toDef[0]!), ha.mean, r.p(stopped), r.p(collapsed), r.p(n - toAtt[0]!), r.situation, spec.attDice, spec.defDice],
    [ha.mean.toFixed(3), r.p(stopped).toFixed(3)],
  );
}

export const exchangeAttack: ModePlugin<ExchangeAttackStudy, ExchangeSpec> = {
  system: 'exchange',
  mode: 'attack',
  schema: attackStudySchema,
  check,
  plan,
  chunkSize: 100_000,
  metric: METRIC,
  unit: 'exchanges',
  kernels: { dice: exchangeAttackDice, table: exchangeAttackTable },
  exact: exchangeExact,
  summaryHeader: [
    'variant', 'attacker', 'defender', 'trials', 'mean_wounds', 'sd_wounds', 'mean_wounds_ci95_low', 'mean_wounds_ci95_high', 'p_wounded',
    'mean_wounds_to_attacker', 'p_attack_stopped',
    'p_collapsed', 'p_attacker_wounded', 'situation', 'attack_dice', 'response_dice',
  ],
  distributionHeader: ATTACK_DISTRIBUTION_HEADER,
  headlineHeader: ['variant', 'attacker', 'defender', 'situation', 'wounds', '95% CI', 'to attacker', 'p_stopped'],
  rows,
};
