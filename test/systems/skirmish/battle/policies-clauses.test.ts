/**
 * Battle policies (policies.ts), each line of their decision lists (README, Battle policies) on a
 * board laid out by hand: what `decide` returns, with the target and inches it sets; the side
 * policies' target, activation and Pass choices; Dodge / Shove distances.
 */
import { describe, expect, it } from 'vitest';
import { Act, type Battle } from '../../../../src/systems/skirmish/battle/engine.js';
import { decide, manoeuvre, nextFighter, passNow } from '../../../../src/systems/skirmish/battle/policies.js';
import { MOST_DANGEROUS, NEAREST, WEAKEST } from '../../../../src/systems/skirmish/battle/setup.js';
import { AGGRESSIVE, KITE, SHOOTER } from '../../../../src/systems/skirmish/duel/setup.js';
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from '../../../../src/systems/skirmish/profile.js';
import { fighter, keen, loadout, sword, weapon } from '../../../helpers/skirmish.js';
import { battle, place } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
const keenSword = loadout(keen, sword);
const sling = weapon('sling', { type: 'ranged', class: 'other', might: '2', skill: '0', range: [3, 24] });
const slinger = loadout(fighter('slinger', { skill: 4 }), [sling, club]);
const bolt = weapon('bolt', { type: 'ranged', class: 'spell', might: '2', skill: '0', range: [3, 12] });
const mage = loadout(fighter('mage', { skill: 4, casting: 2 }), [bolt, club]);
const decision = (bt: Battle, i: number, reaction = false): [number, number, number] => [decide(bt, i, reaction), bt.target, bt.amount];

describe('every fighter policy: Downed, Stunned, Out of Action', () => {
  it('Downed: Recover (no reaction); Stunned: nothing, or with knob stunnedActs Crawl from the nearest enemy; Out of Action: nothing', () => {
    const { bt } = battle([grunt], [grunt, grunt], [], { knobs: { stunnedActs: true } });
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 30);
    place(bt, 2, 20, 25);
    bt.state[2] = DOWNED;
    bt.state[0] = DOWNED;
    expect(decision(bt, 0)).toEqual([Act.Recover, -1, 0]);
    expect(decide(bt, 0, true)).toBe(Act.None);
    bt.state[0] = STUNNED;
    expect(decision(bt, 0)).toEqual([Act.Crawl, 2, 0]);
    expect(decide(bt, 0, true)).toBe(Act.None);
    bt.state[0] = OUT_OF_ACTION;
    expect(decide(bt, 0, false)).toBe(Act.None);
    const plain = battle([grunt], [grunt], []).bt;
    plain.state[0] = STUNNED;
    expect(decide(plain, 0, false)).toBe(Act.None);
  });

  it('a Downed shooter or kite Recovers when no Active enemy is left to crawl from; a shooter without a ranged weapon plays aggressive', () => {
    for (const p of [SHOOTER, KITE]) {
      const { bt } = battle([slinger], [grunt], [], { fighterPolicy: p });
      place(bt, 0, 20, 10);
      place(bt, 1, 20, 14.5);
      bt.state[0] = DOWNED;
      expect(decide(bt, 0, false)).toBe(Act.Crawl);
      bt.state[1] = DOWNED;
      expect(decide(bt, 0, false)).toBe(Act.Recover);
    }
    const { bt } = battle([grunt], [grunt], [], { fighterPolicy: SHOOTER });
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 14);
    expect(decision(bt, 0)).toEqual([Act.Charge, 1, 0]);
    bt.state[0] = DOWNED;
    expect(decide(bt, 0, false)).toBe(Act.Recover);
  });
});

