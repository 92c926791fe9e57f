/**
 * Clauses of an exchange fight that move nobody (core.ts), with scripted dice: the Exchange's
 * responses and their dice, the trace fields of an Exchange, the Clash winner's Conditions, who is
 * engaged, who is out, the side's focus and the Sprint allowance (seed 001).
 */
import { describe, expect, it } from 'vitest';
import { RngDice, scripted } from '../../../../src/dice/dice.js';
import { RecordingDice } from '../../../../src/dice/recording-dice.js';
import { deriveStream, Xoshiro128ss } from '../../../../src/dice/rng.js';
import { COLLAPSED } from '../../../../src/systems/exchange/combatant.js';
import type { ExchangeFight } from '../../../../src/systems/exchange/fight/engine.js';
import { spaces } from '../../../../src/systems/exchange/fight/map.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { CRIT, fight, fightWith, HIT, MISS, oneOnOne } from './helpers.js';

const rng = () => new RngDice(new Xoshiro128ss(deriveStream(11)));
const dist = (f: ExchangeFight, a: number, b: number) => spaces(f.x[a]!, f.y[a]!, f.x[b]!, f.y[b]!);

function watch(f: ExchangeFight): TraceEvent[] {
  const events: TraceEvent[] = [];
  f.observer = { begin: () => {}, event: (e) => events.push(e), end: () => {} };
  f.dice = new RecordingDice(f.dice); // as the kernel does while tracing: the faces reach the events
  return events;
}

/** The fields an Exchange adds to its trace event. */
function outcome(e: TraceEvent): unknown {
  const { boost, response, rolls, attack_total, response_total, wounds, wounds_to_attacker, state_after, target_state_after } = e;
  return { boost, response, rolls, attack_total, response_total, wounds, wounds_to_attacker, state_after, target_state_after };
}

/** Weapons that knock the loser Reeling or Prone from a Hit Margin of 2 (strike 0 + Vital: a light blow). */
const CONDITION_PARTS = {
  weapons: [
    '  reel-stick: { kind: melee, baseAttackCost: 1, damage: 0, vitalCap: 0, inflicts: { reeling: { margin: 2 } } }',
    '  trip-stick: { kind: melee, baseAttackCost: 1, damage: 0, vitalCap: 0, inflicts: { prone: { margin: 2 } } }',
    '  reel-axe:   { kind: melee, baseAttackCost: 1, damage: 5, vitalCap: 3, inflicts: { reeling: { margin: 2 }, prone: { margin: 2 } } }',
    '',
  ].join('\n'),
  loadouts: [
    '  rook-reel: { character: rook, weapon: reel-stick }',
    '  rook-trip: { character: rook, weapon: trip-stick }',
    '  rook-axe:  { character: rook, weapon: reel-axe }',
    '  mira-axe:  { character: mira, weapon: reel-axe }',
    '',
  ].join('\n'),
};

