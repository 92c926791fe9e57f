/**
 * One copy of each skirmish fight rule (issue #10): every rule in fight-rules.ts is played through
 * BOTH fight engines — a duel (a distance) and a 1-v-1 battle (two bases on a board, placed so
 * that their gap is that distance) — with the same scripted dice, and must give the same effect.
 * A one-line bug planted in a shared rule therefore fails here for both engines at once.
 */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/dice/dice.js';
import { Act, Battle, type BattlePolicies } from '../../../src/systems/skirmish/battle/engine.js';
import { BATTLE_POLICIES, decide as battleDecide, manoeuvre as battleManoeuvre } from '../../../src/systems/skirmish/battle/policies.js';
import { BattleDice } from '../../../src/systems/skirmish/battle/roll.js';
import { PerDieDuelDice } from '../../../src/systems/skirmish/duel/dice.js';
import { Action, Duel } from '../../../src/systems/skirmish/duel/engine.js';
import type { DuelPolicy } from '../../../src/systems/skirmish/duel/actions.js';
import { decide as duelDecide, DUEL_POLICY } from '../../../src/systems/skirmish/duel/policies.js';
import { AGGRESSIVE, SHOOTER, type DuelKnobs, type DuelSpec } from '../../../src/systems/skirmish/duel/setup.js';
import { ACTIVE, DEFAULT_KNOBS, DOWNED, OUT_OF_ACTION, STUNNED, type Loadout } from '../../../src/systems/skirmish/profile.js';
import { battleAxe, fighter, keen, loadout, stout, sword, weapon } from '../../helpers/skirmish.js';
import { battleSpec } from './battle/harness.js';

const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4', range: [3, 24] });
const rifle = weapon('rifle', { type: 'ranged', class: 'firearm', might: '4', range: [3, 36], keywords: ['heavy'] });
const bolt = weapon('bolt', { type: 'ranged', class: 'spell', might: '2', skill: '+0', range: [0, 12], difficulty: 8, backlash: 2 });
const keenSword = loadout(keen, sword);
const stoutAxe = loadout(stout, battleAxe, { armor: 'medium' });
const caster = loadout(fighter('mage', { casting: 2, keywords: ['caster'] }), bolt);
const archer = loadout(keen, bow);

type Kind = 'melee' | 'ranged' | 'cast' | 'retreat' | 'mercy' | 'recover' | 'crawl' | 'hide' | 'toward' | 'away';
const DUEL_ACTION: Record<Kind, Action> = {
  melee: Action.Melee, ranged: Action.Ranged, cast: Action.Cast, retreat: Action.Retreat, mercy: Action.MercyKill, recover: Action.Recover,
  crawl: Action.CrawlAway, hide: Action.Hide, toward: Action.MoveToward, away: Action.MoveAway,
};
const BATTLE_ACT: Record<Kind, number> = {
  melee: Act.Melee, ranged: Act.Ranged, cast: Act.Cast, retreat: Act.Retreat, mercy: Act.MercyKill, recover: Act.Recover,
  crawl: Act.Crawl, hide: Act.Hide, toward: Act.Move, away: Act.MoveAway,
};

/** The same fight seen through one engine: side 0 is a, side 1 is b. */
interface Engine {
  readonly name: string;
  act(s: number, kind: Kind): void;
  distance(): number;
  state(s: number): number;
  woundsLeft(s: number): number;
  set(s: number, state: number, woundsLeft: number): void;
  hidden(s: number): boolean;
  hide(s: number): void;
  canShoot(s: number, reaction: boolean): boolean;
  activates(s: number): boolean;
  /** Runs side s's whole activation (its policy braces). */
  activate(s: number): void;
  /** The side that goes first this round. */
  initiative(): number;
  actionsLeft: number;
  used(): number;
}

interface Setup {
  readonly a: Loadout;
  readonly b: Loadout;
  readonly distance: number;
  readonly faces?: number[];
  readonly knobs?: Partial<DuelKnobs>;
  readonly terrain?: boolean;
  /** What a policy asks of a Dodge or Shove (engines clamp it to 0..2"). */
  readonly manoeuvre?: number;
  readonly policies?: [number, number];
}

