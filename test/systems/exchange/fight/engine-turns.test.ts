/**
 * Whole exchange fights and single turns (engine.ts) with scripted dice (seed 001): who opens, who
 * wins and how, turn order by Rounds, proactive uses, paying for attacks, movement modes and what is
 * left after an attack, the fallback target, standing up, Lingering Harm at the end of a turn.
 */
import { describe, expect, it } from 'vitest';
import { RngDice, scripted } from '../../../../src/dice/dice.js';
import { deriveStream, Xoshiro128ss } from '../../../../src/dice/rng.js';
import { BROKE, COLLAPSED } from '../../../../src/systems/exchange/combatant.js';
import { END_BROKE, END_COLLAPSE, END_MAX_ROUNDS, type ExchangeFight } from '../../../../src/systems/exchange/fight/engine.js';
import { spaces } from '../../../../src/systems/exchange/fight/map.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { CRIT, fight, fightWith, HIT, MISS, oneOnOne } from './helpers.js';

const rng = () => new RngDice(new Xoshiro128ss(deriveStream(13)));
const dist = (f: ExchangeFight, a: number, b: number) => spaces(f.x[a]!, f.y[a]!, f.x[b]!, f.y[b]!);
const misses = (n: number) => Array<number>(n).fill(MISS);

interface Watched { events: TraceEvent[]; ends: [number, number][] }

function watch(f: ExchangeFight): Watched {
  const w: Watched = { events: [], ends: [] };
  f.observer = { begin: () => {}, event: (e) => w.events.push(e), end: (winner, rounds) => w.ends.push([winner, rounds]) };
  return w;
}

const actions = (w: Watched, action: string) => w.events.filter((e) => e.action === action);
const EXTRA = {
  characters: [
    '  tired: { vitality: 6, actionDice: 3, strength: 2, agility: 3, resilience: 2, melee: 2 }',
    '  post:  { vitality: 6, agility: 3, resilience: 2, baseMovement: 0 }',
    '',
  ].join('\n'),
  loadouts: [
    '  tired: { character: tired, weapon: arming-sword, armour: leather }',
    '  post:  { character: post, weapon: arming-sword }',
    '  post-spear: { character: post, weapon: spear }',
    '  sera-sword: { character: sera, weapon: arming-sword }',
    '',
  ].join('\n'),
};

