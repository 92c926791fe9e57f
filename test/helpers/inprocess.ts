/** Runs the command line in this process (runCli, as main.ts does), capturing output and exit code. */
import { runCli } from '../../src/cli/cli-run.js';
import type { CliResult } from './cli.js';

export async function balanceIn(args: readonly string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const sink = (add: (s: string) => void): NodeJS.WriteStream => ({ isTTY: false, write: (s: string) => (add(s), true) }) as unknown as NodeJS.WriteStream;
  const code = await runCli(args, { stdout: sink((s) => (stdout += s)), stderr: sink((s) => (stderr += s)) });
  return { code, stdout, stderr };
}
