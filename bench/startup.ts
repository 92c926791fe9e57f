/**
 * `npm run bench:startup`: cold start of the built `balance` executable, whole process (spawn to
 * exit), median of 5 runs each of `balance --help` and `balance validate <example study>`.
 * Target: under 150 ms each on the reference machine.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const STUDY = fileURLToPath(new URL('../../configs/skirmish-weapons-vs-armour.yaml', import.meta.url));
const RUNS = 5;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(args: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    const ms = performance.now() - t0;
    if (r.status !== 0) throw new Error(`balance ${args.join(' ')} exited ${String(r.status)}: ${String(r.stderr)}`);
    out.push(ms);
  }
  return out;
}

for (const [label, args] of [['--help', ['--help']], ['validate', ['validate', STUDY]]] as const) {
  const ms = time(args);
  console.log(`balance ${label}: median ${median(ms).toFixed(0)} ms of ${RUNS} (${ms.map((x) => x.toFixed(0)).join(', ')})`);
}
const node: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  node.push(performance.now() - t0);
}
console.log(`node -e 0 (floor): median ${median(node).toFixed(0)} ms of ${RUNS}`);
