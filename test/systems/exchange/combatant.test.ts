/**
 * The per-character clauses of seed 001 (combatant.ts, called by the exchange duel and fight
 * engines), clause by clause: policies, payments (Slowed doubles), Boost and responses, standing
 * up, Reeling and Lingering Harm durations, Wounds (which die goes), collapse, Continuation Checks
 * and the Conditions a weapon inflicts. Dice are scripted (d6 faces 0 0 0 1 1 2).
 */
import { describe, expect, it } from 'vitest';
import { scripted } from '../../../src/dice/dice.js';
import {
  afterWounds, applyWounds, BROKE, COLLAPSED, Combatant, IN_FIGHT, INFLICTED_PRONE, INFLICTED_REELING, inflictConditions, NO_CHECK, parsePolicy,
  takeWounds, type Condition,
} from '../../../src/systems/exchange/combatant.js';
import type { ExchangeLoadout } from '../../../src/systems/exchange/compile.js';
import { CLASH, DEFAULT_EXCHANGE_KNOBS, FULL_GUARD, NO_RESPONSE } from '../../../src/systems/exchange/rules.js';
import type { CharacterInput, WeaponInput } from '../../../src/systems/exchange/schema.js';

const character = (p: Partial<CharacterInput>): CharacterInput => ({
  vitality: 6, magicDice: 0, strength: 2, agility: 3, cognition: 0, resilience: 2, melee: 2, ranged: 1, acrobatics: 1, athletics: 0, baseMovement: 10, ...p,
});
const sword: WeaponInput = { kind: 'melee', baseAttackCost: 1, damage: 2, vitalCap: 3, heavy: false, reach: 1, lingering: 0 };
const lo = (c: Partial<CharacterInput> = {}, w: Partial<WeaponInput> = {}): ExchangeLoadout => ({ name: 'x', character: character(c), weapon: { ...sword, ...w }, soak: 1 });
const KNOBS = { ...DEFAULT_EXCHANGE_KNOBS, continuation: true };
const MISS = 1;
const HIT = 4;

function char(c: Partial<CharacterInput> = {}, o: { policy?: string; conditions?: Condition[]; w?: Partial<WeaponInput> } = {}): Combatant {
  const x = new Combatant(lo(c, o.w), parsePolicy(o.policy ?? 'all-in'), o.conditions ?? [], 0, 2);
  x.reset();
  return x;
}

describe('policies', () => {
  it('all-in, guard-first, reserve-N and +keep-magic', () => {
    expect(parsePolicy('all-in')).toEqual({ reserve: 0, guardFirst: false, keepMagic: false, tactical: false });
    expect(parsePolicy('guard-first')).toEqual({ reserve: 2, guardFirst: true, keepMagic: false, tactical: false });
    expect(parsePolicy('reserve-3')).toEqual({ reserve: 3, guardFirst: false, keepMagic: false, tactical: false });
    expect(parsePolicy('reserve-1+keep-magic')).toEqual({ reserve: 1, guardFirst: false, keepMagic: true, tactical: false });
    expect(parsePolicy('guard-first+keep-magic')).toEqual({ reserve: 2, guardFirst: true, keepMagic: true, tactical: false });
    expect(parsePolicy('reserve-12').reserve).toBe(12);
    expect(parsePolicy('xreserve-1').reserve).toBe(0);
    expect(parsePolicy('reserve-1x').reserve).toBe(0);
  });
});

