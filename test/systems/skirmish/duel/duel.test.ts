/** Duel rules (rules.md 1.8, seeds 000 + 002), each with scripted dice. */
import { describe, expect, it } from 'vitest';
import { scriptedDuelDice } from '../../../../src/systems/skirmish/duel/dice.js';
import { Action, Duel } from '../../../../src/systems/skirmish/duel/engine.js';
import { decide, DUEL_POLICY } from '../../../../src/systems/skirmish/duel/policies.js';
import { AGGRESSIVE, KITE, SHOOTER, type DuelKnobs, type DuelSpec, type DuelSettings } from '../../../../src/systems/skirmish/duel/setup.js';
import { ACTIVE, DEFAULT_KNOBS, DOWNED, OUT_OF_ACTION, STUNNED, type Loadout } from '../../../../src/systems/skirmish/profile.js';
import { battleAxe, fighter, keen, loadout, stout, sword, weapon } from '../../../helpers/skirmish.js';

const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4', range: [3, 24] });
const pistol = weapon('pistol', { type: 'ranged', class: 'firearm', might: '2', skill: '+1', range: [3, 12] });
const rifle = weapon('rifle', { type: 'ranged', class: 'firearm', might: '4', range: [3, 36], keywords: ['heavy'] });
const bolt = weapon('bolt', { type: 'ranged', class: 'spell', might: '2', skill: '+0', range: [0, 12], difficulty: 8, backlash: 2 });

function duel(a: Loadout, b: Loadout, faces: number[], o: { policies?: [number, number]; knobs?: Partial<DuelKnobs>; settings?: Partial<DuelSettings> } = {}): Duel {
  const spec: DuelSpec = {
    a, b, policies: o.policies ?? [AGGRESSIVE, AGGRESSIVE],
    knobs: { ...DEFAULT_KNOBS, initiative: 'roll-off', stunnedActs: false, failedRetreat: 'leaves', primer: 2, ...o.knobs },
    settings: { distance: 12, maxRounds: 20, cover: 'none', terrain: false, ...o.settings },
  };
  const d = new Duel(spec, scriptedDuelDice(...faces), DUEL_POLICY);
  d.fighters[0].reset();
  d.fighters[1].reset();
  d.distance = spec.settings.distance;
  d.round = 1;
  return d;
}

const keenSword = loadout(keen, sword);
const stoutAxe = loadout(stout, battleAxe, { armor: 'medium' });
// the seed's worked Combat example, as 17 faces
const WORKED = [5, 2, 1, 4, 6, 5, 4, 3, 5, 5, 2, 4, 3, 6, 4, 5, 2];

describe('initiative', () => {
  it('equal activation counts: a d6 roll-off, ties rerolled, the higher goes first', () => {
    expect(duel(keenSword, stoutAxe, [3, 3, 2, 5]).initiative()).toBe(1);
    expect(duel(keenSword, stoutAxe, [6, 1]).initiative()).toBe(0);
  });

  it('knob initiative: a, b, or alternate by round', () => {
    expect(duel(keenSword, stoutAxe, [], { knobs: { initiative: 'b' } }).initiative()).toBe(1);
    const d = duel(keenSword, stoutAxe, [], { knobs: { initiative: 'alternate' } });
    d.round = 2;
    expect(d.initiative()).toBe(1);
  });

  it('the side with fewer activations (the other is Stunned) goes; Stunned fighters do not activate', () => {
    const d = duel(keenSword, stoutAxe, []);
    d.fighters[0].state = STUNNED;
    expect(d.initiative()).toBe(1);
    expect(d.activates(0)).toBe(false);
    d.fighters[1].state = DOWNED;
    expect(d.initiative()).toBe(1); // b (Downed) still activates, alone
    const k = duel(keenSword, stoutAxe, [], { knobs: { stunnedActs: true }, settings: { distance: 1 } });
    k.fighters[0].state = STUNNED;
    expect(k.activates(0)).toBe(true);
    expect(decide(k, 0, false)).toBe(Action.CrawlAway);
    k.perform(0, Action.CrawlAway, false);
    expect(k.distance).toBe(3);
  });
});

