/**
 * The `tactical` policy of exchange fights (engine.ts, docs/rules/exchange-fight.md "The tactical
 * policy") one decision at a time with scripted dice: shortest paths round walls with the fewest
 * Opportunity Attacks, Walk / Run / Sprint by the distance the path needs (AD never paid for
 * movement not used), attacks from the best Space reachable, archers' clear lines and distance
 * from melee, broken characters' safety, and responses, Boost and Opportunity Attacks by value.
 */
import { describe, expect, it } from 'vitest';
import { scripted } from '../../../../src/dice/dice.js';
import { RecordingDice } from '../../../../src/dice/recording-dice.js';
import { BROKE } from '../../../../src/systems/exchange/combatant.js';
import { exchangeExact } from '../../../../src/systems/exchange/exact.js';
import type { ExchangeFight } from '../../../../src/systems/exchange/fight/engine.js';
import { spaces } from '../../../../src/systems/exchange/fight/map.js';
import { OPEN } from '../../../../src/systems/exchange/fight/spec.js';
import { CLASH, FULL_GUARD, guardEdge, NO_RESPONSE, type ExchangeSpec } from '../../../../src/systems/exchange/rules.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { fight, fightWith, MISS } from './helpers.js';

const misses = (n: number) => Array<number>(n).fill(MISS);
const dist = (f: ExchangeFight, a: number, b: number) => spaces(f.x[a]!, f.y[a]!, f.x[b]!, f.y[b]!);
const named = (events: TraceEvent[], action: string) => events.filter((e) => e.action === action);

function watch(f: ExchangeFight): TraceEvent[] {
  const events: TraceEvent[] = [];
  f.observer = { begin: () => {}, event: (e) => events.push(e), end: () => {} };
  return events;
}

/** One character a side, default (tactical) policy unless given. */
function duel(a: string, b: string, block: string, pa = '', pb = ''): string {
  const p = (x: string) => (x === '' ? '' : `, policy: ${x}`);
  return `sides:\n  a: [{ loadout: ${a}${p(pa)} }]\n  b: [{ loadout: ${b}${p(pb)} }]\n${block}\nmatchups: [{ a: a, b: b }]\n`;
}

const WALL = 'fight: { map: [16, 9], distance: 4, opener: a, cover: [{ at: [7, 2], size: [1, 5], kind: full }] }';

describe('tactical movement: shortest legal paths', () => {
  it('the default policy is tactical; a named policy is not', () => {
    const f = fight(duel('sword', 'sword', WALL, '', 'reserve-1'), scripted());
    expect([f.spec.fighters[0]!.tactical, f.spec.fighters[0]!.policyName, f.spec.fighters[1]!.tactical]).toEqual([true, 'tactical', false]);
  });

  it('walks round a wall (5 Spaces, its Walk: no AD for movement) and attacks; the greedy named policy stays where it is', () => {
    const f = fight(duel('sword', 'sword', WALL), scripted(...misses(40)));
    const events = watch(f);
    f.takeTurn(0);
    expect(dist(f, 0, 1)).toBe(1);
    expect(named(events, 'move').length).toBe(5);
    expect([named(events, 'run').length, named(events, 'sprint').length, f.adMove[0]]).toEqual([0, 0, 0]);
    expect(named(events, 'exchange').length).toBeGreaterThan(0);
    const g = fight(duel('sword', 'sword', WALL, 'reserve-1', 'reserve-1'), scripted(...misses(40)));
    const ge = watch(g);
    g.takeTurn(0);
    expect(named(ge, 'exchange').length).toBe(0);
    expect(dist(g, 0, 1)).toBeGreaterThan(1);
  });

  it('Runs (1 AD) only when the path needs more than its Walk and the attack is still affordable; else Walks free and attacks nothing', () => {
    const block = 'fight: { map: [20, 9], distance: 10, opener: a }';
    const f = fight(duel('sword', 'sword', block), scripted(...misses(40)));
    const events = watch(f);
    f.takeTurn(0);
    expect(named(events, 'run').map((e) => [e.cost, e.spaces])).toEqual([[1, 10]]);
    expect([named(events, 'move').length, dist(f, 0, 1), f.adMove[0]]).toEqual([9, 1, 1]);
    expect(named(events, 'exchange').length).toBeGreaterThan(0);
    const g = fight(duel('sword', 'sword', block), scripted(...misses(40)));
    const ge = watch(g);
    g.chars[0]!.ready = 1; // a Run would leave nothing for the attack
    g.takeTurn(0);
    expect([named(ge, 'run').length, named(ge, 'move').length, g.adMove[0], named(ge, 'exchange').length]).toEqual([0, 5, 0, 0]);
  });

  it('Sprints (2 AD) for 11-16 Spaces; never pays for more than the path needs', () => {
    const f = fight(duel('sword', 'sword', 'fight: { map: [24, 9], distance: 14, opener: a }'), scripted(...misses(40)));
    const events = watch(f);
    f.takeTurn(0);
    expect(named(events, 'sprint').map((e) => e.cost)).toEqual([2]);
    expect([named(events, 'run').length, named(events, 'move').length, dist(f, 0, 1)]).toEqual([0, 13, 1]);
  });

  it('of two equally short paths, the one without Opportunity Attacks (leaving a reach is free; moving inside it is not)', () => {
    const f = fightWith({ weapons: '  halberd: { kind: melee, baseAttackCost: 1, damage: 2, vitalCap: 3, reach: 3 }\n', loadouts: '  halberd: { character: duelist, weapon: halberd, armour: leather }\n' },
      'sides:\n  a: [{ loadout: sword }]\n  b: [{ loadout: sword }, { loadout: halberd }]\nfight: { map: [16, 9], distance: 5, opener: a, groups: none }\nmatchups: [{ a: a, b: b }]\n',
      scripted(...misses(60)));
    f.put(0, 2, 4);
    f.put(1, 7, 4);
    f.put(2, 4, 7); // its reach (3) covers row 4 from x 1 to 7, not row 3
    const events = watch(f);
    f.takeTurn(0);
    expect(named(events, 'opportunity-attack')).toEqual([]);
    expect([dist(f, 0, 1), f.y[0]]).toEqual([1, 3]);
    expect(named(events, 'exchange')[0]!.target).toBe('sword');
  });
});

