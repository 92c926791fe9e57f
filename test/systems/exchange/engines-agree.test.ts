/**
 * The exchange duel and the exchange fight call one per-character module (combatant.ts; issues
 * #10, #14). These tests fail when the two engines diverge again: the same scripted Exchange, and
 * the same seeded turns of a one-on-one at distance 1, leave both characters in the same state
 * (Vitality, Ready AD / MD, Used, Wounded, out or not, Reeling, Prone, Lingering Harm).
 */
import { describe, expect, it } from 'vitest';
import { RngDice, scripted, type Dice } from '../../../src/dice/dice.js';
import { Xoshiro128ss, deriveStream } from '../../../src/dice/rng.js';
import { BROKE, parsePolicy, type Combatant, type Condition } from '../../../src/systems/exchange/combatant.js';
import { ExchangeDuel } from '../../../src/systems/exchange/duel/engine.js';
import { ExchangeFight } from '../../../src/systems/exchange/fight/engine.js';
import type { ExchangeFightSpec } from '../../../src/systems/exchange/fight/spec.js';
import { DEFAULT_EXCHANGE_KNOBS } from '../../../src/systems/exchange/rules.js';
import type { WeaponInput } from '../../../src/systems/exchange/schema.js';
import { CRIT, fight, MISS, oneOnOne } from './fight/helpers.js';

interface Side { policy: string; magic: number; weapon?: Partial<WeaponInput>; conditions?: Condition[] }

/** The same two characters as a duel and as a fight at distance 1 (swords, Reach 1), each with its own dice. */
function pair(a: Side, b: Side, duelDice: Dice, fightDice: Dice): { duel: ExchangeDuel; fight: ExchangeFight } {
  const base = fight(oneOnOne('sword', 'sword'), scripted()).spec;
  const sides = [a, b];
  const spec: ExchangeFightSpec = {
    ...base,
    knobs: { ...DEFAULT_EXCHANGE_KNOBS, opener: 'a' },
    fighters: base.fighters.map((f, i) => {
      const s = sides[i]!;
      const loadout = { ...f.loadout, character: { ...f.loadout.character, magicDice: s.magic }, weapon: { ...f.loadout.weapon, ...s.weapon } };
      return { ...f, loadout, policyName: s.policy, policy: parsePolicy(s.policy), conditions: s.conditions ?? [] };
    }),
  };
  const [fa, fb] = spec.fighters;
  const duel = new ExchangeDuel({
    a: { loadout: fa!.loadout, policy: fa!.policy, conditions: fa!.conditions },
    b: { loadout: fb!.loadout, policy: fb!.policy, conditions: fb!.conditions },
    knobs: spec.knobs, maxRounds: spec.maxRounds,
  }, duelDice);
  for (const c of duel.chars) c.reset();
  const f = new ExchangeFight(spec, fightDice);
  f.reset();
  return { duel, fight: f };
}

function state(c: Combatant): number[] {
  return [c.vit, c.ready, c.readyMagic, c.used, c.wounded, c.status, c.reelingTurns, c.prone ? 1 : 0, c.harm[0]!, c.harm[1]!];
}

const both = (duel: ExchangeDuel, f: ExchangeFight) => ({ duel: duel.chars.map(state), fight: f.chars.map(state) });

const MAUL: Partial<WeaponInput> = { damage: 3, lingering: 2, inflicts: { reeling: { margin: 2 }, prone: { margin: 3 } } };

