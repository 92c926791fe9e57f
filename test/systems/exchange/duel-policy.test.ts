/**
 * Solved exchange duel policies as studies play them (issue #15): the solver's decision table,
 * played by the exact walker, gives exactly the solver's value (so every decision the walk meets
 * was recorded, and recorded with its best option); the simulator playing the table (solved once in
 * the kernel's prepare) matches the exact value within 4 SE with no table misses; the optimal side
 * against a named opponent scores at least the minimax value (4 SE); the policy gap columns bracket;
 * the same with Prone in play, where solved sides choose to stand up or stay Prone.
 */
import { describe, expect, it } from 'vitest';
import { proneExchangeDuel, randomExchangeDuel } from '../../helpers/exchange-random.js';
import { expectMeanNear, expectRateNear, SE_MULTIPLE } from '../../helpers/se.js';
import type { ExchangeDuelSpec } from '../../../src/systems/exchange/duel/engine.js';
import { exactExchangeDuel } from '../../../src/systems/exchange/duel/exact.js';
import { exchangeDuelDice } from '../../../src/systems/exchange/duel/kernel.js';
import { exchangeDuelLayout } from '../../../src/systems/exchange/duel/layout.js';
import { exchangePolicyGap, exchangeStudyPlayer, solveExchangePlay } from '../../../src/systems/exchange/duel/solved-policy.js';
import { solveExchangeDuel, type SideMode } from '../../../src/systems/exchange/duel/solve.js';
import type { TablePlayer } from '../../../src/systems/exchange/duel/solved-table.js';
import { STAND_DECISION } from '../../../src/systems/exchange/duel/choice.js';
import { BEST_RESPONSE, NAMED, OPTIMAL } from '../../../src/systems/skirmish/duel/solved-policy.js';

const EPS = 1e-12;
const MODES: readonly (readonly [SideMode, SideMode])[] = [['solved', 'named'], ['named', 'solved'], ['solved', 'solved']];

/** P(a) + 1/2 P(draw) of an exact tally. */
const score = (t: Float64Array): number => t[0]! + t[2]! / 2;

/** Simulates n duels of the task spec with the kernel (its prepare solves the table); the tally and the table's player. */
function simulate(spec: ExchangeDuelSpec, n: number, seed: number): { tally: Float64Array; player: TablePlayer } {
  const p = exchangeDuelDice.prepare(spec);
  const tally = new Float64Array(exchangeDuelDice.tallySize(spec));
  exchangeDuelDice.run(p, Int32Array.from([seed, 7, 11, 13]), n, tally);
  return { tally, player: p.duel.chooser as TablePlayer };
}