describe('aggressive (rules.md 1.8)', () => {
  it('not engaged: Help a Stunned friend within 1"; else Charge the chosen enemy (Active first) if it ends within 1", else Move at it; none left: nothing', () => {
    const { bt } = battle([grunt, grunt], [grunt, grunt], []);
    place(bt, 0, 20, 10);
    place(bt, 1, 40, 40);
    place(bt, 2, 20, 30);
    place(bt, 3, 20, 20);
    bt.state[3] = DOWNED;
    expect(decision(bt, 0)).toEqual([Act.Move, 2, 0]);
    bt.state[3] = ACTIVE;
    expect(decision(bt, 0)).toEqual([Act.Move, 3, 0]);
    place(bt, 3, 20, 15);
    expect(decision(bt, 0)).toEqual([Act.Charge, 3, 0]);
    bt.state[2] = OUT_OF_ACTION;
    bt.state[3] = DOWNED;
    expect(decision(bt, 0)).toEqual([Act.Charge, 3, 0]);
    bt.state[3] = OUT_OF_ACTION;
    expect(decide(bt, 0, false)).toBe(Act.None);
    bt.state[1] = DOWNED;
    place(bt, 1, 21, 10);
    expect(decide(bt, 0, false)).toBe(Act.None); // only a Stunned friend is helped
    bt.state[1] = STUNNED;
    expect(decision(bt, 0)).toEqual([Act.Help, 1, 0]);
    place(bt, 1, 22.01, 10);
    expect(decide(bt, 0, false)).toBe(Act.None);
  });

  it('engaged: Melee the chosen Active enemy within 1"; only Downed or Stunned ones: Mercy Kill when allowed, else Melee', () => {
    const { bt } = battle([grunt], [grunt, grunt, grunt], []);
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    place(bt, 2, 21, 20);
    place(bt, 3, 30, 30);
    bt.state[1] = DOWNED;
    expect(decision(bt, 0)).toEqual([Act.Melee, 2, 0]);
    bt.state[2] = STUNNED;
    expect(decision(bt, 0)).toEqual([Act.MercyKill, 1, 0]);
    bt.state[1] = STUNNED;
    bt.state[2] = DOWNED;
    expect(decision(bt, 0)).toEqual([Act.Melee, 1, 0]);
  });
});

describe('side policies choose the target', () => {
  it('nearest; weakest (fewest Wounds left); most-dangerous (most attack dice); ties to the nearest, then roster order', () => {
    const { bt } = battle([grunt], [grunt, keenSword, grunt], []);
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 16);
    place(bt, 2, 30, 16);
    place(bt, 3, 10, 16);
    bt.woundsLeft[3] = 1;
    const target = (rule: number): number => {
      bt.sideRule[0] = rule;
      decide(bt, 0, false);
      return bt.target;
    };
    expect([target(NEAREST), target(WEAKEST), target(MOST_DANGEROUS)]).toEqual([1, 3, 2]);
    bt.woundsLeft[3] = 3;
    expect(target(WEAKEST)).toBe(1);
    bt.state[1] = OUT_OF_ACTION;
    expect([target(NEAREST), target(WEAKEST)]).toEqual([2, 2]);
  });
});

