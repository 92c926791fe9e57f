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
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kernel, PlannedTask } from '../src/systems/types.js';

type Run = (n: number) => number;

/** A warmed-up kernel of the checkout at `root` (its dist/), returning the CPU seconds of n fights. */
async function load(root: string, study: string): Promise<Run> {
  const from = async <T>(path: string): Promise<T> => (await import(pathToFileURL(resolve(root, 'dist/src', path)).href)) as T;
  const { parseStudy } = await from<{ parseStudy(file: string, text: string): unknown }>('config/load.js');
  const { validate } = await from<{ validate(doc: unknown, schema: unknown): unknown }>('config/validate.js');
  const { exchangeFightDice: kernel } = await from<{ exchangeFightDice: Kernel<unknown, unknown> }>('systems/exchange/fight/kernel.js');
  const { exchangeFight } = await from<{ exchangeFight: { schema: unknown; plan(study: unknown, n: number): PlannedTask<unknown>[] } }>(
    'systems/exchange/fight/mode.js',
  );
  const spec = exchangeFight.plan(validate(parseStudy('bench.yaml', study), exchangeFight.schema), 1)[0]!.spec;
  const p = kernel.prepare(spec);
  const tally = new Float64Array(kernel.tallySize(spec));
  const rng = Int32Array.from([1, 2, 3, 4]);
  for (let w = 0; w < 20; w++) kernel.run(p, rng, 64, tally);
  kernel.run(p, rng, 10_000, tally);
  return (n) => {
    const c0 = process.cpuUsage();
    kernel.run(p, rng, n, tally);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1e6;
  };
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
  let t = 0;
  let o = 0;
  const ratios: number[] = [];
  for (let r = 0; r < reps; r++) {
    const [a, b] = r % 2 === 0 ? [theirs(n), ours(n)] : [ours(n), theirs(n)].reverse() as [number, number];
    t += a;
    o += b;
    ratios.push(a / b);
  }
  ratios.sort((a, b) => a - b);
  const median = (ratios[(reps - 1) >> 1]! + ratios[reps >> 1]!) / 2;
  const k = (s: number): string => `${((n * reps) / s / 1e3).toFixed(1)} k/s`;
  console.log(`${name.padEnd(10)} this ${k(o).padStart(10)}   other ${k(t).padStart(10)}   this/other ${(t / o).toFixed(3)} (median of the runs' ratios ${median.toFixed(3)})`);
}