describe('solved exchange policies in studies', () => {
  it('the exact walker playing the recorded table gives the solver\'s value, with no table misses (6 random duels, 3 modes)', () => {
    for (let k = 0; k < 6; k++) {
      const s = randomExchangeDuel(5100 + k, 3, true);
      for (const modes of MODES) {
        const play = solveExchangePlay(s, modes);
        expect(play.player.table.size, `duel ${k} ${modes.join('/')}`).toBeGreaterThan(0);
        const t = exactExchangeDuel(s, undefined, play.player).tally;
        expect(score(t), `duel ${k} ${modes.join('/')}`).toBeCloseTo(solveExchangeDuel(s, modes).value, 10);
        expect(play.player.misses, `duel ${k} ${modes.join('/')}`).toBe(0);
      }
    }
  });

  it('a side playing its best response does better than its named policy where solving finds better play', () => {
    let better = 0;
    for (let k = 0; k < 8; k++) {
      const s = randomExchangeDuel(5200 + k, 3, true);
      const named = score(exactExchangeDuel(s).tally);
      const br = score(exactExchangeDuel(s, undefined, solveExchangePlay(s, ['solved', 'named']).player).tally);
      expect(br, `duel ${k}`).toBeGreaterThanOrEqual(named - EPS);
      if (br > named + 1e-6) better++;
    }
    expect(better).toBeGreaterThan(3);
  });

  it('run: the simulator playing a best response matches its exact value within 4 SE, no table misses', () => {
    const n = 20_000;
    for (let k = 0; k < 3; k++) {
      const base = randomExchangeDuel(5300 + k, 4, true);
      for (const solved of [[BEST_RESPONSE, NAMED], [NAMED, BEST_RESPONSE]] as const) {
        const spec: ExchangeDuelSpec = { ...base, solved };
        const exact = exactExchangeDuel(spec, undefined, exchangeStudyPlayer(spec)).tally;
        const { tally, player } = simulate(spec, n, 40 + k);
        const L = exchangeDuelLayout(spec.maxRounds);
        expectRateNear(tally[L.winner]! / n, exact[0]!, n, `duel ${k} a wins`);
        expectRateNear(tally[L.winner + 1]! / n, exact[1]!, n, `duel ${k} b wins`);
        for (let e = 0; e < 3; e++) expectRateNear(tally[L.end + e]! / n, exact[L.end + e]!, n, `duel ${k} end ${e}`);
        expect(player.misses, `duel ${k}`).toBe(0);
        // The solver's value is the exact walk's score under the table.
        const v = solveExchangeDuel(spec, solved[0] === NAMED ? ['named', 'solved'] : ['solved', 'named']).value;
        const sd = Math.sqrt(exact[0]! + exact[2]! / 4 - v * v);
        expectMeanNear((tally[L.winner]! + tally[L.winner + 2]! / 2) / n, v, Math.max(sd, 0.01), n, `duel ${k} score`);
      }
    }
  });

  it('with Prone in play (stand up or stay Prone): the table walk gives the solver\'s value; the simulator matches it (4 SE); no misses', () => {
    const n = 20_000;
    let stays = 0;
    // Duels where the solved sides stay Prone in some states (a thrown or projectile weapon on one side).
    for (const seed of [5354, 5356]) {
      const base = proneExchangeDuel(seed, 3, true);
      for (const solved of [[BEST_RESPONSE, NAMED], [NAMED, OPTIMAL]] as const) {
        const spec: ExchangeDuelSpec = { ...base, solved };
        const player = exchangeStudyPlayer(spec)!;
        player.hook = (_duel, _side, kind, _extra, option, _width, p) => {
          if (kind === STAND_DECISION && option === 1) stays += p;
        };
        const exact = exactExchangeDuel(spec, undefined, player).tally;
        player.hook = null;
        if (solved[0] === BEST_RESPONSE) expect(score(exact), `duel ${seed}`).toBeCloseTo(solveExchangeDuel(spec, ['solved', 'named']).value, 10);
        // b's part of the minimax solution holds a's named policy to the minimax value or below.
        else expect(score(exact), `duel ${seed}`).toBeLessThanOrEqual(solveExchangeDuel(spec, ['solved', 'solved']).value + EPS);
        expect(player.misses, `duel ${seed} exact`).toBe(0);
        const { tally, player: simPlayer } = simulate(spec, n, seed);
        const L = exchangeDuelLayout(spec.maxRounds);
        for (let w = 0; w < 3; w++) expectRateNear(tally[L.winner + w]! / n, exact[L.winner + w]!, n, `duel ${seed} winner ${w}`);
        for (let e = 0; e < 3; e++) expectRateNear(tally[L.end + e]! / n, exact[L.end + e]!, n, `duel ${seed} end ${e}`);
        expect(simPlayer.misses, `duel ${seed} run`).toBe(0);
      }
    }
    expect(stays).toBeGreaterThan(1);
  });

  it('run: the optimal side against a named opponent scores at least the minimax value (4 SE)', () => {
    const n = 20_000;
    for (let k = 0; k < 3; k++) {
      const base = randomExchangeDuel(5400 + k, 4, true);
      const minimax = solveExchangeDuel(base, ['solved', 'solved']).value;
      const { tally, player } = simulate({ ...base, solved: [OPTIMAL, NAMED] }, n, 50 + k);
      const L = exchangeDuelLayout(base.maxRounds);
      const observed = (tally[L.winner]! + tally[L.winner + 2]! / 2) / n;
      expect(observed, `duel ${k}`).toBeGreaterThanOrEqual(minimax - (SE_MULTIPLE * 0.5) / Math.sqrt(n));
      expect(player.misses, `duel ${k}`).toBe(0);
    }
  });

  it('policy gap: best response >= named >= the other side\'s best response; optimal between; a and b add up with draws', () => {
    for (let k = 0; k < 4; k++) {
      const s = randomExchangeDuel(5500 + k, 3, true);
      const [aN, aB, aO, bN, bB, bO] = exchangePolicyGap({ ...s, solved: [OPTIMAL, OPTIMAL] });
      const t = exactExchangeDuel(s).tally;
      expect(aN).toBeCloseTo(t[0]!, 12);
      expect(bN).toBeCloseTo(t[1]!, 12);
      for (const x of [aB, aO, bB, bO]) expect(Number.isFinite(x!)).toBe(true);
      // Scores: a's best response >= minimax >= b's best response (in a's score).
      const brA = solveExchangeDuel(s, ['solved', 'named']).value;
      const brB = solveExchangeDuel(s, ['named', 'solved']).value;
      const opt = solveExchangeDuel(s, ['solved', 'solved']).value;
      expect(opt).toBeLessThanOrEqual(brA + EPS);
      expect(opt).toBeGreaterThanOrEqual(brB - EPS);
      expect(aO! + bO!).toBeLessThanOrEqual(1 + EPS);
    }
  });
});