describe('shooter and kite', () => {
  const setup = (p: number, enemies: number, o: Parameters<typeof battle>[3] = {}) => {
    const made = battle([slinger], new Array<typeof grunt>(enemies).fill(grunt), [], { fighterPolicy: p, ...o });
    place(made.bt, 0, 20, 10);
    for (let k = 1; k <= enemies; k++) place(made.bt, k, 40, 40 + k);
    made.bt.actionsLeft = 1;
    return made.bt;
  };

  it('only Downed or Stunned enemies within 1": Mercy Kill when allowed', () => {
    const bt = setup(SHOOTER, 2);
    place(bt, 1, 20, 11);
    bt.state[1] = STUNNED;
    expect(decision(bt, 0)).toEqual([Act.MercyKill, 1, 0]);
    place(bt, 2, 21, 10);
    bt.state[2] = DOWNED;
    expect(decide(bt, 0, false)).not.toBe(Act.MercyKill);
  });

  it('an Active enemy within 1" and no legal shot: Retreat back to maximum range (its Movement at most)', () => {
    const bt = setup(SHOOTER, 1);
    place(bt, 1, 20, 11);
    expect(decision(bt, 0)).toEqual([Act.Retreat, -1, 4]);
  });

  it('a legal target: Aim while an action is left for the shot, else shoot it; a spell is Cast at once', () => {
    const bt = setup(SHOOTER, 1);
    place(bt, 1, 20, 20);
    expect(decision(bt, 0)).toEqual([Act.Aim, 1, 0]);
    expect(decision(bt, 0, true)).toEqual([Act.Ranged, 1, 0]);
    bt.actionsLeft = 0;
    expect(decision(bt, 0)).toEqual([Act.Ranged, 1, 0]);
    bt.actionsLeft = 1;
    bt.aimed[0] = 1;
    expect(decision(bt, 0)).toEqual([Act.Ranged, 1, 0]);
    const caster = battle([mage], [grunt], [], { fighterPolicy: SHOOTER }).bt;
    place(caster, 0, 20, 10);
    place(caster, 1, 20, 15);
    caster.actionsLeft = 1;
    expect(decision(caster, 0)).toEqual([Act.Cast, 1, 0]);
  });

  it('no shot: Help a Stunned friend within 1"; an enemy too close: Move away; a Hidden one: Move to within 6"', () => {
    const { bt } = battle([slinger, grunt], [grunt], [], { fighterPolicy: SHOOTER });
    place(bt, 0, 20, 10);
    place(bt, 1, 21, 10);
    place(bt, 2, 20, 13); // 2" away: inside the sling's minimum range of 3"
    bt.state[1] = STUNNED;
    expect(decision(bt, 0)).toEqual([Act.Help, 1, 0]);
    bt.state[1] = ACTIVE;
    place(bt, 1, 40, 40);
    expect(decision(bt, 0)).toEqual([Act.MoveAway, 2, 4]);
    bt.hidden[2] = 1;
    place(bt, 2, 20, 40); // Hidden, 29" away: the shooter wants to stand within 6"
    expect(decision(bt, 0)).toEqual([Act.Move, 2, 4]);
    place(bt, 2, 20, 16); // Hidden within 6": a legal target (no action left to Aim)
    expect(decide(bt, 0, false)).toBe(Act.Ranged);
  });

  it('in range but out of sight: a shooter walks round the terrain, a kite Braces', () => {
    for (const [p, act] of [[SHOOTER, Act.Move], [KITE, Act.Brace]] as const) {
      const bt = setup(p, 1, { settings: { terrain: [{ at: [18, 14], size: [4, 1], kind: 'block' }] } });
      place(bt, 1, 20, 20);
      expect(decision(bt, 0)).toEqual([act, act === Act.Move ? 1 : -1, 0]);
    }
  });

  it('Hide when it helps (an Active enemy that shoots, beyond 6" but within a Move of its range): on the last action without a shot', () => {
    const { bt } = battle([slinger], [slinger], [], { fighterPolicy: SHOOTER, settings: { terrain: [{ at: [18, 8], size: [4, 1], kind: 'cover' }] } });
    place(bt, 0, 20, 10); // within 1" of the cover
    place(bt, 1, 20, 36); // 25": beyond both slings' range
    bt.actionsLeft = 0;
    expect(decision(bt, 0)).toEqual([Act.Hide, -1, 0]);
    bt.actionsLeft = 1;
    expect(decision(bt, 0)).toEqual([Act.Move, 1, 1]);
    bt.actionsLeft = 0;
    bt.fired[0] = 1; // a Ranged action earlier in the activation
    expect(decide(bt, 0, false)).toBe(Act.Move);
    bt.fired[0] = 0;
    bt.hidden[0] = 1;
    expect(decide(bt, 0, false)).toBe(Act.Move);
    bt.hidden[0] = 0;
    bt.state[1] = DOWNED;
    expect(decide(bt, 0, false)).toBe(Act.Move);
  });

  it('a kite out of sight of its target Hides instead of Bracing when that helps (its enemy shoots)', () => {
    for (const [enemy, act] of [[slinger, Act.Hide], [grunt, Act.Brace]] as const) {
      const { bt } = battle([slinger], [enemy], [], { fighterPolicy: KITE, settings: { terrain: [{ at: [18, 11], size: [4, 1], kind: 'block' }] } });
      place(bt, 0, 20, 10);
      place(bt, 1, 20, 20);
      bt.actionsLeft = 1;
      expect(decision(bt, 0)).toEqual([act, -1, 0]);
    }
  });

  it('kite: an Active enemy within its charge reach (Movement + 1"), not in a reaction: Move its way back out', () => {
    const bt = setup(KITE, 1);
    place(bt, 1, 20, 15); // 4" away
    expect(decision(bt, 0)).toEqual([Act.MoveAway, 1, 4]);
    expect(decision(bt, 0, true)).toEqual([Act.Ranged, 1, 0]);
    place(bt, 1, 20, 17); // 6" away: beyond the reach, a shot
    expect(decide(bt, 0, false)).toBe(Act.Aim);
  });

  it('kite closes in on its target only as far as stays out of the nearest Active enemy\'s charge reach', () => {
    const bt = setup(KITE, 2, { sidePolicies: [WEAKEST, NEAREST] });
    place(bt, 1, 20, 18); // the threat, 7" away (reach 5")
    place(bt, 2, 50, 41); // the weakest, beyond range
    bt.woundsLeft[2] = 1;
    bt.hidden[1] = 1; // not a legal target either
    const [act, t, inches] = decision(bt, 0);
    expect([act, t]).toEqual([Act.Move, 2]);
    expect(inches).toBeCloseTo(2, 6);
  });
});

