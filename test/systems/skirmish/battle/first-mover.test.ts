/**
 * summary.csv's first-mover columns (issue 34.1): `a_first_rate`, how often side a had the
 * initiative in round 1, and `first_mover_win_rate`, how often the side that had it won. The tally
 * counts what the battles' own initiative events say; a lone fighter always goes first against two
 * (initiative to the side with fewer activations: seed 000), so the columns read 1 and a's win rate.
 */
import { describe, expect, it } from 'vitest';
import { deriveStream } from '../../../../src/dice/rng.js';
import { battleLayout, skirmishBattleDice } from '../../../../src/systems/skirmish/battle/kernel.js';
import { skirmishBattle } from '../../../../src/systems/skirmish/battle/mode.js';
import { TACTICAL, type BattleSpec } from '../../../../src/systems/skirmish/battle/setup.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { battleAxe, keen, loadout, stout, sword } from '../../../helpers/skirmish.js';
import { battleSpec } from './harness.js';

const keenSword = loadout(keen, sword);
const stoutAxe = loadout(stout, battleAxe, { armor: 'medium' });

function counted(spec: BattleSpec, n: number, seed: number) {
  const p = skirmishBattleDice.prepare(spec);
  const events: TraceEvent[] = [];
  const firsts: string[] = [];
  const winners: number[] = [];
  let begun = false;
  skirmishBattleDice.observe!(p, {
    begin: () => (begun = true),
    event: (e) => {
      if (begun && e.action === 'initiative') {
        firsts.push(e.side);
        begun = false;
      }
      events.push(e);
    },
    end: (w) => winners.push(w),
  });
  const L = battleLayout(spec);
  const tally = new Float64Array(L.size);
  skirmishBattleDice.run(p, Int32Array.from(deriveStream(seed, 13)), n, tally);
  return { tally, L, firsts, winners };
}

describe('first-mover counts (summary.csv a_first_rate, first_mover_win_rate)', () => {
  it('count the side of round 1\'s initiative event and whether that side won', () => {
    const spec = battleSpec([keenSword, keenSword], [stoutAxe, stoutAxe], { fighterPolicy: TACTICAL });
    const n = 200;
    const { tally, L, firsts, winners } = counted(spec, n, 5);
    expect(firsts.length).toBe(n);
    const aFirst = firsts.filter((s) => s === 'a').length;
    const firstWins = firsts.filter((s, k) => winners[k] === (s === 'a' ? 0 : 1)).length;
    expect(tally[L.firstMover]).toBe(aFirst);
    expect(tally[L.firstMover + 1]).toBe(firstWins);
    expect(aFirst).toBeGreaterThan(0);
    expect(aFirst).toBeLessThan(n);
    const task = { spec, labels: { variant: 'base', a: 'a', b: 'b', sidePolicyA: 'nearest', sidePolicyB: 'nearest' } };
    const row = skirmishBattle.rows(task as never, tally, false).summary;
    expect(skirmishBattle.summaryHeader.slice(-2)).toEqual(['a_first_rate', 'first_mover_win_rate']);
    expect(row.slice(-2)).toEqual([aFirst / n, firstWins / n]);
  });

  it('a lone fighter against two has the initiative every round 1: a_first_rate 1, first_mover_win_rate = a_win_rate', () => {
    const spec = battleSpec([keenSword], [stoutAxe, stoutAxe], { fighterPolicy: TACTICAL });
    const { tally, L } = counted(spec, 100, 8);
    expect(tally[L.firstMover]).toBe(100);
    expect(tally[L.firstMover + 1]).toBe(tally[L.winner]);
  });
});
