/** Exchange fight clauses with scripted dice (seed 001: Exchanges, reach, ranges, cover, movement, Opportunity Attacks, conditions). */
import { describe, expect, it } from 'vitest';
import { RngDice, scripted } from '../../../../src/dice/dice.js';
import { RecordingDice } from '../../../../src/dice/recording-dice.js';
import { Xoshiro128ss, deriveStream } from '../../../../src/dice/rng.js';
import { applyWounds, BROKE, COLLAPSED, Combatant, IN_FIGHT } from '../../../../src/systems/exchange/combatant.js';
import { ExchangeFight as ExchangeFightEngine, type ExchangeFight } from '../../../../src/systems/exchange/fight/engine.js';
import { allowances, rangeBand, spaces, sprintDisadvantage } from '../../../../src/systems/exchange/fight/map.js';
import { DEFAULT_EXCHANGE_KNOBS } from '../../../../src/systems/exchange/rules.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { FULL } from '../../../../src/systems/exchange/fight/spec.js';
import { CRIT, fight, HIT, MISS, oneOnOne } from './helpers.js';

const rng = () => new RngDice(new Xoshiro128ss(deriveStream(7)));
const dist = (f: ExchangeFight, a: number, b: number) => spaces(f.x[a]!, f.y[a]!, f.x[b]!, f.y[b]!);

function watch(f: ExchangeFight): TraceEvent[] {
  const events: TraceEvent[] = [];
  f.observer = { begin: () => {}, event: (e) => events.push(e), end: () => {} };
  f.dice = new RecordingDice(f.dice); // as the kernel does while tracing: the faces reach the events
  return events;
}

describe('Exchanges in a fight: the seed\'s worked examples', () => {
  it('Mira (3 AD) against Rook\'s 2 AD Clash, 4 dots to 2: Hit Margin 2 + Strike 5 - Soak 1 = 6 -> 3 Wounds, Ready AD first', () => {
    const dice = scripted(CRIT, CRIT, MISS, HIT, HIT, HIT, MISS);
    const f = fight(oneOnOne('mira', 'rook'), dice);
    f.exchange(0, 1, 2, 'exchange');
    const rook = f.chars[1]!;
    expect([rook.vit, rook.ready, rook.used, rook.wounded, rook.status]).toEqual([2, 0, 2, 3, IN_FIGHT]);
    expect([f.adAttack[0], f.adResponse[1], f.dealt[0], f.taken[1]]).toEqual([3, 2, 3, 3]);
    expect(dice.used).toBe(7); // 3 + 2 dice, then the Continuation Check (VIT 2 of 5: first below half): 2 dice, 1 dot passes
  });

  it('Sera\'s bow against Veyr\'s ranged Clash, 2 dots to 1: 1 + 3 - 2 = 2 -> 1 Wound', () => {
    const dice = scripted(CRIT, HIT);
    const f = fight(oneOnOne('sera', 'veyr', 'fight: { map: [30, 9], distance: 10, opener: a }'), dice);
    const events = watch(f);
    f.exchange(0, 1, 0, 'exchange');
    expect([f.chars[1]!.vit, f.adResponse[1]]).toEqual([3, 1]);
    expect(events[0]!['response']).toBe('clash');
  });
});

describe('Melee reach (Tactical Mode)', () => {
  it('a spear reaches two Spaces; a Reach 1 sword cannot Clash back from there, so it Full Guards; adjacent it Clashes', () => {
    const far = fight(oneOnOne('spear', 'sword', 'fight: { map: [20, 9], distance: 2, opener: a }'), scripted(...Array<number>(5).fill(MISS)));
    expect([far.canAttack(0, 1), far.canAttack(1, 0)]).toEqual([true, false]);
    const events = watch(far);
    far.exchange(0, 1, 0, 'exchange');
    expect(events[0]!['response']).toBe('full-guard'); // 1 die against 1 + Boost 2 dice with Advantage (+1): 5 dice
    expect(far.adResponse[1]).toBe(3);
    const near = fight(oneOnOne('spear', 'sword', 'fight: { map: [20, 9], distance: 1, opener: a }'), scripted(...Array<number>(4).fill(MISS)));
    const e2 = watch(near);
    near.exchange(0, 1, 0, 'exchange');
    expect(e2[0]!['response']).toBe('clash');
  });

  it('a sword does not reach two Spaces; cover blocks the path of a Reach 2 attack when full', () => {
    const f = fight(oneOnOne('sword', 'spear', 'fight: { map: [20, 9], distance: 2, opener: a, cover: [{ at: [9, 2], kind: full }] }'), rng());
    expect(f.canAttack(0, 1)).toBe(false);
    expect(f.canAttack(1, 0)).toBe(true);
    f.put(0, 8, 3);
    f.put(1, 10, 1); // the line from (8,3) to (10,1) crosses (9,2): full cover
    expect(f.canAttack(1, 0)).toBe(false);
  });
});

