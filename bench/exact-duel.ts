/**
 * `node dist/bench/exact-duel.js`: the exact value of a 3-Wound melee skirmish duel (Keen +
 * Sword against Stout + Battle Axe + Medium Armour, 12" apart, both aggressive, maxRounds 20),
 * a's and b's best responses to the other's named policy, and the optimal (minimax) value, with
 * the states walked and dice paths replayed. Targets: exact < 50 ms, optimal < 500 ms.
 * Each is the median of 3 runs in this process after 3 warm-up runs, as wall time and as CPU
 * time (process.cpuUsage, which a busy machine disturbs less). Then the plain walker and solver
 * (plain.ts, the reference the fast ones are tested against) once each for the ratio; `--quick`
 * skips the plain optimal solve (about 30 s). Also the optimal solve recording its decision table
 * and the exact walk under that table (what `policy: optimal` in a study costs).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseStudy } from '../src/config/load.js';
import { validate } from '../src/config/validate.js';
import { exactDuel } from '../src/systems/skirmish/duel/exact.js';
import { skirmishDuel } from '../src/systems/skirmish/duel/mode.js';
import { exactDuelPlain, solveDuelPlain } from '../src/systems/skirmish/duel/plain.js';
import type { DuelSpec } from '../src/systems/skirmish/duel/setup.js';
import { solveDuel, type SideMode } from '../src/systems/skirmish/duel/solve.js';
import { solvePlay } from '../src/systems/skirmish/duel/solved-policy.js';
import type { DuelStudy } from '../src/systems/skirmish/duel/schema.js';
import type { PlannedTask } from '../src/systems/types.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/keen-stout-duel.yaml', import.meta.url));
const STUDY = readFileSync(FIXTURE, 'utf8').replace(/matchups:[\s\S]*?variants:/, `matchups:
  - { a: keen-sword, b: stout-axe-medium }
variants:`);
const study = validate(parseStudy('bench.yaml', STUDY), skirmishDuel.schema) as DuelStudy;
const [melee] = skirmishDuel.plan(study, 1) as [PlannedTask<DuelSpec>];
const quick = process.argv.includes('--quick');

interface Timed<T> {
  readonly ms: number;
  readonly cpu: number;
  readonly result: T;
}

function once<T>(f: () => T): Timed<T> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const result = f();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpu: (c.user + c.system) / 1000, result };
}

/** Median wall and CPU time of 3 runs after 3 warm-up runs (the JIT compiles the walk during the first ones). */
function median<T>(f: () => T): Timed<T> {
  for (let k = 0; k < 3; k++) f();
  const runs = [once(f), once(f), once(f)];
  const mid = <K extends 'ms' | 'cpu'>(k: K): number => runs.map((r) => r[k]).sort((x, y) => x - y)[1]!;
  return { ms: mid('ms'), cpu: mid('cpu'), result: runs[0]!.result };
}

const time = (t: Timed<unknown>): string => `${t.ms.toFixed(1)} ms (CPU ${t.cpu.toFixed(1)} ms)`;

const exact = median(() => exactDuel(melee.spec));
const t = exact.result.tally;
console.log(`exact value (named vs named): P(a)=${t[0]!.toFixed(6)} P(b)=${t[1]!.toFixed(6)} P(draw)=${t[2]!.toExponential(2)}`);
console.log(`  ${time(exact)}, target < 50 ms; ${exact.result.states} states, ${exact.result.paths} dice paths`);

const solves: [string, readonly [SideMode, SideMode]][] = [
  ['best response of a (solved a vs named b)', ['solved', 'named']],
  ['best response of b (named a vs solved b)', ['named', 'solved']],
  ['optimal value (minimax)', ['solved', 'solved']],
];
for (const [name, modes] of solves) {
  const s = median(() => solveDuel(melee.spec, modes));
  console.log(`${name}: ${s.result.value.toFixed(6)}`);
  console.log(`  ${time(s)}${modes[0] === 'solved' && modes[1] === 'solved' ? ', target < 500 ms' : ''}; ${s.result.states} states, ${s.result.valued} (round, state) pairs valued, ${s.result.paths} dice paths`);
}

// What a study with `policy: optimal` adds: the solve recording its decision table, then the exact walk playing it (per round: plain walker).
const recorded = median(() => solvePlay(melee.spec, ['solved', 'solved']));
console.log(`optimal solve recording the table (policy: optimal): ${time(recorded)}; ${recorded.result.policy.table.size} decisions`);
const walked = median(() => exactDuel(melee.spec, recorded.result.policy));
const wt = walked.result.tally;
console.log(`  exact walk under the table: ${time(walked)}, ${walked.result.states} (round, state) pairs; P(a)+P(draw)/2 = ${(wt[0]! + wt[2]! / 2).toFixed(6)}`);

const plainExact = once(() => exactDuelPlain(melee.spec));
console.log(`plain exact walker: ${time(plainExact)}, ${plainExact.result.states} (round, state) pairs; fast/plain CPU ratio ${(plainExact.cpu / exact.cpu).toFixed(1)}x`);
if (!quick) {
  const fast = once(() => solveDuel(melee.spec, ['solved', 'solved']));
  const plain = once(() => solveDuelPlain(melee.spec, ['solved', 'solved'], { states: 5e6, paths: 1e9 }));
  console.log(`plain optimal solver: ${time(plain)}, ${plain.result.states} (round, state) pairs, value ${plain.result.value.toFixed(6)}; ratio ${(plain.cpu / fast.cpu).toFixed(1)}x CPU`);
}
