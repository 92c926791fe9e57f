/**
 * The `tactical` policy of exchange duels (tactical.ts, docs/rules/exchange.md "tactical"): each
 * decision rule with scripted dice (d6 faces 0 0 0 1 1 2; every die here a Miss, so the decisions
 * are what is tested, not the rolls), the legality guard it plays through, and the exact walker
 * agreeing with the simulator under it (the policy reads nothing the walker's state leaves out).
 */
import { describe, expect, it } from 'vitest';
import { RngDice, scripted } from '../../../src/dice/dice.js';
import { RecordingDice } from '../../../src/dice/recording-dice.js';
import { deriveStream, Xoshiro128ss } from '../../../src/dice/rng.js';
import { IllegalActionError } from '../../../src/games/game.js';
import { loadStudyText } from '../../../src/config/study.js';
import { loadStudy } from '../../../src/config/study-file.js';
import { readFileSync } from 'node:fs';
import type { ExchangeLoadout } from '../../../src/systems/exchange/compile.js';
import { DEFAULT_POLICY } from '../../../src/systems/exchange/combatant.js';
import { legalAttack, legalResponse, RESPONSE_CODE } from '../../../src/systems/exchange/duel/choice.js';
import { exactExchangeDuel } from '../../../src/systems/exchange/duel/exact.js';
import { exchangeDuel } from '../../../src/systems/exchange/duel/mode.js';
import { ExchangeDuel, parsePolicy, type ExchangeDuelSpec } from '../../../src/systems/exchange/duel/engine.js';
import { edgeContext, TACTICAL_PARAMS, TacticalModel } from '../../../src/systems/exchange/duel/tactical.js';
import { CLASH, DEFAULT_EXCHANGE_KNOBS, FULL_GUARD, NO_RESPONSE } from '../../../src/systems/exchange/rules.js';
import type { CharacterInput, WeaponInput } from '../../../src/systems/exchange/schema.js';
import type { ExchangeFightSpec } from '../../../src/systems/exchange/fight/spec.js';
import { quickOr } from '../../helpers/sample.js';
import { expectRateNear } from '../../helpers/se.js';
import { Collector } from '../../helpers/trace.js';

const character = (p: Partial<CharacterInput> = {}): CharacterInput => ({
  vitality: 6, magicDice: 0, strength: 2, agility: 3, cognition: 0, resilience: 2, melee: 2, ranged: 1, acrobatics: 1, athletics: 0, baseMovement: 10, ...p,
});
const sword: WeaponInput = { kind: 'melee', baseAttackCost: 1, damage: 2, vitalCap: 3, heavy: false, reach: 1, lingering: 0 };
const lo = (name: string, c: Partial<CharacterInput> = {}): ExchangeLoadout => ({ name, character: character(c), weapon: sword, soak: 1 });
const MISS = 1;

const dagger: WeaponInput = { kind: 'melee', baseAttackCost: 1, damage: 1, vitalCap: 2, heavy: false, reach: 1, lingering: 2 };
/** a with weapon wa against b with wb, tactical both, a opening, 10 rounds. */
const spec2 = (wa: WeaponInput, wb: WeaponInput): ExchangeDuelSpec => ({
  a: { loadout: { ...lo('a'), weapon: wa }, policy: parsePolicy('tactical'), conditions: [] },
  b: { loadout: { ...lo('b'), weapon: wb }, policy: parsePolicy('tactical'), conditions: [] },
  knobs: { ...DEFAULT_EXCHANGE_KNOBS, opener: 'a' }, maxRounds: 10,
});

function spec(maxRounds = 10, pa = 'tactical', pb = 'tactical', c: Partial<CharacterInput> = {}): ExchangeDuelSpec {
  return {
    a: { loadout: lo('a', c), policy: parsePolicy(pa), conditions: [] },
    b: { loadout: lo('b', c), policy: parsePolicy(pb), conditions: [] },
    knobs: { ...DEFAULT_EXCHANGE_KNOBS, opener: 'a' }, maxRounds,
  };
}
/** A sword mirror (6 AD, Melee 2) started with a opening, every die a Miss, a trace collector attached. */
function duel(maxRounds = 10, pa = 'tactical', pb = 'tactical') {
  const d = new ExchangeDuel(spec(maxRounds, pa, pb), new RecordingDice(scripted(...Array<number>(60).fill(MISS))));
  const c = new Collector();
  d.observer = c;
  d.start();
  return { d, c };
}
/** The exchanges traced: attacker, Boost, response and its Boost. */
const exchanges = (c: Collector): string[] =>
  c.events.filter((e) => e['action'] === 'exchange').map((e) => `${String(e['side'])} Boost ${String(e['boost'])}: ${String(e['response'])} ${String(e['response_boost'])}`);

