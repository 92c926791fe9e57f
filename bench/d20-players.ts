/**
 * d20 party fights per second, one core, per-die engine, no observer: the shipped study's base
 * variant with every fighter `tactical` (the default), every fighter `focus-weakest`, and the
 * study with every policy named (test/fixtures/d20-named.yaml). Run:
 * `npm run build && node dist/bench/d20-players.js`.
 */
import { fileURLToPath } from 'node:url';
import { loadStudy } from '../src/config/study-file.js';
import { FOCUS_WEAKEST, TACTICAL, type FightSpec } from '../src/systems/d20/fight/engine.js';
import type { Kernel, PlannedTask } from '../src/systems/types.js';
import { kernelRate } from './kernel-rate.js';

const file = (rel: string): string => fileURLToPath(new URL(`../../${rel}`, import.meta.url));
const base = (rel: string): { kernel: Kernel<unknown, unknown>; spec: FightSpec } => {
  const study = loadStudy(file(rel));
  const t = (study.plugin.plan(study.data, 1) as PlannedTask<FightSpec>[])[0]!;
  return { kernel: study.plugin.kernels.dice as Kernel<unknown, unknown>, spec: t.spec };
};
const allPlay = (spec: FightSpec, policy: number): FightSpec => ({ ...spec, fighters: spec.fighters.map((f) => ({ ...f, policy })) });

const shipped = base('configs/d20-party-vs-monsters.yaml');
const named = base('test/fixtures/d20-named.yaml');
const N = 50_000;
console.log('\nd20 party fights (4 heroes v 6 monsters), one core, per-die engine (best of 3):');
for (const [label, kernel, spec] of [
  ['every fighter tactical (the default)', shipped.kernel, allPlay(shipped.spec, TACTICAL)],
  ['every fighter focus-weakest', shipped.kernel, allPlay(shipped.spec, FOCUS_WEAKEST)],
  ['every policy named (d20-named.yaml)', named.kernel, named.spec],
] as const) {
  const r = kernelRate(kernel, spec, N, 5_000);
  console.log(`${label.padEnd(44)} ${(r / 1000).toFixed(1).padStart(8)} k/s (N=${N})`);
}
