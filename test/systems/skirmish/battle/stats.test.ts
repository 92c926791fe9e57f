/**
 * Battles against known answers: the per-die battle roller equals the reference, a 1-v-1 battle
 * on an open board equals a duel, mirrored retinues are even, swapping sides mirrors, and a trace
 * observer sees every battle without changing a result.
 */
import { describe, expect, it } from 'vitest';
import { RngDice } from '../../../../src/dice/dice.js';
import { deriveStream, Xoshiro128ss } from '../../../../src/dice/rng.js';
import { battleLayout, skirmishBattleDice, skirmishBattleTable } from '../../../../src/systems/skirmish/battle/kernel.js';
import { BattleDice } from '../../../../src/systems/skirmish/battle/roll.js';
import type { BattleSpec } from '../../../../src/systems/skirmish/battle/setup.js';
import { skirmishDuelDice } from '../../../../src/systems/skirmish/duel/kernel.js';
import { resolveDuelKnobs } from '../../../../src/systems/skirmish/duel/mode.js';
import { AGGRESSIVE, SHOOTER, type DuelSpec } from '../../../../src/systems/skirmish/duel/setup.js';
import { DEFAULT_SITUATION, type Loadout } from '../../../../src/systems/skirmish/profile.js';
import { rollAttack } from '../../../../src/systems/skirmish/reference.js';
import { compileAttack } from '../../../../src/systems/skirmish/spec.js';
import { expectedUnblocked } from '../../../../src/systems/skirmish/exact.js';
import type { Kernel } from '../../../../src/systems/types.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { expectRatesAgree } from '../../../helpers/se.js';
import { battleAxe, ctx, fighter, keen, loadout, stout, sword, weapon } from '../../../helpers/skirmish.js';
import { battleSpec } from './harness.js';

const spear = weapon('spear', { class: 'spear', might: '+1', skill: '+1' });
const hammer = weapon('hammer', { class: 'hammer', might: '+2', keywords: ['impact'] });
const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4', range: [3, 24] });
const dagger = weapon('dagger', { class: 'other', skill: '+1' });
const keenSword = loadout(keen, sword);
const stoutAxe = loadout(stout, battleAxe, { armor: 'medium' });
const stoutHammer = loadout(stout, hammer);
const steadySpear = loadout(fighter('steady', {}), spear, { shield: 'shield' });
const archer = loadout(keen, [bow, dagger], { armor: 'light' });

function runKernel<S>(kernel: Kernel<S, unknown>, spec: S, n: number, seed: number, size: number): Float64Array {
  const p = kernel.prepare(spec);
  const tally = new Float64Array(size);
  kernel.run(p, Int32Array.from(deriveStream(seed, 13)), n, tally);
  return tally;
}

function battleTally(spec: BattleSpec, n: number, seed = 1): Float64Array {
  return runKernel(skirmishBattleDice as Kernel<BattleSpec, unknown>, spec, n, seed, battleLayout(spec).size);
}

describe('the battle roller', () => {
  it('gives the per-die reference outcome from the same stream, attack after attack', () => {
    const specs = [
      compileAttack(ctx(keenSword, stoutAxe), expectedUnblocked),
      compileAttack(ctx(archer, keenSword, { aim: true, cover: 'close' }), expectedUnblocked),
      compileAttack(ctx(stoutHammer, steadySpear, { gangUp: true, brace: true }), expectedUnblocked),
      compileAttack(ctx(keenSword, stoutAxe, { ...DEFAULT_SITUATION, defenderState: 'downed' }), expectedUnblocked),
    ];
    for (const spec of specs) {
      const a = new Xoshiro128ss([5, 6, 7, 8]);
      const b = new Xoshiro128ss([5, 6, 7, 8]);
      const ours = new BattleDice(new RngDice(a), a);
      const ref = new RngDice(b);
      for (let k = 0; k < 2000; k++) {
        const r = rollAttack(ref, spec);
        expect(ours.perDie(spec)).toBe(r.code);
        expect(ours.onesMight).toBe(r.might.faces.filter((f) => f === 1).length);
        expect(ours.onesSkill).toBe(r.skill.faces.filter((f) => f === 1).length);
      }
    }
  });
});