describe('the responses of an Exchange in a fight', () => {
  it('Full Guard rolls with its Advantage: one extra die, the lowest dropped; a tie lands nothing, out-rolling the attack wounds nobody', () => {
    // bow: 1 + Boost 2 dice: Hit, Hit, Miss = 2 dots; the sword cannot Clash a bow: Full Guard 1 + Boost 1 (Acrobatics) + 1 extra die
    const tie = scripted(HIT, HIT, MISS, MISS, MISS, CRIT);
    const f = fight(oneOnOne('bow', 'sword', 'fight: { map: [20, 9], distance: 5, opener: a }'), tie);
    const events = watch(f);
    f.exchange(0, 1, 2, 'exchange');
    expect(outcome(events[0]!)).toEqual({
      boost: 2, response: 'full-guard', rolls: { attack: [HIT, HIT, MISS], response: [MISS, MISS, CRIT] }, attack_total: 2, response_total: 2, wounds: 0, wounds_to_attacker: 0, state_after: 'active', target_state_after: 'active',
    });
    expect([tie.used, f.adResponse[1], f.chars[0]!.vit, f.chars[1]!.vit]).toEqual([6, 2, 6, 6]);
    const high = fight(oneOnOne('bow', 'sword', 'fight: { map: [20, 9], distance: 5, opener: a }'), scripted(HIT, HIT, MISS, CRIT, CRIT, MISS));
    high.exchange(0, 1, 2, 'exchange');
    expect([high.chars[0]!.vit, high.chars[1]!.vit, high.taken[0], high.dealt[1]]).toEqual([6, 6, 0, 0]);
  });

  it('No Response: the attack against target number 0, no dice or AD for the defender; the trace shows no response roll', () => {
    const dice = scripted(CRIT, CRIT, CRIT); // 6 dots + Strike 5 - Soak 1 = 10: 8 Wounds, the sword collapses
    const f = fight(oneOnOne('bow', 'sword', 'fight: { map: [20, 9], distance: 5, opener: a }'), dice);
    const events = watch(f);
    f.chars[1]!.ready = 0;
    f.exchange(0, 1, 2, 'exchange');
    expect(outcome(events[0]!)).toEqual({
      boost: 2, response: 'none', rolls: { attack: [CRIT, CRIT, CRIT] }, attack_total: 6, response_total: 0, wounds: 8, wounds_to_attacker: 0, state_after: 'active', target_state_after: 'collapsed',
    });
    expect([dice.used, f.adResponse[1], f.chars[1]!.status, f.fightOver()]).toEqual([3, 0, COLLAPSED, true]);
  });

  it('a Clash the attacker loses is traced as Wounds to the attacker; a failed Continuation Check shows as broke', () => {
    // Mira 1 die: Miss; Rook's 1-die Clash: Critical: 2 + 5 - 0 = 7 -> 5 Wounds, Mira VIT 1: check with 2 dice, Miss Miss: broke
    const f = fight(oneOnOne('mira', 'rook'), scripted(MISS, CRIT, MISS, MISS));
    const events = watch(f);
    f.chars[1]!.ready = 1;
    f.exchange(0, 1, 0, 'exchange');
    expect(outcome(events[0]!)).toEqual({
      boost: 0, response: 'clash', rolls: { attack: [MISS], response: [CRIT] }, attack_total: 0, response_total: 2, wounds: 0, wounds_to_attacker: 5, state_after: 'broke', target_state_after: 'active',
    });
    expect([f.standing(0), f.fightOver()]).toEqual([0, true]);
    // then the check itself, as the duel traces it
    expect(events.map((e) => e.action)).toEqual(['exchange', 'continuation-check']);
    expect([events[1]!.actor, events[1]!['dots'], events[1]!['result'], events[1]!['state_after']]).toEqual(['mira', 0, 'fails: breaks off', 'broke']);
  });

  it('only a weapon of the same kind may Clash: a sword Full Guards a bow\'s shot, a bow Full Guards a sword even when adjacent', () => {
    const f = fight(oneOnOne('bow', 'sword'), rng());
    const events = watch(f);
    expect([f.canAttack(0, 1), f.canAttack(1, 0)]).toEqual([true, true]);
    f.exchange(1, 0, 0, 'exchange');
    f.exchange(0, 1, 0, 'exchange');
    expect(events.map((e) => e.response)).toEqual(['full-guard', 'full-guard']);
  });
});