describe('one Exchange: the duel and the fight leave the same Wounds and dice', () => {
  it('a maul\'s hit by margin 4 through a Clash: Ready MD first, Reeling, Prone and Lingering Harm alike', () => {
    // a: 1 + 1 Boost dice, both Critical (4 dots); b Clashes with its only Ready AD: Miss (0).
    // Margin 4 + Strike 3 (damage 0 + Agility 3) - Soak 1 = 6: 3 Wounds; no check (VIT 3 is half, 3 is half).
    const { duel, fight: f } = pair({ policy: 'all-in', magic: 0, weapon: { ...MAUL, damage: 0 } }, { policy: 'all-in', magic: 3 }, scripted(CRIT, CRIT, MISS), scripted(CRIT, CRIT, MISS));
    duel.chars[1].ready = 1;
    f.chars[1]!.ready = 1;
    duel.exchange(0, 1);
    f.exchange(0, 1, 1, 'exchange');
    const s = both(duel, f);
    expect(s.fight).toEqual(s.duel);
    // VIT 3, Ready 0, MD 0 (all three Wounds), Used 1 (the Clash), Wounded 3, in, Reeling 1, Prone, 2 turns of harm from a.
    expect(s.duel[1]).toEqual([3, 0, 0, 1, 3, 0, 1, 1, 2, 0]);
  });

  for (const [policy, ready, magic] of [['all-in', 1, 0], ['all-in+keep-magic', 0, 1]] as const) {
    it(`${policy}: 3 Wounds to a Slowed character with 1 Ready AD, 3 Ready MD: Ready ${ready}, MD ${magic} left in both engines`, () => {
      // Slowed with 1 Ready AD: no response affordable. a: 1 die, Critical: 2 + 5 - 1 = 6: 3 Wounds.
      const { duel, fight: f } = pair({ policy: 'all-in', magic: 0 }, { policy, magic: 3, conditions: ['slowed'] }, scripted(CRIT), scripted(CRIT));
      for (const c of [duel.chars[1], f.chars[1]!]) [c.ready, c.used] = [1, 4];
      duel.exchange(0, 0);
      f.exchange(0, 1, 0, 'exchange');
      const s = both(duel, f);
      expect(s.fight).toEqual(s.duel);
      expect(s.duel[1]!.slice(0, 5)).toEqual([3, ready, magic, 4, 3]);
    });
  }
});

describe('seeded one-on-ones: every turn leaves the same state in both engines', () => {
  // Each case also names the clauses its fights must have reached (so the comparison is not empty).
  const cases: [string, Side, Side, string[]][] = [
    ['maul (Reeling, Prone, Lingering) vs sword with MD, guard-first', { policy: 'all-in', magic: 0, weapon: MAUL }, { policy: 'guard-first', magic: 2 }, ['md', 'reeling', 'prone', 'harm', 'broke']],
    ['reserve-1 with MD vs reserve-2+keep-magic, Slowed', { policy: 'reserve-1', magic: 2, weapon: { lingering: 1 } }, { policy: 'reserve-2+keep-magic', magic: 3, conditions: ['slowed'] }, ['md', 'harm', 'broke']],
    ['prone and reeling start vs stunned', { policy: 'all-in', magic: 1, conditions: ['prone', 'reeling'], weapon: { inflicts: { prone: { margin: 1 } } } }, { policy: 'reserve-1', magic: 0, conditions: ['stunned'] }, ['md', 'reeling', 'prone']],
  ];
  for (const [name, a, b, reached] of cases) {
    it(name, () => {
      const seen = new Set<string>();
      for (let seed = 1; seed <= 60; seed++) {
        const { duel, fight: f } = pair(a, b, new RngDice(new Xoshiro128ss(deriveStream(seed))), new RngDice(new Xoshiro128ss(deriveStream(seed))));
        for (let t = 0; t < 60 && duel.loser < 0; t++) {
          const side = t % 2;
          duel.turn(side);
          f.takeTurn(side);
          const s = both(duel, f);
          for (const c of duel.chars) {
            if (c.readyMagic < c.magicDice) seen.add('md');
            if (c.reelingTurns > 0) seen.add('reeling');
            if (c.prone) seen.add('prone');
            if (c.harm[0]! + c.harm[1]! > 0) seen.add('harm');
            if (c.status === BROKE) seen.add('broke');
          }
          expect(JSON.stringify(s.fight), `seed ${seed}, turn ${t}`).toBe(JSON.stringify(s.duel));
        }
        expect(f.fightOver()).toBe(duel.loser >= 0);
      }
      expect([...seen].filter((k) => reached.includes(k)).sort()).toEqual([...reached].sort());
    });
  }
});