describe('tactical: the decision list (docs/rules/exchange.md)', () => {
  it('is the default of exchange duels at distance 1; the named policies parse as before', () => {
    expect(DEFAULT_POLICY).toBe('tactical');
    expect(parsePolicy('tactical')).toEqual({ reserve: 0, guardFirst: false, keepMagic: false, tactical: true });
    expect(parsePolicy('tactical+keep-magic').keepMagic).toBe(true);
    expect(parsePolicy('reserve-1').tactical).toBe(false);
  });

  it('1-3. attacks with the Boost worth most, and stops once the answer has cost both 3 AD', () => {
    const { d, c } = duel();
    d.turn(0);
    // Boost 2 (3 dice) answered by a Clash with Boost 2; then 3 Ready AD against 3: a keeps them.
    expect(exchanges(c)).toEqual(['a Boost 2: clash 2']);
    expect([d.chars[0].ready, d.chars[1].ready]).toEqual([3, 3]);
  });

  it('4. answers by value: a Clash with every Ready AD it has left when the attack is cheap', () => {
    for (const ready of [1, 2, 3]) {
      const { d, c } = duel();
      d.beginTurn(0);
      d.chars[1].ready = ready;
      d.chars[1].used = 6 - ready;
      d.exchange(0, 0);
      expect(exchanges(c), `${ready} Ready AD`).toEqual([`a Boost 0: clash ${ready - 1}`]);
    }
  });

  it('5. the last turn before maxRounds: the side moving 2nd attacks, the defender Full Guards (a draw is worth 1/2); a turn earlier it holds back', () => {
    const last = duel(10);
    last.d.round = 10;
    last.d.beginTurn(1);
    last.d.attack(1);
    expect(exchanges(last.c)).toEqual(['b Boost 2: full-guard 2']);
    const before = duel(10);
    before.d.round = 9;
    before.d.beginTurn(1);
    expect(before.d.attack(1)).toBe(false);
  });

  it('2. the look-ahead runs to maxRounds: a 40-round duel (beyond the 64-turn horizon) opens as a 10-round one (the side moving last kept)', () => {
    const { d, c } = duel(40);
    d.turn(0);
    expect(exchanges(c)).toEqual(['a Boost 2: clash 2']);
  });

  it('3. the tempo: in a dagger mirror (30 rounds) the exact minimax opener holds back; tactical engages (the tempo)', () => {
    const long: ExchangeDuelSpec = { ...spec2(dagger, dagger), maxRounds: 30 };
    const d = new ExchangeDuel(long, new RecordingDice(scripted(MISS)));
    d.start();
    const [a, b] = d.chars;
    const ctx = edgeContext(0, 0, 0);
    // 59 turns after the opener's first: a 30-round duel.
    expect(new TacticalModel(a, b, long.knobs, { ...TACTICAL_PARAMS, tempo: 0 }).attackBoost(0, a, b, 3, ctx, ctx, 59)).toBe(-1);
    expect(TACTICAL_PARAMS.tempo).toBeGreaterThan(0);
    // Exact: tactical against itself draws (stands off to maxRounds) less than 1% of the time.
    expect(exactExchangeDuel(long).tally[2]).toBeLessThan(0.01);
  });

  it('Lingering Harm counts (by value, tempo 0): a side it will collapse at its turn\'s end attacks with its last die; the dagger waits for the Harm to work', () => {
    const ctx = edgeContext(0, 0, 0);
    const decide = (wa: WeaponInput, wb: WeaponInput, set: (a: ExchangeDuel['chars'][0], b: ExchangeDuel['chars'][1]) => void): number => {
      const s = spec2(wa, wb);
      const d = new ExchangeDuel(s, new RecordingDice(scripted(MISS)));
      d.start();
      d.beginTurn(0);
      const [a, b] = d.chars;
      set(a, b);
      return new TacticalModel(a, b, s.knobs, { ...TACTICAL_PARAMS, tempo: 0 }).attackBoost(0, a, b, 3, ctx, ctx, 19);
    };
    // A sword at VIT 1, 1 Ready AD: with a Wound of Lingering Harm due at the end of this turn it attacks; without, it keeps the die.
    for (const harm of [0, 1]) {
      const boost = decide(sword, dagger, (a) => {
        [a.vit, a.ready, a.wounded, a.belowHalf] = [1, 1, 5, true];
        a.harm[1] = harm;
      });
      expect(boost, `harm ${harm}`).toBe(harm === 1 ? 0 : -1);
    }
    // A sword at VIT 2 (2 Ready AD): the dagger attacks it; with a Wound of Harm due at the end of the sword's turn, it does not.
    for (const harm of [0, 1]) {
      const boost = decide(dagger, sword, (_, b) => {
        [b.vit, b.ready, b.used, b.wounded, b.belowHalf] = [2, 2, 0, 4, true];
        b.harm[0] = harm;
      });
      expect(boost >= 0, `harm ${harm}`).toBe(harm === 0);
    }
  });

  it('a duel of large characters looks fewer turns ahead (the budget), then values the position by the static estimate: VIT 24 plays 100 duels', () => {
    const big: ExchangeDuelSpec = { ...spec(30, 'tactical', 'tactical', { vitality: 24 }) };
    const d = new ExchangeDuel(big, new RngDice(new Xoshiro128ss(deriveStream(3))));
    for (let i = 0; i < 100; i++) expect(d.play().winner).toBeLessThanOrEqual(2);
  });
});

