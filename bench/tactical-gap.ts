/**
 * `node dist/bench/tactical-gap.js [config] [variant] [filter]`: the exact best-response gap of the
 * exchange duel default `tactical` on a shipped duel config (default configs/exchange-duels.yaml,
 * variant base): for each pair of loadouts and conditions (each unordered pair once: with a random
 * opener a-b and b-a are mirror images), both sides playing tactical, P(a wins) + 1/2 P(draw) of
 * tactical against itself and of each side's exact best response to the other's tactical
 * (solveExchangePlay with limits large enough for the full-size duels), and the gaps. `filter`: comma-separated
 * substrings of "a vs b" to measure only some pairs. Prints one tab-separated row per pair.
 */
import { readFileSync } from 'node:fs';
import { parseStudy } from '../src/config/load.js';
import { validate } from '../src/config/validate.js';
import { parsePolicy, type ExchangeDuelSpec } from '../src/systems/exchange/duel/engine.js';
import { exactExchangeDuel } from '../src/systems/exchange/duel/exact.js';
import { exchangeDuel } from '../src/systems/exchange/duel/mode.js';
import { solveExchangePlay } from '../src/systems/exchange/duel/solved-policy.js';
import { TACTICAL_PARAMS } from '../src/systems/exchange/duel/tactical.js';
import type { ExchangeDuelStudy } from '../src/systems/exchange/schema.js';
import type { PlannedTask } from '../src/systems/types.js';

const file = process.argv[2] ?? 'configs/exchange-duels.yaml';
const variant = process.argv[3] ?? 'base';
const filters = (process.argv[4] ?? '').split(',');
const LIMITS = { states: 2_000_000, paths: 200_000_000 };
// TACTICAL_PARAMS='{"tempo":0.1}': try other model numbers (tuning only; the shipped ones otherwise).
if (process.env['TACTICAL_PARAMS'] !== undefined) Object.assign(TACTICAL_PARAMS, JSON.parse(process.env['TACTICAL_PARAMS']) as object);

const study = validate(parseStudy(file, readFileSync(file, 'utf8')), exchangeDuel.schema) as ExchangeDuelStudy;
const tasks = exchangeDuel.plan(study, 1) as PlannedTask<ExchangeDuelSpec>[];
const seen = new Set<string>();
const tactical = parsePolicy('tactical');
console.log(['variant', 'pair', 'tactical', 'best_a', 'best_b', 'gap_a', 'gap_b', 'seconds'].join('\t'));
for (const t of tasks) {
  if (t.labels['variant'] !== variant || t.spec.fight !== undefined) continue;
  const cond = t.labels['conditions']!;
  const label = `${t.labels['a']} vs ${t.labels['b']}${cond === '' ? '' : ` (${cond})`}`;
  const mirror = `${t.labels['b']} vs ${t.labels['a']}${cond === '' ? '' : ` (${cond})`}`;
  if (seen.has(label) || (cond === '' && seen.has(mirror))) continue;
  seen.add(label);
  if (!filters.some((f) => label.includes(f))) continue;
  const s = t.spec;
  const spec: ExchangeDuelSpec = { a: { ...s.a, policy: tactical }, b: { ...s.b, policy: tactical }, knobs: s.knobs, maxRounds: s.maxRounds };
  const t0 = performance.now();
  const tally = exactExchangeDuel(spec, LIMITS).tally;
  const named = tally[0]! + tally[2]! / 2;
  const bestA = solveExchangePlay(spec, ['solved', 'named'], undefined, LIMITS).value;
  const bestB = solveExchangePlay(spec, ['named', 'solved'], undefined, LIMITS).value;
  const sec = (performance.now() - t0) / 1000;
  console.log([variant, label, named.toFixed(4), bestA.toFixed(4), bestB.toFixed(4), (bestA - named).toFixed(4), (named - bestB).toFixed(4), sec.toFixed(1)].join('\t'));
}