describe('activation order and Pass (side policies)', () => {
  it('the waiting fighter nearest to an enemy activates next (ties: roster order); a side passes only when nothing is urgent', () => {
    const { bt } = battle([grunt, grunt, grunt], [grunt], []);
    place(bt, 3, 20, 24);
    place(bt, 0, 10, 40);
    place(bt, 1, 20, 20); // 3" from the enemy: within its Movement + 1"
    place(bt, 2, 30, 40);
    expect([nextFighter(bt, 0), passNow(bt, 0)]).toEqual([1, false]);
    bt.activated[1] = 1;
    expect([nextFighter(bt, 0), passNow(bt, 0)]).toEqual([0, true]);
    bt.state[0] = STUNNED;
    expect(nextFighter(bt, 0)).toBe(2);
    bt.state[2] = DOWNED;
    expect([nextFighter(bt, 0), passNow(bt, 0)]).toEqual([2, false]);
    bt.activated[2] = 1;
    expect([nextFighter(bt, 0), passNow(bt, 0)]).toEqual([-1, true]);
  });
});

describe('Dodge and Shove distance ("up to 2"")', () => {
  it('aggressive: the full 2"; shooter and kite: only as far as keeps the attacker within maximum range', () => {
    const { bt } = battle([slinger, grunt], [grunt], [], { fighterPolicy: SHOOTER });
    place(bt, 0, 20, 10);
    place(bt, 2, 20, 34); // 23" from the slinger: 1" more keeps it within 24"
    expect(manoeuvre(bt, 0, 2, 0)).toBeCloseTo(1, 9);
    place(bt, 2, 20, 20);
    expect(manoeuvre(bt, 0, 2, 1)).toBe(2);
    expect(manoeuvre(bt, 1, 2, 0)).toBe(2); // a grunt: no ranged weapon
    bt.policy[0] = AGGRESSIVE;
    place(bt, 2, 20, 34);
    expect(manoeuvre(bt, 0, 2, 0)).toBe(2);
  });
});
