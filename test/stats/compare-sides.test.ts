/**
 * `compare: loadouts-b` compares side b's loadouts (a defender's shield) against a baseline side-b
 * loadout, with common random numbers; and a sweep may vary loadout fields (`loadouts.X.shield`,
 * `.armor`, `.weapon`). Monte Carlo deltas are checked against the exact ones within 4 standard
 * errors (fixed seed); swept points against the same study written out by hand. In process.
 */
import { describe, expect, it } from 'vitest';
import { exactStudy, loadStudyText, runStudy, type Results } from '../../src/api.js';
import { Z95 } from '../../src/stats/histogram.js';
import { planStudy } from '../../src/plan/plan.js';
import { problemsOf } from '../helpers/problems.js';

const STUDY = `system: skirmish
mode: attack
seed: 3
trials: 20000
compare: loadouts-b
baseline: guard
fighters:
  vet: { cc: 3, rc: 3, might: 3, skill: 3, defense: 4, wounds: 3, movement: 4 }
weapons:
  sword: { type: melee, class: sword, might: "+1", skill: "+1" }
  axe:   { type: melee, class: axe, might: "+2" }
loadouts:
  hero:         { fighter: vet, weapon: sword }
  brute:        { fighter: vet, weapon: axe }
  guard:        { fighter: vet, weapon: sword, armor: light }
  guard-shield: { fighter: vet, weapon: sword, armor: light, shield: shield }
  guard-heavy:  { fighter: vet, weapon: sword, armor: heavy }
matchups:
  - { attackers: [hero, brute], defenders: [guard, guard-shield, guard-heavy] }
variants:
  base: {}
  defender-ties: { tieGoesTo: defender }
`;

type Row = Record<string, string>;
const rowsOf = (r: Results, file: string): Row[] => {
  const [header, ...lines] = r.files[file]!.trim().split('\n').map((l) => l.split(','));
  return lines.map((l) => Object.fromEntries(header!.map((h, i) => [h, l[i]!])));
};
const sideB = (r: Results): Row[] => rowsOf(r, 'compare.csv').filter((x) => x['compared'] === 'loadouts-b');
const key = (x: Row): string => [x['variant'], x['matchup_a'], x['matchup_b']].join('|');