describe('a fresh character', () => {
  it('starts with its Vitality, Action Dice (Vitality when not given), Magic Dice, and the study Conditions', () => {
    const c = char({ vitality: 5, magicDice: 2 }, { conditions: ['reeling', 'prone'] });
    expect([c.vit, c.ready, c.readyMagic, c.used, c.wounded, c.status, c.belowHalf, c.reelingTurns, c.prone]).toEqual([5, 5, 2, 0, 0, IN_FIGHT, false, 1, true]);
    expect(char({ vitality: 5, actionDice: 3 }).ready).toBe(3);
    const plain = char();
    expect([plain.reelingTurns, plain.prone, plain.disadvantaged]).toEqual([0, false, false]);
  });

  it('reset clears a previous fight (Lingering Harm, Wounds, Conditions gained)', () => {
    const c = char();
    c.harm[1] = 3;
    c.vit = 1;
    c.used = 2;
    c.wounded = 3;
    c.status = BROKE;
    c.belowHalf = true;
    c.prone = true;
    c.reelingTurns = 2;
    c.reset();
    expect([c.harm[1], c.vit, c.used, c.wounded, c.status, c.belowHalf, c.prone, c.reelingTurns]).toEqual([0, 6, 0, 0, IN_FIGHT, false, false, 0]);
  });

  it('Reeling and Stunned give Disadvantage; Slowed does not', () => {
    expect(char({}, { conditions: ['stunned'] }).disadvantaged).toBe(true);
    expect(char({}, { conditions: ['reeling'] }).disadvantaged).toBe(true);
    expect(char({}, { conditions: ['slowed'] }).disadvantaged).toBe(false);
  });
});

describe('payments', () => {
  it('Slowed doubles every payment and halves the Boost spare dice buy (rounded down)', () => {
    const s = char({}, { conditions: ['slowed'] });
    expect([s.cost(1), s.cost(0), s.boostFor(3), s.boostFor(4)]).toEqual([2, 0, 1, 2]);
    const n = char();
    expect([n.cost(2), n.boostFor(3)]).toEqual([2, 3]);
  });

  it('paying moves Ready dice to Used; Refresh moves them back (Wounded dice stay)', () => {
    const c = char();
    c.pay(4);
    expect([c.ready, c.used]).toEqual([2, 4]);
    c.wounded = 1;
    c.refresh();
    expect([c.ready, c.used, c.wounded]).toEqual([6, 0, 1]);
  });

  it('attack Boost: spare Ready dice above the cost and the reserve, up to the Skill Level; -1 when it cannot pay', () => {
    const c = char();
    c.ready = 5;
    expect(c.attackBoost(2, 1, 1)).toBe(2); // spare 3, Skill 2
    expect(c.attackBoost(5, 1, 1)).toBe(3);
    expect(c.attackBoost(2, 1, 4)).toBe(0); // spare exactly 0: attacks without Boost
    expect(c.attackBoost(2, 1, 5)).toBe(-1);
    const s = char({}, { conditions: ['slowed'] });
    s.ready = 5;
    expect(s.attackBoost(3, 1, 0)).toBe(1); // pays 2, spare 3 buys 1
  });
});

describe('responses', () => {
  it('Clash when legal and affordable; guard-first prefers Full Guard; a broken character never Clashes', () => {
    const c = char();
    expect(c.chooseResponse(true)).toBe(CLASH);
    expect(c.chooseResponse(false)).toBe(FULL_GUARD);
    c.status = BROKE;
    expect(c.chooseResponse(true)).toBe(FULL_GUARD);
    const g = char({}, { policy: 'guard-first' });
    expect(g.chooseResponse(true)).toBe(FULL_GUARD);
    g.ready = 0;
    expect(g.chooseResponse(true)).toBe(NO_RESPONSE);
  });

  it('a Clash must pay the weapon base cost; Full Guard 1 (Slowed: twice that)', () => {
    const heavy = char({}, { w: { baseAttackCost: 2 } });
    heavy.ready = 1;
    expect(heavy.chooseResponse(true)).toBe(FULL_GUARD);
    heavy.ready = 2;
    expect(heavy.chooseResponse(true)).toBe(CLASH);
    const s = char({}, { conditions: ['slowed'] });
    s.ready = 1;
    expect(s.chooseResponse(true)).toBe(NO_RESPONSE);
    s.ready = 2;
    expect(s.chooseResponse(true)).toBe(CLASH);
  });

  it('response Boost: Clash by the attack skill above the base cost; Full Guard by Acrobatics against ranged, Melee against melee', () => {
    const c = char({ melee: 2, acrobatics: 1 }, { w: { baseAttackCost: 2 } });
    c.ready = 6;
    expect(c.responseBoost(CLASH, false)).toBe(2); // spare 4, Melee 2
    expect(c.responseBoost(FULL_GUARD, true)).toBe(1); // Acrobatics 1
    expect(c.responseBoost(FULL_GUARD, false)).toBe(2); // Melee 2
    c.ready = 3;
    expect(c.responseBoost(CLASH, false)).toBe(1); // 3 - 2
    expect(c.responseBoost(FULL_GUARD, false)).toBe(2); // 3 - 1, Melee 2
    expect([c.responseDice(CLASH, 1), c.responseDice(FULL_GUARD, 1)]).toEqual([3, 2]);
  });
});

