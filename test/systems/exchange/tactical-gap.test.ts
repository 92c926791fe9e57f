/**
 * The exact best-response gap of `tactical` (issue 28): how much a side gains, in P(win) + 1/2
 * P(draw), by playing its exact best response to the other side's `tactical` instead of `tactical`
 * itself. At most 0.05 on every pair of the shipped exchange duel configs (configs/exchange-duels.yaml,
 * both variants, and configs/exchange-policy-gap.yaml); no sampling, so no standard error. On a duel
 * whose characters have no Conditions `tactical`'s model loses nothing (tactical.ts): what a best
 * response gains is the tempo's concessions (a first attack made when stopping is better by at
 * most 0.04), at most 0.037 on these pairs; the mace's Reeling and Prone add below 0.001. The quick
 * suite takes a few pairs (a full-size one takes 1-10 s), BALANCE_TEST_FULL all of them;
 * bench/tactical-gap.ts prints the table.
 */
import { describe, expect, it } from 'vitest';
import { loadStudy } from '../../../src/config/study-file.js';
import { exactExchangeDuel } from '../../../src/systems/exchange/duel/exact.js';
import { exchangeDuel } from '../../../src/systems/exchange/duel/mode.js';
import { solveExchangePlay } from '../../../src/systems/exchange/duel/solved-policy.js';
import { parsePolicy, type ExchangeDuelSpec } from '../../../src/systems/exchange/duel/engine.js';
import type { PlannedTask } from '../../../src/systems/types.js';
import { sampled } from '../../helpers/sample.js';

/** Limits large enough for the full-size duels' solves (the gap columns of `balance exact` stop earlier). */
const LIMITS = { states: 2_000_000, paths: 200_000_000 };

/** A shipped config's pairs (variant, loadouts and conditions; each unordered pair once: with a random opener a-b and b-a mirror each other), both sides playing tactical. */
function pairs(file: string): { label: string; spec: ExchangeDuelSpec }[] {
  const tasks = exchangeDuel.plan(loadStudy(file).data as never, 1) as PlannedTask<ExchangeDuelSpec>[];
  const seen = new Set<string>();
  const out: { label: string; spec: ExchangeDuelSpec }[] = [];
  for (const t of tasks) {
    const cond = t.labels['conditions'] === '' ? '' : ` (${t.labels['conditions']})`;
    const label = `${t.labels['variant']}: ${t.labels['a']} vs ${t.labels['b']}${cond}`;
    const mirror = `${t.labels['variant']}: ${t.labels['b']} vs ${t.labels['a']}${cond}`;
    if (seen.has(label) || (cond === '' && seen.has(mirror))) continue;
    seen.add(label);
    const s = t.spec;
    out.push({ label, spec: { a: { ...s.a, policy: parsePolicy('tactical') }, b: { ...s.b, policy: parsePolicy('tactical') }, knobs: s.knobs, maxRounds: s.maxRounds } });
  }
  return out;
}

describe('tactical: exact best-response gap', () => {
  const small = pairs('configs/exchange-policy-gap.yaml');
  const full = pairs('configs/exchange-duels.yaml');
  it('the shipped configs\' pairs: three small ones, 17 full-size ones per variant', () => {
    expect(small.map((p) => p.label)).toEqual(['base: sword vs greataxe', 'base: dagger vs greataxe', 'base: dagger vs sword']);
    expect(full.length).toBe(34);
  });
  for (const { label, spec } of [...sampled(small, 1, 28), ...sampled(full, 2, 29)]) {
    it(`${label} (${spec.maxRounds} rounds): each side's best response gains at most 0.05 over tactical`, () => {
      const t = exactExchangeDuel(spec, LIMITS).tally;
      const named = t[0]! + t[2]! / 2;
      const bestA = solveExchangePlay(spec, ['solved', 'named'], undefined, LIMITS).value;
      const bestB = solveExchangePlay(spec, ['named', 'solved'], undefined, LIMITS).value;
      expect(bestA - named, 'a').toBeLessThanOrEqual(0.05);
      expect(named - bestB, 'b').toBeLessThanOrEqual(0.05);
      expect(bestA - named).toBeGreaterThanOrEqual(-1e-9);
      expect(named - bestB).toBeGreaterThanOrEqual(-1e-9);
    });
  }
});
