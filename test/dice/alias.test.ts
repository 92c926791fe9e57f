import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aliasPick, aliasProbabilities, buildAlias } from '../../src/dice/alias.js';
import { deriveStream, Xoshiro128ss } from '../../src/dice/rng.js';
import { buildTable, runTable } from '../../src/systems/skirmish/table.js';
import { exactOutcomes } from '../../src/systems/skirmish/exact.js';
import { compileAttack } from '../../src/systems/skirmish/spec.js';
import { expectedUnblocked } from '../../src/systems/skirmish/exact.js';
import { battleAxe, ctx, keen, loadout, stout, sword } from '../helpers/skirmish.js';

describe('alias tables', () => {
  it('give every outcome its probability to within 1e-8', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant(0), fc.double({ min: 1e-6, max: 1, noNaN: true })), { minLength: 1, maxLength: 64 }), (w) => {
        fc.pre(w.some((x) => x > 0));
        const total = w.reduce((a, b) => a + b, 0);
        const got = aliasProbabilities(buildAlias(w), w.length);
        w.forEach((x, i) => expect(Math.abs(got[i]! - x / total)).toBeLessThan(1e-8));
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it('handle a single outcome (zero column bits) and never pick a zero-probability outcome', () => {
    const one = buildAlias([0, 0, 1]);
    expect(one.bits).toBe(0);
    for (const u of [0, 1, 2 ** 31, 2 ** 32 - 1]) expect(aliasPick(one, u)).toBe(2);
    const t = buildAlias([0.5, 0, 0.25, 0.25, 0]);
    const rng = new Xoshiro128ss(deriveStream(3));
    for (let i = 0; i < 10_000; i++) expect([0, 2, 3]).toContain(aliasPick(t, rng.nextU32()));
  });

  it('the inlined table kernel picks exactly what aliasPick picks from the same draws', () => {
    const spec = compileAttack(ctx(loadout(keen, sword), loadout(stout, battleAxe, { armor: 'medium' })), expectedUnblocked);
    const table = buildTable(spec);
    const state = deriveStream(9);
    const counts = new Float64Array(64);
    runTable(table, Int32Array.from(state), 5000, counts);
    const rng = new Xoshiro128ss(state);
    const expected = new Float64Array(64);
    for (let i = 0; i < 5000; i++) expected[aliasPick(table, rng.nextU32())]! += 1;
    expect(Array.from(counts)).toEqual(Array.from(expected));
    const p = aliasProbabilities(table, 64);
    exactOutcomes(spec).forEach((q, c) => expect(Math.abs(p[c]! - q)).toBeLessThan(1e-8));
  });
});
