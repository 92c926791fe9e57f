/**
 * CPU-time ratio of this build's exchange fight kernel against another build's, in ONE process,
 * alternating runs (the machine is shared: wall clock is noise, alternating CPU-time runs are
 * comparable). Both builds plan the same studies (bench/exchange-fight-tactical.ts's four against
 * four, default `tactical` player and named policies: scripts/exchange-identical/bench-*.yaml) with
 * their own code.
 *   node dist/bench/exchange-fight-compare.js OTHER_CHECKOUT [reps=8] [fights=30000]
 * OTHER_CHECKOUT is a built checkout (or a folder holding a copy of one's dist/ and a node_modules
 * link). Prints, per study, both rates and this / other.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kernel } from '../src/systems/types.js';
import { alternate, checkout, cpuRun, planIn, type Run } from './compare.js';

/** A warmed-up kernel of the checkout at `root` (its dist/), returning the CPU seconds of n fights. */
async function load(root: string, study: string): Promise<Run> {
  const { exchangeFightDice: kernel } = await checkout(root)<{ exchangeFightDice: Kernel<unknown, unknown> }>('systems/exchange/fight/kernel.js');
  const spec = (await planIn(root, 'systems/exchange/fight/mode.js', 'exchangeFight', study))[0]!.spec;
  return cpuRun(kernel, spec, (run) => {
    for (let w = 0; w < 20; w++) run(64);
    run(10_000);
  });
}

const other = process.argv[2];
if (other === undefined) {
  console.error('usage: node dist/bench/exchange-fight-compare.js OTHER_CHECKOUT [reps] [fights]');
  process.exit(2);
}
const reps = Number(process.argv[3] ?? 8);
const n = Number(process.argv[4] ?? 30_000);
const here = fileURLToPath(new URL('../..', import.meta.url));
const study = (name: string): string => readFileSync(resolve(here, 'scripts/exchange-identical', `bench-${name}.yaml`), 'utf8');
console.log(`\nExchange fights (4 v 4) per CPU-second, this build vs ${other}, ${reps} alternating runs of ${n.toLocaleString('en')} each:`);
for (const name of ['tactical', 'named']) {
  const theirs = await load(other, study(name));
  const ours = await load(here, study(name));
  const { other: t, self: o, ratios } = alternate(theirs, ours, reps, n);
  ratios.sort((a, b) => a - b);
  const median = (ratios[(reps - 1) >> 1]! + ratios[reps >> 1]!) / 2;
  const k = (s: number): string => `${((n * reps) / s / 1e3).toFixed(1)} k/s`;
  console.log(`${name.padEnd(10)} this ${k(o).padStart(10)}   other ${k(t).padStart(10)}   this/other ${(t / o).toFixed(3)} (median of the runs' ratios ${median.toFixed(3)})`);
}
