/**
 * explain-policy's decision list: the occupancies it sums are the expected numbers of the side's
 * decisions per duel (checked against the simulator playing the same table, 4 SE), lines come most
 * frequent first with the table's decisions, and the side and kind follow the study's policies.
 */
import { describe, expect, it } from 'vitest';
import { expectMeanNear } from '../../../helpers/se.js';
import { randomSpec } from '../../../helpers/duel-random.js';
import { perDieDice } from '../../../../src/systems/skirmish/duel/dice.js';
import { Duel } from '../../../../src/systems/skirmish/duel/engine.js';
import { deriveStream } from '../../../../src/dice/rng.js';
import { ACTION_NAMES, explainModes, explainPolicy } from '../../../../src/systems/skirmish/duel/explain.js';
import { BEST_RESPONSE, NAMED, OPTIMAL, solvePlay } from '../../../../src/systems/skirmish/duel/solved-policy.js';
import type { Action, DuelPolicy, DuelView } from '../../../../src/systems/skirmish/duel/actions.js';
import type { DuelSpec } from '../../../../src/systems/skirmish/duel/setup.js';

/** Counts side s's activation decisions (not reactions) of the wrapped policy. */
class Counting implements DuelPolicy {
  count = 0;
  constructor(private readonly inner: DuelPolicy, private readonly s: number) {}
  decide(duel: DuelView, s: number, reaction: boolean): Action {
    if (s === this.s && !reaction) this.count++;
    return this.inner.decide(duel, s, reaction);
  }
  moveInches(duel: DuelView, s: number, action: Action, allowance: number): number {
    return this.inner.moveInches(duel, s, action, allowance);
  }
  manoeuvreInches(duel: DuelView, s: number, m: number): number {
    return this.inner.manoeuvreInches(duel, s, m);
  }
}

describe('explain-policy', () => {
  it('the occupancies sum to the expected number of the side\'s decisions per duel (simulated, 4 SE)', () => {
    for (let k = 0; k < 3; k++) {
      const spec: DuelSpec = { ...randomSpec(8000 + k, 3), solved: [BEST_RESPONSE, NAMED] };
      const e = explainPolicy(spec, undefined, 1000);
      expect(e.side).toBe(0);
      expect(e.kind).toBe('best response');
      const expected = e.p.reduce((x, y) => x + y, 0);
      const counting = new Counting(solvePlay(spec, ['solved', 'named']).policy, 0);
      const duel = new Duel(spec, perDieDice(deriveStream(k + 1)), counting);
      const n = 3000;
      const counts: number[] = [];
      for (let i = 0; i < n; i++) {
        const before = counting.count;
        duel.play();
        counts.push(counting.count - before);
      }
      const mean = counts.reduce((x, y) => x + y, 0) / n;
      const sd = Math.sqrt(counts.reduce((x, y) => x + (y - mean) ** 2, 0) / (n - 1));
      expectMeanNear(mean, expected, sd, n, `duel ${k}`);
    }
  });

  it('lines come most frequent first, each naming a decision; --top caps them', () => {
    const spec: DuelSpec = { ...randomSpec(8100, 3), solved: [OPTIMAL, OPTIMAL] };
    const e = explainPolicy(spec, 1, 5);
    expect(e.lines.length).toBeLessThanOrEqual(5);
    expect(e.lines.length).toBeGreaterThan(0);
    for (let i = 1; i < e.p.length; i++) expect(e.p[i]!).toBeLessThanOrEqual(e.p[i - 1]!);
    // An action, or a move with its length and, short of the full Movement, its stop: `: Move toward 3" (stop at 6": ...) (p=`.
    const move = (a: string): RegExp => new RegExp(`: ${a} [\\d.]+"( \\([^)]*\\))? \\(p=`);
    for (const l of e.lines) expect(ACTION_NAMES.some((a) => l.includes(`: ${a} (p=`) || move(a).test(l)), l).toBe(true);
  });

  it('which side and how: the solved side as the study plays it, else the minimax solution', () => {
    const spec = randomSpec(8200, 3);
    expect(explainModes(spec, undefined)).toMatchObject({ side: 0, kind: 'optimal', play: [true, true] });
    expect(explainModes({ ...spec, solved: [NAMED, BEST_RESPONSE] }, undefined)).toMatchObject({ side: 1, kind: 'best response', modes: ['named', 'solved'], play: [false, true] });
    expect(explainModes({ ...spec, solved: [NAMED, BEST_RESPONSE] }, 0)).toMatchObject({ side: 0, kind: 'optimal', modes: ['solved', 'solved'] });
    expect(explainModes({ ...spec, solved: [OPTIMAL, NAMED] }, undefined)).toMatchObject({ side: 0, kind: 'optimal', play: [true, false] });
  });
});
