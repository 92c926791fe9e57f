/**
 * Exchange attack kernels. `dice`: the per-die reference (rollExchange) over the chunk's stream;
 * `table`: one draw per Exchange from the exact outcome distribution.
 */
import { buildAlias, type AliasTable } from '../../../dice/alias.js';
import { runAliasTable } from '../../../dice/alias-kernel.js';
import { RngDice } from '../../../dice/dice.js';
import { Xoshiro128ss } from '../../../dice/rng.js';
import type { Kernel } from '../../types.js';
import { exchangeExact } from '../exact.js';
import { exchangeCode, exchangeCodes, rollExchange, type ExchangeSpec } from '../rules.js';

interface Prepared {
  readonly spec: ExchangeSpec;
  readonly rng: Xoshiro128ss;
  readonly dice: RngDice;
}

export const exchangeAttackDice: Kernel<ExchangeSpec, Prepared> = {
  tallySize: exchangeCodes,
  warmup: 2000,
  prepare(spec) {
    const rng = new Xoshiro128ss([1, 2, 3, 4]);
    return { spec, rng, dice: new RngDice(rng) };
  },
  run(p, state, n, tally) {
    p.rng.setState(state);
    for (let i = 0; i !== n; ++i) {
      const code = exchangeCode(p.spec, rollExchange(p.dice, p.spec));
      tally[code] = tally[code]! + 1;
    }
    p.rng.saveState(state);
  },
};

export const exchangeAttackTable: Kernel<ExchangeSpec, AliasTable> = {
  tallySize: exchangeCodes,
  prepare: (spec) => buildAlias(exchangeExact(spec)),
  run: runAliasTable,
};
