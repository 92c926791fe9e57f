/**
 * Skirmish `attack` mode: N attacks per matchup and variant; wound and state distributions.
 */
import { hashKey } from '../../../dice/rng.js';
import { summarizeHistogram } from '../../../stats/histogram.js';
import { ATTACK_DISTRIBUTION_HEADER, AttackRows } from '../../attack-rows.js';
import type { ModePlugin, PlannedTask, StudyProblem, TaskRows } from '../../types.js';
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

function rows(task: PlannedTask<AttackSpec>, tally: Float64Array, exact: boolean): TaskRows {
  const spec = task.spec;
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
  const r = new AttackRows(task, summarizeHistogram(wounds, exact), exact, METRIC);
  const n = r.h.n;
  const table = stateTable(spec.defenderState, spec.woundsLeft, maxU, spec);
  const states = [0, 0, 0, 0];
  wounds.forEach((c, u) => (states[table[u]!] = states[table[u]!]! + c));
  wounds.forEach((c, u) => r.row('wounds', u, c));
  states.forEach((c, s) => r.row('state', DEFENDER_STATES[s]!, c));
  return r.finish(
    [
      r.p(n - wounds[0]!), r.p(states[1]!), r.p(states[2]!), r.p(states[3]!),
      r.situation, spec.choice, r.p(states[0]!), r.p(dodgeMoved), r.p(shoveMoved),
      `${spec.mightDice}M+${spec.skillDice}S`, `${spec.defMight.length}M+${spec.defSkill.length}S`,
    ],
    [r.p(n - wounds[0]!).toFixed(3), r.p(n - states[0]!).toFixed(3)],
  );
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
  distributionHeader: ATTACK_DISTRIBUTION_HEADER,
  headlineHeader: ['variant', 'attacker', 'defender', 'situation', 'wounds', '95% CI', 'p_wounded', 'p_down+'],
  rows,
};

