/**
 * Exact mode against simulation, on matchups that exercise every rule (test/fixtures/every-rule.yaml),
 * with both engines; and exact against brute force on random profiles, situations and knobs.
 */
import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/dice/dice.js';
import { simulate } from '../../../src/batch/engine.js';
import { loadStudy } from '../../../src/config/study-file.js';
import { exactOutcomes, expectedUnblocked } from '../../../src/systems/skirmish/exact.js';
import { ARMOURS, SHIELDS, WEAPON_CLASSES } from '../../../src/systems/skirmish/profile.js';
import { rollAttack } from '../../../src/systems/skirmish/reference.js';
import { compileAttack, OUTCOME_CODES, type AttackSpec } from '../../../src/systems/skirmish/spec.js';
import type { PlannedTask } from '../../../src/systems/types.js';
import { ROOT } from '../../helpers/cli.js';
import { ctx, fighter, loadout, weapon } from '../../helpers/skirmish.js';
import { quickOr } from '../../helpers/sample.js';

function woundsHistogram(codes: Float64Array): number[] {
  const w = new Array<number>(16).fill(0);
  codes.forEach((c, code) => (w[code >> 2] = w[code >> 2]! + c));
  return w;
}

describe('simulation lands within 4 SE of exact on every wounds value', async () => {
  const study = loadStudy(join(ROOT, 'test/fixtures/every-rule.yaml'));
  const tasks = study.plugin.plan(study.data, 100_000) as PlannedTask<AttackSpec>[];

  it('exercises enough matchups', () => {
    expect(tasks.length).toBeGreaterThanOrEqual(20 * 3);
    const specs = tasks.map((t) => t.spec);
    // crits on 5, 6 and none; tie rules; manoeuvres; all defender states; the cap
    expect(new Set(specs.map((s) => s.critFace))).toEqual(new Set([5, 6, 7]));
    expect(specs.some((s) => s.tieToDefender) && specs.some((s) => !s.tieToDefender)).toBe(true);
    expect(specs.some((s) => s.dodge) && specs.some((s) => s.shove) && specs.some((s) => s.impact)).toBe(true);
    expect(new Set(specs.map((s) => s.defenderState))).toEqual(new Set([0, 1, 2]));
    expect(specs.some((s) => s.mightDice + s.skillDice === 15)).toBe(true);
  });

  for (const engine of ['dice', 'table'] as const) {
    it(`${engine} engine`, async () => {
      const tallies = await simulate(study.plugin, tasks, { seed: 5, engine, workers: 0 });
      tasks.forEach((t, i) => {
        const n = t.trials;
        const sim = woundsHistogram(tallies[i]!);
        const exact = woundsHistogram(exactOutcomes(t.spec));
        exact.forEach((p, u) => {
          const se = Math.sqrt(Math.max(p * (1 - p), 1 / n) / n);
          expect(Math.abs(sim[u]! / n - p), `${JSON.stringify(t.labels)} wounds=${u}`).toBeLessThanOrEqual(4 * se);
        });
      });
    });
  }
});

describe('exact equals brute force on random profiles, situations and knobs (pools up to 7 dice)', () => {
  const spec = fc.record({
    a: fc.record({ cc: fc.nat(7), rc: fc.nat(7), might: fc.nat(3), skill: fc.nat(3) }),
    d: fc.record({ might: fc.nat(3), skill: fc.nat(3), defense: fc.nat(7), wounds: fc.integer({ min: 1, max: 3 }) }),
    wType: fc.constantFrom('melee' as const, 'ranged' as const),
    wClass: fc.constantFrom(...WEAPON_CLASSES),
    wMight: fc.constantFrom('-', '+1', '0', '1', '2'),
    wSkill: fc.constantFrom('-', '+1', '0', '1', '2'),
    keywords: fc.subarray(['piercing', 'impact']),
    dClass: fc.constantFrom(...WEAPON_CLASSES),
    armor: fc.constantFrom(...ARMOURS),
    shield: fc.constantFrom(...SHIELDS),
    situation: fc.record({
      aim: fc.boolean(), gangUp: fc.boolean(), cover: fc.constantFrom('none' as const, 'cover' as const, 'close' as const),
      brace: fc.boolean(), defenderState: fc.constantFrom('active' as const, 'downed' as const, 'stunned' as const),
      hitMod: fc.integer({ min: -1, max: 1 }),
    }),
    knobs: fc.record({
      tieGoesTo: fc.constantFrom('attacker' as const, 'defender' as const, 'shield' as const),
      manoeuvres: fc.boolean(), piercingKeepsPenalties: fc.boolean(), stepPerHit: fc.boolean(),
    }),
  }).map((r) => {
    const attacker = loadout(fighter('a', r.a), weapon('w', { type: r.wType, class: r.wClass, might: r.wMight, skill: r.wSkill, keywords: r.keywords }));
    const defender = loadout(fighter('d', r.d), weapon('dw', { class: r.dClass }), { armor: r.armor, shield: r.shield });
    return compileAttack(ctx(attacker, defender, r.situation, r.knobs), expectedUnblocked);
  }).filter((s) => s.mightDice + s.skillDice + s.defMight.length + s.defSkill.length <= 7);

  it('per outcome code, to 1e-12', () => {
    fc.assert(
      fc.property(spec, (s) => {
        const n = s.mightDice + s.skillDice + s.defMight.length + s.defSkill.length;
        const brute = new Float64Array(OUTCOME_CODES);
        const faces = new Array<number>(n).fill(1);
        for (let k = 0; k < 6 ** n; k++) {
          let x = k;
          for (let i = 0; i < n; i++, x = Math.floor(x / 6)) faces[i] = (x % 6) + 1;
          brute[rollAttack(new ScriptedDice(faces), s).code]! += 1;
        }
        const exact = exactOutcomes(s);
        for (let c = 0; c < OUTCOME_CODES; c++) expect(Math.abs(exact[c]! - brute[c]! / 6 ** n)).toBeLessThan(1e-12);
      }),
      // The quick suite runs the first 20 of the full suite's 60 cases (the same seed).
      { numRuns: quickOr(20, 60), seed: 6 },
    );
  });
});