describe('tactical archers', () => {
  it('walks round partial cover to a clear line of fire and shoots without its Disadvantage', () => {
    const f = fight(duel('bow', 'sword', 'fight: { map: [16, 9], distance: 4, opener: a, cover: [{ at: [7, 2], size: [1, 5], kind: partial }] }'), new RecordingDice(scripted(...misses(40))));
    f.put(0, 9, 4);
    f.put(1, 5, 4);
    const events = watch(f);
    f.takeTurn(0);
    const shot = named(events, 'exchange')[0]!;
    expect(f.map.path(shot.x!, shot.y!, 5, 4)).toBe(OPEN);
    expect(named(events, 'move').length).toBeGreaterThan(0);
    // 1 die + Boost, no extra die for Disadvantage
    expect((shot.rolls as Record<string, number[]>).attack!.length).toBe(1 + (shot.boost as number));
  });

  it('shoots from out of a melee enemy\'s Walk-and-reach when a Space with a clear shot allows it', () => {
    const f = fight(duel('bow', 'sword', 'fight: { map: [20, 9], distance: 2, opener: a }'), scripted(...misses(40)));
    f.put(0, 9, 4);
    f.put(1, 7, 4);
    const events = watch(f);
    f.takeTurn(0);
    const shot = named(events, 'exchange')[0]!;
    expect(shot.distance_after as number).toBeGreaterThanOrEqual(7); // the sword's Walk 5 + reach 1, and one more
    expect(f.adMove[0]).toBe(0);
  });
});

describe('tactical safety', () => {
  it('a broken character walks out of every enemy\'s reach, not just the nearest one\'s', () => {
    const f = fight('sides:\n  a: [{ loadout: sword, count: 2 }]\n  b: [{ loadout: sword, count: 2 }]\nfight: { map: [20, 9], distance: 4, opener: a, groups: none }\nmatchups: [{ a: a, b: b }]\n', scripted(...misses(40)));
    f.put(0, 8, 4);
    f.put(1, 1, 1);
    f.put(2, 9, 4);
    f.put(3, 6, 6);
    f.chars[0]!.status = BROKE;
    f.inFightCount[0]!--;
    f.chars[2]!.ready = 0;
    f.chars[3]!.ready = 0;
    f.takeTurn(0);
    expect(dist(f, 0, 2)).toBeGreaterThan(1);
    expect(dist(f, 0, 3)).toBeGreaterThan(1);
    expect(Math.min(dist(f, 0, 2), dist(f, 0, 3))).toBeGreaterThanOrEqual(4);
  });
});

/** The engine's private deciders, for the value tests. */
interface Deciders {
  tacticalResponse(f: number, t: number, nA: number, eA: number, clashLegal: boolean): number;
  valuedAttack(f: number, t: number, must: boolean): number;
  worth(t: number, e: number, r: number): number;
  moreAttacks(f: number, t: number): boolean;
  usesLeft: number;
}

/** Expected Wounds to the defender minus to the attacker, from exchangeExact's outcome codes (an independent route). */
function netExact(f: ExchangeFight, a: number, d: number, nA: number, eA: number, response: number, nD: number, eD: number): number {
  const s: ExchangeSpec = {
    knobs: f.spec.knobs, attDice: nA, attEdge: eA, response, defDice: nD, defEdge: eD, attStrike: f.chars[a]!.strike, defStrike: f.chars[d]!.strike,
    attSoak: f.chars[a]!.soak, defSoak: f.chars[d]!.soak, defVitality: 99, maxAtt: 2 * (nA + 1), maxDef: 2 * (nD + 1),
  };
  const out = exchangeExact(s);
  let v = 0;
  out.forEach((p, code) => {
    v += p * (Math.floor(code / 9) % 9 - (code % 9));
  });
  return v;
}

