/**
 * The exact best-response gap of `tactical` (issue 28): how much a side gains, in P(win) + 1/2
 * P(draw), by playing its exact best response to the other side's `tactical` instead of `tactical`
 * itself. At most 0.05 on configs/exchange-policy-gap.yaml's duels (the named policies: 0.13-0.25
 * there); no sampling. configs/exchange-duels.yaml's full-size duels take ~20 s each and are not
 * asserted here: the numbers are in docs/guide/exact-and-policies.md (at most 0.070).
 */
import { describe, expect, it } from 'vitest';
import { loadStudy } from '../../../src/config/study.js';
import { exactExchangeDuel } from '../../../src/systems/exchange/duel-exact.js';
import { exchangeDuel } from '../../../src/systems/exchange/duel-mode.js';
import { solveExchangePlay } from '../../../src/systems/exchange/duel-policy.js';
import { parsePolicy, type ExchangeDuelSpec } from '../../../src/systems/exchange/duel.js';
import type { PlannedTask } from '../../../src/systems/types.js';
import { sampled } from '../../helpers/sample.js';

/** The shipped small duels' pairs (each pair once), both sides playing tactical. */
function pairs(): { label: string; spec: ExchangeDuelSpec }[] {
  const tasks = exchangeDuel.plan(loadStudy('configs/exchange-policy-gap.yaml').data as never, 1) as PlannedTask<ExchangeDuelSpec>[];
  const seen = new Set<string>();
  const out: { label: string; spec: ExchangeDuelSpec }[] = [];
  for (const t of tasks) {
    const label = `${t.labels['a']} vs ${t.labels['b']}`;
    if (seen.has(label)) continue;
    seen.add(label);
    const s = t.spec;
    out.push({ label, spec: { a: { ...s.a, policy: parsePolicy('tactical') }, b: { ...s.b, policy: parsePolicy('tactical') }, knobs: s.knobs, maxRounds: s.maxRounds } });
  }
  return out;
}

describe('tactical: exact best-response gap', () => {
  const all = pairs();
  it('configs/exchange-policy-gap.yaml has three pairs', () => expect(all.map((p) => p.label)).toEqual(['sword vs greataxe', 'dagger vs greataxe', 'dagger vs sword']));
  for (const { label, spec } of sampled(all, 1, 28)) {
    it(`${label}: each side's best response gains at most 0.05 over tactical`, () => {
      const t = exactExchangeDuel(spec).tally;
      const named = t[0]! + t[2]! / 2;
      const bestA = solveExchangePlay(spec, ['solved', 'named']).value;
      const bestB = solveExchangePlay(spec, ['named', 'solved']).value;
      expect(bestA - named, 'a').toBeLessThanOrEqual(0.05);
      expect(named - bestB, 'b').toBeLessThanOrEqual(0.05);
      expect(bestA - named).toBeGreaterThanOrEqual(-1e-9);
      expect(named - bestB).toBeGreaterThanOrEqual(-1e-9);
    });
  }
});
