/**
 * Exchange fights as a game (src/games/game.ts, exchange/fight/game.ts): the game with every
 * character on its own policy plays each fight exactly as the engine's play() does (same dice ->
 * same winner, end, Rounds, positions, tallies and trace); every named policy and `tactical` play
 * whole fights through the illegal-action guard; legal actions are what the rules allow; a player
 * that picks any legal action plays fights to their end; clones are independent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStudy } from '../../../../src/config/load.js';
import { validate } from '../../../../src/config/validate.js';
import { RngDice, type Dice } from '../../../../src/dice/dice.js';
import { RecordingDice } from '../../../../src/dice/recording-dice.js';
import { deriveStream, Xoshiro128ss } from '../../../../src/dice/rng.js';
import { guarded, playOut, type GamePolicy } from '../../../../src/games/game.js';
import { COLLAPSED, IN_FIGHT } from '../../../../src/systems/exchange/combatant.js';
import { CLASH, FULL_GUARD } from '../../../../src/systems/exchange/rules.js';
import { ExchangeFight } from '../../../../src/systems/exchange/fight/engine.js';
import {
  describeAction, exchangeGame, ownPolicy, startFight, traceState, XF_ATTACK, XF_END, XF_MOVE, XF_OPPORTUNITY, XF_RESPOND, type XfAction, type XfState,
} from '../../../../src/systems/exchange/fight/game.js';
import { spaces } from '../../../../src/systems/exchange/fight/map.js';
import { exchangeFight } from '../../../../src/systems/exchange/fight/mode.js';
import type { ExchangeFightStudy } from '../../../../src/systems/exchange/fight/schema.js';
import type { ExchangeFightSpec } from '../../../../src/systems/exchange/fight/spec.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { quickOr } from '../../../helpers/sample.js';
import { oneOnOne, PARTS, tasks } from './helpers.js';

const ROOT = join(__dirname, '../../../..');

function specsOf(text: string): ExchangeFightSpec[] {
  const s = validate(parseStudy('test.yaml', text), exchangeFight.schema) as ExchangeFightStudy;
  return exchangeFight.plan(s, 100).map((t) => t.spec);
}

/** Every character on `policy`: groups, a bow, a spear that protects, cover (full and partial). */
const ALL = (policy: string): string => `${PARTS}sides:
  heroes: [{ loadout: mira, policy: ${policy} }, { loadout: spear, policy: ${policy}, move: protect }, { loadout: bow, policy: ${policy} }]
  bandits: [{ loadout: rook, policy: ${policy}, count: 3, group: gate }, { loadout: bow, policy: ${policy}, count: 2, group: wall }, { loadout: dagger, policy: ${policy} }]
fight: { map: [14, 10], distance: 5, opener: random, tactics: { bandits: { targeting: weakest, order: fresh-first }, heroes: { targeting: focus } }, cover: [{ at: [6, 3], size: [1, 3], kind: partial }, { at: [7, 7], kind: full }] }
matchups: [{ a: heroes, b: bandits }]
`;
const POLICIES = ['all-in', 'guard-first', 'reserve-0', 'reserve-1', 'reserve-2', 'tactical'];
const CONFIGS = ['configs/exchange-fight-reach.yaml', 'configs/exchange-fight-heroes-vs-monsters.yaml', 'test/fixtures/exchange-fight-wall.yaml', 'test/fixtures/exchange-fight-cover.yaml'];
/** Policies mixed, Slowed (double costs, half movement), Prone from the start (stand-up), Reeling; a spear and a sword that keep range. */
const MIXED = `${PARTS}sides:
  a: [{ loadout: spear, policy: tactical, conditions: [slowed] }, { loadout: sword, policy: reserve-1, conditions: [prone] }, { loadout: bow, policy: all-in, move: close }]
  b: [{ loadout: mira, policy: guard-first, conditions: [slowed, reeling] }, { loadout: dagger, policy: tactical, conditions: [prone] }, { loadout: veyr, policy: reserve-2 }]
fight: { map: [12, 8], distance: 4, opener: random, cover: [{ at: [5, 2], size: [1, 3], kind: full }] }
matchups: [{ a: a, b: b }]
`;