describe('compare: loadouts-b', () => {
  it('each side-b loadout against the baseline, per side-a loadout and variant; Monte Carlo within 4 SE of exact', async () => {
    const study = loadStudyText('shield.yaml', STUDY);
    expect(study.compare?.loadouts).toEqual({ baseline: 'guard', side: 'b' });
    const exact = sideB(exactStudy(study));
    const mc = sideB(await runStudy(study, { workers: 0 }));
    // 2 variants x 2 attackers x 2 side-b loadouts besides the baseline.
    expect(exact.map(key).sort()).toEqual(mc.map(key).sort());
    expect(exact.length).toBe(8);
    for (const x of exact) expect([x['baseline'], x['p_value'], x['significant']]).toEqual(['guard', '', '']);
    const byKey = new Map(exact.map((x) => [key(x), Number(x['delta'])]));
    for (const m of mc) {
      expect(m['baseline']).toBe('guard');
      const se = (Number(m['delta_ci95_high']) - Number(m['delta_ci95_low'])) / (2 * Z95);
      expect(Math.abs(Number(m['delta']) - byKey.get(key(m))!)).toBeLessThanOrEqual(4 * se);
    }
    // A shield protects: side a's Wounds drop against it (a negative delta), whoever attacks.
    for (const x of exact.filter((r) => r['matchup_b'] === 'guard-shield')) expect(Number(x['delta'])).toBeLessThan(0);
  });

  it('side-b loadouts facing the same attacker share their dice (common random numbers); side a keeps its own', () => {
    const tasks = planStudy(loadStudyText('shield.yaml', STUDY), 100);
    const stream = (a: string, b: string, v = 'base'): number => tasks.find((t) => t.labels['attacker'] === a && t.labels['defender'] === b && t.labels['variant'] === v)!.streamKey as number;
    expect(stream('hero', 'guard-shield')).toBe(stream('hero', 'guard'));
    expect(stream('hero', 'guard-heavy', 'defender-ties')).toBe(stream('hero', 'guard'));
    expect(stream('brute', 'guard')).not.toBe(stream('hero', 'guard'));
  });

  it('duels pair side-b loadouts by side a and its policy', () => {
    const duel = `system: skirmish
mode: duel
seed: 5
trials: 100
compare: loadouts-b
fighters:
  vet: { cc: 3, rc: 3, might: 3, skill: 3, defense: 4, wounds: 1, movement: 4 }
weapons:
  sword: { type: melee, class: sword, might: "+1", skill: "+1" }
loadouts:
  a:     { fighter: vet, weapon: sword }
  plain: { fighter: vet, weapon: sword }
  shield: { fighter: vet, weapon: sword, shield: shield }
duel: { distance: 1, maxRounds: 4 }
matchups:
  - { sides: [a], opponents: [plain, shield] }
`;
    const rows = sideB(exactStudy(loadStudyText('duel.yaml', duel)));
    expect(rows.map((x) => [x['baseline'], x['matchup_a'], x['matchup_b'], x['policy_a']])).toEqual([['plain', 'a', 'shield', expect.any(String)]]);
  });

  it('refuses a baseline from the other side, pointing at loadouts-b (one line, at the field)', () => {
    const wrong = STUDY.replace('compare: loadouts-b', 'compare: loadouts');
    expect(problemsOf(() => loadStudyText('shield.yaml', wrong))).toEqual([
      'shield.yaml:6:11 baseline: "guard" is not a side-a loadout of any matchup (it is a side-b loadout: compare: loadouts-b compares those); expected one of hero, brute',
    ]);
    expect(problemsOf(() => loadStudyText('shield.yaml', STUDY.replace('baseline: guard', 'baseline: hero')))[0]).toMatch(/^shield\.yaml:6:11 baseline: "hero" is not a side-b loadout of any matchup; expected one of guard, guard-shield, guard-heavy$/);
    expect(problemsOf(() => loadStudyText('shield.yaml', STUDY.replace('compare: loadouts-b', 'compare: loadout')))).toEqual(['shield.yaml:5:10 compare: expected variants, loadouts or loadouts-b, received "loadout"']);
  });
});

describe('sweeps over loadout fields', () => {
  it('loadouts.X.shield, .armor and .weapon: each point gives what the study written with those values gives', () => {
    const base = STUDY.replace('compare: loadouts-b\nbaseline: guard\n', '').replace(/variants:[\s\S]*$/, '');
    const swept = exactStudy(loadStudyText('sweep.yaml', `${base}sweep:\n  loadouts.guard.shield: [none, shield]\n  loadouts.guard.armor: [light, heavy]\n  loadouts.hero.weapon: [sword, axe]\n`));
    const summary = rowsOf(swept, 'summary.csv');
    expect(new Set(summary.map((r) => r['variant'])).size).toBe(8);
    const point = 'loadouts.guard.shield=shield loadouts.guard.armor=heavy loadouts.hero.weapon=axe';
    const byHand = rowsOf(exactStudy(loadStudyText('hand.yaml', base
      .replace('guard:        { fighter: vet, weapon: sword, armor: light }', 'guard:        { fighter: vet, weapon: sword, armor: heavy, shield: shield }')
      .replace('hero:         { fighter: vet, weapon: sword }', 'hero:         { fighter: vet, weapon: axe }'))), 'summary.csv');
    const pick = (rows: Row[], v: string | undefined) => rows.filter((r) => v === undefined || r['variant'] === v).map((r) => [r['attacker'], r['defender'], r['mean_wounds']]);
    expect(pick(summary, point)).toEqual(pick(byHand, undefined));
  });

  it('names a loadout field it does not know, with the nearest', () => {
    const base = STUDY.replace(/variants:[\s\S]*$/, '');
    expect(problemsOf(() => loadStudyText('s.yaml', `${base}sweep:\n  loadouts.guard.sheild: [none, shield]\n`))).toEqual([
      expect.stringMatching(/^s\.yaml:\d+:3 sweep\.loadouts\.guard\.sheild: cannot sweep "loadouts\.guard\.sheild": loadouts have no field "sheild" \(did you mean "shield"\?\)$/),
    ]);
  });
});
