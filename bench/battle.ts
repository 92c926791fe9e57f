/**
 * `npm run bench` (battles): 5-v-5 skirmish battles per second, one core, on the open board of
 * configs/skirmish-battle.yaml (swords, a spear, two archers against axes, a hammer, a crossbow)
 * and among its terrain, table engine and per-die engine: as the study is written (`tactical`,
 * the default player, where it names no policy) and with every fighter on a named policy (the
 * old defaults: `aggressive` for melee, `shooter` for Ranged or Cast weapons); then the whole engine (table) with 1 and
 * 2 workers, with the CPU time of the whole process, which shows what a second worker costs (its
 * own JIT warm-up) even on a busy machine. Every rate quotes its N. The targets, per CPU-second:
 * `tactical` at least 15 k among terrain, the named policies at least 20 k on both boards
 * (docs/performance.md has where they stand).
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
import { defaultPolicy, POLICIES } from '../src/systems/skirmish/duel/setup.js';
import { kernelRates } from './kernel-rate.js';

function tasksOf(file: string): PlannedTask<BattleSpec>[] {
  const path = fileURLToPath(new URL(`../../configs/${file}`, import.meta.url));
  const study = validate(parseStudy(file, readFileSync(path, 'utf8')), skirmishBattle.schema) as BattleStudy;
  return skirmishBattle.plan(study, 1);
}
const open = tasksOf('skirmish-battle.yaml')[0]!;
const terrain = tasksOf('skirmish-battle-terrain.yaml')[0]!;
/** The same battle with every fighter on a named policy (the defaults before `tactical`). */
function named(spec: BattleSpec): BattleSpec {
  const side = (fs: BattleSpec['sides'][0]) => fs.map((f) => ({ ...f, policy: POLICIES.indexOf(defaultPolicy(f.loadout)) }));
  return { ...spec, sides: [side(spec.sides[0]), side(spec.sides[1])] };
}

/** Best of 3: battles per wall-clock second, and per second of this thread's CPU time (what a busy machine leaves). */
const rate = (kernel: Kernel<BattleSpec, unknown>, spec: BattleSpec, n: number): { wall: number; cpu: number } => kernelRates(kernel, spec, n, 2_000);

const k = (x: number): string => `${(x / 1e3).toFixed(1)} k/s`;
const N = Number(process.env['BENCH_BATTLES'] ?? 50_000);
console.log(`\n5-v-5 battles, one core (best of 3 runs of N = ${N}):`);
const cpuRates = new Map<string, number>();
for (const [name, spec] of [
  ['open board', open.spec], ['with terrain', terrain.spec], ['open board, named', named(open.spec)], ['with terrain, named', named(terrain.spec)],
] as const) {
  const table = rate(skirmishBattleTable, spec, N);
  const dice = rate(skirmishBattleDice, spec, N);
  cpuRates.set(`${name} table`, table.cpu);
  cpuRates.set(`${name} dice`, dice.cpu);
  const cpu = (r: { cpu: number }): string => `(${k(r.cpu)} per CPU-second)`;
  console.log(`${`${name}, table engine`.padEnd(40)} ${k(table.wall).padStart(12)} ${cpu(table)}   ${(table.cpu / dice.cpu).toFixed(2)}x per-die`);
  console.log(`${`${name}, per-die engine`.padEnd(40)} ${k(dice.wall).padStart(12)} ${cpu(dice)}`);
}

// Tactical (as the studies are written) and named side by side, per CPU-second of this one run.
console.log(`\n${'per CPU-second'.padEnd(40)} ${'tactical'.padStart(12)} ${'named'.padStart(12)}   tactical / named`);
for (const board of ['open board', 'with terrain']) {
  for (const engine of ['table', 'dice']) {
    const t = cpuRates.get(`${board} ${engine}`)!;
    const m = cpuRates.get(`${board}, named ${engine}`)!;
    console.log(`${`${board}, ${engine === 'table' ? 'table' : 'per-die'} engine`.padEnd(40)} ${k(t).padStart(12)} ${k(m).padStart(12)}   ${(t / m).toFixed(2)}x`);
  }
}

/** Battles per wall-clock second, and the CPU seconds of the whole process (every thread: workers, V8's compiler and GC threads). */
async function engine(workers: number, total: number): Promise<{ rate: number; cpu: number }> {
  const tasks = Array.from({ length: 4 }, (_, i) => ({ ...open, streamKey: i, trials: total / 4 }));
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await simulate(skirmishBattle, tasks, { seed: 1, engine: 'table', workers });
  const c = process.cpuUsage(c0);
  return { rate: total / ((performance.now() - t0) / 1000), cpu: (c.user + c.system) / 1e6 };
}
const best = (a: { rate: number; cpu: number }, b: { rate: number; cpu: number }) => (a.rate >= b.rate ? a : b);
const total = 4 * Math.round(N / 2);
// 1 and 2 workers alternate (1, 2, 1, 2), so a change in the machine's load hits both alike.
let one = await engine(1, total);
let two = await engine(2, total);
one = best(one, await engine(1, total));
two = best(two, await engine(2, total));
console.log(`\nEngine, N = ${total} open-board battles in 4 tasks, worker start-up included, best of 2 (alternating):`);
console.log(`${'1 worker'.padEnd(40)} ${k(one.rate).padStart(12)}   ${one.cpu.toFixed(2)} CPU-s`);
console.log(`${'2 workers'.padEnd(40)} ${k(two.rate).padStart(12)}   ${two.cpu.toFixed(2)} CPU-s   ${(two.rate / one.rate).toFixed(2)}x one worker`);
// What a second worker costs in CPU (its own JIT warm-up, compiler threads, attack tables and task
// preparation) bounds the speed-up whatever else runs on the machine: with both cores busy,
// 2 workers can be at most 2 x (1-worker CPU) / (2-worker CPU) times faster than one.
console.log(`${'2 workers, CPU-bound limit'.padEnd(40)} ${`${((2 * one.cpu) / two.cpu).toFixed(2)}x`.padStart(12)}   (the second worker adds ${(two.cpu - one.cpu).toFixed(2)} CPU-s)`);
