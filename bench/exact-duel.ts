/**
 * `node dist/bench/exact-duel.js`: the exact value of a 3-Wound melee skirmish duel (Keen +
 * Sword against Stout + Battle Axe + Medium Armour, 12" apart, both aggressive, maxRounds 20)
 * and its optimal (minimax) value, with the states visited and dice paths replayed. Targets
 * (issue #15): exact < 50 ms, optimal < 500 ms. Best of 5 after a warm-up run.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseStudy } from '../src/config/load.js';
import { validate } from '../src/config/validate.js';
import { exactDuel } from '../src/systems/skirmish/duel/exact.js';
import { skirmishDuel } from '../src/systems/skirmish/duel/mode.js';
import type { DuelSpec } from '../src/systems/skirmish/duel/setup.js';
import { solveDuel } from '../src/systems/skirmish/duel/solve.js';
import type { DuelStudy } from '../src/systems/skirmish/schema.js';
import type { PlannedTask } from '../src/systems/types.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/keen-stout-duel.yaml', import.meta.url));
const STUDY = readFileSync(FIXTURE, 'utf8').replace(/matchups:[\s\S]*?variants:/, `matchups:
  - { a: keen-sword, b: stout-axe-medium }
variants:`);
const study = validate(parseStudy('bench.yaml', STUDY), skirmishDuel.schema) as DuelStudy;
const [melee] = skirmishDuel.plan(study, 1) as [PlannedTask<DuelSpec>];

function best<T>(f: () => T): { ms: number; result: T } {
  let result = f();
  let ms = Infinity;
  for (let rep = 0; rep < 5; rep++) {
    const t0 = performance.now();
    result = f();
    ms = Math.min(ms, performance.now() - t0);
  }
  return { ms, result };
}

const exact = best(() => exactDuel(melee.spec));
const t = exact.result.tally;
console.log(`exact value (named vs named): P(a)=${t[0]!.toFixed(6)} P(b)=${t[1]!.toFixed(6)} P(draw)=${t[2]!.toExponential(2)}`);
console.log(`  ${exact.ms.toFixed(1)} ms (target < 50 ms), ${exact.result.states} states, ${exact.result.paths} dice paths`);
// The optimal value exceeds the default state limit (MAX_EXACT_STATES): say so, then solve once with a raised limit.
try {
  solveDuel(melee.spec, ['solved', 'solved']);
} catch (e) {
  console.log(`optimal value with the default limits: ${(e as Error).message}`);
}
const t0 = performance.now();
const optimal = solveDuel(melee.spec, ['solved', 'solved'], { states: 5e6, paths: 1e9 });
console.log(`optimal value (minimax), limits raised to 5e6 states: ${optimal.value.toFixed(6)}`);
console.log(`  ${(performance.now() - t0).toFixed(1)} ms (target < 500 ms), ${optimal.states} states, ${optimal.paths} dice paths`);