const KNOBS: DuelKnobs = { ...DEFAULT_KNOBS, initiative: 'roll-off', stunnedActs: false, failedRetreat: 'leaves', primer: 2 };

/** A duel whose policy braces (reactions included), moves its full allowance and asks `manoeuvre` inches. */
function duelEngine(o: Setup): Engine {
  const spec: DuelSpec = {
    a: o.a, b: o.b, policies: o.policies ?? [AGGRESSIVE, AGGRESSIVE], knobs: { ...KNOBS, ...o.knobs },
    settings: { distance: o.distance, maxRounds: 20, cover: 'none', terrain: o.terrain ?? false },
  };
  const script = new ScriptedDice(o.faces ?? []);
  const policy: DuelPolicy = { decide: () => Action.Brace, moveInches: (_d, _s, _a, allowance) => allowance, manoeuvreInches: () => o.manoeuvre ?? 2 };
  const d = new Duel(spec, new PerDieDuelDice(script), policy);
  d.fighters[0].reset();
  d.fighters[1].reset();
  d.distance = o.distance;
  d.round = 1;
  return {
    name: 'duel',
    act: (s, kind) => d.perform(s, DUEL_ACTION[kind], false),
    distance: () => d.distance,
    state: (s) => d.fighters[s]!.state,
    woundsLeft: (s) => d.fighters[s]!.woundsLeft,
    set: (s, state, woundsLeft) => Object.assign(d.fighters[s]!, { state, woundsLeft }),
    hidden: (s) => d.fighters[s]!.hidden,
    hide: (s) => {
      d.fighters[s]!.hidden = true;
    },
    canShoot: (s) => d.canShoot(s),
    activates: (s) => d.activates(s),
    activate: (s) => d.activate(s),
    initiative: () => d.initiative(),
    get actionsLeft() {
      return d.actionsLeft;
    },
    set actionsLeft(v: number) {
      d.actionsLeft = v;
    },
    used: () => script.used,
  };
}

/** A 1-v-1 battle with a at (10, 20) and b straight below at the given gap; cover terrain runs beside both when `terrain`. */
function battleEngine(o: Setup): Engine {
  const terrain = o.terrain === true ? [{ at: [11.2, 0] as [number, number], size: [1, 48] as [number, number], kind: 'cover' as const }] : [];
  const spec = battleSpec([o.a], [o.b], { knobs: { ...KNOBS, ...o.knobs }, settings: { distance: o.distance, terrain } });
  const withPolicies = { ...spec, sides: [[{ ...spec.sides[0][0]!, policy: o.policies?.[0] ?? AGGRESSIVE }], [{ ...spec.sides[1][0]!, policy: o.policies?.[1] ?? AGGRESSIVE }]] as const };
  const script = new ScriptedDice(o.faces ?? []);
  const policies: BattlePolicies = { ...BATTLE_POLICIES, action: () => Act.Brace, manoeuvre: () => o.manoeuvre ?? 2 };
  const bt = new Battle(withPolicies, new BattleDice(script), policies);
  bt.reset();
  bt.round = 1;
  bt.x[0] = 10;
  bt.y[0] = 20;
  bt.x[1] = 10;
  bt.y[1] = 21 + o.distance;
  bt.placed(0);
  bt.placed(1);
  let first = -1;
  bt.observer = {
    begin: () => undefined,
    event: (e) => {
      if (e.action === 'initiative' && first < 0) first = e.side === 'a' ? 0 : 1;
    },
    end: () => undefined,
  };
  return {
    name: 'battle',
    act: (s, kind) => {
      bt.target = 1 - s;
      bt.amount = 0;
      bt.perform(s, BATTLE_ACT[kind], false);
    },
    distance: () => Math.round(bt.gap(0, 1) * 1e6) / 1e6,
    state: (s) => bt.state[s]!,
    woundsLeft: (s) => bt.woundsLeft[s]!,
    set: (s, state, woundsLeft) => {
      bt.state[s] = state;
      bt.woundsLeft[s] = woundsLeft;
    },
    hidden: (s) => bt.hidden[s] === 1,
    hide: (s) => {
      bt.hidden[s] = 1;
    },
    canShoot: (s, reaction) => bt.canShootAt(s, 1 - s, reaction),
    activates: (s) => bt.activates(s),
    activate: (s) => bt.activate(s),
    initiative: () => {
      first = -1;
      bt.playRound();
      return first;
    },
    get actionsLeft() {
      return bt.actionsLeft;
    },
    set actionsLeft(v: number) {
      bt.actionsLeft = v;
    },
    used: () => script.used,
  };
}

