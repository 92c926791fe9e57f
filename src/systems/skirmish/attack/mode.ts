/**
 * Skirmish `attack` mode: N attacks per matchup and variant; wound and state distributions.
 */
import { hashKey } from '../../../dice/rng.js';
import { summarizeHistogram } from '../../../stats/histogram.js';
import type { Cell, ModePlugin, PlannedTask, StudyProblem } from '../../types.js';
import { exactOutcomes, expectedUnblocked } from '../exact.js';
import { skirmishAttackKernel, skirmishAttackTable } from '../../kernels.js';
import type { AttackKernel } from './kernel.js';
import { DEFENDER_STATES } from '../profile.js';
import {
  checkMatchups, checkProfiles, checkSituations, expandMatchups, resolveKnobs, resolveLoadout, resolveSituation, situationLabel,
} from '../resolve.js';
import { attackStudySchema, type AttackStudy } from '../schema.js';
import { compileAttack, DODGE_MOVED, SHOVE_MOVED, type AttackSpec } from '../spec.js';
import { stateTable } from '../wounds.js';

/** The compared metric (ModePlugin.metric): the mean wounds of one attack. */
const METRIC = 'mean_wounds';

function check(study: AttackStudy): StudyProblem[] {
  const problems = [...checkProfiles(study), ...checkMatchups(study.matchups, study.loadouts, study.fighters, study.situation)];
  return problems.length > 0 ? problems : checkSituations(study.matchups, study.loadouts, study.weapons);
}

function plan(study: AttackStudy, trials: number): PlannedTask<AttackSpec>[] {
  // What a matchup is does not depend on the variant: resolved once, compiled once per variant.
  const matchups = expandMatchups(study.matchups).map((m) => {
    const situation = resolveSituation(study.situation, m.situation);
    return {
      m,
      attacker: resolveLoadout(m.attacker, study),
      defender: resolveLoadout(m.defender, study),
      situation,
      label: m.name ?? situationLabel(situation),
      streamKey: hashKey(`skirmish.attack|${m.attacker}|${m.defender}|${JSON.stringify(situation)}`),
    };
  });
  const tasks: PlannedTask<AttackSpec>[] = [];
  for (const [variant, knobsInput] of Object.entries(study.variants)) {
    const knobs = resolveKnobs(study.rules, knobsInput);
    for (const { m, attacker, defender, situation, label, streamKey } of matchups) {
      const spec = compileAttack(
        { attacker, weapon: attacker.weapons[0]!, defender, situation, knobs },
        expectedUnblocked,
      );
      tasks.push({
        labels: { variant, attacker: m.attacker, defender: m.defender, situation: label },
        streamKey,
        trials,
        spec,
      });
    }
  }
  return tasks;
}

const SUMMARY_HEADER = [
  'variant', 'attacker', 'defender', 'trials', 'mean_wounds', 'sd_wounds', 'mean_wounds_ci95_low',
  'mean_wounds_ci95_high', 'p_wounded', 'p_downed', 'p_stunned', 'p_out_of_action',
  // extra columns, after the pinned ones
  'situation', 'attacker_choice', 'p_active', 'p_dodge_moved', 'p_shove_moved', 'attack_dice', 'defence_dice',
] as const;

const DISTRIBUTION_HEADER = ['variant', 'attacker', 'defender', 'metric', 'value', 'count', 'probability', 'situation'] as const;

function rows(task: PlannedTask<AttackSpec>, tally: Float64Array, exact: boolean) {
  const spec = task.spec;
  const { variant, attacker, defender, situation } = task.labels as Record<string, string>;
  const maxU = spec.mightDice + spec.skillDice;
  const wounds = new Float64Array(maxU + 1);
  let dodgeMoved = 0;
  let shoveMoved = 0;
  for (let code = 0; code < tally.length; code++) {
    const u = code >> 2;
    const c = tally[code]!;
    if (c === 0) continue;
    wounds[u] = wounds[u]! + c;
    if (code & DODGE_MOVED) dodgeMoved += c;
    if (code & SHOVE_MOVED) shoveMoved += c;
  }
  const h = summarizeHistogram(wounds, exact);
  const table = stateTable(spec.defenderState, spec.woundsLeft, maxU, spec);
  const states = [0, 0, 0, 0];
  wounds.forEach((c, u) => (states[table[u]!] = states[table[u]!]! + c));
  const p = (c: number): number => c / h.n;
  const summary: Cell[] = [
    variant!, attacker!, defender!, exact ? '' : h.n, h.mean, h.sd, h.ci95Low, h.ci95High,
    p(h.n - wounds[0]!), p(states[1]!), p(states[2]!), p(states[3]!),
    situation!, spec.choice, p(states[0]!), p(dodgeMoved), p(shoveMoved),
    `${spec.mightDice}M+${spec.skillDice}S`, `${spec.defMight.length}M+${spec.defSkill.length}S`,
  ];
  const distribution: Cell[][] = [];
  wounds.forEach((c, u) => distribution.push([variant!, attacker!, defender!, 'wounds', u, exact ? '' : c, p(c), situation!]));
  states.forEach((c, s) => distribution.push([variant!, attacker!, defender!, 'state', DEFENDER_STATES[s]!, exact ? '' : c, p(c), situation!]));
  const headline = [
    variant!, attacker!, defender!, situation!, h.mean.toFixed(3),
    exact ? 'exact' : `${h.ci95Low.toFixed(3)}-${h.ci95High.toFixed(3)}`,
    p(h.n - wounds[0]!).toFixed(3), p(h.n - states[0]!).toFixed(3),
  ];
  const matchup = { variant: variant!, a: attacker!, b: defender!, situation: situation! };
  return { summary, distribution, headline, matchup, stat: { metric: METRIC, kind: 'mean' as const, n: h.n, mean: h.mean, sd: h.sd } };
}

export const skirmishAttack: ModePlugin<AttackStudy, AttackSpec, AttackKernel> = {
  system: 'skirmish',
  mode: 'attack',
  schema: attackStudySchema,
  check,
  plan,
  chunkSize: 100_000,
  metric: METRIC,
  unit: 'attacks',
  kernels: { dice: skirmishAttackKernel, table: skirmishAttackTable },
  exact: exactOutcomes,
  summaryHeader: SUMMARY_HEADER,
  distributionHeader: DISTRIBUTION_HEADER,
  headlineHeader: ['variant', 'attacker', 'defender', 'situation', 'wounds', '95% CI', 'p_wounded', 'p_down+'],
  rows,
};