describe('Ranged targets', () => {
  it('Effective Range no penalty, up to Maximum Range Disadvantage, beyond it no target (20 m / 40 m = 10 / 20 Spaces)', () => {
    expect([rangeBand(10, 10, 20), rangeBand(11, 10, 20), rangeBand(20, 10, 20), rangeBand(21, 10, 20)]).toEqual([0, 1, 1, 2]);
    const f = fight(oneOnOne('bow', 'bow', 'fight: { map: [40, 9], distance: 10, opener: a }'), rng());
    expect([f.canAttack(0, 1), f.attackEdge(0, 1)]).toEqual([true, 0]);
    f.put(1, f.x[0]! + 15, f.y[0]!);
    expect([f.canAttack(0, 1), f.attackEdge(0, 1)]).toEqual([true, -1]);
    f.put(1, f.x[0]! + 21, f.y[0]!);
    expect(f.canAttack(0, 1)).toBe(false);
  });

  it('a long shot with Disadvantage rolls one extra die and drops the highest', () => {
    const dice = scripted(CRIT, HIT, MISS, MISS);
    const f = fight(oneOnOne('bow', 'bow', 'fight: { map: [40, 9], distance: 15, opener: a }'), dice);
    f.chars[1]!.ready = 0; // No Response
    f.exchange(0, 1, 0, 'exchange'); // 2 dice: CRIT dropped, HIT stays: 1 dot, 1 + 5 - 1 = 5 -> 3 Wounds
    expect(f.chars[1]!.vit).toBe(3);
  });

  it('partial cover gives Disadvantage, full cover prevents targeting', () => {
    const p = fight(oneOnOne('bow', 'bow', 'fight: { map: [20, 9], distance: 6, opener: a, cover: [{ at: [9, 4], kind: partial }] }'), rng());
    expect(p.attackEdge(0, 1)).toBe(-1);
    const q = fight(oneOnOne('bow', 'bow', 'fight: { map: [20, 9], distance: 6, opener: a, cover: [{ at: [9, 4], kind: full }] }'), rng());
    expect(q.canAttack(0, 1)).toBe(false);
  });

  it('cover between two characters is the same both ways: the Bresenham line is drawn from each end, the worse cover counts', () => {
    // (8,4) -> (10,5) crosses (9,5); (10,5) -> (8,4) crosses (9,4): cover on either Space counts for both.
    for (const at of ['[9, 5]', '[9, 4]']) {
      const f = fight(oneOnOne('spear', 'spear', `fight: { map: [20, 9], distance: 2, opener: a, cover: [{ at: ${at}, kind: full }] }`), rng());
      f.put(0, 8, 4);
      f.put(1, 10, 5);
      expect([f.map.path(8, 4, 10, 5), f.map.path(10, 5, 8, 4)]).toEqual([FULL, FULL]);
      expect([f.canAttack(0, 1), f.canAttack(1, 0)]).toEqual([false, false]);
      const p = fight(oneOnOne('bow', 'bow', `fight: { map: [20, 9], distance: 2, opener: a, cover: [{ at: ${at}, kind: partial }] }`), rng());
      p.put(0, 8, 4);
      p.put(1, 10, 5);
      expect([p.canAttack(0, 1), p.canAttack(1, 0), p.attackEdge(0, 1), p.attackEdge(1, 0)]).toEqual([true, true, -1, -1]);
    }
  });

  it('partial cover on the line drawn from the target\'s end still gives the shot and the Clash back Disadvantage', () => {
    const f = fight(oneOnOne('bow', 'bow', 'fight: { map: [20, 9], distance: 2, opener: a, cover: [{ at: [9, 4], kind: partial }] }'), scripted(CRIT, MISS, CRIT, MISS));
    f.put(0, 8, 4);
    f.put(1, 10, 5);
    f.chars[1]!.ready = 1; // a Clash of one die, no Boost
    const events = watch(f);
    f.exchange(0, 1, 0, 'exchange'); // the shot: CRIT and MISS, the highest dropped: 0 dots; the Clash likewise
    expect(events[0]!['response']).toBe('clash');
    expect([events[0]!['rolls'], events[0]!['attack_total'], events[0]!['response_total']]).toEqual([{ attack: [CRIT, MISS], response: [CRIT, MISS] }, 0, 0]);
  });

  it('shooting while engaged in melee has Disadvantage, only when an enemy\'s melee reach covers the shooter', () => {
    const f = fight(oneOnOne('bow', 'sword', 'fight: { map: [20, 9], distance: 1, opener: a }'), rng());
    expect([f.engaged(0), f.attackEdge(0, 1)]).toEqual([true, -1]);
    f.put(1, f.x[0]! + 2, f.y[0]!);
    expect([f.engaged(0), f.attackEdge(0, 1)]).toEqual([false, 0]);
    const s = fight(oneOnOne('bow', 'spear', 'fight: { map: [20, 9], distance: 2, opener: a }'), rng());
    expect([s.engaged(0), s.attackEdge(0, 1)]).toEqual([true, -1]);
  });

  it('a Sprinting target gives Disadvantage while it moves, except straight towards or away from the shooter', () => {
    expect(sprintDisadvantage(true, 0, 0, 5, 0, -1, 0)).toBe(false); // approaching
    expect(sprintDisadvantage(true, 0, 0, 5, 0, 1, 0)).toBe(false); // retreating
    expect(sprintDisadvantage(true, 0, 0, 5, 0, 0, 1)).toBe(true); // across
    expect(sprintDisadvantage(false, 0, 0, 5, 0, 0, 1)).toBe(false); // stopped
  });
});