describe('standing up, Reeling, Lingering Harm', () => {
  it('Prone: standing costs 1 AD (2 when Slowed) and happens only when the character can pay', () => {
    const c = char({}, { conditions: ['prone'] });
    c.ready = 0;
    expect([c.standUp(), c.prone]).toEqual([0, true]);
    c.ready = 1;
    expect([c.standUp(), c.prone, c.ready, c.used]).toEqual([1, false, 0, 1]);
    expect(c.standUp()).toBe(0); // standing already
    const s = char({}, { conditions: ['prone', 'slowed'] });
    s.ready = 1;
    expect([s.standUp(), s.prone]).toEqual([0, true]);
    s.ready = 2;
    expect([s.standUp(), s.prone, s.ready]).toEqual([2, false, 0]);
  });

  it('Reeling lasts to the end of the next own turn (gained in its own turn: the following one); a longer one stays', () => {
    const c = char();
    c.becomeReeling(false);
    expect(c.reelingTurns).toBe(1);
    c.becomeReeling(true);
    expect(c.reelingTurns).toBe(2);
    c.becomeReeling(false);
    expect(c.reelingTurns).toBe(2);
    c.endTurn();
    c.endTurn();
    expect([c.reelingTurns, c.disadvantaged]).toEqual([0, false]);
    c.endTurn();
    expect(c.reelingTurns).toBe(0);
  });

  it('Lingering Harm per source: the longer of what is left and the new weapon turns, never added; each due turn counts off', () => {
    const c = char();
    c.harmFrom(1, 0);
    expect(c.harm[1]).toBe(0);
    c.harmFrom(1, 2);
    c.harmFrom(1, 1);
    expect(c.harm[1]).toBe(2);
    c.harmFrom(1, 3);
    expect([c.harm[0], c.harm[1]]).toEqual([0, 3]);
    expect(c.harmDue(0)).toBe(false);
    expect([c.harmDue(1), c.harm[1]]).toEqual([true, 2]);
    c.harm[1] = 1;
    expect([c.harmDue(1), c.harmDue(1), c.harm[1]]).toEqual([true, false, 0]);
  });
});