describe('tactical responses and Boost by value', () => {
  const block = 'fight: { map: [20, 9], distance: 1, opener: a }';

  it('each response is the argmax of this Exchange\'s exact value plus what the Ready AD left are worth (ties to the cheaper)', () => {
    const f = fight(duel('sword', 'sword', block), scripted());
    const x = f as unknown as Deciders;
    f.active = 0;
    const d = f.chars[1]!;
    for (const ready of [0, 1, 2, 3, 4, 6]) {
      for (const nA of [1, 2, 3]) {
        for (const uses of [0, 2]) {
          d.ready = ready;
          x.usesLeft = uses;
          f.order.acted.fill(1);
          const m = x.moreAttacks(0, 1);
          expect(m).toBe(uses > 0);
          const options: [number, number, number][] = [[NO_RESPONSE, 0, -netExact(f, 0, 1, nA, 0, NO_RESPONSE, 0, 0) + (m ? x.worth(1, 0, ready) : 0)]];
          for (let b = 0; b <= d.melee && 1 + b <= ready; b++) options.push([FULL_GUARD, b, -netExact(f, 0, 1, nA, 0, FULL_GUARD, 1 + b, guardEdge(false)) + (m ? x.worth(1, 0, ready - 1 - b) : 0)]);
          for (let b = 0; b <= d.attackSkill && 1 + b <= ready; b++) options.push([CLASH, b, -netExact(f, 0, 1, nA, 0, CLASH, 1 + b, 0) + (m ? x.worth(1, 0, ready - 1 - b) : 0)]);
          let best = options[0]!;
          for (const o of options) if (o[2] > best[2] + 1e-9) best = o;
          const r = x.tacticalResponse(0, 1, nA, 0, true);
          expect([r >> 8, r & 255], `ready ${ready}, ${nA} dice, uses ${uses}`).toEqual([best[0], best[1]]);
        }
      }
    }
  });

  it('with no attack left before its next turn it answers with everything worth paying; with one due it keeps dice back', () => {
    const f = fight(duel('sword', 'sword', block), scripted());
    const x = f as unknown as Deciders;
    f.active = 0;
    f.order.acted.fill(1);
    f.chars[1]!.ready = 6;
    x.usesLeft = 0;
    const last = x.tacticalResponse(0, 1, 3, 0, true);
    x.usesLeft = 2;
    const more = x.tacticalResponse(0, 1, 3, 0, true);
    expect(last >> 8).toBe(CLASH);
    expect(last & 255).toBe(2);
    expect(more & 255).toBeLessThanOrEqual(last & 255);
  });

  it('an attack\'s Boost maximises the Exchange against the predicted response plus the worth of the dice kept; a further attack only when worth its dice', () => {
    const f = fight(duel('sword', 'sword', block, '', 'reserve-1'), scripted());
    const x = f as unknown as Deciders;
    f.active = 0;
    const a = f.chars[0]!;
    for (const ready of [1, 2, 3, 4, 6]) {
      a.ready = ready;
      let best = -Infinity;
      let boost = -1;
      for (let b = 0; b <= a.attackSkill && 1 + b <= ready; b++) {
        // reserve-1 against melee: Clash while it can pay, with all its spare dice up to its Skill
        const d = f.chars[1]!;
        const nD = 1 + Math.min(d.attackSkill, d.ready - 1);
        const v = netExact(f, 0, 1, 1 + b, 0, CLASH, nD, 0) + x.worth(0, 1, ready - 1 - b);
        if (v > best + 1e-9) {
          best = v;
          boost = b;
        }
      }
      expect(x.valuedAttack(0, 1, true), `ready ${ready}`).toBe(boost);
      expect(x.valuedAttack(0, 1, false)).toBe(best >= x.worth(0, 1, ready) - 1e-9 ? boost : -1);
    }
  });

  it('an Opportunity Attack is taken when it is worth its dice, declined otherwise (no reserve rule)', () => {
    const f = fight('sides:\n  a: [{ loadout: sword, policy: reserve-1 }]\n  b: [{ loadout: spear }]\nfight: { map: [20, 9], distance: 1, opener: a }\nmatchups: [{ a: a, b: b }]\n', scripted(...misses(40)));
    const x = f as unknown as Deciders;
    f.put(0, 5, 4);
    f.put(1, 7, 4);
    f.chars[0]!.ready = 0; // nothing to answer with: the spear's attack is worth its dice
    f.active = 0;
    expect(x.valuedAttack(1, 0, false)).toBeGreaterThanOrEqual(0);
    const events = watch(f);
    f.step(0, 6, 3, 1); // (6, 3) is still inside the spear's reach
    expect(named(events, 'opportunity-attack').length).toBe(1);
  });
});