describe('Movement (Tactical Mode: 2 m Spaces, a diagonal counts one)', () => {
  it('Walk, Run, Sprint allowances: x1, x2, x3 Base Movement + 2 m per Skill level; Slowed halves Base Movement', () => {
    expect(spaces(0, 0, 3, 2)).toBe(3);
    expect(allowances(10, false, 1)).toEqual([5, 10, 16]);
    expect(allowances(10, true, 1)).toEqual([2, 5, 8]);
  });

  it('the policy Walks (0 AD), Runs (1 AD) or Sprints (2 AD) as far as it must to reach, paying once', () => {
    const cases: [number, number, number][] = [[6, 0, 1], [8, 1, 1], [14, 2, 1], [30, 0, 25]];
    for (const [d, ad, after] of cases) {
      const f = fight(oneOnOne('sword', 'sword', `fight: { map: [40, 9], distance: ${d}, opener: a }`), rng());
      f.takeTurn(0);
      expect([f.adMove[0], dist(f, 0, 1)], `distance ${d}`).toEqual([ad, after]);
    }
  });

  it('Slowed doubles the Run\'s cost', () => {
    const f = fight(`sides:\n  a: [{ loadout: sword, conditions: [slowed], policy: all-in }]\n  b: [{ loadout: sword, policy: reserve-1 }]\nfight: { map: [40, 9], distance: 4, opener: a }\nmatchups: [{ a: a, b: b }]\n`, rng());
    f.takeTurn(0);
    expect([f.adMove[0], dist(f, 0, 1)]).toEqual([2, 1]);
  });

  it('cover Spaces and other characters block movement', () => {
    const f = fight(oneOnOne('sword', 'sword', 'fight: { map: [20, 3], distance: 4, opener: a, cover: [{ at: [9, 0], size: [1, 3], kind: partial }] }'), rng());
    f.takeTurn(0); // a wall across the map: a cannot pass
    expect(f.x[0]).toBeLessThan(9);
  });

  it('a keep-range archer leaves melee reach, then shoots (movement split around the attack)', () => {
    const f = fight(oneOnOne('bow', 'sword', 'fight: { map: [20, 9], distance: 1, opener: a }'), rng());
    const events = watch(f);
    f.takeTurn(0);
    expect(dist(f, 0, 1)).toBeGreaterThan(1);
    const shot = events.find((e) => e.action === 'exchange')!;
    expect(shot.distance_after).toBeGreaterThan(1);
  });
});

