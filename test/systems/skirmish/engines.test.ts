/**
 * The three engines agree: the hot kernel gives exactly the per-die reference's outcomes from the
 * same stream; the exact engine equals brute-force enumeration of all faces on small pools; and
 * simulation lands within 4 standard errors of exact.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RngDice, ScriptedDice } from '../../../src/dice/dice.js';
import { deriveStream, Xoshiro128ss } from '../../../src/dice/rng.js';
import { exactOutcomes } from '../../../src/systems/skirmish/exact.js';
import { buildKernel, runAttacks } from '../../../src/systems/skirmish/attack/kernel.js';
import { ACTIVE, DOWNED, STUNNED } from '../../../src/systems/skirmish/profile.js';
import { newSettled, rollAttack, rollCode } from '../../../src/systems/skirmish/reference.js';
import { STRIKE_POOL_CAP } from '../../../src/systems/skirmish/sequence.js';
import { OUTCOME_CODES, type AttackSpec } from '../../../src/systems/skirmish/spec.js';

const face = fc.integer({ min: 2, max: 6 });
const specArb = (maxAttack: number, maxDefence: number): fc.Arbitrary<AttackSpec> =>
  fc.record({
    mightDice: fc.integer({ min: 0, max: maxAttack }),
    skillDice: fc.integer({ min: 0, max: maxAttack }),
    hitFace: face,
    critFace: fc.integer({ min: 5, max: 7 }),
    defMight: fc.array(face, { maxLength: maxDefence }),
    defSkill: fc.array(face, { maxLength: maxDefence }),
    tieToDefender: fc.boolean(),
    dodge: fc.boolean(),
    shove: fc.boolean(),
    defenderState: fc.constantFrom(ACTIVE, DOWNED, STUNNED),
    woundsLeft: fc.integer({ min: 1, max: 5 }),
    impact: fc.boolean(),
    stepPerHit: fc.boolean(),
    choice: fc.constant(''),
  }).filter((s) => s.mightDice + s.skillDice <= STRIKE_POOL_CAP).map((s) => ({
    ...s,
    woundsLeft: s.defenderState === ACTIVE ? s.woundsLeft : 0,
    dodge: s.dodge && s.defenderState === ACTIVE,
    shove: s.shove && s.defenderState === ACTIVE,
  }));

describe('kernel vs per-die reference', () => {
  it('identical outcome counts and final stream state from the same stream', () => {
    fc.assert(
      fc.property(specArb(8, 8), fc.integer({ min: 0, max: 2 ** 31 }), (spec, seed) => {
        const n = 300;
        const state = deriveStream(seed, 1);
        const counts = new Float64Array(OUTCOME_CODES);
        const rngState = Int32Array.from(state);
        runAttacks(buildKernel(spec), rngState, n, counts);

        const rng = new Xoshiro128ss(state);
        const dice = new RngDice(rng);
        const expected = new Float64Array(OUTCOME_CODES);
        for (let i = 0; i < n; i++) expected[rollAttack(dice, spec).code]! += 1;
        expect(Array.from(counts)).toEqual(Array.from(expected));
        expect(Array.from(rngState, (x) => x >>> 0)).toEqual([...rng.state()]);
      }),
      { numRuns: 150, seed: 1 },
    );
  });
});

describe('rollCode (the per-die engines\' roller) vs the per-die reference', () => {
  it('the same outcome, details and final stream state, attack after attack, from the same stream', () => {
    fc.assert(
      fc.property(specArb(8, 8), fc.integer({ min: 0, max: 2 ** 31 }), (spec, seed) => {
        const state = deriveStream(seed, 2);
        const fast = new Xoshiro128ss(state);
        const ref = new Xoshiro128ss(state);
        const fastDice = new RngDice(fast);
        const refDice = new RngDice(ref);
        const out = newSettled();
        for (let i = 0; i < 50; i++) {
          const r = rollAttack(refDice, spec);
          expect(rollCode(fastDice, spec, out)).toBe(r.code);
          expect(out).toEqual({
            dodgeBlocks: r.dodgeBlocks, shoveBlocks: r.shoveBlocks, unblocked: r.unblocked, state: r.state,
            woundsLeft: r.woundsLeft, dodgeMoved: r.dodgeMoved, shoveMoved: r.shoveMoved, code: r.code,
            onesMight: r.might.ones, onesSkill: r.skill.ones,
          });
          // the natural 1s friendly fire needs: the 1s among each colour's strike faces
          expect([r.might.ones, r.skill.ones]).toEqual([r.might.faces.filter((f) => f === 1).length, r.skill.faces.filter((f) => f === 1).length]);
        }
        expect(fast.state()).toEqual(ref.state());
      }),
      { numRuns: 150, seed: 5 },
    );
  });

  it('reads scripted faces in the reference order: Might, Skill, Might defence, Skill defence', () => {
    // 2 Might dice (6 crit, 4 hit), 1 Skill die (5 hit), 1 Might defence die (4: ties the normal Might
    // hit, ties to the defender), 1 Skill defence die (1 fails): through = crit 1 + Might 0 + Skill 1 = 2.
    const spec = { ...fc.sample(specArb(1, 1), { seed: 6, numRuns: 1 })[0]!, mightDice: 2, skillDice: 1, hitFace: 4, critFace: 6,
      defMight: [4], defSkill: [4], tieToDefender: true, dodge: false, shove: false, defenderState: ACTIVE, woundsLeft: 5 };
    const dice = new ScriptedDice([6, 4, 5, 4, 1]);
    const out = newSettled();
    rollCode(dice, spec, out);
    expect(out.unblocked).toBe(2);
    expect(dice.used).toBe(5);
    expect(out.unblocked).toBe(rollAttack(new ScriptedDice([6, 4, 5, 4, 1]), spec).unblocked);
  });
});

/** Every face combination of a small attack, resolved by the reference. */
function bruteForce(spec: AttackSpec): Float64Array {
  const n = spec.mightDice + spec.skillDice + spec.defMight.length + spec.defSkill.length;
  const out = new Float64Array(OUTCOME_CODES);
  const faces = new Array<number>(n).fill(1);
  const total = 6 ** n;
  for (let k = 0; k < total; k++) {
    let x = k;
    for (let i = 0; i < n; i++) {
      faces[i] = (x % 6) + 1;
      x = Math.floor(x / 6);
    }
    out[rollAttack(new ScriptedDice(faces), spec).code]! += 1;
  }
  return out.map((c) => c / total);
}

