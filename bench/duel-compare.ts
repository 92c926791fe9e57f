/**
 * CPU-time ratio of this build's duel kernels against another build's, in ONE process, alternating
 * runs (the machine is shared: wall clock is noise, alternating CPU-time runs are comparable).
 * Both builds plan the same study (bench/duel.ts's melee and ranged duels) with their own code.
 *   node dist/bench/duel-compare.js OTHER_CHECKOUT [reps=10]
 * OTHER_CHECKOUT is a built checkout (e.g. `git worktree add /tmp/base 9d198b5 && cd /tmp/base &&
 * npm ci && npm run build`). Prints, per duel and engine, both rates and this / other.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Kernel } from '../src/systems/types.js';
import { alternate, checkout, cpuRun, planIn, type Run } from './compare.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/keen-stout-duel.yaml', import.meta.url));
const STUDY = readFileSync(FIXTURE, 'utf8').replace(/matchups:[\s\S]*?variants:/, `matchups:
  - { a: keen-sword, b: stout-axe-medium }
  - { a: archer, b: stout-axe-medium, policyA: shooter }
variants:`);

/** A warmed-up kernel of the checkout at `root` (its dist/), returning the CPU seconds of n duels. */
async function load(root: string, matchup: number, engine: 'table' | 'dice'): Promise<Run> {
  const kernels = await checkout(root)<Record<string, Kernel<unknown, unknown>>>('systems/skirmish/duel/kernel.js');
  const spec = (await planIn(root, 'systems/skirmish/duel/mode.js', 'skirmishDuel', STUDY))[matchup]!.spec;
  return cpuRun(kernels[engine === 'table' ? 'skirmishDuelTable' : 'skirmishDuelDice']!, spec, (run) => {
    for (let w = 1; w <= 4; w++) run(100 * w);
    run(20_000);
  });
}

const other = process.argv[2];
if (other === undefined) {
  console.error('usage: node dist/bench/duel-compare.js OTHER_CHECKOUT [reps]');
  process.exit(2);
}
const reps = Number(process.argv[3] ?? 10);
const here = fileURLToPath(new URL('../..', import.meta.url));
console.log(`\nDuels per CPU-second, this build vs ${other}, ${reps} alternating runs each:`);
for (const [name, matchup, engine, n] of [
  ['melee duel, table engine', 0, 'table', 300_000], ['ranged duel, table engine', 1, 'table', 200_000],
  ['melee duel, per-die engine', 0, 'dice', 50_000], ['ranged duel, per-die engine', 1, 'dice', 30_000],
] as const) {
  const theirs = await load(other, matchup, engine);
  const ours = await load(here, matchup, engine);
  const { other: t, self: o } = alternate(theirs, ours, reps, n);
  const m = (s: number): string => `${((n * reps) / s / 1e6).toFixed(2)} M/s`;
  console.log(`${name.padEnd(32)} this ${m(o).padStart(10)}   other ${m(t).padStart(10)}   this/other ${(t / o).toFixed(3)}`);
}
