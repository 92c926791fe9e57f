/**
 * `npm run bench:startup`: cold start of `balance --help` and `balance validate <example study>`,
 * whole process (spawn to exit), median and minimum of STARTUP_RUNS runs (default 5) each, four
 * ways in one run, interleaved so that a busy machine hurts them alike:
 *   files         dist/src/cli/entry.js: the compiled modules, one file each (the CLI before bundling)
 *   bundle        the `balance` bin with BALANCE_CODE_CACHE=off: one bundled script, compiled
 *                 (`--help` prints the saved text either way)
 *   main.js       dist/src/cli/main.js: the launcher as an ES module, bundle from V8's code cache
 *   node balance.cjs  the `bin` of package.json (dist/src/cli/balance.cjs) run by `node`
 *                 (for `validate STUDY.yaml` alone, the validate bundle, balance-validate.cjs)
 *   balance       the same file executed, as a shell runs `balance` or `npx balance` runs it: its
 *                 first line is /bin/sh, which execs Node on it, without NODE_EXTRA_CA_CERTS for
 *                 an offline command (scripts/build-cli.mjs, SH_PROLOGUE)
 * Target: balance under 150 ms median for both commands on the reference machine.
 * When NODE_EXTRA_CA_CERTS is set (some sandboxes set it for every process), Node parses every
 * certificate in that file before running any script (~40 ms for 144 certificates on the
 * reference machine, 2026-12-01): the floor and `balance` are then also timed without it, to show
 * what is Node's start and what is this CLI's.
 * Each process also reports its CPU time (user + system, all threads) at exit, through a preload
 * (`--require` in NODE_OPTIONS, not a V8 flag: the code cache still applies; in NODE_OPTIONS so that
 * the executed `bin` gets it too), and on Linux its main thread's: on a
 * shared machine CPU time is the steadier number, wall time the one users feel.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = (file: string): string => fileURLToPath(new URL(`../src/cli/${file}`, import.meta.url));
const PACKAGE = fileURLToPath(new URL('../../package.json', import.meta.url));
const BIN = fileURLToPath(new URL(`../../${(JSON.parse(readFileSync(PACKAGE, 'utf8')) as { bin: { balance: string } }).bin.balance}`, import.meta.url));
const STUDY = fileURLToPath(new URL('../../configs/skirmish-weapons-vs-armour.yaml', import.meta.url));
const RUNS = Number(process.env['STARTUP_RUNS'] ?? 5);

interface Way {
  readonly label: string;
  /** The program to spawn: Node itself, or the `bin` executed as a file. */
  readonly program: string;
  readonly args: readonly string[];
  /** Added to the environment; undefined removes a variable. */
  readonly env: Record<string, string | undefined>;
}

const NODE = process.execPath;
const WAYS: readonly Way[] = [
  { label: 'files', program: NODE, args: [CLI('entry.js')], env: {} },
  { label: 'bundle', program: NODE, args: [BIN], env: { BALANCE_CODE_CACHE: 'off' } },
  { label: 'main.js', program: NODE, args: [CLI('main.js')], env: {} },
  { label: 'node balance.cjs', program: NODE, args: [BIN], env: {} },
  { label: 'balance', program: BIN, args: [], env: {} },
];
/** Set in the environment: Node loads these certificates at every start (see the header). */
const EXTRA_CA = process.env['NODE_EXTRA_CA_CERTS'] !== undefined;
const NO_EXTRA_CA = { NODE_EXTRA_CA_CERTS: undefined };
const ALL_WAYS: readonly Way[] = EXTRA_CA ? [...WAYS, { label: 'node balance.cjs, no NODE_EXTRA_CA_CERTS', program: NODE, args: [BIN], env: NO_EXTRA_CA }] : WAYS;
const COMMANDS: readonly (readonly string[])[] = [['--help'], ['validate', STUDY]];

const CPU_REPORT = join(mkdtempSync(join(tmpdir(), 'startup-')), 'cpu-at-exit.cjs');
// The main thread's CPU time too, where Linux gives it (/proc/self/task/PID/schedstat, ns): V8's
// compiler and GC helper threads run beside it, so it is the closer measure of the critical path.
writeFileSync(CPU_REPORT, [
  "process.on('exit', () => {",
  '  const u = process.cpuUsage();',
  "  let main = -1;",
  "  try { main = Number(require('node:fs').readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'latin1').split(' ')[0]) / 1e6; } catch {}",
  '  process.stderr.write(`\\ncpu-ms ${(u.user + u.system) / 1000} ${main}\\n`);',
  '});',
].join('\n'));

/** Wall, CPU and main-thread CPU milliseconds of one whole process (the last -1 where unknown). */
function once(program: string, args: readonly string[], env: Record<string, string | undefined>): [number, number, number] {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env, NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --require=${CPU_REPORT}`.trim() };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete merged[k];
  const t0 = performance.now();
  const r = spawnSync(program, args, { stdio: ['ignore', 'ignore', 'pipe'], env: merged });
  const ms = performance.now() - t0;
  const cpu = /cpu-ms ([\d.]+) (-?[\d.]+)\n$/.exec(String(r.stderr));
  if (r.status !== 0 || !cpu) throw new Error(`${program} ${args.join(' ')} exited ${String(r.status)}: ${String(r.stderr)}`);
  return [ms, Number(cpu[1]), Number(cpu[2])];
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const stat = (xs: readonly number[]): string => `median ${median(xs).toFixed(0).padStart(4)} ms  min ${Math.min(...xs).toFixed(0).padStart(4)} ms`;
const line = (label: string, runs: readonly [number, number, number][]): string =>
  `${label.padEnd(58)} wall ${stat(runs.map((r) => r[0]))}   cpu ${stat(runs.map((r) => r[1]))}` +
  (runs.every((r) => r[2] >= 0) ? `   main thread ${stat(runs.map((r) => r[2]))}` : '');

const times = new Map<string, [number, number, number][]>();
const record = (key: string, run: [number, number, number]): void => void times.set(key, [...(times.get(key) ?? []), run]);
for (let i = 0; i < RUNS; i++) {
  record('node -e 0 (floor)', once(NODE, ['-e', '0'], {}));
  if (EXTRA_CA) record('node -e 0, no NODE_EXTRA_CA_CERTS', once(NODE, ['-e', '0'], NO_EXTRA_CA));
  for (const cmd of COMMANDS) {
    for (const way of ALL_WAYS) record(`balance ${cmd[0]!} [${way.label}]`, once(way.program, [...way.args, ...cmd], way.env));
  }
}
console.log(`cold start, whole process, ${RUNS} runs each (interleaved); validate: ${STUDY}`);
for (const [key, ms] of times) console.log(line(key, ms));