const dice = (seed: number): Dice => new RngDice(new Xoshiro128ss(deriveStream(seed)));

function snapshot(f: ExchangeFight) {
  return {
    winner: f.winner, end: f.end, round: f.round, x: Array.from(f.x), y: Array.from(f.y),
    vit: f.chars.map((c) => c.vit), status: f.chars.map((c) => c.status), ready: f.chars.map((c) => c.ready),
    dealt: Array.from(f.dealt), taken: Array.from(f.taken), adAttack: Array.from(f.adAttack), adResponse: Array.from(f.adResponse), adMove: Array.from(f.adMove),
  };
}

function collector(into: TraceEvent[]) {
  return { begin: () => undefined, event: (e: TraceEvent) => void into.push(e), end: () => undefined };
}

/** Plays one fight through the game with `policy`, counting decisions. */
function playGame(spec: ExchangeFightSpec, seed: number, policy: GamePolicy<XfState, XfAction>): { s: XfState; d: Dice; decisions: number } {
  const d = dice(seed);
  const s = startFight(spec, d);
  let decisions = 0;
  const counting: GamePolicy<XfState, XfAction> = { name: policy.name, choose: (g, st, legal, dd) => (decisions++, policy.choose(g, st, legal, dd)) };
  playOut(exchangeGame, s, [counting, counting], d);
  return { s, d, decisions };
}

describe('one engine, two drivers', () => {
  const cases = [...POLICIES.map((p) => ({ name: p, specs: specsOf(ALL(p)) })), { name: 'mixed policies and Conditions', specs: specsOf(MIXED) }, ...CONFIGS.map((c) => ({ name: c, specs: specsOf(readFileSync(join(ROOT, c), 'utf8')) })),
    // The named players' greedy steps against a wall and behind cover (issue 28: idle turns, Run paid and not used).
    ...CONFIGS.slice(2).map((c) => ({ name: `${c}, reserve-1 and all-in`, specs: specsOf(readFileSync(join(ROOT, c), 'utf8').replace('{ loadout: sword }', '{ loadout: sword, policy: reserve-1 }').replace('{ loadout: bow }', '{ loadout: bow, policy: all-in }')) }))];
  for (const { name, specs } of cases) {
    it(`${name}: the game on the characters' own policies plays each fight as play() does (same dice -> same result, tallies, trace)`, () => {
      let decisions = 0;
      specs.forEach((spec, k) => {
        for (let i = 0; i < quickOr(4, 30); i++) {
          const seed = 1000 * k + i;
          const direct = new ExchangeFight(spec, dice(seed));
          direct.play();
          const g = playGame(spec, seed, guarded(ownPolicy, (a) => describeAction(spec, a)));
          decisions += g.decisions;
          expect(exchangeGame.returns(g.s)).toEqual(direct.winner === 0 ? [1, 0] : direct.winner === 1 ? [0, 1] : [0.5, 0.5]);
          expect(snapshot(g.s.fight)).toEqual(snapshot(direct));
          if (i < 2) {
            const traced = new ExchangeFight(spec, new RecordingDice(dice(seed)));
            const want: TraceEvent[] = [];
            traced.observer = collector(want);
            traced.play();
            const got: TraceEvent[] = [];
            traceState(g.s, collector(got));
            expect(got).toEqual(want);
          }
        }
      });
      expect(decisions).toBeGreaterThan(20);
    });
  }
});

/** A player that picks uniformly among the legal actions (End a little less often, so turns do things). */
const anyLegal: GamePolicy<XfState, XfAction> = {
  name: 'any-legal',
  choose(_g, _s, legal, d) {
    const pick = legal[d.roll(legal.length) - 1]!;
    return pick.kind === XF_END && legal.length > 1 && d.roll(3) > 1 ? legal[d.roll(legal.length - 1)]! : pick;
  },
};

