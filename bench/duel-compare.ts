/**
 * CPU-time ratio of this build's duel kernels against another build's, in ONE process, alternating
 * runs (the machine is shared: wall clock is noise, alternating CPU-time runs are comparable).
 * Both builds plan the same study (bench/duel.ts's melee and ranged duels) with their own code.
 *   node dist/bench/duel-compare.js OTHER_CHECKOUT [reps=10]
 * OTHER_CHECKOUT is a built checkout (e.g. `git worktree add /tmp/base 9d198b5 && cd /tmp/base &&
 * npm ci && npm run build`). Prints, per duel and engine, both rates and this / other.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kernel, PlannedTask } from '../src/systems/types.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/keen-stout-duel.yaml', import.meta.url));
const STUDY = readFileSync(FIXTURE, 'utf8').replace(/matchups:[\s\S]*?variants:/, `matchups:
  - { a: keen-sword, b: stout-axe-medium }
  - { a: archer, b: stout-axe-medium, policyA: shooter }
variants:`);

type Run = (n: number) => number;

/** A warmed-up kernel of the checkout at `root` (its dist/), returning the CPU seconds of n duels. */
async function load(root: string, matchup: number, engine: 'table' | 'dice'): Promise<Run> {
  const from = async <T>(path: string): Promise<T> => (await import(pathToFileURL(resolve(root, 'dist/src', path)).href)) as T;
  const { parseStudy } = await from<{ parseStudy(file: string, text: string): unknown }>('config/load.js');
  const { validate } = await from<{ validate(doc: unknown, schema: unknown): unknown }>('config/validate.js');
  const kernels = await from<Record<string, Kernel<unknown, unknown>>>('systems/skirmish/duel/kernel.js');
  const { skirmishDuel } = await from<{ skirmishDuel: { schema: unknown; plan(study: unknown, n: number): PlannedTask<unknown>[] } }>(
    'systems/skirmish/duel/mode.js',
  );
  const spec = skirmishDuel.plan(validate(parseStudy('bench.yaml', STUDY), skirmishDuel.schema), 1)[matchup]!.spec;
  const kernel = kernels[engine === 'table' ? 'skirmishDuelTable' : 'skirmishDuelDice']!;
  const p = kernel.prepare(spec);
  const tally = new Float64Array(kernel.tallySize(spec));
  const rng = Int32Array.from([1, 2, 3, 4]);
  for (let w = 1; w <= 4; w++) kernel.run(p, rng, 100 * w, tally);
  kernel.run(p, rng, 20_000, tally);
  return (n) => {
    const c0 = process.cpuUsage();
    kernel.run(p, rng, n, tally);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1e6;
  };
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
  let t = 0;
  let o = 0;
  for (let r = 0; r < reps; r++) {
    if (r % 2 === 0) {
      t += theirs(n);
      o += ours(n);
    } else {
      o += ours(n);
      t += theirs(n);
    }
  }
  const m = (s: number): string => `${((n * reps) / s / 1e6).toFixed(2)} M/s`;
  console.log(`${name.padEnd(32)} this ${m(o).padStart(10)}   other ${m(t).padStart(10)}   this/other ${(t / o).toFixed(3)}`);
}
