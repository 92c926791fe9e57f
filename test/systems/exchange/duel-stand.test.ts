/**
 * Standing up as a solving side's decision (issue #15; seed 001: "Standing has a base cost of 1 AD";
 * one moves during one's own turn, before, between or after attacks). Scripted: the engine asks a
 * solving side at each attack boundary of its own turn while it is Prone and can pay, and plays the
 * option (stand and pay, or stay Prone); a named side stands at the start of its turn. Solved: a
 * prone archer against an archer stays Prone (Prone changes nothing in a duel's ranged Exchanges:
 * a shot while engaged already has Disadvantage; standing only costs an AD), a prone swordsman
 * against a sword stands (Prone gives its Melee attacks Disadvantage and the enemy's Advantage);
 * flipping those decisions in the solved table makes the exact value strictly worse.
 */
import { describe, expect, it } from 'vitest';
import { scripted } from '../../../src/dice/dice.js';
import type { ExchangeLoadout } from '../../../src/systems/exchange/compile.js';
import { ExchangeDuel, parsePolicy, type Condition, type ExchangeDuelSpec } from '../../../src/systems/exchange/duel/engine.js';
import { ATTACK_DECISION, STAND_DECISION, type DuelChooser } from '../../../src/systems/exchange/duel/choice.js';
import { exactExchangeDuel } from '../../../src/systems/exchange/duel/exact.js';
import { solveExchangePlay } from '../../../src/systems/exchange/duel/solved-policy.js';
import { TablePlayer } from '../../../src/systems/exchange/duel/solved-table.js';
import { DEFAULT_EXCHANGE_KNOBS } from '../../../src/systems/exchange/rules.js';
import type { WeaponInput } from '../../../src/systems/exchange/schema.js';

// d6 faces 0 0 0 1 1 2: 1 = Miss (0 dots)
const MISS = 1;
const sword: WeaponInput = { kind: 'melee', baseAttackCost: 1, damage: 2, vitalCap: 3, heavy: false, reach: 1, lingering: 0 };
const bow: WeaponInput = { kind: 'projectile', baseAttackCost: 1, damage: 3, vitalCap: 2, heavy: false, reach: 1, lingering: 0, effectiveRange: 20, maxRange: 60 };

const fighter = (name: string, weapon: WeaponInput, actionDice = 4): ExchangeLoadout => ({
  name, soak: 1, weapon,
  character: { vitality: 4, actionDice, magicDice: 0, strength: 2, agility: 3, cognition: 0, resilience: 2, melee: 1, ranged: 1, acrobatics: 1, athletics: 0, baseMovement: 10 },
});

const spec = (a: ExchangeLoadout, b: ExchangeLoadout, ca: Condition[], maxRounds = 3): ExchangeDuelSpec => ({
  a: { loadout: a, policy: parsePolicy('reserve-1'), conditions: ca },
  b: { loadout: b, policy: parsePolicy('reserve-1'), conditions: [] },
  knobs: { ...DEFAULT_EXCHANGE_KNOBS, opener: 'a' }, maxRounds,
});

/** A chooser that answers from a list and records each decision (kind, width, the named option). */
class Scripted implements DuelChooser {
  readonly asked: [number, number, number][] = [];
  constructor(readonly solving: readonly boolean[], private readonly picks: number[]) {}
  choose(_side: number, width: number, kind: number, _extra: number, named: number): number {
    this.asked.push([kind, width, named]);
    return this.picks.shift()!;
  }
}

/** Plays a solved table, except that every stand-up decision takes `force` (0 stand, 1 stay Prone). */
class ForcedStand extends TablePlayer {
  constructor(from: TablePlayer, private readonly force: number) {
    super(from.table, from.solving);
  }
  override choose(side: number, width: number, kind: number, extra: number, named: number): number {
    return kind === STAND_DECISION ? this.force : super.choose(side, width, kind, extra, named);
  }
}

/** P(a wins) + 1/2 P(draw) of an exact walk. */
const score = (s: ExchangeDuelSpec, player: TablePlayer): number => {
  const t = exactExchangeDuel(s, undefined, player).tally;
  return t[0]! + t[2]! / 2;
};

/** a's best response, with the stand-up options its solved table takes in round 1 (side a, by the number of attacks made). */
function bestResponse(s: ExchangeDuelSpec): { value: number; player: TablePlayer; round1: Map<number, number> } {
  const play = solveExchangePlay(s, ['solved', 'named']);
  const round1 = new Map<number, number>();
  play.player.hook = (duel, side, kind, _extra, option) => {
    if (side === 0 && kind === STAND_DECISION && duel.round === 1) round1.set(duel.attacks, option);
  };
  expect(score(s, play.player)).toBeCloseTo(play.value, 12);
  play.player.hook = null;
  expect(play.player.misses).toBe(0);
  return { value: play.value, player: play.player, round1 };
}