describe('a whole fight (play)', () => {
  // sword (a) against spear (b), both the duelist in leather: Strike 5, Soak 1; 3 dice a side (Boost 2)
  const duel = (block = 'fight: { map: [20, 9], distance: 1, opener: a }') => oneOnOne('sword', 'spear', block);

  it('the side whose last character collapses loses: a wins in Round 1, or b does; the observer hears the end', () => {
    const a = fight(duel(), scripted(CRIT, CRIT, CRIT, ...misses(3))); // 6 dots to 0: 10 -> 8 Wounds to b
    a.play();
    expect([a.winner, a.end, a.round, a.chars[1]!.status]).toEqual([0, END_COLLAPSE, 1, COLLAPSED]);
    const b = fight(duel(), scripted(...misses(3), CRIT, CRIT, CRIT)); // b's Clash: 8 Wounds to a
    const w = watch(b);
    b.play();
    expect([b.winner, b.end, b.round, b.chars[0]!.status]).toEqual([1, END_COLLAPSE, 1, COLLAPSED]);
    expect(w.ends).toEqual([[1, 1]]);
  });

  it('a side out because its character broke (failed Continuation Check) loses with end "broke"', () => {
    // 3 dots to 0: 3 + 5 - 1 = 7 -> 5 Wounds, b at VIT 1 checks with 2 dice: Miss, Miss: broke
    const f = fight(duel(), scripted(CRIT, HIT, MISS, ...misses(3), MISS, MISS));
    f.play();
    expect([f.winner, f.end, f.round]).toEqual([0, END_BROKE, 1]);
  });

  it('opener random: a d2 picks the opening side (2: b), and b\'s character attacks a\'s first character', () => {
    // the spear steps back out of the sword's reach first, so the sword Full Guards (3 dice + 1 for Advantage)
    const f = fight(duel('fight: { map: [20, 9], distance: 1, opener: random }'), scripted(2, CRIT, CRIT, CRIT, ...misses(4)));
    const w = watch(f);
    f.play();
    expect([f.winner, w.events[0]!.actor, actions(w, 'exchange')[0]!.target]).toEqual([1, 'spear', 'sword']);
    const g = fight(duel('fight: { map: [20, 9], distance: 1, opener: random }'), scripted(1, CRIT, CRIT, CRIT, ...misses(3)));
    g.play();
    expect(g.winner).toBe(0);
  });

  it('no side out after maxRounds: a draw at maxRounds, every die accounted for', () => {
    // Round 1: a attacks twice (3 dice; b Clashes with 3), then b twice (3 dice; a has no AD left: No Response)
    const dice = scripted(...misses(18));
    const f = fight(duel('fight: { map: [20, 9], distance: 1, opener: a, maxRounds: 1 }'), dice);
    const w = watch(f);
    f.play();
    expect([f.winner, f.end, f.round, dice.used, w.ends]).toEqual([2, END_MAX_ROUNDS, 1, 18, [[2, 1]]]);
    const quiet = fight(duel('fight: { map: [20, 9], distance: 1, opener: a, maxRounds: 1 }'), scripted(...misses(18)));
    quiet.play(); // no observer: nothing to tell
    expect(quiet.winner).toBe(2);
  });

  it('the opener takes the opening turn alone (its NPC group follows later); from Round 2 the side due goes first', () => {
    const f = fight('sides:\n  a: [{ loadout: sword, policy: reserve-1, count: 2, group: g }]\n  b: [{ loadout: spear, policy: reserve-1 }]\nfight: { map: [40, 9], distance: 36, opener: a, maxRounds: 2 }\nmatchups: [{ a: a, b: b }]\n', scripted());
    const w = watch(f);
    f.play();
    const turns = (r: number) => actions(w, 'refresh').filter((e) => e.round === r).map((e) => e.actor);
    expect([turns(1), turns(2)]).toEqual([['sword#1', 'spear', 'sword#2'], ['spear', 'sword#1', 'sword#2']]);
    expect(w.events.some((e) => e.action === 'walk' || e.action === 'run' || e.action === 'sprint')).toBe(false);
  });

  it('side order fresh-first: the unit whose character has the most Ready AD goes first', () => {
    const rest = 'sides:\n  a: [{ loadout: tired, policy: reserve-1 }, { loadout: sword, policy: reserve-1 }]\n  b: [{ loadout: spear, policy: reserve-1 }]\n'
      + 'fight: { map: [40, 9], distance: 30, opener: b, maxRounds: 1, groups: none, tactics: { a: { order: fresh-first } } }\nmatchups: [{ a: a, b: b }]\n';
    const f = fightWith(EXTRA, rest, scripted());
    const w = watch(f);
    f.play();
    expect(actions(w, 'refresh').map((e) => e.actor)).toEqual(['spear', 'sword', 'tired']);
  });
});

