import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScriptedDice, RngDice, scripted } from '../../src/dice/dice.js';
import { deriveStream, faceCut, faceOf, hashKey, U31, Xoshiro128ss } from '../../src/dice/rng.js';

describe('xoshiro128**', () => {
  it('matches the reference recurrence: first output from state (1,2,3,4) is rotl(2*5,7)*9 = 11520', () => {
    const rng = new Xoshiro128ss([1, 2, 3, 4]);
    expect(rng.nextU32()).toBe(11520);
    // second output: after one step s1 = s1 ^ (s2 ^ s0) = 2 ^ (3 ^ 1) = 0, so rotl(0*5,7)*9 = 0
    expect(rng.nextU32()).toBe(0);
  });

  it('is reproducible and depends on every state word', () => {
    const a = new Xoshiro128ss([5, 6, 7, 8]);
    const b = new Xoshiro128ss([5, 6, 7, 8]);
    const c = new Xoshiro128ss([5, 6, 7, 9]);
    const xs = Array.from({ length: 10 }, () => a.nextU32());
    expect(Array.from({ length: 10 }, () => b.nextU32())).toEqual(xs);
    expect(Array.from({ length: 10 }, () => c.nextU32())).not.toEqual(xs);
  });
});

describe('deriveStream', () => {
  it('gives the same state for the same keys and different states for different keys', () => {
    expect(deriveStream(7, 1, 2)).toEqual(deriveStream(7, 1, 2));
    const states = new Set([deriveStream(7, 1, 2), deriveStream(7, 1, 3), deriveStream(7, 2, 2), deriveStream(8, 1, 2), deriveStream(7, 1)].map(String));
    expect(states.size).toBe(5);
  });

  it('returns four unsigned 32-bit words', () => {
    for (const w of deriveStream(123456789, 42, 0)) {
      expect(Number.isInteger(w) && w >= 0 && w < 2 ** 32).toBe(true);
    }
  });
});

describe('faces', () => {
  it('faceCut is the exact boundary of faceOf: face(u) >= f iff u >>> 1 >= faceCut(f)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 2, max: 20 }), fc.integer({ min: 0, max: 21 }), (u, sides, f) => {
        expect(faceOf(u, sides) >= f).toBe(u >>> 1 >= faceCut(f, sides));
      }),
      { seed: 5 },
    );
  });

  it('covers every face of a d6 in equal 31-bit ranges (to within one value)', () => {
    const sizes = [1, 2, 3, 4, 5, 6].map((f) => faceCut(f + 1, 6) - faceCut(f, 6));
    for (const s of sizes) expect(Math.abs(s - U31 / 6)).toBeLessThanOrEqual(1);
    expect(faceOf(0, 6)).toBe(1);
    expect(faceOf(2 ** 32 - 1, 6)).toBe(6);
  });

  it('RngDice rolls faces in range and hashKey is stable', () => {
    const dice = new RngDice(new Xoshiro128ss(deriveStream(1)));
    for (let i = 0; i < 1000; i++) {
      const f = dice.roll(6);
      expect(f >= 1 && f <= 6).toBe(true);
    }
    expect(hashKey('abc')).toBe(hashKey('abc'));
    expect(hashKey('abc')).not.toBe(hashKey('abd'));
  });
});

describe('ScriptedDice', () => {
  it('returns the listed faces in order and counts them', () => {
    const d = scripted(3, 6, 1);
    expect([d.roll(6), d.roll(6), d.roll(6)]).toEqual([3, 6, 1]);
    expect(d.used).toBe(3);
  });

  it('fails loudly when the script runs out or a face does not fit', () => {
    expect(() => scripted().roll(6)).toThrow(/ran out/);
    expect(() => new ScriptedDice([7]).roll(6)).toThrow(/does not fit a d6/);
  });
});
