/**
 * What one Exchange is worth, exactly, for the `tactical` policy: the expected Wounds the attacker
 * deals minus the expected Wounds it takes (a Clash that wins), from the exact distributions of
 * both rolls' totals (../exact.ts totalDistribution; Edge included) through the same margin and
 * Wound Conversion as every engine (../rules.ts). Values are cached per fight (the fighters'
 * Strike and Soak do not change), so after the first few fights every lookup is one Map read.
 */
import { totalDistribution } from '../exact.js';
import { exchangeMargin, hitWounds, NO_RESPONSE, type ExchangeKnobs } from '../rules.js';

/** Dice counts above this are valued as this many (a pool this large is far past any study's). */
const MAX_DICE = 31;

export class ExchangeValues {
  /** totals[edge + 1][n]: P(total = t). */
  private readonly totals: Float64Array[][] = [[], [], []];
  private readonly cache = new Map<number, number>();

  constructor(private readonly knobs: ExchangeKnobs, private readonly strike: ArrayLike<number>, private readonly soak: ArrayLike<number>) {}

  /** P(total = t) of n dice with this Edge (-1, 0, 1). */
  distribution(n: number, edge: number): Float64Array {
    const k = Math.min(MAX_DICE, Math.max(0, n));
    const row = this.totals[edge + 1]!;
    return (row[k] ??= totalDistribution(k, edge, this.knobs));
  }

  /**
   * Expected Wounds to the defender minus Wounds to the attacker when `att` attacks `def` with nA dice
   * at Edge eA and `def` answers with `response` (nD dice at Edge eD; ignored for No Response).
   */
  net(att: number, def: number, nA: number, eA: number, response: number, nD: number, eD: number): number {
    const dD = response === NO_RESPONSE ? 0 : Math.min(MAX_DICE, nD);
    const key = ((((((att * 128 + def) * 32 + Math.min(MAX_DICE, nA)) * 3 + eA + 1) * 3 + response) * 32 + dD) * 3 + (response === NO_RESPONSE ? 1 : eD + 1));
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const A = this.distribution(nA, eA);
    const D = response === NO_RESPONSE ? NONE : this.distribution(nD, eD);
    const sa = this.strike[att]!;
    const sd = this.strike[def]!;
    const ka = this.soak[att]!;
    const kd = this.soak[def]!;
    let v = 0;
    for (let a = 0; a < A.length; a++) {
      const pa = A[a]!;
      if (pa === 0) continue;
      for (let d = 0; d < D.length; d++) {
        const pd = D[d]!;
        if (pd === 0) continue;
        const m = exchangeMargin(response, a, d);
        if (m > 0) v += pa * pd * hitWounds(m, sa, kd);
        else if (m < 0) v -= pa * pd * hitWounds(-m, sd, ka);
      }
    }
    this.cache.set(key, v);
    return v;
  }
}

const NONE = Float64Array.of(1);