describe('Opportunity Attacks', () => {
  it('inside reach to inside reach triggers one; entering or leaving reach does not', () => {
    const f = fight(oneOnOne('sword', 'spear', 'fight: { map: [20, 9], distance: 3, opener: a }'), scripted(...Array<number>(20).fill(MISS)));
    const events = watch(f);
    const oas = () => events.filter((e) => e.action === 'opportunity-attack').length;
    const [gx, gy] = [f.x[1]!, f.y[1]!];
    f.step(0, gx, gy, 1); // 3 -> 2: enters the spear's reach
    expect([dist(f, 0, 1), oas()]).toEqual([2, 0]);
    f.step(0, gx, gy, 1); // 2 -> 1: inside to inside
    expect([dist(f, 0, 1), oas()]).toEqual([1, 1]);
    f.step(0, gx, gy, -1); // 1 -> 2: inside to inside
    expect([dist(f, 0, 1), oas()]).toEqual([2, 2]);
    f.step(0, gx, gy, -1); // 2 -> 3: leaves reach
    expect([dist(f, 0, 1), oas()]).toEqual([3, 2]);
    expect(events.filter((e) => e.action === 'opportunity-attack').every((e) => e.actor === 'spear' && e.target === 'sword')).toBe(true);
  });

  it('an Opportunity Attack needs the cost paid (reserve kept) and no Stunned attacker; it uses no proactive use', () => {
    const f = fight(oneOnOne('sword', 'spear', 'fight: { map: [20, 9], distance: 2, opener: a }'), scripted(...Array<number>(20).fill(MISS)));
    const events = watch(f);
    f.chars[1]!.ready = 0;
    f.step(0, f.x[1]!, f.y[1]!, 1);
    expect(events.some((e) => e.action === 'opportunity-attack')).toBe(false);
    const s = fight(`sides:\n  a: [{ loadout: sword, policy: reserve-1 }]\n  b: [{ loadout: spear, policy: reserve-1, conditions: [stunned] }]\nfight: { map: [20, 9], distance: 2, opener: a }\nmatchups: [{ a: a, b: b }]\n`, scripted());
    const e2 = watch(s);
    s.step(0, s.x[1]!, s.y[1]!, 1);
    expect(e2.some((e) => e.action === 'opportunity-attack')).toBe(false);
  });
});