describe('where tactical is the default', () => {
  it('unnamed sides play tactical at every distance: farther apart than 1 the fight engine\'s tactical plays the duel', () => {
    const text = readFileSync('configs/exchange-policy-gap.yaml', 'utf8');
    const near = loadStudyText('gap.yaml', text);
    expect(exchangeDuel.plan(near.data as never, 1).map((t) => t.labels['policyB'])).toEqual(['tactical', 'tactical', 'tactical', 'optimal']);
    const far = text.replace('duel: { maxRounds: 6 }', 'duel: { maxRounds: 6, distance: 3 }').replace(/\n {2}- \{ a: sword, b: greataxe, policyA: best-response \}\n {2}# both sides play the minimax solution\n {2}- \{ a: dagger, b: sword, policyA: optimal, policyB: optimal \}/, '');
    const farStudy = loadStudyText('far.yaml', far);
    const farTasks = exchangeDuel.plan(farStudy.data as never, 1);
    expect(farTasks.map((t) => t.labels['policyA'])).toEqual(['tactical', 'all-in']);
    // The fight engine's spec: the unnamed side's character plays the fight's tactical player, the named one does not.
    const fighters = (farTasks[0]!.spec as unknown as { fight: ExchangeFightSpec }).fight.fighters;
    expect(fighters.map((c) => c.tactical)).toEqual([true, true]);
    const named = (farTasks[1]!.spec as unknown as { fight: ExchangeFightSpec }).fight.fighters;
    expect(named.map((c) => c.tactical)).toEqual([false, true]);
  });
});

describe('tactical plays through the legality guard', () => {
  it('legalAttack / legalResponse pass chooseAttackBoost\'s and chooseResponse\'s options and throw IllegalActionError on anything else', () => {
    const { d } = duel();
    const [a, b] = d.chars;
    a.ready = 3; // Melee 2: Boost 0-2
    expect(legalAttack(a, 'tactical', -1)).toBe(-1);
    expect(legalAttack(a, 'tactical', 2)).toBe(2);
    expect(() => legalAttack(a, 'tactical', 3)).toThrow(IllegalActionError);
    a.ready = 0;
    expect(() => legalAttack(a, 'tactical', 0)).toThrow(/policy tactical chose attack with Boost 0/);
    b.ready = 2;
    expect(legalResponse(b, 'tactical', NO_RESPONSE * RESPONSE_CODE, true, false)).toBe(0);
    expect(legalResponse(b, 'tactical', FULL_GUARD * RESPONSE_CODE + 1, true, false)).toBe(FULL_GUARD * RESPONSE_CODE + 1);
    expect(() => legalResponse(b, 'tactical', FULL_GUARD * RESPONSE_CODE + 2, true, false)).toThrow(IllegalActionError);
    expect(() => legalResponse(b, 'tactical', CLASH * RESPONSE_CODE, false, false)).toThrow(IllegalActionError);
    expect(() => legalResponse(b, 'tactical', NO_RESPONSE * RESPONSE_CODE + 1, true, false)).toThrow(IllegalActionError);
  });

  it('every shipped exchange duel matchup (distance 1) plays tactical against tactical without an illegal action', () => {
    const n = quickOr(20, 400);
    let duels = 0;
    for (const file of ['configs/exchange-duels.yaml', 'configs/exchange-policy-gap.yaml']) {
      const tasks = exchangeDuel.plan(loadStudy(file).data as never, 1);
      for (const t of tasks) {
        if (t.spec.fight !== undefined || t.spec.solved !== undefined) continue;
        const s: ExchangeDuelSpec = { ...t.spec, a: { ...t.spec.a, policy: parsePolicy('tactical') }, b: { ...t.spec.b, policy: parsePolicy('tactical') } };
        const d = new ExchangeDuel(s, new RngDice(new Xoshiro128ss(deriveStream(7))));
        for (let i = 0; i < n; i++, duels++) d.play();
      }
    }
    expect(duels).toBeGreaterThan(0);
  });
});

describe('tactical in the exact walker', () => {
  it('the exact walk under tactical agrees with the simulator within 4 SE (VIT 4, 6 rounds)', () => {
    const s = spec(6, 'tactical', 'tactical', { vitality: 4 });
    const exact = exactExchangeDuel(s).tally;
    const n = 4000;
    const d = new ExchangeDuel(s, new RngDice(new Xoshiro128ss(deriveStream(11))));
    const wins = [0, 0, 0];
    for (let i = 0; i < n; i++) wins[d.play().winner]!++;
    for (const w of [0, 1, 2]) expectRateNear(wins[w]! / n, exact[w]!, n, `winner ${w}`);
  });
});
