/**
 * `node dist/bench/serve.js`: cold start of `balance serve` to its first page, whole process
 * (spawn -> listening -> GET / answered with the page -> GET /api/schema), median of 5. Target:
 * under 1 s on this machine.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

async function once(): Promise<{ page: number; api: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /(http:\/\/\S+?)\/\s/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${String(code)}`)));
  });
  const page = await fetch(`${url}/`);
  if (!(await page.text()).includes('tabletop-balance')) throw new Error('not the page');
  const pageMs = performance.now() - started;
  await (await fetch(`${url}/api/schema`)).json();
  const apiMs = performance.now() - started;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { page: pageMs, api: apiMs };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const runs = [];
for (let i = 0; i < 5; i++) runs.push(await once());
console.log(`balance serve cold start to first page: median ${median(runs.map((r) => r.page)).toFixed(0)} ms (runs: ${runs.map((r) => r.page.toFixed(0)).join(', ')}); to the schema API: ${median(runs.map((r) => r.api)).toFixed(0)} ms`);
