/**
 * `npm run bench`: attacks per second for the seed-000 sample matchup (Keen + Sword, 4 Might +
 * 5 Skill dice, against Stout + Battle Axe + Medium Armour, 8 defence dice), measured in one run:
 *   - naive per die: Math.random and ifs on faces;
 *   - the per-die reference (rollAttack) through the Xoshiro128ss class;
 *   - per die through pure-rand (xoroshiro128plus + uniformInt) with the kernel's logic;
 *   - the optimized kernel (xoshiro128** inlined, branchless tests);
 *   - the table kernel (one draw per attack from the exact outcome distribution, alias method);
 *   - the exact engine on a 15-die attack against a 12-die defence with a tower shield;
 *   - the whole engine (piscina pool) with 1 and 2 worker threads.
 * Ratios are what matter: this machine varies by +-25% between processes.
 */
import { availableParallelism } from 'node:os';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { simulate } from '../src/batch/engine.js';
import { RngDice } from '../src/dice/dice.js';
import { deriveStream, Xoshiro128ss } from '../src/dice/rng.js';
import { skirmishAttack } from '../src/systems/skirmish/attack/mode.js';
import { expectedUnblocked } from '../src/systems/skirmish/exact.js';
import { buildKernel, runAttacks } from '../src/systems/skirmish/attack/kernel.js';
import { DEFAULT_KNOBS, DEFAULT_SITUATION, type Loadout } from '../src/systems/skirmish/profile.js';
import { rollAttack } from '../src/systems/skirmish/reference.js';
import { buildTable, runTable } from '../src/systems/skirmish/table.js';
import { exactOutcomes } from '../src/systems/skirmish/exact.js';
import { resolveWeapon } from '../src/systems/skirmish/resolve.js';
import { blockColour } from '../src/systems/skirmish/sequence.js';
import { compileAttack, OUTCOME_CODES, type AttackSpec } from '../src/systems/skirmish/spec.js';
import type { PlannedTask } from '../src/systems/types.js';

const fighter = (name: string, might: number, skill: number) => ({
  name, cc: 3, rc: 3, might, skill, defense: 4, wounds: 3, movement: 4, casting: null, keywords: [],
});
const keen: Loadout = {
  name: 'keen-sword', fighter: fighter('keen', 3, 4), armor: 'none', shield: 'none',
  weapons: [resolveWeapon('sword', { type: 'melee', class: 'sword', might: '+1', skill: '+1', keywords: [] })],
};
const stout: Loadout = {
  name: 'stout-axe-medium', fighter: fighter('stout', 4, 3), armor: 'medium', shield: 'none',
  weapons: [resolveWeapon('battle-axe', { type: 'melee', class: 'axe', might: '+2', skill: '-', keywords: [] })],
};
const spec = compileAttack(
  { attacker: keen, weapon: keen.weapons[0]!, defender: stout, situation: DEFAULT_SITUATION, knobs: DEFAULT_KNOBS },
  expectedUnblocked,
);

/** Best of three timings of `run(n)`, in attacks per second. */
function measure(run: (n: number) => void, n: number): number {
  run(Math.min(n, 2000));
  let best = 0;
  for (let rep = 0; rep < 3; rep++) {
    const t0 = performance.now();
    run(n);
    best = Math.max(best, n / ((performance.now() - t0) / 1000));
  }
  return best;
}

let sink = 0;

function naive(s: AttackSpec, n: number): void {
  for (let i = 0; i < n; i++) {
    let hm = 0, cm = 0, hs = 0, cs = 0, dm = 0, ds = 0;
    for (let j = 0; j < s.mightDice + s.skillDice; j++) {
      // eslint-disable-next-line no-restricted-properties -- the naive baseline on purpose
      const face = Math.floor(Math.random() * 6) + 1;
      if (face !== 1 && (face === 6 || face >= s.hitFace)) {
        if (j < s.mightDice) hm++; else hs++;
        if (face >= s.critFace) { if (j < s.mightDice) cm++; else cs++; }
      }
    }
    for (const need of s.defMight) {
      // eslint-disable-next-line no-restricted-properties -- the naive baseline on purpose
      const face = Math.floor(Math.random() * 6) + 1;
      if (face !== 1 && (face === 6 || face >= need)) dm++;
    }
    for (const need of s.defSkill) {
      // eslint-disable-next-line no-restricted-properties -- the naive baseline on purpose
      const face = Math.floor(Math.random() * 6) + 1;
      if (face !== 1 && (face === 6 || face >= need)) ds++;
    }
    sink += tail(s, hm, cm, hs, cs, dm, ds);
  }
}

function pureRand(s: AttackSpec, n: number): void {
  const rng = xoroshiro128plus(42);
  for (let i = 0; i < n; i++) {
    let hm = 0, cm = 0, hs = 0, cs = 0, dm = 0, ds = 0;
    for (let j = 0; j < s.mightDice + s.skillDice; j++) {
      const face = uniformInt(rng, 1, 6);
      const hit = face !== 1 && (face === 6 || face >= s.hitFace) ? 1 : 0;
      const crit = hit && face >= s.critFace ? 1 : 0;
      if (j < s.mightDice) { hm += hit; cm += crit; } else { hs += hit; cs += crit; }
    }
    for (const need of s.defMight) dm += uniformInt(rng, 1, 6) >= need ? 1 : 0;
    for (const need of s.defSkill) ds += uniformInt(rng, 1, 6) >= need ? 1 : 0;
    sink += tail(s, hm, cm, hs, cs, dm, ds);
  }
}