describe('aggressive policy (pinned)', () => {
  it('Downed: Recover; > 1" away: Charge if it can end within 1", else Move; enemy down: Mercy Kill; else Melee', () => {
    const d = duel(keenSword, stoutAxe, [], { settings: { distance: 12 } });
    expect(decide(d, 0, false)).toBe(Action.MoveToward);
    d.distance = 6; // Movement 4: 6 - 4 = 2 > 1
    expect(decide(d, 0, false)).toBe(Action.MoveToward);
    d.distance = 5;
    expect(decide(d, 0, false)).toBe(Action.Charge);
    d.distance = 1;
    expect(decide(d, 0, false)).toBe(Action.Melee);
    d.fighters[1].state = STUNNED;
    expect(decide(d, 0, false)).toBe(Action.MercyKill);
    d.fighters[0].state = DOWNED;
    expect(decide(d, 0, false)).toBe(Action.Recover);
  });

  it('Move goes straight at the enemy by Movement; Charge ends in base contact', () => {
    const d = duel(keenSword, stoutAxe, [], { settings: { distance: 12 } });
    d.perform(0, Action.MoveToward, false);
    expect(d.distance).toBe(8);
    d.perform(0, Action.Charge, false); // 8 - 4 = 4 > 1: not allowed, nothing happens
    expect(d.distance).toBe(8);
    d.distance = 5;
    d.perform(0, Action.Charge, false);
    expect(d.distance).toBe(0);
  });

  it('the worked example in a duel: 1 Wound, Shove ends the engagement, and the next action is a Charge', () => {
    const d = duel(keenSword, stoutAxe, WORKED, { settings: { distance: 0 } });
    d.perform(0, Action.Melee, false);
    expect(d.fighters[1].woundsLeft).toBe(2);
    expect(d.fighters[1].state).toBe(ACTIVE);
    expect(d.distance).toBe(2);
    expect(decide(d, 0, false)).toBe(Action.Charge);
  });
});

