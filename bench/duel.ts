/**
 * `npm run bench` (second part): whole skirmish duels per second, one core, for a melee duel
 * (Keen + Sword against Stout + Battle Axe + Medium Armour, 12" apart, both aggressive) and a
 * ranged one (an archer shooting, Stout charging): the table engine (one draw per attack) against
 * the per-die engine, then the whole engine with 1 and 2 workers.
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
import type { DuelStudy } from '../src/systems/skirmish/schema.js';
import type { Kernel, PlannedTask } from '../src/systems/types.js';
import { kernelRate } from './kernel-rate.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/keen-stout-duel.yaml', import.meta.url));
const STUDY = readFileSync(FIXTURE, 'utf8').replace(/matchups:[\s\S]*?variants:/, `matchups:
  - { a: keen-sword, b: stout-axe-medium }
  - { a: archer, b: stout-axe-medium, policyA: shooter }
variants:`);
const study = validate(parseStudy('bench.yaml', STUDY), skirmishDuel.schema) as DuelStudy;
const [melee, ranged] = skirmishDuel.plan(study, 1) as [PlannedTask<DuelSpec>, PlannedTask<DuelSpec>];

const rate = (kernel: Kernel<DuelSpec, unknown>, spec: DuelSpec, n: number): number => kernelRate(kernel, spec, n, 20_000);

const k = (x: number): string => `${(x / 1e6).toFixed(2)} M/s`;
console.log('\nWhole duels, one core:');
for (const [name, task] of [['melee duel (both aggressive)', melee], ['ranged duel (shooter vs aggressive)', ranged]] as const) {
  const table = rate(skirmishDuelTable, task.spec, 2_000_000);
  const dice = rate(skirmishDuelDice, task.spec, 100_000);
  console.log(`${`${name}, table engine`.padEnd(60)} ${k(table).padStart(12)}   ${(table / dice).toFixed(1)}x per-die`);
  console.log(`${`${name}, per-die engine`.padEnd(60)} ${k(dice).padStart(12)}`);
}

async function engine(workers: number): Promise<number> {
  const tasks = Array.from({ length: 4 }, (_, i) => ({ ...melee, streamKey: i, trials: 2_500_000 }));
  const t0 = performance.now();
  await simulate(skirmishDuel, tasks, { seed: 1, engine: 'table', workers });
  return 10_000_000 / ((performance.now() - t0) / 1000);
}
const cores = Math.max(2, availableParallelism());
const one = Math.max(await engine(1), await engine(1));
const many = Math.max(await engine(cores), await engine(cores));
console.log(`\nEngine, 10M melee duels in 4 tasks, worker start-up included, best of 2:`);
console.log(`${'1 worker'.padEnd(60)} ${k(one).padStart(12)}`);
console.log(`${`${cores} workers`.padEnd(60)} ${k(many).padStart(12)}   ${(many / one).toFixed(2)}x one worker`);