const ENGINES = [{ name: 'duel', make: duelEngine }, { name: 'battle', make: battleEngine }];

describe.each(ENGINES)('shared fight rules through the $name engine', ({ make }) => {
  it('initiative: equal counts roll off (ties rerolled, higher first); knobs a and b need no dice', () => {
    const rolled = make({ a: keenSword, b: stoutAxe, distance: 20, faces: [4, 4, 2, 5] });
    expect([rolled.initiative(), rolled.used()]).toEqual([1, 4]);
    const high = make({ a: keenSword, b: stoutAxe, distance: 20, faces: [6, 1] });
    expect(high.initiative()).toBe(0);
    expect(make({ a: keenSword, b: stoutAxe, distance: 20, knobs: { initiative: 'b' } }).initiative()).toBe(1);
    expect(make({ a: keenSword, b: stoutAxe, distance: 20, knobs: { initiative: 'a' } }).initiative()).toBe(0);
  });

  it('activation: Active and Downed activate, Stunned only with knob stunnedActs, Out of Action never', () => {
    for (const stunnedActs of [false, true]) {
      const e = make({ a: keenSword, b: stoutAxe, distance: 20, knobs: { stunnedActs } });
      const seen = [ACTIVE, DOWNED, STUNNED, OUT_OF_ACTION].map((st) => {
        e.set(0, st, 0);
        return e.activates(0);
      });
      expect(seen).toEqual([true, true, stunnedActs, false]);
    }
  });

  it('Recover: 1 Stunned; 2-3 stays Downed; 4-5 Active with 1 Wound; 6 also one more action', () => {
    const outcome = (face: number): number[] => {
      const e = make({ a: keenSword, b: stoutAxe, distance: 20, faces: [face] });
      e.set(0, DOWNED, 0);
      e.actionsLeft = 0;
      e.act(0, 'recover');
      return [e.state(0), e.woundsLeft(0), e.actionsLeft, e.used()];
    };
    expect(outcome(1)).toEqual([STUNNED, 0, 0, 1]);
    expect(outcome(2)).toEqual([DOWNED, 0, 0, 1]);
    expect(outcome(3)).toEqual([DOWNED, 0, 0, 1]);
    expect(outcome(4)).toEqual([ACTIVE, 1, 0, 1]);
    expect(outcome(5)).toEqual([ACTIVE, 1, 0, 1]);
    expect(outcome(6)).toEqual([ACTIVE, 1, 1, 1]);
  });

  it('Casting Roll: double 1s a mishap (backlash to the caster), below the difficulty a fizzle, else the spell goes off', () => {
    const cast = (faces: number[]) => {
      const e = make({ a: caster, b: stoutAxe, distance: 8, faces, policies: [SHOOTER, AGGRESSIVE] });
      e.act(0, 'cast');
      return e;
    };
    const mishap = cast([1, 1]);
    expect([mishap.woundsLeft(0), mishap.woundsLeft(1), mishap.used()]).toEqual([1, 3, 2]);
    const fizzle = cast([2, 3]); // 2 + 3 + 2 = 7 < 8
    expect([fizzle.woundsLeft(0), fizzle.woundsLeft(1), fizzle.used()]).toEqual([3, 3, 2]);
    const goes = cast([4, 2, 5, 5, 5, 5, 5, ...Array<number>(8).fill(1)]); // 8: 2 Might + 3 Skill dice hit on 5+
    expect([goes.woundsLeft(0), goes.state(1)]).toEqual([3, STUNNED]);
  });

  it('Retreat: a passed Skill check moves away; a failed one draws the free attack, then leaves or (failedRetreat: stays) stays', () => {
    const pass = make({ a: keenSword, b: stoutAxe, distance: 0, faces: [4] }); // Keen Skill 4: needs 4+
    pass.act(0, 'retreat');
    expect([pass.distance(), pass.used()]).toEqual([4, 1]);
    const missFree = [3, ...Array<number>(20).fill(1)]; // fails; Stout's free attack rolls 1s: no hits
    const leaves = make({ a: keenSword, b: stoutAxe, distance: 0, faces: missFree });
    leaves.act(0, 'retreat');
    expect([leaves.distance(), leaves.state(0)]).toEqual([4, ACTIVE]);
    expect(leaves.used()).toBeGreaterThan(1); // the free attack was rolled
    const stays = make({ a: keenSword, b: stoutAxe, distance: 0, faces: missFree, knobs: { failedRetreat: 'stays' } });
    stays.act(0, 'retreat');
    expect([stays.distance(), stays.state(0)]).toEqual([0, ACTIVE]);
    expect(stays.used()).toBe(leaves.used());
  });

  it('a Move away from an engaged Active enemy is a Retreat (the Skill check is rolled)', () => {
    const e = make({ a: keenSword, b: stoutAxe, distance: 0.5, faces: [4] });
    e.act(0, 'away');
    expect([e.used(), e.distance()]).toEqual([1, 4.5]);
  });

  it('Mercy Kill: a Stunned enemy goes Out of Action; a Downed one on any unblocked hit, not on none', () => {
    const stunned = make({ a: keenSword, b: stoutAxe, distance: 1 });
    stunned.set(1, STUNNED, 0);
    stunned.act(0, 'mercy');
    expect([stunned.state(1), stunned.used()]).toEqual([OUT_OF_ACTION, 0]);
    const miss = make({ a: keenSword, b: stoutAxe, distance: 1, faces: Array<number>(17).fill(1) });
    miss.set(1, DOWNED, 0);
    miss.act(0, 'mercy');
    expect(miss.state(1)).toBe(DOWNED);
    const hit = make({ a: keenSword, b: stoutAxe, distance: 1, faces: [5, ...Array<number>(16).fill(1)] });
    hit.set(1, DOWNED, 0);
    hit.act(0, 'mercy');
    expect(hit.state(1)).toBe(OUT_OF_ACTION);
    const active = make({ a: keenSword, b: stoutAxe, distance: 1 });
    active.act(0, 'mercy'); // an Active enemy: nothing (no dice)
    expect([active.state(1), active.used()]).toEqual([ACTIVE, 0]);
  });

  // Keen's 4 Might dice hit twice (5, 5), Skill dice miss; Stout (no armour) blocks with a Dodge: 3 Skill defence dice succeed.
  const DODGE = [5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 5];
  it('Dodge moves the defender up to 2" (the policy picks, the rule clamps), only while it is still Active', () => {
    const dodge = (manoeuvre: number, woundsLeft = 3): Engine => {
      const e = make({ a: keenSword, b: loadout(stout, battleAxe), distance: 0, faces: DODGE, manoeuvre });
      e.set(1, ACTIVE, woundsLeft);
      e.act(0, 'melee');
      return e;
    };
    const full = dodge(2);
    expect([full.woundsLeft(1), full.distance()]).toEqual([2, 2]);
    expect(dodge(1.5).distance()).toBe(1.5);
    expect(dodge(7).distance()).toBe(2);
    expect(dodge(-1).distance()).toBe(0);
    const down = dodge(2, 1); // the same unblocked hit takes it down: no Dodge movement
    expect([down.state(1), down.distance()]).toEqual([DOWNED, 0]);
  });

  it('Hide: needs terrain and no Ranged action earlier in the activation; a Cast does not block it', () => {
    const hideAfter = (a: Loadout, kind: Kind | null, faces: number[], terrain: boolean): boolean => {
      const e = make({ a, b: stoutAxe, distance: 10, faces, terrain, policies: [SHOOTER, AGGRESSIVE] });
      if (kind !== null) e.act(0, kind);
      e.act(0, 'hide');
      return e.hidden(0);
    };
    expect(hideAfter(archer, null, [], true)).toBe(true);
    expect(hideAfter(archer, null, [], false)).toBe(false);
    expect(hideAfter(archer, 'ranged', Array<number>(16).fill(1), true)).toBe(false);
    expect(hideAfter(caster, 'cast', [2, 3], true)).toBe(true); // a fizzled Cast
  });

  it('Hidden: a Move keeps it only while more than 6" from the enemy', () => {
    const e = make({ a: keenSword, b: stoutAxe, distance: 12, terrain: true });
    e.hide(0);
    e.act(0, 'toward'); // 12 -> 8
    expect([e.distance(), e.hidden(0)]).toEqual([8, true]);
    e.act(0, 'toward'); // 8 -> 4
    expect([e.distance(), e.hidden(0)]).toEqual([4, false]);
  });

  it('Hidden (002): going Downed does not lose it, and a Downed fighter Recovers "without losing Hidden"', () => {
    // Keen's first Might die hits (5), every other die 1: 1 unblocked hit on Stout's last Wound; then Recover 2, then 4.
    const e = make({ a: keenSword, b: stoutAxe, distance: 0, terrain: true, faces: [5, ...Array<number>(16).fill(1), 2, 4] });
    e.set(1, ACTIVE, 1);
    e.hide(1);
    e.act(0, 'melee');
    expect([e.state(1), e.hidden(1), e.hidden(0)]).toEqual([DOWNED, true, false]);
    e.act(1, 'recover');
    expect([e.state(1), e.hidden(1)]).toEqual([DOWNED, true]);
    e.act(1, 'recover');
    expect([e.state(1), e.hidden(1), e.used()]).toEqual([ACTIVE, true, 19]);
  });

  it('Hidden after a Retreat or a Crawl: kept only ending within 1" of terrain and more than 6" from the enemy', () => {
    const runner = loadout(fighter('runner', { skill: 4, movement: 8 }), sword);
    const retreat = (a: Loadout, terrain: boolean): [number, boolean] => {
      const e = make({ a, b: stoutAxe, distance: 0, terrain, faces: [4] });
      e.hide(0);
      e.act(0, 'retreat');
      return [e.distance(), e.hidden(0)];
    };
    expect(retreat(runner, true)).toEqual([8, true]);
    expect(retreat(runner, false)).toEqual([8, false]);
    expect(retreat(keenSword, true)).toEqual([4, false]); // ends within 6"
    const crawl = (distance: number): [number, boolean] => {
      const e = make({ a: keenSword, b: stoutAxe, distance, terrain: true });
      e.set(0, DOWNED, 0);
      e.hide(0);
      e.act(0, 'crawl'); // half of Movement 4
      return [e.distance(), e.hidden(0)];
    };
    expect(crawl(6)).toEqual([8, true]);
    expect(crawl(2)).toEqual([4, false]);
  });

  it('Ranged-target legality: within range; a Hidden target not beyond 6"', () => {
    const at = (distance: number, hidden = false): boolean => {
      const e = make({ a: archer, b: stoutAxe, distance });
      if (hidden) e.hide(1);
      return e.canShoot(0, false);
    };
    expect([at(2), at(3), at(24), at(25)]).toEqual([false, true, true, false]);
    expect([at(10, true), at(6, true)]).toEqual([false, true]);
  });

  it('heavy: not after moving in this activation, but its own earlier Move does not block a reaction in the enemy activation', () => {
    const e = make({ a: loadout(keen, rifle), b: stoutAxe, distance: 20, policies: [SHOOTER, AGGRESSIVE] });
    expect(e.canShoot(0, false)).toBe(true);
    e.act(0, 'away');
    expect(e.canShoot(0, false)).toBe(false);
    expect(e.canShoot(0, true)).toBe(false);
    e.set(0, STUNNED, 0); // keep a from acting; b's activation starts
    e.activate(1);
    e.set(0, ACTIVE, 3);
    expect(e.canShoot(0, true)).toBe(true);
  });

  it('heavy (000: "if the fighter Moved or Charged"): a Retreat is not a Move, the heavy weapon still fires after it', () => {
    const rifleman = loadout(keen, rifle); // Skill 4: the Retreat check passes on a 4
    const retreat = make({ a: rifleman, b: stoutAxe, distance: 0, faces: [4] });
    retreat.act(0, 'retreat'); // 0 -> 4, beyond the rifle's minimum range
    expect([retreat.distance(), retreat.canShoot(0, false)]).toEqual([4, true]);
    const moveIntoRetreat = make({ a: rifleman, b: stoutAxe, distance: 0.5, faces: [4] });
    moveIntoRetreat.act(0, 'away'); // a Move away from an engaged Active enemy is a Retreat
    expect([moveIntoRetreat.used(), moveIntoRetreat.distance(), moveIntoRetreat.canShoot(0, false)]).toEqual([1, 4.5, true]);
    const move = make({ a: rifleman, b: stoutAxe, distance: 4 });
    move.act(0, 'away'); // a plain Move away: moved
    expect([move.distance(), move.canShoot(0, false)]).toEqual([8, false]);
  });

  it('gunslinger (002): one Ranged action fires every Ranged weapon that can, one Ranged Attack Action each', () => {
    const pistol = weapon('pistol', { type: 'ranged', class: 'other', might: '2', skill: '0', range: [3, 12] });
    const shots = (keywords: string[], distance: number): number => {
      // Each shot: 2 Strike dice, then Stout's 8 defence dice (medium armour); every face a miss; the reactions Brace.
      const e = make({ a: loadout(fighter('gs', { keywords }), [pistol, { ...pistol, name: 'pistol-2' }]), b: stoutAxe, distance, faces: Array<number>(40).fill(2) });
      e.act(0, 'ranged');
      return e.used();
    };
    // The gunslinger's second shot: Stout Braced in its reaction to the first (+1 Might defence die).
    expect([shots(['gunslinger'], 10), shots([], 10), shots(['gunslinger'], 13)]).toEqual([10 + 11, 10, 0]);
  });

  it('Crawl: Downed (or Stunned with stunnedActs) moves half its Movement, rounded up; Active or plain Stunned does not', () => {
    const crawl = (state: number, stunnedActs: boolean): number => {
      const e = make({ a: loadout(fighter('f', { movement: 5 }), sword), b: stoutAxe, distance: 2, knobs: { stunnedActs } });
      e.set(0, state, 0);
      e.act(0, 'crawl');
      return e.distance();
    };
    expect([crawl(DOWNED, false), crawl(ACTIVE, false), crawl(STUNNED, false), crawl(STUNNED, true)]).toEqual([5, 2, 2, 5]);
  });
});