describe('actions', () => {
  it('Melee needs engagement range (1")', () => {
    const d = duel(keenSword, stoutAxe, [], { settings: { distance: 2 } });
    d.perform(0, Action.Melee, false); // no dice scripted: would throw if it rolled
    expect(d.fighters[1].woundsLeft).toBe(3);
  });

  it('Dodge moves the defender 2" away when it blocks a hit', () => {
    // Keen's 4 Might dice hit twice (5, 5), Skill dice miss; Stout (no armour): 4 Might dice fail, 3 Skill succeed.
    const d = duel(keenSword, loadout(stout, battleAxe), [5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 5], { settings: { distance: 0 } });
    d.perform(0, Action.Melee, false);
    expect(d.fighters[1].woundsLeft).toBe(2);
    expect(d.distance).toBe(2);
  });

  it('Ranged: needs min <= distance <= max; Aim adds the dominant die and crits on 6', () => {
    const archer = loadout(keen, bow);
    const far = duel(archer, stoutAxe, [], { settings: { distance: 30 } });
    expect(far.canShoot(0)).toBe(false);
    const near = duel(archer, stoutAxe, [], { settings: { distance: 2 } });
    expect(near.canShoot(0)).toBe(false);
    // Aimed shot: 4 Might + 5 Skill (Aim's die on Skill, dominant 4 > 1); all hits 6s -> 9 crits; Stout cannot react (Stunned).
    const d = duel(archer, stoutAxe, [6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1], { settings: { distance: 10 }, policies: [SHOOTER, AGGRESSIVE] });
    d.perform(0, Action.Aim, false);
    d.perform(0, Action.Ranged, false);
    expect(d.fighters[1].state).toBe(STUNNED);
    expect(d.fighters[0].aimed).toBe(0);
  });

  it('Ranged Reaction: an Active target acts at once (here it charges); a reaction never triggers another', () => {
    // bow: 4 Might + 4 Skill dice all miss (1s); Stout's 8 defence dice; Stout (aggressive) charges in reaction.
    const d = duel(loadout(keen, bow), stoutAxe, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], { settings: { distance: 5 }, policies: [SHOOTER, AGGRESSIVE] });
    d.perform(0, Action.Ranged, false);
    expect(d.distance).toBe(0);
  });

  it('firearms: a failed primer roll (1) fires nothing, but the target still reacts', () => {
    const d = duel(loadout(keen, pistol), stoutAxe, [1], { settings: { distance: 8 }, policies: [SHOOTER, AGGRESSIVE] });
    d.perform(0, Action.Ranged, false);
    expect(d.fighters[1].woundsLeft).toBe(3);
    expect(d.distance).toBe(4); // Stout moved 4" at Keen in reaction (8 - 4 = 4 > 1: no Charge)
  });

  it('heavy: cannot fire after Move or Charge in the same activation', () => {
    const d = duel(loadout(keen, rifle), stoutAxe, [], { settings: { distance: 20 }, policies: [SHOOTER, AGGRESSIVE] });
    expect(d.canShoot(0)).toBe(true);
    d.perform(0, Action.MoveAway, false);
    expect(d.canShoot(0)).toBe(false);
  });

  it('Retreat: pass a Skill check and move away; fail it and take a free Melee attack first', () => {
    const pass = duel(keenSword, stoutAxe, [4], { settings: { distance: 0 } }); // Keen Skill 4: needs 4+
    pass.perform(0, Action.Retreat, false);
    expect(pass.distance).toBe(4);
    // fail (3), then Stout's free attack: 6 Might + 3 Skill dice all 6 (not crits: axe vs sword), Keen's 3+4 defence dice fail
    const fail = duel(keenSword, stoutAxe, [3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1], { settings: { distance: 0 } });
    fail.perform(0, Action.Retreat, false);
    expect(fail.fighters[0].state).toBe(STUNNED);
    expect(fail.distance).toBe(0);
  });

  it('Mercy Kill: a Stunned enemy goes Out of Action; a Downed one on any unblocked hit', () => {
    const s = duel(keenSword, stoutAxe, [], { settings: { distance: 1 } });
    s.fighters[1].state = STUNNED;
    s.perform(0, Action.MercyKill, false);
    expect([s.fighters[1].state, s.over]).toEqual([OUT_OF_ACTION, true]);
    const miss = duel(keenSword, stoutAxe, Array(17).fill(1), { settings: { distance: 1 } });
    miss.fighters[1].state = DOWNED;
    miss.perform(0, Action.MercyKill, false);
    expect(miss.fighters[1].state).toBe(DOWNED);
    const hit = duel(keenSword, stoutAxe, [5, ...Array(16).fill(1)], { settings: { distance: 1 } });
    hit.fighters[1].state = DOWNED;
    hit.perform(0, Action.MercyKill, false);
    expect(hit.fighters[1].state).toBe(OUT_OF_ACTION);
  });

  it('Recover: 1 Stunned; 2-3 stays Downed; 4-5 Active with 1 Wound; 6 also one more action', () => {
    const outcome = (face: number): [number, number, number] => {
      const d = duel(keenSword, stoutAxe, [face]);
      d.fighters[0].state = DOWNED;
      d.fighters[0].woundsLeft = 0;
      d.actionsLeft = 0;
      d.perform(0, Action.Recover, false);
      return [d.fighters[0].state, d.fighters[0].woundsLeft, d.actionsLeft];
    };
    expect(outcome(1)).toEqual([STUNNED, 0, 0]);
    expect(outcome(3)).toEqual([DOWNED, 0, 0]);
    expect(outcome(4)).toEqual([ACTIVE, 1, 0]);
    expect(outcome(6)).toEqual([ACTIVE, 1, 1]);
  });

  it('Crawl: a Downed fighter moves half its Movement, rounded up', () => {
    const d = duel(loadout(fighter('f', { movement: 5 }), sword), stoutAxe, [], { settings: { distance: 2 } });
    d.fighters[0].state = DOWNED;
    d.perform(0, Action.CrawlAway, false);
    expect(d.distance).toBe(5);
  });

  it('Brace: +1 Might defence die until the fighter next activates', () => {
    const d = duel(keenSword, stoutAxe, [1, 1], { settings: { distance: 20 }, knobs: { initiative: 'a' } });
    d.perform(1, Action.Brace, false);
    expect(d.fighters[1].braced).toBe(1);
    d.fighters[0].state = STUNNED; // keep a idle
    d.activate(1); // Stout activates: Brace ends; it moves twice
    expect(d.fighters[1].braced).toBe(0);
  });

  it('Hide: needs terrain and no Ranged action this activation; a Hidden target beyond 6" cannot be shot', () => {
    const no = duel(stoutAxe, loadout(keen, bow), [], { settings: { distance: 10 } });
    no.perform(1, Action.Hide, false);
    expect(no.fighters[1].hidden).toBe(false);
    const d = duel(loadout(keen, bow), stoutAxe, [], { settings: { distance: 10, terrain: true } });
    d.perform(1, Action.Hide, false);
    expect(d.fighters[1].hidden).toBe(true);
    expect(d.canShoot(0)).toBe(false);
    d.distance = 6;
    expect(d.canShoot(0)).toBe(true);
  });

  it('Cast: double 1s is a mishap (backlash Wounds to the caster); below difficulty fizzles; no Ranged Reaction', () => {
    const caster = loadout(fighter('mage', { casting: 2, keywords: ['caster'] }), bolt);
    const mishap = duel(caster, stoutAxe, [1, 1], { settings: { distance: 8 }, policies: [SHOOTER, AGGRESSIVE] });
    mishap.perform(0, Action.Cast, false);
    expect(mishap.fighters[0].woundsLeft).toBe(1);
    const fizzle = duel(caster, stoutAxe, [2, 3], { settings: { distance: 8 }, policies: [SHOOTER, AGGRESSIVE] });
    fizzle.perform(0, Action.Cast, false); // 2 + 3 + 2 = 7 < 8; Stout does not react (would need dice)
    expect([fizzle.fighters[1].woundsLeft, fizzle.distance]).toEqual([3, 8]);
    // 4 + 2 + 2 = 8: the spell goes off: 2 Might + 3 Skill dice hit on RC 3 (5+)
    const ok = duel(caster, stoutAxe, [4, 2, 5, 5, 5, 5, 5, ...Array(8).fill(1)], { settings: { distance: 8 }, policies: [SHOOTER, AGGRESSIVE] });
    ok.perform(0, Action.Cast, false);
    expect(ok.fighters[1].state).toBe(STUNNED);
    expect(ok.distance).toBe(8);
  });

  it('impact: an exact takedown leaves the target Stunned', () => {
    const hammer = weapon('hammer', { class: 'hammer', might: '+2', keywords: ['impact'] });
    // 6 Might dice: three hit (5s), Stout (no armour) 4 Might + 3 Skill defence dice fail
    const d = duel(loadout(stout, hammer), loadout(stout, battleAxe), [5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], { settings: { distance: 0 } });
    d.perform(0, Action.Melee, false);
    expect(d.fighters[1].state).toBe(STUNNED);
  });
});