describe('Conditions after an Exchange (the winner\'s weapon)', () => {
  const make = (loadouts: [string, string], faces: number[]) => {
    const f = fightWith(CONDITION_PARTS, oneOnOne(...loadouts), scripted(...faces));
    f.chars[1]!.ready = 1; // a 1-die Clash
    return f;
  };

  it('a Clash won by Hit Margin 2 with a Reeling weapon: the attacker reels to the end of its next turn, or its following one when it attacked on its own turn', () => {
    // Mira 1 die: Miss; Rook Clashes: Critical: margin 2 + Strike 0 - Soak 0 = 2: 1 Wound
    const own = make(['mira', 'rook-reel'], [MISS, CRIT]);
    own.active = 0;
    own.exchange(0, 1, 0, 'exchange');
    expect([own.chars[0]!.vit, own.attackEdge(0, 1)]).toEqual([5, -1]);
    own.endTurn(0);
    expect(own.attackEdge(0, 1)).toBe(-1);
    own.endTurn(0);
    expect(own.attackEdge(0, 1)).toBe(0);
    const oa = make(['mira', 'rook-reel'], [MISS, CRIT]);
    oa.active = 1; // Mira's Opportunity Attack in Rook's turn
    oa.exchange(0, 1, 0, 'opportunity-attack');
    expect(oa.attackEdge(0, 1)).toBe(-1);
    oa.endTurn(0);
    expect(oa.attackEdge(0, 1)).toBe(0);
    const low = make(['mira', 'rook-reel'], [MISS, HIT]); // margin 1: no Reeling
    low.exchange(0, 1, 0, 'exchange');
    expect([low.chars[0]!.vit, low.attackEdge(0, 1)]).toEqual([5, 0]);
  });

  it('a Clash won with a tripping weapon knocks the attacker Prone: melee attacks on it gain Advantage', () => {
    const f = make(['mira', 'rook-trip'], [MISS, CRIT]);
    f.exchange(0, 1, 0, 'exchange');
    expect([f.chars[0]!.prone, f.attackEdge(1, 0)]).toEqual([true, 1]);
  });

  it('traced as the duel traces them: an inflict event per Condition after the Exchange, state words with the Conditions', () => {
    // the winner's weapon knocks Mira Reeling and Prone (margin 2); a check passed is traced too
    const trip = make(['mira', 'rook-trip'], [MISS, CRIT]);
    const e1 = watch(trip);
    trip.exchange(0, 1, 0, 'exchange');
    expect(e1.map((e) => [e.action, e.actor, e.target, e['condition'], e['target_state_after']])).toEqual([
      ['exchange', 'mira', 'rook-trip', undefined, 'active'],
      ['inflict', 'rook-trip', 'mira', 'prone', 'active prone'],
    ]);
    const reel = make(['mira', 'rook-reel'], [MISS, CRIT]);
    const e2 = watch(reel);
    reel.exchange(0, 1, 0, 'exchange');
    expect(e2.slice(1).map((e) => [e.action, e['condition'], e['target_state_after']])).toEqual([['inflict', 'reeling', 'active reeling']]);
    expect(reel.stateName(0)).toBe('active reeling');
  });

  it('a passed Continuation Check is traced after the Wounds; the opening side is traced as initiative', () => {
    // Mira 1 die: Miss; Rook's 1-die Clash: Critical: 2 + 5 - 0 = 7 -> 5 Wounds, Mira VIT 1: check with 2 dice, Hit Miss: 1 dot, passes
    const f = fight(oneOnOne('mira', 'rook'), scripted(MISS, CRIT, HIT, MISS));
    const events = watch(f);
    f.chars[1]!.ready = 1;
    f.exchange(0, 1, 0, 'exchange');
    expect(events.map((e) => [e.action, e.actor, e['dots'], e['result'], e['state_after']])).toEqual([
      ['exchange', 'mira', undefined, undefined, 'active'],
      ['continuation-check', 'mira', 1, 'passes', 'active'],
    ]);
    const g = fight(oneOnOne('mira', 'rook', 'fight: { map: [20, 9], distance: 1, opener: b, maxRounds: 1 }'), scripted(...Array<number>(200).fill(MISS)));
    const w = watch(g);
    g.play();
    expect([w[0]!.action, w[0]!.actor, w[0]!['result']]).toEqual(['initiative', 'rook', 'b opens with rook (opener side)']);
  });

  it('a character the Exchange took out gains no Condition (attacker or defender)', () => {
    // Rook's axe Clash: Critical, margin 2 + Strike 8 - 0 = 10: 8 Wounds, Mira collapses
    const att = make(['mira', 'rook-axe'], [MISS, CRIT]);
    att.exchange(0, 1, 0, 'exchange');
    const mira = att.chars[0]!;
    expect([mira.status, mira.reelingTurns, mira.prone]).toEqual([COLLAPSED, 0, false]);
    // Mira's axe against No Response: Critical, 2 + 8 - 1 = 9: 8 Wounds, Rook collapses
    const def = make(['mira-axe', 'rook'], [CRIT]);
    def.chars[1]!.ready = 0;
    def.exchange(0, 1, 0, 'exchange');
    const rook = def.chars[1]!;
    expect([rook.status, rook.reelingTurns, rook.prone]).toEqual([COLLAPSED, 0, false]);
  });
});

describe('engaged in melee', () => {
  it('an ally\'s sword beside an archer does not engage it, nor does an enemy sword that is out of the fight', () => {
    const f = fight('sides:\n  a: [{ loadout: bow, policy: reserve-1 }, { loadout: sword, policy: reserve-1 }]\n  b: [{ loadout: sword, policy: reserve-1 }]\nfight: { map: [20, 9], distance: 6, opener: a }\nmatchups: [{ a: a, b: b }]\n', rng());
    expect([dist(f, 0, 1), f.engaged(0), f.attackEdge(0, 2)]).toEqual([1, false, 0]);
    const g = fight(oneOnOne('bow', 'sword'), rng());
    expect(g.engaged(0)).toBe(true);
    g.harm(0, 1, 6);
    expect([g.chars[1]!.status, g.engaged(0), g.attackEdge(0, 1)]).toEqual([COLLAPSED, false, 0]);
  });
});