describe('a 1-v-1 battle on an open board is a duel', () => {
  const pairs: [Loadout, Loadout, number][] = [[keenSword, stoutAxe, 12], [stoutHammer, keenSword, 6], [steadySpear, keenSword, 1], [stoutAxe, steadySpear, 9]];
  for (const [a, b, distance] of pairs) {
    it(`${a.name} vs ${b.name}, ${distance}" apart, aggressive: the same win rates within 4 SE`, () => {
      const n = 4000;
      const duel: DuelSpec = {
        a, b, policies: [AGGRESSIVE, AGGRESSIVE], knobs: resolveDuelKnobs({}), settings: { distance, maxRounds: 20, cover: 'none', terrain: false },
      };
      const d = runKernel(skirmishDuelDice as Kernel<DuelSpec, unknown>, duel, n, 3, 200);
      const t = battleTally(battleSpec([a], [b], { settings: { board: [24, 400], distance, maxRounds: 20 } }), n, 4);
      for (const w of [0, 1, 2]) expectRatesAgree(t[w]! / n, n, d[w]! / n, n, `${a.name} vs ${b.name} winner ${w}`);
    });
  }
});

describe('mirrors', () => {
  const red = [keenSword, steadySpear, archer];
  const blue = [stoutAxe, stoutHammer, keenSword];
  const spec = (a: Loadout[], b: Loadout[]) => {
    const s = battleSpec(a, b, { settings: { board: [24, 24], distance: 12, maxRounds: 12 } });
    const withShooter = (side: BattleSpec['sides'][0]) => side.map((f) => (f.loadout === archer ? { ...f, policy: SHOOTER } : f));
    return { ...s, sides: [withShooter(s.sides[0]), withShooter(s.sides[1])] as const };
  };

  it('a retinue against itself wins as often as it loses (within 4 SE)', () => {
    const n = 3000;
    const t = battleTally(spec(red, red), n);
    expectRatesAgree(t[0]! / n, n, t[1]! / n, n, 'mirror');
  });

  it('swapping a and b swaps the win rates (within 4 SE)', () => {
    const n = 3000;
    const ab = battleTally(spec(red, blue), n, 5);
    const ba = battleTally(spec(blue, red), n, 6);
    expectRatesAgree(ab[0]! / n, n, ba[1]! / n, n, 'a of ab vs b of ba');
    expectRatesAgree(ab[1]! / n, n, ba[0]! / n, n, 'b of ab vs a of ba');
  });
});

describe('the table engine', () => {
  it('gives the dice engine\'s winners, survivors and friendly fire on a 3-v-3 with archers (within 4 SE)', () => {
    const base = battleSpec([keenSword, archer, archer], [stoutAxe, stoutHammer, keenSword]);
    const s: BattleSpec = { ...base, sides: [base.sides[0].map((f, k) => (k > 0 ? { ...f, policy: SHOOTER } : f)), base.sides[1]] };
    const n = 3000;
    const dice = battleTally(s, n, 21);
    const table = runKernel(skirmishBattleTable as Kernel<BattleSpec, unknown>, s, n, 22, battleLayout(s).size);
    for (const w of [0, 1, 2]) expectRatesAgree(table[w]! / n, n, dice[w]! / n, n, `winner ${w}`);
    const L = battleLayout(s);
    for (let i = 0; i < 6; i++) {
      const at = L.fighters + 4 * i;
      expectRatesAgree(table[at]! / n, n, dice[at]! / n, n, `fighter ${i} out of action`);
    }
    expect(table[L.fighters + 4 + 3]! + table[L.fighters + 8 + 3]!).toBeGreaterThan(0); // the archers' friendly fire still happens
  });
});

describe('trace (Kernel.observe)', () => {
  it('sees every battle with positions, in rules order, and changes no result', () => {
    const base = battleSpec([keenSword, archer], [stoutAxe, stoutHammer]);
    const s: BattleSpec = { ...base, sides: [[base.sides[0][0]!, { ...base.sides[0][1]!, policy: SHOOTER }], base.sides[1]] };
    const kernel = skirmishBattleDice;
    const plain = battleTally(s, 200, 9);
    const p = kernel.prepare(s);
    const events: TraceEvent[] = [];
    const ends: number[] = [];
    let begins = 0;
    kernel.observe!(p, { begin: () => begins++, event: (e) => events.push(e), end: (w) => ends.push(w) });
    const traced = new Float64Array(battleLayout(s).size);
    kernel.run(p, Int32Array.from(deriveStream(9, 13)), 200, traced);
    expect(Array.from(traced)).toEqual(Array.from(plain));
    expect(begins).toBe(200);
    expect(ends.filter((w) => w === 0).length).toBe(plain[0]);
    const acting = events.filter((e) => e.actor !== '');
    expect(acting.length).toBeGreaterThan(1000);
    for (const e of acting) {
      expect(typeof e.x).toBe('number');
      expect(typeof e.y).toBe('number');
    }
    expect(events.some((e) => e.action === 'initiative')).toBe(true);
    expect(events.some((e) => e.action === 'ranged')).toBe(true);
    expect(events.some((e) => e.action === 'mercy-kill')).toBe(true);
  });
});