describe('legal actions', () => {
  const spec = specsOf(ALL('tactical'))[0]!;

  it('a player picking any legal action plays fights to their end; every action it saw is what the rules allow', () => {
    let checked = 0;
    const w = spec.width;
    for (let seed = 0; seed < quickOr(3, 40); seed++) {
      const d = dice(seed);
      const s = startFight({ ...spec, maxRounds: 6 }, d);
      for (let n = 0; !exchangeGame.isTerminal(s); n++) {
        expect(n).toBeLessThan(20000);
        const f = s.fight;
        const who = exchangeGame.fighter(s);
        const c = f.chars[who]!;
        const legal = exchangeGame.legalActions(s);
        expect(legal.length).toBeGreaterThan(0);
        expect(legal.some((a) => exchangeGame.same(a, f.pending!.own))).toBe(true);
        for (const a of legal) {
          checked++;
          if (a.kind === XF_ATTACK) {
            expect(c.status).toBe(IN_FIGHT);
            expect(f.sideOf[a.target]).not.toBe(f.sideOf[who]);
            expect(f.canAttack(who, a.target)).toBe(true);
            expect(c.cost(c.baseCost + a.boost)).toBeLessThanOrEqual(c.ready);
            expect(a.boost).toBeLessThanOrEqual(c.attackSkill);
          }
          if (a.kind === XF_RESPOND && a.target !== 0) {
            expect(c.cost((a.target === CLASH ? c.baseCost : 1) + a.boost)).toBeLessThanOrEqual(c.ready);
            if (a.target === CLASH) expect(c.status).toBe(IN_FIGHT);
            else expect(a.target).toBe(FULL_GUARD);
          }
          if (a.kind === XF_OPPORTUNITY && a.boost >= 0) expect(c.cost(c.baseCost + a.boost)).toBeLessThanOrEqual(c.ready);
          if (a.kind === XF_MOVE) {
            expect(c.status).not.toBe(COLLAPSED);
            expect(a.x >= 0 && a.x < w && a.y >= 0 && a.y < spec.height).toBe(true);
            const here = a.x === f.x[who] && a.y === f.y[who];
            if (!here) expect(f.map.free(a.x, a.y)).toBe(true);
            if (a.mode < 0) expect(spaces(f.x[who]!, f.y[who]!, a.x, a.y)).toBeGreaterThan(0);
            else expect(spaces(f.x[who]!, f.y[who]!, a.x, a.y)).toBeLessThanOrEqual(f.allowance[who * 3 + a.mode]!);
          }
        }
        exchangeGame.apply(s, anyLegal.choose(exchangeGame, s, legal, d), d);
      }
      const r = exchangeGame.returns(s);
      expect(r[0]! + r[1]!).toBe(1);
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('apply refuses an action outside the legal list', () => {
    const d = dice(3);
    const s = startFight(spec, d);
    const bogus: XfAction = { kind: XF_ATTACK, target: exchangeGame.fighter(s), x: -1, y: -1, mode: -1, boost: 0, own: 0 };
    expect(() => exchangeGame.apply(s, bogus, d)).toThrow(/not allowed/);
  });

  it('a clone plays on alone; the original plays on to the same end on the same dice', () => {
    const d = dice(8);
    const s = startFight(spec, d);
    for (let k = 0; k < 25; k++) exchangeGame.apply(s, ownPolicy.choose(exchangeGame, s, exchangeGame.legalActions(s), d), d);
    const before = { log: s.log.length, faces: s.faces.length, snap: snapshot(s.fight), legal: exchangeGame.legalActions(s) };
    const c = exchangeGame.clone(s);
    expect(exchangeGame.legalActions(c)).toEqual(before.legal);
    playOut(exchangeGame, c, [anyLegal, anyLegal], dice(99));
    expect(exchangeGame.isTerminal(c)).toBe(true);
    expect({ log: s.log.length, faces: s.faces.length, snap: snapshot(s.fight), legal: exchangeGame.legalActions(s) }).toEqual(before);
    const twin = exchangeGame.clone(s);
    expect(playOut(exchangeGame, s, [ownPolicy, ownPolicy], dice(5))).toEqual(playOut(exchangeGame, twin, [ownPolicy, ownPolicy], dice(5)));
    expect(snapshot(twin.fight)).toEqual(snapshot(s.fight));
  });
});

describe('decisions, one at a time', () => {
  const one = (a: string, b: string, distance = 1) => tasks(oneOnOne(a, b, `fight: { map: [20, 9], distance: ${distance}, opener: a }`))[0]!.spec;
  const kinds = (legal: readonly XfAction[], kind: number) => legal.filter((a) => a.kind === kind);

  it('the opener\'s turn: attacks on the enemy in reach with each Boost up to its Skill Level (all-in names the most), End, Moves in each mode', () => {
    const spec = one('sword', 'mira');
    const d = dice(1);
    const s = startFight(spec, d);
    expect([exchangeGame.actor(s), exchangeGame.fighter(s)]).toEqual([0, 0]);
    const legal = exchangeGame.legalActions(s);
    // duelist: Melee 2, 6 Ready AD, Base Attack Cost 1
    expect(kinds(legal, XF_ATTACK).map((a) => [a.target, a.boost])).toEqual([[1, 0], [1, 1], [1, 2]]);
    expect(s.fight.pending!.own).toMatchObject({ kind: XF_ATTACK, target: 1, boost: 2 });
    expect(kinds(legal, XF_END)).toHaveLength(1);
    expect(new Set(kinds(legal, XF_MOVE).map((a) => a.mode))).toEqual(new Set([0, 1, 2]));
  });

  it('a melee attack on mira: No Response, Full Guard with Boost up to her Melee 3, Clash with Boost up to 3; the chosen answer is what she pays', () => {
    const spec = one('sword', 'mira');
    const d = dice(2);
    const s = startFight(spec, d);
    exchangeGame.apply(s, { kind: XF_ATTACK, target: 1, x: -1, y: -1, mode: -1, boost: 0, own: 0 }, d);
    expect(exchangeGame.fighter(s)).toBe(1);
    const legal = exchangeGame.legalActions(s);
    expect(legal.map((a) => [a.target, a.boost])).toEqual([[0, 0], [FULL_GUARD, 0], [FULL_GUARD, 1], [FULL_GUARD, 2], [FULL_GUARD, 3], [CLASH, 0], [CLASH, 1], [CLASH, 2], [CLASH, 3]]);
    exchangeGame.apply(s, legal.find((a) => a.target === FULL_GUARD && a.boost === 3)!, d);
    expect([s.fight.adAttack[0], s.fight.adResponse[1]]).toEqual([1, 4]);
  });

  it('a bow\'s shot at mira: Full Guard Boost up to her Acrobatics 1, no Clash (a sword cannot Clash a shot)', () => {
    const spec = one('bow', 'mira', 6);
    const d = dice(3);
    const s = startFight(spec, d);
    const shot = exchangeGame.legalActions(s).find((a) => a.kind === XF_ATTACK && a.boost === 0)!;
    exchangeGame.apply(s, shot, d);
    expect(exchangeGame.legalActions(s).map((a) => [a.target, a.boost])).toEqual([[0, 0], [FULL_GUARD, 0], [FULL_GUARD, 1]]);
  });

  it('a Run the player chooses: paid once (1 AD), the mover ends on the Space; End then gives the turn to the other side', () => {
    const spec = one('sword', 'mira', 12);
    const d = dice(4);
    const s = startFight(spec, d);
    const run = kinds(exchangeGame.legalActions(s), XF_MOVE).filter((a) => a.mode === 1 && a.own === 0 && a.x !== s.fight.x[0])[0]!;
    exchangeGame.apply(s, run, d);
    expect([s.fight.x[0], s.fight.y[0], s.fight.adMove[0]]).toEqual([run.x, run.y, 1]);
    expect(exchangeGame.fighter(s)).toBe(0);
    // The mode is paid: further Moves go on it (mode -1), none in another mode.
    expect(new Set(kinds(exchangeGame.legalActions(s), XF_MOVE).map((a) => a.mode))).toEqual(new Set([-1]));
    exchangeGame.apply(s, { kind: XF_END, target: -1, x: -1, y: -1, mode: -1, boost: 0, own: 0 }, d);
    expect(exchangeGame.fighter(s)).toBe(1);
  });
});