describe('a turn', () => {
  it('starts with the Refresh, or standing up from Prone for 1 AD, traced without a target', () => {
    const f = fight('sides:\n  a: [{ loadout: sword, policy: reserve-1, conditions: [prone] }]\n  b: [{ loadout: spear, policy: reserve-1 }]\nfight: { map: [40, 9], distance: 30, opener: a }\nmatchups: [{ a: a, b: b }]\n', scripted());
    const w = watch(f);
    f.takeTurn(0);
    f.takeTurn(1);
    const [stand, refresh] = [w.events[0]!, actions(w, 'refresh')[0]!];
    expect([stand.action, stand.actor, stand['ready'], stand['cost'], 'target' in stand]).toEqual(['stand-up', 'sword', 5, 1, false]);
    expect([refresh.actor, refresh['ready'], refresh['cost'], 'target' in refresh]).toEqual(['spear', 6, 0, false]);
  });

  it('proactive uses = Skill Level + 1, each attack paid with Boost from spare AD: Rook twice, Mira until her AD runs out, Melee 0 once', () => {
    const rook = fight(oneOnOne('rook', 'sword'), scripted(...misses(4)));
    const wr = watch(rook);
    rook.chars[1]!.ready = 0; // No Response
    rook.takeTurn(0);
    expect([actions(wr, 'exchange').map((e) => e['boost']), rook.chars[0]!.ready]).toEqual([[1, 1], 1]);
    const mira = fight(oneOnOne('mira', 'sword'), scripted(...misses(6)));
    const wm = watch(mira);
    mira.chars[1]!.ready = 0;
    mira.takeTurn(0);
    expect([actions(wm, 'exchange').map((e) => e['boost']), mira.chars[0]!.ready]).toEqual([[3, 1], 0]);
    const sera = fightWith(EXTRA, oneOnOne('sera-sword', 'sword'), scripted(MISS));
    const ws = watch(sera);
    sera.chars[1]!.ready = 0;
    sera.takeTurn(0);
    expect(actions(ws, 'exchange').map((e) => e['boost'])).toEqual([0]);
  });

  it('b Runs in (1 AD, 10 Spaces, traced), a Walk is free and untraced', () => {
    const f = fight(oneOnOne('sword', 'spear', 'fight: { map: [40, 9], distance: 8, opener: a }'), rng());
    const w = watch(f);
    f.takeTurn(1);
    const run = actions(w, 'run');
    expect(run.map((e) => [e.actor, e['cost'], e['spaces'], 'target' in e])).toEqual([['spear', 1, 10, false]]);
    expect([f.adMove[1], dist(f, 0, 1), actions(w, 'move').length]).toEqual([1, 2, 6]);
    const g = fight(oneOnOne('sword', 'spear', 'fight: { map: [40, 9], distance: 6, opener: a }'), rng());
    const wg = watch(g);
    g.takeTurn(1);
    expect([g.adMove[1], dist(g, 0, 1), actions(wg, 'walk').length]).toEqual([0, 2, 0]);
  });

  it('movement is paid once a turn: after an attack only the Run\'s remaining Spaces are left', () => {
    const f = fight('sides:\n  a: [{ loadout: sword, policy: all-in }]\n  b: [{ loadout: rook, policy: reserve-1, count: 2 }]\nfight: { map: [40, 9], distance: 8, opener: a }\nmatchups: [{ a: a, b: b }]\n', scripted(CRIT, CRIT, CRIT));
    const w = watch(f);
    f.put(2, f.x[0]! + 14, f.y[0]!); // the second rook 14 Spaces away, on a's row
    f.chars[1]!.ready = 0;
    f.takeTurn(0); // runs 7 (10 - 7 = 3 left), takes rook#1 out (8 Wounds), walks the 3 left towards rook#2
    expect([f.chars[1]!.status, actions(w, 'exchange').length, actions(w, 'move').length, dist(f, 0, 2)]).toEqual([COLLAPSED, 1, 10, 4]);
  });

  it('targeting weakest: the weakest when it can be attacked; else the nearest it can attack (ties: listed first)', () => {
    const rest = 'sides:\n  a: [{ loadout: sword, policy: reserve-1, count: 2 }, { loadout: veyr, policy: reserve-1 }]\n  b: [{ loadout: post, policy: all-in }]\n'
      + 'fight: { map: [20, 9], distance: 1, opener: b, groups: none, tactics: { b: { targeting: weakest } } }\nmatchups: [{ a: a, b: b }]\n';
    const near = fightWith(EXTRA, rest, rng());
    const wn = watch(near);
    expect([dist(near, 3, 0), dist(near, 3, 1), dist(near, 3, 2)]).toEqual([1, 1, 1]);
    near.takeTurn(3);
    expect(actions(wn, 'exchange').map((e) => e.target)).toEqual(['veyr']);
    const far = fightWith(EXTRA, rest, rng());
    const wf = watch(far);
    far.put(2, far.x[0]! - 5, far.y[0]!); // Veyr out of reach; the post cannot move (Base Movement 0)
    far.takeTurn(3);
    expect([actions(wf, 'exchange').map((e) => e.target), actions(wf, 'move').length]).toEqual([['sword#1'], 0]);
    const spear = fightWith(EXTRA, rest.replace('loadout: post,', 'loadout: post-spear,'), rng());
    const ws = watch(spear);
    spear.put(2, spear.x[0]! - 5, spear.y[0]!);
    spear.put(0, spear.x[3]! + 2, spear.y[3]!); // sword#1 2 Spaces away (in the spear's reach), sword#2 beside it: the nearer
    spear.takeTurn(3);
    expect(actions(ws, 'exchange').map((e) => e.target)).toEqual(['sword#2']);
  });

  it('a Prone character that cannot pay to stand stays where it is (no approach, no retreat)', () => {
    for (const [a, b] of [['sword', 'spear'], ['bow', 'sword']] as const) {
      const f = fight(`sides:\n  a: [{ loadout: ${a}, conditions: [prone] }]\n  b: [{ loadout: ${b} }]\nfight: { map: [20, 9], distance: ${a === 'bow' ? 1 : 6}, opener: a }\nmatchups: [{ a: a, b: b }]\n`, scripted());
      const w = watch(f);
      const [x, y] = [f.x[0], f.y[0]];
      f.chars[0]!.ready = 0;
      f.takeTurn(0);
      expect([f.x[0], f.y[0], f.chars[0]!.prone, w.events.length], a).toEqual([x, y, true, 1]);
    }
  });

  it('Lingering Harm at the end of the turn: one traced Wound per source, none after the character is out', () => {
    const sides = 'sides:\n  a: [{ loadout: dagger, policy: reserve-1, count: 2 }]\n  b: [{ loadout: sword, policy: reserve-1 }]\nfight: { map: [20, 9], distance: 1, opener: a }\nmatchups: [{ a: a, b: b }]\n';
    const f = fight(sides, scripted(HIT, MISS)); // 6 -> 4 by two daggers; ticks 4 -> 3 -> 2: first below half, the check passes
    const w = watch(f);
    f.wound(0, 2, 1);
    f.wound(1, 2, 1);
    f.endTurn(2);
    const ticks = (x: Watched) => actions(x, 'lingering-harm').map((e) => [e.actor, e.target, e['wounds'], e['state_after']]);
    expect(ticks(w)).toEqual([['sword', 'dagger#1', 1, 'active'], ['sword', 'dagger#2', 1, 'active']]);
    const g = fight(sides, scripted());
    const wg = watch(g);
    g.wound(0, 2, 1);
    g.wound(1, 2, 1);
    g.chars[2]!.vit = 1; // the first tick takes it out
    g.endTurn(2);
    expect([ticks(wg), g.dealt[0], g.dealt[1]]).toEqual([[['sword', 'dagger#1', 1, 'collapsed']], 2, 1]);
  });
});

