/**
 * `npm run bench` (battles): 5-v-5 skirmish battles per second, one core, on the open board of
 * configs/skirmish-battle.yaml (swords, a spear, two archers against axes, a hammer, a crossbow)
 * and among its terrain, table engine and per-die engine; then the whole engine (table) with 1 and
 * 2 workers. Every rate quotes its N.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { simulate } from '../src/batch/engine.js';
import { parseStudy } from '../src/config/load.js';
import { validate } from '../src/config/validate.js';
import { skirmishBattleDice, skirmishBattleTable } from '../src/systems/skirmish/battle/kernel.js';
import { skirmishBattle } from '../src/systems/skirmish/battle/mode.js';
import type { BattleStudy } from '../src/systems/skirmish/battle/schema.js';
import type { BattleSpec } from '../src/systems/skirmish/battle/setup.js';
import type { Kernel, PlannedTask } from '../src/systems/types.js';

function tasksOf(file: string): PlannedTask<BattleSpec>[] {
  const path = fileURLToPath(new URL(`../../configs/${file}`, import.meta.url));
  const study = validate(parseStudy(file, readFileSync(path, 'utf8')), skirmishBattle.schema) as BattleStudy;
  return skirmishBattle.plan(study, 1);
}
const open = tasksOf('skirmish-battle.yaml')[0]!;
const terrain = tasksOf('skirmish-battle-terrain.yaml')[0]!;

/** Best of 3: battles per wall-clock second, and per second of this thread's CPU time (what a busy machine leaves). */
function rate(kernel: Kernel<BattleSpec, unknown>, spec: BattleSpec, n: number): { wall: number; cpu: number } {
  const p = kernel.prepare(spec);
  const tally = new Float64Array(kernel.tallySize(spec));
  const rng = Int32Array.from([1, 2, 3, 4]);
  kernel.run(p, rng, Math.min(n, 2_000), tally);
  let wall = 0;
  let cpu = 0;
  for (let rep = 0; rep < 3; rep++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    kernel.run(p, rng, n, tally);
    const c = process.cpuUsage(c0);
    wall = Math.max(wall, n / ((performance.now() - t0) / 1000));
    cpu = Math.max(cpu, n / ((c.user + c.system) / 1e6));
  }
  return { wall, cpu };
}

const k = (x: number): string => `${(x / 1e3).toFixed(1)} k/s`;
const N = Number(process.env['BENCH_BATTLES'] ?? 50_000);
console.log(`\n5-v-5 battles, one core (best of 3 runs of N = ${N}):`);
for (const [name, task] of [['open board', open], ['with terrain', terrain]] as const) {
  const table = rate(skirmishBattleTable, task.spec, N);
  const dice = rate(skirmishBattleDice, task.spec, N);
  const cpu = (r: { cpu: number }): string => `(${k(r.cpu)} per CPU-second)`;
  console.log(`${`${name}, table engine`.padEnd(40)} ${k(table.wall).padStart(12)} ${cpu(table)}   ${(table.cpu / dice.cpu).toFixed(2)}x per-die`);
  console.log(`${`${name}, per-die engine`.padEnd(40)} ${k(dice.wall).padStart(12)} ${cpu(dice)}`);
}

async function engine(workers: number, total: number): Promise<number> {
  const tasks = Array.from({ length: 4 }, (_, i) => ({ ...open, streamKey: i, trials: total / 4 }));
  const t0 = performance.now();
  await simulate(skirmishBattle, tasks, { seed: 1, engine: 'table', workers });
  return total / ((performance.now() - t0) / 1000);
}
const total = 4 * Math.round(N / 2);
const one = Math.max(await engine(1, total), await engine(1, total));
const two = Math.max(await engine(2, total), await engine(2, total));
console.log(`\nEngine, N = ${total} open-board battles in 4 tasks, worker start-up included, best of 2:`);
console.log(`${'1 worker'.padEnd(40)} ${k(one).padStart(12)}`);
console.log(`${'2 workers'.padEnd(40)} ${k(two).padStart(12)}   ${(two / one).toFixed(2)}x one worker`);