describe('Wounds, Continuation, Lingering Harm, conditions', () => {
  it('Veyr (max VIT 4) takes 3 Wounds: both triggers, one check; Resilience 2, a Hit and a Miss pass', () => {
    const f = fight(oneOnOne('veyr', 'veyr'), scripted(HIT, MISS));
    expect(applyWounds(f.chars[0]!, 3, scripted(HIT, MISS), DEFAULT_EXCHANGE_KNOBS)).toBe(3);
    expect([f.chars[0]!.vit, f.chars[0]!.status]).toEqual([1, IN_FIGHT]);
    const c = f.chars[1]!;
    applyWounds(c, 2, scripted(), DEFAULT_EXCHANGE_KNOBS); // 4 -> 2: exactly half, no check
    applyWounds(c, 1, scripted(MISS, MISS), DEFAULT_EXCHANGE_KNOBS); // 2 -> 1: first below half, 0 dots: broke
    expect(c.status).toBe(BROKE);
  });

  it('Lingering Harm: 1 Wound from each source at the end of the victim\'s turn; the same source again does not add', () => {
    const f = fight(`sides:\n  a: [{ loadout: dagger, policy: reserve-1, count: 2 }]\n  b: [{ loadout: sword, policy: reserve-1 }]\nfight: { map: [20, 9], distance: 1, opener: a }\nmatchups: [{ a: a, b: b }]\n`, scripted(HIT, HIT));
    f.wound(0, 2, 1);
    f.wound(1, 2, 1);
    f.wound(0, 2, 0); // no Wound: does not start or renew a source
    expect([f.chars[2]!.harm[0], f.chars[2]!.harm[1]]).toEqual([2, 2]);
    const again = fight(`sides:\n  a: [{ loadout: dagger, policy: reserve-1 }]\n  b: [{ loadout: sword, policy: reserve-1 }]\nfight: { map: [20, 9], distance: 1, opener: a }\nmatchups: [{ a: a, b: b }]\n`, scripted());
    again.wound(0, 1, 1);
    again.wound(0, 1, 1); // the same source again: one source, the longer duration (2 turns), not 4
    expect(again.chars[1]!.harm[0]).toBe(2);
    f.endTurn(2); // 4 -> 3 -> 2: below half at the second tick: one check, passes
    expect([f.chars[2]!.vit, f.dealt[0], f.dealt[1]]).toEqual([2, 2, 2]);
    f.endTurn(2);
    f.endTurn(2); // two turns each: over
    expect(f.chars[2]!.vit).toBe(0);
  });

  it('a Lingering Harm tick does not renew its own source: a 2-turn dagger hurts at 2 turn ends, not more', () => {
    const f = fight(oneOnOne('dagger', 'sword'), scripted());
    f.wound(0, 1, 1); // 6 -> 5, 2 turns of harm from the dagger
    f.endTurn(1);
    f.endTurn(1);
    f.endTurn(1); // over: no third Wound (5 -> 4 -> 3, never below half: no check)
    expect([f.chars[1]!.vit, f.chars[1]!.harm[0], f.dealt[0]]).toEqual([3, 0, 3]);
  });

  it('the first side out loses: a finishes b, and the fight stops before a bleeds out at the end of its turn', () => {
    const f = fight(oneOnOne('sword', 'dagger'), scripted(CRIT, CRIT, CRIT)); // 3 dice, 6 dots: 6 + 5 - 1 = 10: 8 Wounds
    const [a, b] = [f.chars[0]!, f.chars[1]!];
    a.vit = 1;
    a.harm[1] = 2; // bleeding from b's dagger
    b.ready = 0;
    f.takeTurn(0);
    expect([b.status, a.vit, a.status, f.fightOver()]).toEqual([COLLAPSED, 1, IN_FIGHT, true]);
  });

  it('a weapon that inflicts Reeling at a Hit Margin: the loser reels until the end of its next turn (its following turn when hit during its own)', () => {
    const base = fight(oneOnOne('sword', 'sword'), rng()).spec;
    const spec = { ...base, fighters: base.fighters.map((f, i) => (i === 0 ? { ...f, loadout: { ...f.loadout, weapon: { ...f.loadout.weapon, inflicts: { reeling: { margin: 2 } } } } } : f)) };
    const make = (faces: number[]) => {
      const f = new ExchangeFightEngine(spec, scripted(...faces));
      f.reset();
      f.chars[1]!.ready = 1; // Clash without Boost: 1 die
      return f;
    };
    const f = make([CRIT, CRIT, MISS, MISS, HIT, HIT]); // 4 dots to 0: margin 4 >= 2; 5 Wounds, then a passed check
    f.exchange(0, 1, 2, 'exchange');
    expect(f.chars[1]!.disadvantaged).toBe(true);
    f.endTurn(1);
    expect(f.chars[1]!.disadvantaged).toBe(false);
    const own = make([CRIT, CRIT, MISS, MISS, HIT, HIT]);
    own.active = 1; // an Opportunity Attack during b's own turn
    own.exchange(0, 1, 2, 'opportunity-attack');
    own.endTurn(1);
    expect(own.chars[1]!.disadvantaged).toBe(true);
    own.endTurn(1);
    expect(own.chars[1]!.disadvantaged).toBe(false);
    const low = make([HIT, MISS, MISS, MISS]); // margin 1: no Reeling
    low.exchange(0, 1, 2, 'exchange');
    expect(low.chars[1]!.disadvantaged).toBe(false);
  });

  it('Reeling gives Disadvantage until the end of the character\'s next turn; Prone stands for 1 AD', () => {
    const f = fight(`sides:\n  a: [{ loadout: sword, policy: reserve-1, conditions: [reeling, prone] }]\n  b: [{ loadout: sword, policy: reserve-1 }]\nfight: { map: [20, 9], distance: 1, opener: a }\nmatchups: [{ a: a, b: b }]\n`, rng());
    expect([f.attackEdge(1, 0), f.attackEdge(0, 1)]).toEqual([1, -1]); // Prone target: melee Advantage; Reeling attacker
    const c = f.chars[0]!;
    f.chars[1]!.ready = 0;
    f.takeTurn(0);
    expect([c.prone, c.disadvantaged, f.adMove[0]]).toEqual([false, false, 1]);
    expect(new Combatant(c.loadout, c.policy, ['prone']).standUp()).toBe(0); // not reset: no Ready AD to pay
  });
});