describe('Wounds', () => {
  it('each Wound: 1 Vitality and one die to Wounded, Ready MD first (default), then Ready AD, then Used AD', () => {
    const c = char({ magicDice: 1 });
    c.ready = 1;
    c.used = 1;
    takeWounds(c, 4); // MD, AD, Used, then nothing left: Vitality only
    expect([c.vit, c.readyMagic, c.ready, c.used, c.wounded]).toEqual([2, 0, 0, 0, 3]);
  });

  it('+keep-magic: Ready AD first, then the Magic Dice', () => {
    const c = char({ magicDice: 2 }, { policy: 'all-in+keep-magic' });
    c.ready = 1;
    takeWounds(c, 2);
    expect([c.ready, c.readyMagic, c.wounded]).toEqual([0, 1, 2]);
  });

  it('collapse at exactly Vitality 0; no check for 0 Wounds', () => {
    const c = char();
    c.vit = 2; // below half, not yet checked: still no check without a Wound
    expect(afterWounds(c, 0, scripted(), KNOBS)).toBe(NO_CHECK);
    c.vit = 0;
    expect(afterWounds(c, 1, scripted(), KNOBS)).toBe(NO_CHECK);
    expect(c.status).toBe(COLLAPSED);
  });

  it('Continuation Check: when Vitality first falls below half (3 of 6 is not), or one source deals more than half (4 of 6, not 3)', () => {
    const c = char({ resilience: 2 });
    c.vit = 3;
    expect(afterWounds(c, 3, scripted(), KNOBS)).toBe(NO_CHECK); // 3 of 6: not below half; 3 is not more than half
    c.vit = 2;
    expect(afterWounds(c, 1, scripted(HIT, MISS), KNOBS)).toBe(1);
    expect(c.belowHalf).toBe(true);
    expect(afterWounds(c, 1, scripted(), KNOBS)).toBe(NO_CHECK); // below half already
    const big = char({ resilience: 2, vitality: 12 });
    big.vit = 8;
    expect(afterWounds(big, 4, scripted(), KNOBS)).toBe(NO_CHECK); // 4 of 12 is not more than half
    const c2 = char({ resilience: 2 });
    c2.vit = 5;
    expect(afterWounds(c2, 4, scripted(MISS, MISS), KNOBS)).toBe(0); // more than half in one source: 0 dots breaks
    expect(c2.status).toBe(BROKE);
    const off = char();
    off.vit = 2;
    expect(afterWounds(off, 4, scripted(), { ...KNOBS, continuation: false })).toBe(NO_CHECK);
    expect(off.status).toBe(IN_FIGHT);
  });

  it('applyWounds: Wounds then collapse or check; a broken character takes them without a check; a collapsed one takes none', () => {
    const c = char();
    expect(applyWounds(c, 2, scripted(), KNOBS)).toBe(2);
    expect([c.vit, c.wounded]).toEqual([4, 2]);
    expect(applyWounds(c, 0, scripted(), KNOBS)).toBe(0);
    c.status = BROKE;
    expect(applyWounds(c, 2, scripted(), KNOBS)).toBe(2); // VIT 2 of 6, first below half: no dice rolled (none scripted)
    expect([c.vit, c.status]).toEqual([2, BROKE]);
    expect(applyWounds(c, 2, scripted(), KNOBS)).toBe(2);
    expect([c.vit, c.status]).toEqual([0, COLLAPSED]);
    expect(applyWounds(c, 2, scripted(), KNOBS)).toBe(0);
    expect(c.vit).toBe(0);
  });
});

describe('Conditions a weapon inflicts', () => {
  it('Reeling and Prone from their Hit Margins (at the margin, not below); a weapon without them never', () => {
    const winner = char({}, { w: { inflicts: { reeling: { margin: 2 }, prone: { margin: 3 } } } });
    const low = char();
    expect(inflictConditions(winner, low, 1, false)).toBe(0);
    expect([low.reelingTurns, low.prone]).toEqual([0, false]);
    expect(inflictConditions(winner, low, 2, true)).toBe(INFLICTED_REELING);
    expect([low.reelingTurns, low.prone]).toEqual([2, false]);
    const hard = char();
    expect(inflictConditions(winner, hard, 3, false)).toBe(INFLICTED_REELING | INFLICTED_PRONE);
    expect([hard.reelingTurns, hard.prone]).toEqual([1, true]);
    expect(inflictConditions(char(), hard, 9, false)).toBe(0);
  });
});

describe('state words (traces)', () => {
  it('collapsed, broke, or active with its Conditions', () => {
    const c = char({}, { conditions: ['slowed', 'stunned'] });
    expect(c.stateWord()).toBe('active slowed stunned');
    c.reelingTurns = 1;
    c.prone = true;
    expect(c.stateWord()).toBe('active reeling prone slowed stunned');
    c.status = BROKE;
    expect(c.stateWord()).toBe('broke');
    expect(c.broke).toBe(true);
    c.vit = 0;
    expect(c.stateWord()).toBe('collapsed');
    expect(char().stateWord()).toBe('active');
    expect([char().out, c.out]).toEqual([false, true]);
  });
});