describe('who is out', () => {
  it('a Wound that leaves the character in the fight keeps it on its Space; collapsing frees the Space; a side with nobody in the fight ends it', () => {
    const f = fight(oneOnOne('sword', 'sword'), scripted());
    const at = f.y[0]! * f.map.width + f.x[0]!;
    f.harm(1, 0, 1);
    expect([f.chars[0]!.vit, f.map.occupant[at], f.standing(0), f.standing(1), f.fightOver()]).toEqual([5, 1, 1, 1, false]);
    f.harm(1, 0, 5);
    expect([f.chars[0]!.status, f.map.occupant[at], f.standing(0), f.fightOver()]).toEqual([COLLAPSED, 0, 0, true]);
    f.harm(1, 0, 1); // a character already out is not counted out twice
    expect([f.standing(0), f.fightOver(), f.dealt[1]]).toEqual([0, true, 6]);
    const g = fight(oneOnOne('sword', 'sword'), scripted());
    g.harm(0, 1, 6);
    expect([g.standing(0), g.standing(1), g.fightOver()]).toEqual([1, 0, true]);
  });

  it('a blow of 0 Wounds from a lingering weapon starts no Lingering Harm', () => {
    const f = fight(oneOnOne('dagger', 'sword'), scripted());
    f.wound(0, 1, 0);
    f.endTurn(1);
    expect([f.chars[1]!.vit, f.taken[1]]).toEqual([6, 0]);
    f.wound(0, 1, 1);
    f.endTurn(1);
    expect([f.chars[1]!.vit, f.taken[1]]).toEqual([4, 2]);
  });
});

describe('targets and movement allowances', () => {
  it('side targeting focus: the side has no focus at the start, picks the nearest enemy, and never an ally', () => {
    const f = fight('sides:\n  a: [{ loadout: sword, count: 2, policy: all-in }]\n  b: [{ loadout: rook, policy: reserve-1 }]\nfight: { map: [20, 9], distance: 1, opener: a, tactics: { a: { targeting: focus } } }\nmatchups: [{ a: a, b: b }]\n', rng());
    const events = watch(f);
    expect([dist(f, 0, 1), dist(f, 0, 2)]).toEqual([1, 1]);
    f.takeTurn(0);
    const attacks = events.filter((e) => e.action === 'exchange');
    expect(attacks.length).toBeGreaterThan(0);
    expect(attacks.every((e) => e.target === 'rook')).toBe(true);
    expect(f.focus[0]).toBe(2);
  });

  it('Sprint: Base Movement x3 + 2 m per level of the better of Athletics and Acrobatics (Sera: Acrobatics 2, Athletics 0: 17 Spaces)', () => {
    const f = fightWith({ loadouts: '  sera-sword: { character: sera, weapon: arming-sword }\n' }, oneOnOne('sera-sword', 'sword', 'fight: { map: [40, 9], distance: 18, opener: a }'), rng());
    expect(Array.from(f.allowance.subarray(0, 3))).toEqual([5, 10, 17]);
    f.takeTurn(0);
    expect([f.adMove[0], dist(f, 0, 1)]).toEqual([2, 1]);
  });
});

describe('a side meeting itself in traces', () => {
  it('names the two copies `side (a)` and `side (b)`, and every target\'s side; other matchups keep their names', () => {
    const f = fight('sides:\n  duo: [{ loadout: sword, policy: all-in }]\nfight: { map: [20, 9], distance: 1, opener: a }\nmatchups: [{ a: duo, b: duo }]\n', scripted(MISS, MISS, MISS, MISS, MISS, MISS));
    const events = watch(f);
    f.exchange(0, 1, 0, 'exchange');
    expect([f.spec.sideNames, f.spec.sideLabels]).toEqual([['duo', 'duo'], ['duo (a)', 'duo (b)']]);
    expect([events[0]!.side, events[0]!.actor, events[0]!.target, events[0]!['target_side']]).toEqual(['duo (a)', 'sword', 'sword', 'duo (b)']);
    const g = fight(oneOnOne('sword', 'sword'), scripted(MISS, MISS, MISS, MISS, MISS, MISS));
    const e2 = watch(g);
    g.exchange(0, 1, 0, 'exchange');
    expect([g.spec.sideLabels, e2[0]!.side, 'target_side' in e2[0]!]).toEqual([['a', 'b'], 'a', false]);
  });
});