describe('whole duels', () => {
  it('end at maxRounds as a draw when nobody can reach', () => {
    const still = loadout(fighter('still', { movement: 0 }), sword);
    const d = duel(still, still, Array(40).fill(0).map((_, i) => (i % 2) + 1), { settings: { distance: 10, maxRounds: 5 } });
    expect(d.play()).toEqual({ winner: 2, rounds: 5 });
  });

  it('kite keeps out of charge reach, then shoots', () => {
    const d = duel(loadout(keen, bow), stoutAxe, [], { settings: { distance: 4 }, policies: [KITE, AGGRESSIVE] });
    expect(decide(d, 0, false)).toBe(Action.MoveAway);
    d.distance = 10;
    d.actionsLeft = 1;
    expect(decide(d, 0, false)).toBe(Action.Aim);
    d.actionsLeft = 0;
    expect(decide(d, 0, false)).toBe(Action.Ranged);
  });

  it('shooter retreats when engaged, closes to range, aims then shoots', () => {
    const d = duel(loadout(keen, bow), stoutAxe, [], { settings: { distance: 1 }, policies: [SHOOTER, AGGRESSIVE] });
    expect(decide(d, 0, false)).toBe(Action.Retreat);
    d.distance = 30;
    expect(decide(d, 0, false)).toBe(Action.MoveToward);
    d.distance = 2;
    expect(decide(d, 0, false)).toBe(Action.MoveAway);
    d.distance = 10;
    d.actionsLeft = 1;
    expect(decide(d, 0, false)).toBe(Action.Aim);
  });
});
