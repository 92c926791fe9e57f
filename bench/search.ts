/**
 * `npm run build && node dist/bench/search.js [fights] [rollouts]`: the search player (`policy:
 * search`, src/games/search.ts) against the named players, per fight mode, on the shipped studies:
 * win rates with their standard errors on one fixed stream (the same fights for every line),
 * decisions searched per second and fights per second at the budget, one core; then the same
 * search run through the engine with 1 and 2 workers (wall time, and that the results agree).
 *
 * Each line plays side A (heroes / the first side) one way against the side B of the study as
 * shipped: as shipped (the named players), all `tactical` (the search's default rollout policy),
 * all `search`, and a weak named player and `search` against it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { loadStudyText, planRun, simulatePlan } from '../src/api.js';
import type { SearchStats } from '../src/games/search.js';
import type { Kernel, PlannedTask } from '../src/systems/types.js';

const fights = Number(process.argv[2] ?? 200);
const rollouts = process.argv[3] === undefined ? undefined : Number(process.argv[3]);

const config = (name: string): string => fileURLToPath(new URL(`../../configs/${name}`, import.meta.url));

type Data = Record<string, unknown>;
interface Case {
  readonly file: string;
  /** Side A's entries, rewritten to play `policy` (undefined: as shipped). */
  readonly rewrite: (data: Data, policy: string | undefined) => void;
  readonly policies: readonly (string | undefined)[];
  readonly variant?: string;
}

function entriesWith(list: unknown[], policy: string): unknown[] {
  return list.map((e) => (typeof e === 'string' ? { loadout: e, policy } : { ...(e as Data), policy }));
}

const CASES: readonly Case[] = [
  {
    file: 'd20-party-vs-monsters.yaml',
    rewrite: (d, p) => {
      const sides = d['sides'] as { heroes: unknown[] };
      if (p !== undefined) sides.heroes = entriesWith(sides.heroes, p);
      d['variants'] = { base: {} };
    },
    policies: [undefined, 'tactical', 'search', 'focus-weakest'],
  },
];

function studyText(c: Case, policy: string | undefined): string {
  const data = parse(readFileSync(config(c.file), 'utf8')) as Data;
  c.rewrite(data, policy);
  if (rollouts !== undefined && policy === 'search') data['search'] = { rollouts };
  return stringify(data);
}

function playFixed(c: Case, policy: string | undefined): { rate: number; se: number; perSecond: number; stats: SearchStats | null } {
  const study = loadStudyText(c.file, studyText(c, policy));
  const task = study.plugin.plan(study.data, fights)[0] as PlannedTask<unknown>;
  const kernel = study.plugin.kernels.dice as Kernel<unknown, unknown>;
  const p = kernel.prepare(task.spec) as { search?: { stats: SearchStats } | null };
  const tally = new Float64Array(kernel.tallySize(task.spec));
  const rng = Int32Array.from([1, 2, 3, 4]);
  const t0 = performance.now();
  kernel.run(p, rng, fights, tally);
  const seconds = (performance.now() - t0) / 1000;
  const stat = study.plugin.rows(task, tally, false).stat;
  const rate = stat.kind === 'rate' ? stat.successes / stat.n : stat.mean;
  return { rate, se: Math.sqrt((rate * (1 - rate)) / fights), perSecond: fights / seconds, stats: p.search?.stats ?? null };
}

console.log(`search bench: ${fights} fights per line on one fixed stream${rollouts === undefined ? '' : `, ${rollouts} play-outs per decision`}`);
for (const c of CASES) {
  console.log(`\n${c.file} (side A plays as named below; side B as shipped)`);
  for (const policy of c.policies) {
    const r = playFixed(c, policy);
    const s = r.stats;
    const extra = s === null ? '' : `  ${(s.searched / (fights / r.perSecond)).toFixed(0)} searched decisions/s, ${(s.playouts / s.searched).toFixed(0)} play-outs each, changed ${(s.changed / s.searched * 100).toFixed(0)}%`;
    console.log(`  ${(policy ?? 'as shipped').padEnd(16)} win ${r.rate.toFixed(3)} ± ${r.se.toFixed(3)}   ${r.perSecond.toFixed(1)} fights/s${extra}`);
  }
  // The engine with 1 and 2 workers: wall time, same results.
  const study = loadStudyText(c.file, studyText(c, 'search'));
  const out: string[] = [];
  let first: Float64Array | null = null;
  for (const workers of [1, 2]) {
    const plan = planRun(study, { trials: fights, workers });
    const sim = await simulatePlan(study, plan);
    const same = first === null ? '' : sim.tallies[0]!.every((v, i) => v === first![i]) ? ', same tallies' : ', DIFFERENT tallies';
    first ??= sim.tallies[0]!;
    out.push(`${workers} worker(s) ${(sim.wallMs / 1000).toFixed(2)} s${same}`);
  }
  console.log(`  search through the engine: ${out.join('; ')}`);
}
