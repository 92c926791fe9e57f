/**
 * `node dist/bench/exact-exchange.js`: the exact value of typical exchange duels (configs/exchange-duels.yaml:
 * sword + leather against greataxe + leather, and the sword mirror, reserve-1 both, maxRounds 30,
 * Continuation Checks on) with the states visited and dice paths replayed, best of 5 after a
 * warm-up; beside it the dice engine's duels per second on one core, and how many simulated duels
 * the exact time buys (with the standard error of a win rate they would give). Then the solved
 * values of the first duel (solve.ts): a's best response to b's named policy and the minimax value,
 * and the same for mace + leather against sword + leather (the mace knocks Prone: stand-up decisions).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseStudy } from '../src/config/load.js';
import { validate } from '../src/config/validate.js';
import { parsePolicy, type ExchangeDuelSpec } from '../src/systems/exchange/duel/engine.js';
import { exactExchangeDuel } from '../src/systems/exchange/duel/exact.js';
import { exchangeDuelDice } from '../src/systems/exchange/duel/kernel.js';
import { exchangeDuel } from '../src/systems/exchange/duel/mode.js';
import { solveExchangeDuel, type SideMode } from '../src/systems/exchange/duel/solve.js';
import { exchangePolicyGap, solveExchangePlay } from '../src/systems/exchange/duel/solved-policy.js';
import { NAMED, OPTIMAL } from '../src/systems/skirmish/duel/solved-policy.js';
import type { ExchangeDuelStudy } from '../src/systems/exchange/schema.js';
import type { PlannedTask } from '../src/systems/types.js';
import { kernelRate } from './kernel-rate.js';

const FILE = fileURLToPath(new URL('../../configs/exchange-duels.yaml', import.meta.url));
const study = validate(parseStudy('exchange-duels.yaml', readFileSync(FILE, 'utf8')), exchangeDuel.schema) as ExchangeDuelStudy;
const tasks = exchangeDuel.plan(study, 1) as PlannedTask<ExchangeDuelSpec>[];
// The study's unnamed sides now play tactical (the default); this bench times reserve-1 both, as before.
const pick = (a: string, b: string): PlannedTask<ExchangeDuelSpec> => {
  const t = tasks.find((x) => x.labels['variant'] === 'base' && x.labels['a'] === a && x.labels['b'] === b && x.labels['conditions'] === '')!;
  const reserve1 = parsePolicy('reserve-1');
  return { ...t, spec: { ...t.spec, a: { ...t.spec.a, policy: reserve1 }, b: { ...t.spec.b, policy: reserve1 } } };
};

/** Best of 5 after a warm-up, by wall time and by this thread's CPU time (what one core does when the machine is shared). */
function best<T>(f: () => T): { ms: number; cpuMs: number; result: T } {
  let result = f();
  let ms = Infinity;
  let cpuMs = Infinity;
  for (let rep = 0; rep < 5; rep++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    result = f();
    ms = Math.min(ms, performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpuMs = Math.min(cpuMs, (c.user + c.system) / 1000);
  }
  return { ms, cpuMs, result };
}

for (const [a, b] of [['sword-leather', 'greataxe-leather'], ['sword-leather', 'sword-leather']] as const) {
  const spec = pick(a, b).spec;
  const exact = best(() => exactExchangeDuel(spec));
  const t = exact.result.tally;
  console.log(`${a} vs ${b} (reserve-1 both, maxRounds ${spec.maxRounds}): P(a)=${t[0]!.toFixed(6)} P(b)=${t[1]!.toFixed(6)} P(draw)=${t[2]!.toExponential(2)}`);
  console.log(`  exact ${exact.ms.toFixed(1)} ms (CPU ${exact.cpuMs.toFixed(1)} ms), ${exact.result.states} states, ${exact.result.paths} dice paths`);
  const rate = kernelRate(exchangeDuelDice, spec, 200_000, 2_000);
  const duels = (rate * exact.ms) / 1000;
  const se = Math.sqrt((t[0]! * (1 - t[0]!)) / duels);
  console.log(`  dice engine ${(rate / 1000).toFixed(0)} k duels/s (N = 200,000): the exact time buys ${Math.round(duels)} duels, a win rate SE of ${se.toFixed(4)}`);
}

const first = pick('sword-leather', 'greataxe-leather').spec;
for (const modes of [['named', 'named'], ['solved', 'named'], ['named', 'solved'], ['solved', 'solved']] as [SideMode, SideMode][]) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = solveExchangeDuel(first, modes);
  const c = process.cpuUsage(c0);
  console.log(`solved ${modes.join(' vs ')}: P(a) + P(draw)/2 = ${r.value.toFixed(6)} in ${(performance.now() - t0).toFixed(0)} ms (CPU ${((c.user + c.system) / 1000).toFixed(0)} ms), ${r.states} states, ${r.paths} paths`);
}

// Prone in play: the mace knocks the sword down from Hit Margin 4, so a solving side also chooses
// to stand up or stay Prone at each attack boundary of its own turn.
const mace = pick('mace-leather', 'sword-leather').spec;
for (const modes of [['named', 'named'], ['solved', 'named'], ['named', 'solved'], ['solved', 'solved']] as [SideMode, SideMode][]) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = solveExchangeDuel(mace, modes);
  const c = process.cpuUsage(c0);
  console.log(`mace vs sword, solved ${modes.join(' vs ')}: P(a) + P(draw)/2 = ${r.value.toFixed(6)} in ${(performance.now() - t0).toFixed(0)} ms (CPU ${((c.user + c.system) / 1000).toFixed(0)} ms), ${r.states} states, ${r.paths} paths`);
}

// Solved policies in studies: solving with the decision table recorded, the table's
// decisions, the policy gap, and the simulator's rate playing the table (a optimal) against named.
const cpu = <T>(f: () => T): { ms: number; result: T } => {
  const c0 = process.cpuUsage();
  const result = f();
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000, result };
};
for (const modes of [['solved', 'named'], ['solved', 'solved']] as [SideMode, SideMode][]) {
  const s = cpu(() => solveExchangePlay(first, modes));
  console.log(`table ${modes.join(' vs ')}: solved and recorded in CPU ${s.ms.toFixed(0)} ms, ${s.result.player.table.size} decisions`);
}
const gap = cpu(() => exchangePolicyGap(first));
console.log(`policy gap ${Array.from(gap.result, (x) => x.toFixed(4)).join(' ')} in CPU ${gap.ms.toFixed(0)} ms (NaN: over the gap's budget)`);
const named = kernelRate(exchangeDuelDice, first, 200_000, 2_000);
const optimal = kernelRate(exchangeDuelDice, { ...first, solved: [OPTIMAL, NAMED] }, 200_000, 2_000);
console.log(`dice engine, a optimal vs b named: ${(optimal / 1000).toFixed(0)} k duels/s (named: ${(named / 1000).toFixed(0)} k)`);