describe('a broken character stays on the map (seed 001, When You Fail)', () => {
  // a: two swords, b: a spear. sword#1 takes 4 Wounds from the spear (VIT 6 -> 2, first below half,
  // more than half at once): one check with 2 dice, Miss Miss: broke.
  const TWO = 'sides:\n  a: [{ loadout: sword, count: 2, policy: all-in }]\n  b: [{ loadout: spear, policy: all-in }]\nfight: { map: [20, 9], distance: 1, opener: a, groups: none }\nmatchups: [{ a: a, b: b }]\n';
  function broken(...faces: number[]): ExchangeFight {
    const f = fight(TWO, scripted(MISS, MISS, ...faces));
    f.put(0, 8, 4);
    f.put(1, 7, 2);
    f.put(2, 9, 4);
    f.harm(2, 0, 4);
    return f;
  }

  it('keeps its Space, leaves its side\'s count; the side fights on; enemies target the one still fighting', () => {
    const f = broken();
    expect([f.chars[0]!.status, f.onMap(0), f.inFight(0), f.map.occupant[4 * 20 + 8], f.standing(0), f.fightOver()]).toEqual([BROKE, true, false, 1, 1, false]);
    expect(f.map.free(8, 4)).toBe(false);
    expect(f.nearestAttackable(2)).toBe(1); // sword#1 is nearer (1 Space, sword#2 2) but out of the fight for winning
  });

  it('on its turn it makes no attack and withdraws with its Walk, away from the enemy, Opportunity Attacks as usual', () => {
    // the step (8,4) -> (7,...) stays inside the spear's reach 2: Opportunity Attack (spear 3 dice: Misses), Full Guard (Misses)
    const f = broken(...misses(12));
    const w = watch(f);
    f.takeTurn(0);
    expect(actions(w, 'exchange')).toEqual([]);
    expect(actions(w, 'opportunity-attack').map((e) => [e.actor, e['response']])).toEqual([['spear', 'full-guard']]);
    expect([actions(w, 'move').length, f.adAttack[0], f.adMove[0]]).toEqual([5, 0, 0]);
    expect(dist(f, 0, 2)).toBeGreaterThan(3);
    expect(f.chars[0]!.status).toBe(BROKE);
  });

  it('Full Guards when attacked even where a Clash would be legal, and collapses from further Wounds; it still takes turns', () => {
    const f = broken(...misses(8));
    const w = watch(f);
    f.exchange(2, 0, 0, 'exchange');
    expect(w.events[0]!['response']).toBe('full-guard');
    f.harm(2, 0, 2);
    expect([f.chars[0]!.status, f.onMap(0), f.map.free(8, 4), f.standing(0)]).toEqual([COLLAPSED, false, true, 1]);
    const g = fight(TWO, new RngDice(new Xoshiro128ss(deriveStream(3))));
    g.harm(2, 0, 4); // Miss Miss unlikely from the RNG: break it by hand if it passed
    if (g.chars[0]!.status !== BROKE) {
      g.chars[0]!.status = BROKE;
      g.inFightCount[0]!--;
    }
    const v = watch(g);
    g.order.reset(1);
    g.order.playRound(0, -1, g);
    expect(v.events.filter((e) => e.actor === 'sword#1').map((e) => e.action)[0]).toBe('refresh');
  });
});

