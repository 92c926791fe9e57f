/** Exchange duels watched through kernel.observe over thousands of fights: same results, rules invariants. */
import { describe, expect, it } from 'vitest';
import { deriveStream } from '../../../src/dice/rng.js';
import type { ExchangeLoadout } from '../../../src/systems/exchange/compile.js';
import { parsePolicy, type ExchangeDuelSpec } from '../../../src/systems/exchange/duel/engine.js';
import { exchangeDuelDice } from '../../../src/systems/exchange/duel/kernel.js';
import { DEFAULT_EXCHANGE_KNOBS } from '../../../src/systems/exchange/rules.js';
import type { CharacterInput, WeaponInput } from '../../../src/systems/exchange/schema.js';
import { Collector } from '../../helpers/trace.js';

const character = (p: Partial<CharacterInput>): CharacterInput => ({
  vitality: 8, magicDice: 1, strength: 2, agility: 3, cognition: 0, resilience: 1, melee: 2, ranged: 1, acrobatics: 1, athletics: 0, baseMovement: 10, ...p,
});
const weapon = (p: Partial<WeaponInput>): WeaponInput => ({ kind: 'melee', baseAttackCost: 1, damage: 2, vitalCap: 3, heavy: false, reach: 1, lingering: 0, ...p });
const lo = (name: string, w: WeaponInput, soak = 1): ExchangeLoadout => ({ name, character: character({}), weapon: w, soak });

const spec: ExchangeDuelSpec = {
  a: { loadout: lo('maul', weapon({ damage: 3, inflicts: { reeling: { margin: 2 }, prone: { margin: 3 } } })), policy: parsePolicy('all-in'), conditions: [] },
  b: { loadout: lo('knife', weapon({ damage: 1, lingering: 2 })), policy: parsePolicy('guard-first'), conditions: ['prone'] },
  knobs: DEFAULT_EXCHANGE_KNOBS, maxRounds: 30,
};
const N = 3000;

function traced() {
  const p = exchangeDuelDice.prepare(spec);
  const c = new Collector();
  exchangeDuelDice.observe!(p, c);
  const tally = new Float64Array(exchangeDuelDice.tallySize(spec));
  exchangeDuelDice.run(p, Int32Array.from(deriveStream(77)), N, tally);
  exchangeDuelDice.observe!(p, null);
  return { c, tally };
}

describe('exchange duel traces', () => {
  const { c, tally } = traced();
  const fights = c.fights();

  it('observing changes nothing: the same stream gives the same tally, and the traced winners are the counted ones', () => {
    const plain = new Float64Array(exchangeDuelDice.tallySize(spec));
    exchangeDuelDice.run(exchangeDuelDice.prepare(spec), Int32Array.from(deriveStream(77)), N, plain);
    expect(Array.from(tally)).toEqual(Array.from(plain));
    expect(c.winners.length).toBe(N);
    for (const w of [0, 1, 2]) expect(c.winners.filter((x) => x === w).length).toBe(plain[w]);
  });

  it('a character that collapsed or broke never acts again: the event that put it out is the last of its fight', () => {
    let outs = 0;
    for (const f of fights) {
      const i = f.findIndex((e) => e.target_state_after === 'collapsed' || e.state_after === 'collapsed' || e.state_after === 'broke');
      if (i < 0) continue;
      outs++;
      expect(f.slice(i + 1).filter((e) => e.action === 'exchange' || e.action === 'continuation-check').map((e) => e.action)).toEqual([]);
    }
    expect(outs).toBeGreaterThan(N / 2);
    expect(fights.some((f) => f.some((e) => e.action === 'continuation-check' && e.result !== 'passes'))).toBe(true);
  });

  it('a Full Guard never wounds the attacker, and a tie lands nothing', () => {
    const ex = c.events.filter((e) => e.action === 'exchange');
    expect(ex.some((e) => e.response === 'full-guard')).toBe(true);
    for (const e of ex) {
      if (e.response === 'full-guard') expect(e.wounds_to_attacker).toBe(0);
      if (e.attack_total === e.response_total && e.response !== 'none') expect([e.wounds, e.wounds_to_attacker]).toEqual([0, 0]);
    }
  });

  it('every Exchange carries the dice rolled: attack dice = cost paid (or one more with Edge)', () => {
    for (const e of c.events.filter((x) => x.action === 'exchange')) {
      const rolls = e.rolls as { attack: number[] };
      const n = (e.cost as number);
      expect(rolls.attack.length === n || rolls.attack.length === n + 1).toBe(true);
    }
  });

  it('a Prone character stands up right after its Refresh whenever it can pay 1 AD, and only then', () => {
    let stands = 0;
    for (const f of fights) {
      let prone = true; // the knife starts Prone (conditionsB)
      f.forEach((e, i) => {
        if (e.action === 'inflict' && e.condition === 'prone') prone = true;
        if (e.actor !== 'knife') return;
        if (e.action === 'refresh') {
          const next = f[i + 1];
          const stood = next?.action === 'stand-up' && next.actor === 'knife';
          expect(stood).toBe(prone && (e.ready as number) >= 1);
          if (stood) {
            prone = false;
            stands++;
          }
        }
      });
    }
    expect(stands).toBeGreaterThan(N / 2);
    expect(c.events.some((e) => e.action === 'inflict' && e.condition === 'reeling')).toBe(true);
    expect(c.events.some((e) => e.action === 'lingering-harm')).toBe(true);
  });
});