describe('the policies read "up to 2"" alike in both engines', () => {
  it('aggressive: the full 2"; shooter: only as far as keeps the enemy within its maximum range', () => {
    const duelAsk = (policies: [number, number], distance: number) => {
      const d = new Duel(
        { a: keenSword, b: archer, policies, knobs: KNOBS, settings: { distance, maxRounds: 20, cover: 'none', terrain: false } },
        new PerDieDuelDice(new ScriptedDice([])),
        DUEL_POLICY,
      );
      d.distance = distance;
      return DUEL_POLICY.manoeuvreInches(d, 1, 0);
    };
    const battleAsk = (policy: number, distance: number) => {
      const spec = battleSpec([keenSword], [archer], { fighterPolicy: policy, settings: { distance } });
      const bt = new Battle(spec, new BattleDice(new ScriptedDice([])), BATTLE_POLICIES);
      bt.reset();
      return battleManoeuvre(bt, 1, 0, 0);
    };
    for (const [distance, shooterInches] of [[10, 2], [23, 1], [24, 0], [0, 2]] as const) {
      expect(duelAsk([AGGRESSIVE, SHOOTER], distance)).toBe(shooterInches);
      expect(battleAsk(SHOOTER, distance)).toBeCloseTo(shooterInches, 9);
      expect(duelAsk([AGGRESSIVE, AGGRESSIVE], distance)).toBe(2);
      expect(battleAsk(AGGRESSIVE, distance)).toBe(2);
    }
  });
});