function tail(s: AttackSpec, hm: number, cm: number, hs: number, cs: number, dm: number, ds: number): number {
  const m = blockColour(hm - cm, dm, s.tieToDefender);
  const k = blockColour(hs - cs, ds, s.tieToDefender);
  const dodge = s.dodge ? Math.min(m.through, k.left >> 1) : 0;
  const shove = s.shove ? Math.min(k.through, m.left >> 1) : 0;
  return cm + cs + m.through - dodge + k.through - shove;
}

function reference(s: AttackSpec, n: number): void {
  const dice = new RngDice(new Xoshiro128ss(deriveStream(1)));
  for (let i = 0; i < n; i++) sink += rollAttack(dice, s).unblocked;
}

const kernel = buildKernel(spec);
function optimized(n: number): void {
  const counts = new Float64Array(OUTCOME_CODES);
  runAttacks(kernel, Int32Array.from(deriveStream(2)), n, counts);
  sink += counts[0]!;
}

async function engine(workers: number, trials: number): Promise<number> {
  const tasks: PlannedTask<AttackSpec>[] = Array.from({ length: 4 }, (_, i) => ({
    labels: {}, streamKey: i, trials, spec,
  }));
  const t0 = performance.now();
  await simulate(skirmishAttack, tasks, { seed: 1, engine: 'dice', workers });
  return (4 * trials) / ((performance.now() - t0) / 1000);
}

const table = buildTable(spec);
function tabled(n: number): void {
  const counts = new Float64Array(OUTCOME_CODES);
  runTable(table, Int32Array.from(deriveStream(3)), n, counts);
  sink += counts[0]!;
}

const M = (x: number): string => `${(x / 1e6).toFixed(2)} M/s`;
const rows: [string, number][] = [];
rows.push(['naive per die (Math.random, ifs)', measure((n) => naive(spec, n), 300_000)]);
rows.push(['per-die reference (rollAttack, Xoshiro128ss class)', measure((n) => reference(spec, n), 300_000)]);
rows.push(['per die through pure-rand (xoroshiro128plus + uniformInt)', measure((n) => pureRand(spec, n), 300_000)]);
rows.push(['optimized kernel (inlined xoshiro128**, branchless)', measure(optimized, 5_000_000)]);
rows.push(['table kernel (one draw per attack, alias method)', measure(tabled, 50_000_000)]);
const fast = rows[3]![1];
console.log(`One attack: ${spec.mightDice} Might + ${spec.skillDice} Skill dice vs ${spec.defMight.length + spec.defSkill.length} defence dice, one core\n`);
for (const [name, rate] of rows.slice(0, 4)) console.log(`${name.padEnd(60)} ${M(rate).padStart(12)}   optimized is ${(fast / rate).toFixed(1)}x`);
const tableRate = rows[4]![1];
console.log(`${rows[4]![0].padEnd(60)} ${M(tableRate).padStart(12)}   ${(tableRate / fast).toFixed(1)}x the per-die kernel`);

// Exact: 15 attack dice (giant with a maul) against 12 defence dice with a tower shield.
const giant: Loadout = { ...keen, fighter: { ...keen.fighter, might: 8, skill: 7 } };
const wall: Loadout = { ...stout, fighter: { ...stout.fighter, might: 8, skill: 3 }, armor: 'heavy', shield: 'tower' };
const big = compileAttack(
  { attacker: giant, weapon: giant.weapons[0]!, defender: wall, situation: DEFAULT_SITUATION, knobs: DEFAULT_KNOBS },
  expectedUnblocked,
);
exactOutcomes(big);
const e0 = performance.now();
const reps = 20;
for (let i = 0; i < reps; i++) exactOutcomes(big);
const exactMs = (performance.now() - e0) / reps;
console.log(`\nExact distribution, ${big.mightDice}+${big.skillDice} attack dice vs ${big.defMight.length}+${big.defSkill.length} defence dice (tower shield): ${exactMs.toFixed(2)} ms`);

const trials = 10_000_000;
const cores = Math.max(2, availableParallelism());
const best = async (f: () => Promise<number>): Promise<number> => Math.max(await f(), await f(), await f());
const one = await best(() => engine(1, trials));
const many = await best(() => engine(cores, trials));
console.log(`\nEngine, ${(4 * trials) / 1e6}M attacks in 4 tasks, worker start-up included, best of 3:`);
console.log(`${'1 worker'.padEnd(60)} ${M(one).padStart(12)}`);
console.log(`${`${cores} workers`.padEnd(60)} ${M(many).padStart(12)}   ${(many / one).toFixed(2)}x one worker`);
if (sink === -1) console.log(sink);
