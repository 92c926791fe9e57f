/**
 * `node dist/bench/exchange-duel.js`: exchange duels per second on one core (dice engine, no
 * observer), the default `tactical` player (tactical.ts: an exact look-ahead per decision, memoised
 * per task) against the named `reserve-1`, on configs/exchange-duels.yaml's base pairs (both sides
 * the same policy). Best of 3 after a warm-up (kernel-rate.ts); the first duel of a task, which
 * fills tactical's memo, is inside the warm-up.
 */
import { fileURLToPath } from 'node:url';
import { loadStudy } from '../src/config/study-file.js';
import { parsePolicy, type ExchangeDuelSpec } from '../src/systems/exchange/duel/engine.js';
import { exchangeDuelDice } from '../src/systems/exchange/duel/kernel.js';
import type { PlannedTask } from '../src/systems/types.js';
import { kernelRates } from './kernel-rate.js';

const FILE = fileURLToPath(new URL('../../configs/exchange-duels.yaml', import.meta.url));
const study = loadStudy(FILE);
const tasks = study.plugin.plan(study.data, 1) as PlannedTask<ExchangeDuelSpec>[];
const N = 100_000;
const pairs = [['sword-leather', 'sword-leather'], ['sword-leather', 'greataxe-leather'], ['dagger-leather', 'spear-leather'], ['sword-mail', 'sword-mail']] as const;
console.log(`\nExchange duels per second, one core, dice engine, N=${N} (configs/exchange-duels.yaml, base):`);
for (const [a, b] of pairs) {
  const t = tasks.find((x) => x.labels['variant'] === 'base' && x.labels['a'] === a && x.labels['b'] === b && x.labels['conditions'] === '')!;
  const rates: string[] = [];
  for (const policy of ['tactical', 'reserve-1']) {
    const spec: ExchangeDuelSpec = { ...t.spec, a: { ...t.spec.a, policy: parsePolicy(policy) }, b: { ...t.spec.b, policy: parsePolicy(policy) } };
    const r = kernelRates(exchangeDuelDice, spec, N, 2_000);
    rates.push(`${policy} ${(r.wall / 1000).toFixed(1).padStart(6)} k/s (CPU ${(r.cpu / 1000).toFixed(1)} k/s)`);
  }
  console.log(`${`${a} vs ${b}`.padEnd(34)} ${rates.join('   ')}`);
}
