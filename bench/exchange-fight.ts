/**
 * `node dist/bench/exchange-fight.js`: four-against-four exchange fights (seed 001, Tactical Mode:
 * a sword, a spear, a bow and a guard-first sword against four bandits, 6 Spaces apart, partial
 * cover) per second on one core, N quoted; then the whole engine with 1 and 2 workers.
 * Targets: >= 20,000 fights/s per core; 2 workers >= 1.8x one. Its players are named policies; the
 * default `tactical` player: bench/exchange-fight-tactical.ts; two builds: bench/exchange-fight-compare.ts.
 */
import { simulate } from '../src/batch/engine.js';
import { parseStudy } from '../src/config/load.js';
import { validate } from '../src/config/validate.js';
import { exchangeFightDice } from '../src/systems/exchange/fight/kernel.js';
import { exchangeFight } from '../src/systems/exchange/fight/mode.js';
import type { ExchangeFightStudy } from '../src/systems/exchange/fight/schema.js';
import type { ExchangeFightSpec } from '../src/systems/exchange/fight/spec.js';
import type { PlannedTask } from '../src/systems/types.js';

const STUDY = `system: exchange
mode: fight
characters:
  mira:   { vitality: 6, strength: 2, agility: 3, resilience: 2, melee: 3, acrobatics: 1, athletics: 1 }
  orin:   { vitality: 7, strength: 3, agility: 1, resilience: 3, melee: 2, athletics: 2 }
  sera:   { vitality: 5, strength: 1, agility: 2, resilience: 2, ranged: 2, acrobatics: 2 }
  tomas:  { vitality: 6, strength: 2, agility: 2, resilience: 2, melee: 2, acrobatics: 1 }
  bandit: { vitality: 5, strength: 3, agility: 1, resilience: 2, melee: 2 }
weapons:
  sword: { kind: melee, damage: 2, vitalCap: 3 }
  spear: { kind: melee, damage: 2, vitalCap: 2, reach: 2 }
  bow:   { kind: projectile, damage: 2, vitalCap: 3, effectiveRange: 60, maxRange: 120 }
armours: { leather: { soak: 1 } }
loadouts:
  mira:   { character: mira, weapon: sword, armour: leather }
  orin:   { character: orin, weapon: spear }
  sera:   { character: sera, weapon: bow }
  tomas:  { character: tomas, weapon: sword, armour: leather }
  bandit: { character: bandit, weapon: sword, armour: leather }
  archer: { character: bandit, weapon: bow }
sides:
  heroes: [{ loadout: mira }, { loadout: orin, move: protect }, { loadout: sera }, { loadout: tomas, policy: guard-first }]
  bandits: [{ loadout: bandit, count: 3, policy: all-in }, { loadout: archer }]
fight: { map: [20, 20], distance: 6, cover: [{ at: [9, 8], size: [2, 1], kind: partial }] }
matchups: [{ a: heroes, b: bandits }]
`;
const study = validate(parseStudy('bench.yaml', STUDY), exchangeFight.schema) as ExchangeFightStudy;
const [task] = exchangeFight.plan(study, 1) as [PlannedTask<ExchangeFightSpec>];

/** Best of 3 by wall time, and by this thread's CPU time (what one core does when the machine is shared). */
function rate(n: number): [wall: number, cpu: number] {
  const p = exchangeFightDice.prepare(task.spec);
  const tally = new Float64Array(exchangeFightDice.tallySize(task.spec));
  const rng = Int32Array.from([1, 2, 3, 4]);
  for (let i = 0; i < 20; i++) exchangeFightDice.run(p, rng, 64, tally);
  let best = 0;
  let bestCpu = 0;
  for (let rep = 0; rep < 3; rep++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    exchangeFightDice.run(p, rng, n, tally);
    const cpu = process.cpuUsage(c0);
    best = Math.max(best, n / ((performance.now() - t0) / 1000));
    bestCpu = Math.max(bestCpu, n / ((cpu.user + cpu.system) / 1e6));
  }
  return [best, bestCpu];
}

const k = (x: number): string => `${(x / 1e3).toFixed(1)} k/s`;
const N = 200_000;
console.log(`\nExchange fights, 4 against 4, one core (best of 3 runs of N = ${N.toLocaleString('en')} fights):`);
const [wall, cpu] = rate(N);
console.log(`${'fights per second (wall time)'.padEnd(60)} ${k(wall).padStart(12)}`);
console.log(`${'fights per CPU second (this thread)'.padEnd(60)} ${k(cpu).padStart(12)}`);

async function engine(workers: number): Promise<number> {
  const tasks = Array.from({ length: 4 }, (_, i) => ({ ...task, streamKey: i, trials: 200_000 }));
  const t0 = performance.now();
  await simulate(exchangeFight, tasks, { seed: 1, engine: 'dice', workers });
  return 800_000 / ((performance.now() - t0) / 1000);
}
const one = Math.max(await engine(1), await engine(1));
const two = Math.max(await engine(2), await engine(2));
console.log(`\nEngine, N = 800,000 fights in 4 tasks, worker start-up included, best of 2:`);
console.log(`${'1 worker'.padEnd(60)} ${k(one).padStart(12)}`);
console.log(`${'2 workers'.padEnd(60)} ${k(two).padStart(12)}   ${(two / one).toFixed(2)}x one worker`);