describe('exact engine', () => {
  it('refuses a pool above the 15-die cap rather than miscounting', () => {
    const big = { ...fc.sample(specArb(8, 2), { seed: 4, numRuns: 1 })[0]!, mightDice: 8, skillDice: 8 };
    expect(() => exactOutcomes(big)).toThrow(/at most 15 attack dice/);
    expect(() => buildKernel(big)).toThrow(/at most 15 attack dice/);
  });

  it('equals brute-force enumeration of all faces for every pool of up to 7 dice', () => {
    const small = specArb(3, 2).filter((s) => s.mightDice + s.skillDice + s.defMight.length + s.defSkill.length <= 7);
    fc.assert(
      fc.property(small, (spec) => {
        const exact = exactOutcomes(spec);
        const brute = bruteForce(spec);
        for (let c = 0; c < OUTCOME_CODES; c++) expect(Math.abs(exact[c]! - brute[c]!)).toBeLessThan(1e-12);
      }),
      { numRuns: 80, seed: 2 },
    );
  });

  it('sums to 1 on large pools (15 attack dice against 12 defence dice)', () => {
    fc.assert(
      fc.property(specArb(8, 12), (spec) => {
        const p = exactOutcomes(spec);
        expect(Math.abs(p.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
      }),
      { numRuns: 50, seed: 3 },
    );
  });
});

describe('simulation vs exact', () => {
  it('every outcome probability within 4 standard errors on 12 random matchups (fixed seeds)', () => {
    const specs = fc.sample(specArb(8, 8), { seed: 20261129, numRuns: 12 });
    const n = 200_000;
    specs.forEach((spec, i) => {
      const counts = new Float64Array(OUTCOME_CODES);
      runAttacks(buildKernel(spec), Int32Array.from(deriveStream(99, i)), n, counts);
      const exact = exactOutcomes(spec);
      for (let c = 0; c < OUTCOME_CODES; c++) {
        const p = exact[c]!;
        const se = Math.sqrt(Math.max(p * (1 - p), 1 / n) / n);
        expect(Math.abs(counts[c]! / n - p)).toBeLessThanOrEqual(4 * se);
      }
    });
  });
});