describe('the ranged policies move as far in both engines (policy-moves.ts)', () => {
  const thrower = loadout(fighter('thrower', { movement: 5 }), weapon('javelin', { type: 'ranged', class: 'other', might: '+1', range: [3, 6] }));
  /** The action and inches side a (a shooter) picks at `distance`, in each engine; b is hidden when asked. */
  const choose = (a: Loadout, distance: number, bHidden: boolean) => {
    const d = new Duel(
      { a, b: stoutAxe, policies: [SHOOTER, AGGRESSIVE], knobs: KNOBS, settings: { distance, maxRounds: 20, cover: 'none', terrain: false } },
      new PerDieDuelDice(new ScriptedDice([])),
      DUEL_POLICY,
    );
    d.fighters[0].reset();
    d.fighters[1].reset();
    d.fighters[1].hidden = bHidden;
    d.distance = distance;
    d.actionsLeft = 1;
    const action = duelDecide(d, 0, false);
    const duelInches = DUEL_POLICY.moveInches(d, 0, action, d.fighters[0].movement);
    const bt = new Battle(battleSpec([a], [stoutAxe], { fighterPolicy: SHOOTER, settings: { distance } }), new BattleDice(new ScriptedDice([])), BATTLE_POLICIES);
    bt.reset();
    bt.hidden[1] = bHidden ? 1 : 0;
    bt.actionsLeft = 1;
    const act = battleDecide(bt, 0, false);
    return { duel: [action, duelInches], battle: [act, bt.amount] };
  };

  it('too close for its range: back off to maximum range, not just to minimum range (no oscillation)', () => {
    const c = choose(thrower, 2, false);
    expect(c.duel).toEqual([Action.MoveAway, 4]);
    expect(c.battle[0]).toBe(Act.MoveAway);
    expect(c.battle[1]).toBeCloseTo(4, 9);
  });

  it('a Hidden enemy beyond 6": close in to 6", no further', () => {
    const c = choose(archer, 8, true);
    expect(c.duel).toEqual([Action.MoveToward, 2]);
    expect(c.battle[0]).toBe(Act.Move);
    expect(c.battle[1]).toBeCloseTo(2, 9);
  });

  it('Downed: Crawl when it takes the fighter out of 1" or out of the charge reach, else Recover', () => {
    const downed = (distance: number) => {
      const d = new Duel(
        { a: archer, b: stoutAxe, policies: [SHOOTER, AGGRESSIVE], knobs: KNOBS, settings: { distance, maxRounds: 20, cover: 'none', terrain: false } },
        new PerDieDuelDice(new ScriptedDice([])),
        DUEL_POLICY,
      );
      d.fighters[0].reset();
      d.fighters[1].reset();
      d.fighters[0].state = DOWNED;
      d.distance = distance;
      const bt = new Battle(battleSpec([archer], [stoutAxe], { fighterPolicy: SHOOTER, settings: { distance } }), new BattleDice(new ScriptedDice([])), BATTLE_POLICIES);
      bt.reset();
      bt.state[0] = DOWNED;
      return [duelDecide(d, 0, false) === Action.CrawlAway, battleDecide(bt, 0, false) === Act.Crawl];
    };
    // Keen crawls 2"; Stout's charge reach is 4 + 1 = 5".
    expect(downed(0.5)).toEqual([true, true]); // out of Mercy Kill range
    expect(downed(2)).toEqual([false, false]); // 4" is still within reach
    expect(downed(4)).toEqual([true, true]); // out of charge reach
    expect(downed(6)).toEqual([false, false]); // already out of reach
  });
});
