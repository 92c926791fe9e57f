/** The exact walker's chance dice: paths enumerated once each, a roll's total as one chance node with totalDistribution's probabilities. */
import { describe, expect, it } from 'vitest';
import { ChancePath } from '../../../src/dice/chance-path.js';
import { ExchangeChanceDice } from '../../../src/systems/exchange/duel/chance.js';
import { totalDistribution } from '../../../src/systems/exchange/exact.js';
import { DEFAULT_EXCHANGE_KNOBS, rollTotal } from '../../../src/systems/exchange/rules.js';

describe('chance paths', () => {
  it('every path of a tree whose width depends on the branch taken, once each, in odometer order', () => {
    const path = new ChancePath();
    const seen: string[] = [];
    path.begin();
    do {
      const first = path.branch(3);
      // branch 2 stops the path; the others have a second node of width first + 2
      seen.push(first === 2 ? `${first}` : `${first}.${path.branch(first + 2)}`);
    } while (path.next());
    expect(seen).toEqual(['0.0', '0.1', '1.0', '1.1', '1.2', '2']);
  });
});

describe('exchange chance dice', () => {
  it('rollTotal asks the chance dice for the total: one node with the support of totalDistribution, probabilities summing to 1', () => {
    const knobs = { ...DEFAULT_EXCHANGE_KNOBS, edge: 'reroll-lowest' as const };
    for (const [n, edge] of [[1, 0], [3, 1], [4, -1], [2, 1]] as const) {
      const dice = new ExchangeChanceDice();
      const dist = totalDistribution(n, edge, knobs);
      const got = new Float64Array(dist.length);
      let paths = 0;
      dice.path.begin();
      do {
        const t = rollTotal(dice, n, edge, knobs);
        got[t]! += dice.path.prob;
        paths++;
      } while (dice.path.next());
      expect(paths).toBe(dist.filter((p) => p > 0).length);
      dist.forEach((p, t) => expect(got[t]).toBeCloseTo(p, 15));
    }
  });

  it('a single roll (the opener) branches over its faces, 1/sides each', () => {
    const dice = new ExchangeChanceDice();
    const faces: number[] = [];
    dice.path.begin();
    do {
      faces.push(dice.roll(2));
      expect(dice.path.prob).toBe(0.5);
    } while (dice.path.next());
    expect(faces).toEqual([1, 2]);
  });
});
