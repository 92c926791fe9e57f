/**
 * `npm run bench` (second part): whole skirmish duels per second, one core, for a melee duel
 * (Keen + Sword against Stout + Battle Axe + Medium Armour, 12" apart, both aggressive) and a
 * ranged one (an archer shooting, Stout charging): the table engine (one draw per attack) against
 * the per-die engine, then the whole engine with 1 and 2 workers. Each rate is given by wall clock
 * and by CPU time (process.cpuUsage, worker threads included): on a shared machine compare CPU-time
 * rates (docs/performance.md).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { simulate } from '../src/batch/engine.js';
import { parseStudy } from '../src/config/load.js';
import { validate } from '../src/config/validate.js';
import { skirmishDuelDice, skirmishDuelTable } from '../src/systems/skirmish/duel/kernel.js';
import { skirmishDuel } from '../src/systems/skirmish/duel/mode.js';
import type { DuelSpec } from '../src/systems/skirmish/duel/setup.js';
import type { DuelStudy } from '../src/systems/skirmish/duel/schema.js';
import type { Kernel, PlannedTask } from '../src/systems/types.js';
import { kernelRates } from './kernel-rate.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/keen-stout-duel.yaml', import.meta.url));
const STUDY = readFileSync(FIXTURE, 'utf8').replace(/matchups:[\s\S]*?variants:/, `matchups:
  - { a: keen-sword, b: stout-axe-medium }
  - { a: archer, b: stout-axe-medium, policyA: shooter }
variants:`);
const study = validate(parseStudy('bench.yaml', STUDY), skirmishDuel.schema) as DuelStudy;
const [melee, ranged] = skirmishDuel.plan(study, 1) as [PlannedTask<DuelSpec>, PlannedTask<DuelSpec>];

const rate = (kernel: Kernel<DuelSpec, unknown>, spec: DuelSpec, n: number): { wall: number; cpu: number } => kernelRates(kernel, spec, n, 20_000);

const k = (x: number): string => `${(x / 1e6).toFixed(2)} M/s`;
const both = (r: { wall: number; cpu: number }): string => `${k(r.wall).padStart(12)} ${k(r.cpu).padStart(12)} CPU`;
console.log('\nWhole duels, one core (wall clock, CPU time):');
for (const [name, task] of [['melee duel (both aggressive)', melee], ['ranged duel (shooter vs aggressive)', ranged]] as const) {
  const table = rate(skirmishDuelTable, task.spec, 2_000_000);
  const dice = rate(skirmishDuelDice, task.spec, 100_000);
  console.log(`${`${name}, table engine`.padEnd(60)} ${both(table)}   ${(table.cpu / dice.cpu).toFixed(1)}x per-die`);
  console.log(`${`${name}, per-die engine`.padEnd(60)} ${both(dice)}`);
}

async function engine(workers: number): Promise<{ wall: number; cpu: number }> {
  const tasks = Array.from({ length: 4 }, (_, i) => ({ ...melee, streamKey: i, trials: 2_500_000 }));
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await simulate(skirmishDuel, tasks, { seed: 1, engine: 'table', workers });
  const c = process.cpuUsage(c0);
  return { wall: 10_000_000 / ((performance.now() - t0) / 1000), cpu: 10_000_000 / ((c.user + c.system) / 1e6) };
}
const best = (x: { wall: number; cpu: number }, y: { wall: number; cpu: number }): { wall: number; cpu: number } => ({
  wall: Math.max(x.wall, y.wall), cpu: Math.max(x.cpu, y.cpu),
});
const cores = Math.max(2, availableParallelism());
const one = best(await engine(1), await engine(1));
const many = best(await engine(cores), await engine(cores));
console.log(`\nEngine, 10M melee duels in 4 tasks, worker start-up included, best of 2 (wall clock, CPU time of all threads):`);
console.log(`${'1 worker'.padEnd(60)} ${both(one)}`);
console.log(`${`${cores} workers`.padEnd(60)} ${both(many)}   ${(many.wall / one.wall).toFixed(2)}x one worker (wall)`);
