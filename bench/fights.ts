/**
 * Whole exchange duels and d20 party fights per second, one core, per-die engine, from the shipped
 * studies (configs/exchange-duels.yaml's first matchups, configs/d20-party-vs-monsters.yaml's base
 * variant), no observer attached. Run: `npm run build && node dist/bench/fights.js`.
 */
import { fileURLToPath } from 'node:url';
import { loadStudy } from '../src/config/study-file.js';
import type { Kernel, PlannedTask } from '../src/systems/types.js';
import { kernelRate } from './kernel-rate.js';

const rate = (kernel: Kernel<unknown, unknown>, spec: unknown, n: number): number => kernelRate(kernel, spec, n, 5_000);

const config = (name: string): string => fileURLToPath(new URL(`../../configs/${name}`, import.meta.url));
console.log('\nWhole fights, one core, per-die engine (best of 3):');
for (const [file, n, pick] of [['exchange-duels.yaml', 100_000, [0, 1, 6]], ['d20-party-vs-monsters.yaml', 50_000, [0]]] as const) {
  const study = loadStudy(config(file));
  const tasks = study.plugin.plan(study.data, 1) as PlannedTask<unknown>[];
  for (const i of pick) {
    const t = tasks[i]!;
    const r = rate(study.plugin.kernels.dice as Kernel<unknown, unknown>, t.spec, n);
    console.log(`${`${file} #${i} ${Object.values(t.labels).join(' ')}`.slice(0, 70).padEnd(72)} ${(r / 1000).toFixed(1).padStart(8)} k/s (N=${n})`);
  }
}
