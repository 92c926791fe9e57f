/**
 * Skirmish battles as a game (src/games/game.ts, battle/game.ts): every named policy and `tactical`
 * play whole battles through the illegal-action guard without tripping it; the game drives the
 * same engine as play() (same dice, same results); clones are independent; apply() refuses what
 * the rules do not allow; legal Move destinations keep off bases and within the allowance.
 */
import { describe, expect, it } from 'vitest';
import { guarded, playOut } from '../../../../src/games/game.js';
import { Act } from '../../../../src/systems/skirmish/battle/engine.js';
import { battleGame, battlePolicy, describeAction, type BattleAction } from '../../../../src/systems/skirmish/battle/game.js';
import { TACTICAL } from '../../../../src/systems/skirmish/battle/setup.js';
import { OUT_OF_ACTION } from '../../../../src/systems/skirmish/profile.js';
import { AGGRESSIVE, KITE, SHOOTER } from '../../../../src/systems/skirmish/duel/setup.js';
import { quickOr } from '../../../helpers/sample.js';
import { allPlay, seeded, studySpecs } from './players.js';

const FILES = ['configs/skirmish-battle.yaml', 'configs/skirmish-battle-terrain.yaml', 'test/fixtures/battle-players.yaml'];
// One matchup of each kind per file (quick); every task under BALANCE_TEST_FULL=1.
const specs = FILES.flatMap((f) => studySpecs(f).filter((_, k) => quickOr(0, 1) === 1 || (k % 3 === 0 && k < 6)));
const POLICIES = [['aggressive', AGGRESSIVE], ['shooter', SHOOTER], ['kite', KITE], ['tactical', TACTICAL]] as const;

describe('every battle policy through the illegal-action guard', () => {
  for (const [name, policy] of POLICIES) {
    it(`${name}: whole battles of every study, each decision one of the legal actions`, () => {
      const n = quickOr(2, 60);
      let decided = 0;
      specs.forEach((spec, k) => {
        for (let s = 0; s < n; s++) {
          const { b, dice } = seeded(allPlay(spec, policy), 1000 * k + s);
          b.start();
          const guard = guarded(battlePolicy, (a: BattleAction) => describeAction(b, a));
          const counting = { name, choose: (...args: Parameters<typeof guard.choose>) => (decided++, guard.choose(...args)) };
          const r = playOut(battleGame, b, [counting, counting], dice);
          expect(r[0]! + r[1]!).toBe(1);
        }
      });
      expect(decided).toBeGreaterThan(100);
    });
  }

  it('the study files as written (named and tactical fighters mixed) too', () => {
    specs.forEach((spec, k) => {
      for (let s = 0; s < quickOr(2, 40); s++) {
        const { b, dice } = seeded(spec, 77 + 100 * k + s);
        b.start();
        playOut(battleGame, b, [guarded(battlePolicy), guarded(battlePolicy)], dice);
      }
    });
  });
});

describe('one engine, two drivers', () => {
  for (const [name, policy] of POLICIES) {
    it(`${name}: the game with the fighters' own policies plays each battle as play() does (same dice, winner, rounds, positions)`, () => {
      specs.forEach((spec0, k) => {
        const spec = allPlay(spec0, policy);
        for (let s = 0; s < quickOr(2, 30); s++) {
          const direct = seeded(spec, 5 * k + s);
          const winner = direct.b.play();
          const game = seeded(spec, 5 * k + s);
          game.b.start();
          const r = playOut(battleGame, game.b, [battlePolicy, battlePolicy], game.dice);
          expect(r).toEqual(winner === 2 ? [0.5, 0.5] : winner === 0 ? [1, 0] : [0, 1]);
          expect(game.b.rounds).toBe(direct.b.rounds);
          expect(Array.from(game.b.x)).toEqual(Array.from(direct.b.x));
          expect(Array.from(game.b.state)).toEqual(Array.from(direct.b.state));
        }
      });
    });
  }
});