describe('standing up: the engine asks a solving side and plays its choice', () => {
  it('a solving side does not stand at Refresh; at its first attack boundary it chooses (named: stand), option 1 stays Prone', () => {
    const d = new ExchangeDuel(spec(fighter('a', sword), fighter('b', sword), ['prone']), scripted());
    for (const c of d.chars) c.reset();
    const ch = new Scripted([true, false], [1, 0]);
    d.chooser = ch;
    d.beginTurn(0);
    expect([d.chars[0].prone, d.chars[0].ready]).toEqual([true, 4]);
    expect(d.attack(0)).toBe(false); // stays Prone, then stops attacking
    expect([d.chars[0].prone, d.chars[0].ready, d.chars[0].used]).toEqual([true, 4, 0]);
    expect(ch.asked).toEqual([[STAND_DECISION, 2, 0], [ATTACK_DECISION, 3, 2]]); // Boost 0-1 (Melee 1); reserve-1 named: Boost 1
  });

  it('option 0 stands and pays 1 AD (Slowed 2); the attack decision then sees the dice left', () => {
    const d = new ExchangeDuel(spec(fighter('a', sword), fighter('b', sword), ['prone']), scripted());
    for (const c of d.chars) c.reset();
    const ch = new Scripted([true, false], [0, 0]);
    d.chooser = ch;
    d.beginTurn(0);
    d.attack(0);
    expect([d.chars[0].prone, d.chars[0].ready, d.chars[0].used]).toEqual([false, 3, 1]);
    expect(ch.asked[1]).toEqual([ATTACK_DECISION, 3, 2]); // 3 Ready AD: Boost 0-1 (Melee 1), reserve-1 named Boost 1
    const e = new ExchangeDuel(spec(fighter('a', sword), fighter('b', sword), ['prone', 'slowed']), scripted());
    for (const c of e.chars) c.reset();
    e.chooser = new Scripted([true, false], [0, 0]);
    e.beginTurn(0);
    e.attack(0);
    expect([e.chars[0].prone, e.chars[0].ready, e.chars[0].used]).toEqual([false, 2, 2]);
  });

  it('between attacks and once the attacks are used up it may still stand (named: stay); no decision when it cannot pay', () => {
    const d = new ExchangeDuel(spec(fighter('a', sword), fighter('b', sword), ['prone']), scripted(MISS, MISS, MISS, MISS, MISS));
    for (const c of d.chars) c.reset();
    const ch = new Scripted([true, false], [1, 1, 0, 0, 0]);
    d.chooser = ch;
    d.beginTurn(0);
    // Stays Prone; attacks with Boost 0 (2 dice with Disadvantage; b Clashes with Boost 1: 3 dice with Advantage), all Misses.
    expect(d.attack(0)).toBe(true);
    expect([d.chars[0].prone, d.chars[0].ready, d.chars[1].ready]).toEqual([true, 3, 2]);
    expect(d.attack(0)).toBe(false); // stands between attacks, then stops
    expect([d.chars[0].prone, d.chars[0].ready, d.chars[0].used]).toEqual([false, 2, 2]);
    d.chars[0].prone = true;
    d.attacks = 2; // Melee 1: two proactive attacks made, no more
    expect(d.attack(0)).toBe(false); // stands before the turn ends
    expect([d.chars[0].prone, d.chars[0].ready]).toEqual([false, 1]);
    expect(ch.asked).toEqual([[STAND_DECISION, 2, 0], [ATTACK_DECISION, 3, 2], [STAND_DECISION, 2, 1], [ATTACK_DECISION, 3, 1], [STAND_DECISION, 2, 1]]);
    d.chars[0].prone = true;
    d.chars[0].ready = 0;
    d.attacks = 0;
    expect(d.attack(0)).toBe(false);
    expect(ch.asked).toHaveLength(5);
    expect(d.chars[0].prone).toBe(true);
  });

  it('a named side stands at the start of its turn when it can pay, and is never asked', () => {
    const d = new ExchangeDuel(spec(fighter('a', sword), fighter('b', sword), ['prone']), scripted());
    for (const c of d.chars) c.reset();
    const ch = new Scripted([false, true], []);
    d.chooser = ch;
    d.beginTurn(0);
    expect([d.chars[0].prone, d.chars[0].ready, d.chars[0].used]).toEqual([false, 3, 1]);
    expect(ch.asked).toEqual([]);
  });
});

describe('standing up: the solver stands only where it wins', () => {
  it('a prone archer against an archer stays Prone; standing everywhere is strictly worse', () => {
    const s = spec(fighter('a', bow), fighter('b', bow), ['prone']);
    const br = bestResponse(s);
    expect(br.round1.get(0)).toBe(1); // turn start: stay Prone
    const standing = score(s, new ForcedStand(br.player, 0));
    expect(standing).toBeLessThan(br.value - 1e-3);
    // The named policy stands at its first turn (and plays reserve-1 throughout): below the best response.
    const t = exactExchangeDuel(s).tally;
    expect(br.value).toBeGreaterThan(t[0]! + t[2]! / 2 + 1e-3);
  });

  it('a prone swordsman against a sword stands at the start of its turn; staying Prone is strictly worse', () => {
    const s = spec(fighter('a', sword), fighter('b', sword), ['prone']);
    const br = bestResponse(s);
    expect(br.round1.get(0)).toBe(0);
    expect(score(s, new ForcedStand(br.player, 1))).toBeLessThan(br.value - 1e-3);
  });

  it('minimax: both prone archers stay Prone, and a mirror with a random opener is still exactly 1/2', () => {
    const s = spec(fighter('a', bow), fighter('b', bow), ['prone'], 2);
    const both: ExchangeDuelSpec = { ...s, b: { ...s.b, conditions: ['prone'] }, knobs: DEFAULT_EXCHANGE_KNOBS };
    const play = solveExchangePlay(both, ['solved', 'solved']);
    expect(play.value).toBeCloseTo(0.5, 12);
    const first = new Map<number, number>();
    play.player.hook = (duel, side, kind, _extra, option) => {
      if (kind === STAND_DECISION && duel.round === 1 && duel.attacks === 0) first.set(side, option);
    };
    exactExchangeDuel(both, undefined, play.player);
    expect([first.get(0), first.get(1)]).toEqual([1, 1]);
  });
});
