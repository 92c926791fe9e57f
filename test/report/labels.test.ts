/**
 * Side labels in reports: a loadout's policy is shown when the study plays that side under several
 * policies, and always when it is a solved policy (best-response, optimal), so "dagger (optimal) vs
 * sword" cannot hide that the sword plays the minimax solution too (configs/exchange-policy-gap.yaml).
 */
import { describe, expect, it } from 'vitest';
import { aLabel, bLabel, compareAsSummary, matchupKey, matchupLabel, reportData } from '../../src/report/data.js';

const SUMMARY = [
  'variant,side_a,side_b,a_win_rate,policy_a,policy_b',
  'base,sword,greataxe,0.41,reserve-1,reserve-1',
  'base,dagger,greataxe,0.41,all-in,reserve-1',
  'base,sword,greataxe,0.63,best-response,reserve-1',
  'base,dagger,sword,0.19,optimal,optimal',
].join('\n');

const data = (summary: string) => reportData({ summary, distribution: 'variant\n', compare: null, run: '{"system":"exchange","mode":"duel"}' });

describe('report side labels', () => {
  it('name the policy of a side played under several policies, and of every solved side', () => {
    const d = data(SUMMARY);
    expect(d.summary.map((r) => matchupLabel(d, r))).toEqual([
      'sword (reserve-1) vs greataxe',
      'dagger (all-in) vs greataxe',
      'sword (best-response) vs greataxe',
      'dagger (optimal) vs sword (optimal)',
    ]);
  });

  it('leave a side with one named policy bare', () => {
    const d = data('variant,side_a,side_b,a_win_rate,policy_a,policy_b\nbase,sword,axe,0.5,reserve-1,all-in\nbase,axe,sword,0.5,reserve-1,all-in\n');
    expect(d.summary.map((r) => `${aLabel(d, r)}|${bLabel(d, r)}`)).toEqual(['sword|axe', 'axe|sword']);
  });

  it('battles: matchups that differ only in side policy get their own labels and keys, compare rows too', () => {
    const summary = [
      'variant,retinue_a,retinue_b,trials,a_win_rate,side_policy_a,side_policy_b',
      'base,phoenix,wardens,100,0.53,nearest,nearest',
      'base,phoenix,wardens,100,0.51,weakest,most-dangerous',
    ].join('\n');
    const compare = [
      'variant,baseline,matchup_a,matchup_b,metric,delta,situation',
      'split,base,phoenix,wardens,a_win_rate,0.03,weakest vs most-dangerous',
    ].join('\n');
    const d = reportData({ summary, distribution: 'variant\n', compare, run: '{"system":"skirmish","mode":"battle"}' });
    expect(d.summary.map((r) => matchupLabel(d, r))).toEqual(['phoenix (nearest) vs wardens (nearest)', 'phoenix (weakest) vs wardens (most-dangerous)']);
    expect(new Set(d.summary.map((r) => matchupKey(d, r))).size).toBe(2);
    const c = compareAsSummary(d, d.compare[0]!);
    expect([matchupLabel(d, c), matchupKey(d, c)]).toEqual([matchupLabel(d, d.summary[1]!), matchupKey(d, d.summary[1]!)]);
  });
});
