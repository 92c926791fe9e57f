/**
 * `node dist/bench/exchange-fight-tactical.js`: four-against-four exchange fights per second on one
 * core with the default `tactical` player (paths, responses and Boost by value) against the same
 * fight with named policies (the bench/exchange-fight.ts study: reserve-1, guard-first, all-in and
 * greedy steps), N quoted, then the ratio. Target (issue 28): tactical >= 50,000 fights/s per core.
 * Measured (load 3): tactical 33 k/s, named 80 k/s (at 8630332: 8.6 k and 66.5 k on a quiet machine;
 * 3.6x and 1.15x in one process). After the neighbour tables and one-line memo entries (load 8-10):
 * tactical 30.2 k/s, named 70.4 k/s, the build before 27.6 k and 68.2 k in the same minute; 1.15x and
 * 1.02-1.04x in one process (node dist/bench/exchange-fight-compare.js): docs/performance.md.
 */
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
  heroes: [{ loadout: mira, policy: reserve-1 }, { loadout: orin, move: protect, policy: reserve-1 }, { loadout: sera, policy: reserve-1 }, { loadout: tomas, policy: guard-first }]
  bandits: [{ loadout: bandit, count: 3, policy: all-in }, { loadout: archer, policy: reserve-1 }]
fight: { map: [20, 20], distance: 6, cover: [{ at: [9, 8], size: [2, 1], kind: partial }] }
matchups: [{ a: heroes, b: bandits }]
`;

function task(text: string): PlannedTask<ExchangeFightSpec> {
  const study = validate(parseStudy('bench.yaml', text), exchangeFight.schema) as ExchangeFightStudy;
  return exchangeFight.plan(study, 1)[0]!;
}

/** Best of 3 by this thread's CPU time (what one core does when the machine is shared), and by wall time. */
function rate(spec: ExchangeFightSpec, n: number): [wall: number, cpu: number] {
  const p = exchangeFightDice.prepare(spec);
  const tally = new Float64Array(exchangeFightDice.tallySize(spec));
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

const N = Number(process.env.BENCH_FIGHTS ?? 100_000);
const named = task(STUDY).spec;
const tactical = task(STUDY.replace(/, policy: [a-z0-9-]+/g, '').replace(/, move: protect/g, '')).spec;
const k = (x: number): string => `${(x / 1e3).toFixed(1)} k/s`;
console.log(`\nExchange fights, 4 against 4, one core (best of 3 runs of N = ${N.toLocaleString('en')} fights each):`);
const [nw, nc] = rate(named, N);
const [tw, tc] = rate(tactical, N);
console.log(`${'named policies: fights per CPU second (wall)'.padEnd(60)} ${k(nc).padStart(12)} (${k(nw)})`);
console.log(`${'tactical: fights per CPU second (wall)'.padEnd(60)} ${k(tc).padStart(12)} (${k(tw)})`);
console.log(`${'tactical / named'.padEnd(60)} ${(tc / nc).toFixed(2).padStart(12)}x   (target: tactical >= 50 k/s per core)`);