describe('the game interface', () => {
  it('a clone plays on alone: the original is left as it was', () => {
    const { b, dice } = seeded(specs[0]!, 3);
    b.start();
    for (let k = 0; k < 5; k++) battleGame.apply(b, battlePolicy.choose(battleGame, b, battleGame.legalActions(b), dice), dice);
    const before = { x: Array.from(b.x), state: Array.from(b.state), decider: b.decider, phase: b.phase, round: b.round };
    const c = battleGame.clone(b);
    playOut(battleGame, c, [battlePolicy, battlePolicy], dice);
    expect(battleGame.isTerminal(c)).toBe(true);
    expect({ x: Array.from(b.x), state: Array.from(b.state), decider: b.decider, phase: b.phase, round: b.round }).toEqual(before);
    expect(battleGame.isTerminal(b)).toBe(false);
    expect(battleGame.actor(b)).toBe(b.side[b.decider]);
    expect(battleGame.fighter(b)).toBe(b.decider);
  });

  it('apply() refuses an action the rules do not allow: a Melee at an enemy 12" away, a Move beyond Movement, a Move onto a base', () => {
    const { b, dice } = seeded(allPlay(specs[0]!, TACTICAL), 4);
    b.start();
    const i = b.decider;
    const far = b.from(1 - b.side[i]!);
    const legal = battleGame.legalActions(b);
    const melee: BattleAction = { act: Act.Melee, target: far, x: 0, y: 0, amount: 0 };
    expect(legal.some((a) => battleGame.same(a, melee))).toBe(false);
    expect(() => battleGame.apply(b, melee, dice)).toThrow(/not allowed/);
    const tooFar: BattleAction = { act: Act.MoveTo, target: -1, x: b.x[i]!, y: b.y[i]! + (b.side[i] === 0 ? 1 : -1) * (b.movement[i]! + 0.5), amount: 0 };
    expect(() => battleGame.apply(b, tooFar, dice)).toThrow(/not allowed/);
    const friend = i === b.from(b.side[i]!) ? i + 1 : b.from(b.side[i]!);
    const onBase: BattleAction = { act: Act.MoveTo, target: -1, x: b.x[friend]!, y: b.y[friend]!, amount: 0 };
    expect(() => battleGame.apply(b, onBase, dice)).toThrow(/not allowed/);
  });

  it('Move destinations: at least 0.05" away, on no base, reached within Movement by the shortest legal path; Charges end within 1" of an enemy', () => {
    for (const spec of specs) {
      const { b, dice } = seeded(allPlay(spec, TACTICAL), 9);
      b.start();
      for (let k = 0; k < 40 && !battleGame.isTerminal(b); k++) {
        const i = b.decider;
        for (const a of battleGame.legalActions(b)) {
          if (a.act !== Act.MoveTo && a.act !== Act.ChargeTo) continue;
          expect(Math.hypot(a.x - b.x[i]!, a.y - b.y[i]!)).toBeGreaterThanOrEqual(0.05);
          for (let f = 0; f < b.n; f++) {
            if (f !== i && b.state[f] !== OUT_OF_ACTION) expect(Math.hypot(a.x - b.x[f]!, a.y - b.y[f]!)).toBeGreaterThanOrEqual(b.r[i]! + b.r[f]! - 1e-6);
          }
          if (a.act === Act.ChargeTo) {
            const g = Math.min(...Array.from({ length: b.n }, (_, f) => (b.side[f] !== b.side[i] && b.state[f] !== OUT_OF_ACTION ? Math.hypot(a.x - b.x[f]!, a.y - b.y[f]!) - b.r[i]! - b.r[f]! : Infinity)));
            expect(g).toBeLessThanOrEqual(1 + 1e-9);
          }
        }
        battleGame.apply(b, battlePolicy.choose(battleGame, b, battleGame.legalActions(b), dice), dice);
      }
    }
  });
});