describe('after the last attack of the turn', () => {
  // a's sword next to b's first sword (VIT 1, no Ready AD: No Response), b's second sword 4 Spaces off
  const TWO_B = (a: string) => `sides:\n  a: [{ loadout: ${a}, policy: all-in }]\n  b: [{ loadout: sword, count: 2, policy: all-in }]\nfight: { map: [20, 9], distance: 1, opener: a, groups: none }\nmatchups: [{ a: a, b: b }]\n`;
  function setUp(a: string, extra = false): ExchangeFight {
    const f = extra ? fightWith(EXTRA, TWO_B(a), scripted(CRIT, CRIT, CRIT, ...misses(12))) : fight(TWO_B(a), scripted(CRIT, CRIT, CRIT, ...misses(12)));
    f.put(0, 8, 4);
    f.put(1, 9, 4);
    f.put(2, 13, 4);
    f.chars[1]!.vit = 1;
    f.chars[1]!.ready = 0;
    return f;
  }

  it('no proactive use left (Melee 0: one use): it does not walk on towards the next enemy', () => {
    const f = setUp('sera-sword', true);
    const w = watch(f);
    f.takeTurn(0);
    expect([f.chars[1]!.status, actions(w, 'exchange').length, actions(w, 'move').length, f.x[0], f.y[0]]).toEqual([COLLAPSED, 1, 0, 8, 4]);
  });

  it('no Ready AD for another attack: it stops there too; with both left it walks on', () => {
    const f = setUp('sword');
    f.chars[0]!.ready = 1; // one unboosted attack
    const w = watch(f);
    f.takeTurn(0);
    expect([f.chars[1]!.status, actions(w, 'exchange').length, actions(w, 'move').length, f.x[0]]).toEqual([COLLAPSED, 1, 0, 8]);
    const g = setUp('sword');
    g.chars[0]!.ready = 4; // the first attack takes 3 (Boost 2): 1 left for a second
    const v = watch(g);
    g.takeTurn(0);
    expect(actions(v, 'move').length).toBeGreaterThan(0);
  });
});
