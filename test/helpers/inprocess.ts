/**
 * Runs the command line in this process (runCli, as main.ts does), capturing output and exit code.
 * Tests call this rather than spawning `balance` wherever the process itself is not what is tested:
 * a spawn pays Node's start and the module graph's load (~0.5-1 s on the 2-core machine) every time.
 * `env` is set for the call and restored after (worker threads copy the environment when they
 * start, so a worker sees it too); `cwd` likewise. Calls must not overlap (await each one).
 */
import { runCli } from '../../src/cli/cli-run.js';
import type { CliResult } from './cli.js';

let busy = false;

export async function balanceIn(args: readonly string[], env: Record<string, string> = {}, cwd = process.cwd()): Promise<CliResult> {
  if (busy) throw new Error('balanceIn: calls overlap; await each one (they share the environment and the working directory)');
  busy = true;
  let stdout = '';
  let stderr = '';
  const sink = (add: (s: string) => void): NodeJS.WriteStream => ({ isTTY: false, write: (s: string) => (add(s), true) }) as unknown as NodeJS.WriteStream;
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const dir = process.cwd();
  try {
    Object.assign(process.env, env);
    process.chdir(cwd);
    const code = await runCli(args, { stdout: sink((s) => (stdout += s)), stderr: sink((s) => (stderr += s)) });
    return { code, stdout, stderr };
  } finally {
    process.chdir(dir);
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    busy = false;
  }
}
