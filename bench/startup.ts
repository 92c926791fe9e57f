/**
 * `npm run bench:startup`: cold start of `balance --help` and `balance validate <example study>`,
 * whole process (spawn to exit), median and minimum of STARTUP_RUNS runs (default 5) each, three
 * ways in one run, interleaved so that a busy machine hurts them alike:
 *   files         dist/src/cli/entry.js: the compiled modules, one file each (the CLI before bundling)
 *   bundle        dist/src/cli/main.js with BALANCE_CODE_CACHE=off: one bundled script, compiled
 *   bundle+cache  dist/src/cli/main.js: the bundled script from V8's code cache (what `balance` runs)
 * Target: bundle+cache under 150 ms median for both commands on the reference machine.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = (file: string): string => fileURLToPath(new URL(`../src/cli/${file}`, import.meta.url));
const STUDY = fileURLToPath(new URL('../../configs/skirmish-weapons-vs-armour.yaml', import.meta.url));
const RUNS = Number(process.env['STARTUP_RUNS'] ?? 5);

interface Way {
  readonly label: string;
  readonly args: readonly string[];
  readonly env: Record<string, string>;
}

const WAYS: readonly Way[] = [
  { label: 'files', args: [CLI('entry.js')], env: {} },
  { label: 'bundle', args: [CLI('main.js')], env: { BALANCE_CODE_CACHE: 'off' } },
  { label: 'bundle+cache', args: [CLI('main.js')], env: {} },
];
const COMMANDS: readonly (readonly string[])[] = [['--help'], ['validate', STUDY]];

function once(args: readonly string[], env: Record<string, string>, check = true): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  const ms = performance.now() - t0;
  if (check && r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${String(r.status)}: ${String(r.stderr)}`);
  return ms;
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const line = (label: string, ms: readonly number[]): string =>
  `${label.padEnd(34)} median ${median(ms).toFixed(0).padStart(4)} ms  min ${Math.min(...ms).toFixed(0).padStart(4)} ms  (${ms.map((x) => x.toFixed(0)).join(', ')})`;

const times = new Map<string, number[]>();
const record = (key: string, ms: number): void => void times.set(key, [...(times.get(key) ?? []), ms]);
for (let i = 0; i < RUNS; i++) {
  record('node -e 0 (floor)', once(['-e', '0'], {}));
  for (const cmd of COMMANDS) {
    for (const way of WAYS) record(`balance ${cmd[0]!} [${way.label}]`, once([...way.args, ...cmd], way.env));
  }
}
console.log(`cold start, whole process, ${RUNS} runs each (interleaved); validate: ${STUDY}`);
for (const [key, ms] of times) console.log(line(key, ms));
