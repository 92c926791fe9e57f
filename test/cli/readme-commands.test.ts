/**
 * Every command README.md and docs/ tell a reader to type runs (conventions: test/helpers/docs.ts).
 * `npx balance ...` lines run in this process (runCli, as the bin does), in page order, all pages
 * in one scratch folder that looks like the clone (configs/ and test/ linked in), so a page can
 * write a study or a run and use it in its next command. `serve` is started as a process on a free
 * port and asked for a page. npm scripts and benches are checked to exist. An output block shown
 * under a command must be in what it prints.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { docCommands, docFiles, missingOutputLine, type DocCommand } from '../helpers/docs.js';
import { balanceIn } from '../helpers/inprocess.js';

const pages = docFiles();
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
let scratch = '';
let home = '';
/** Commands already run (the same line on two pages runs once: `init` would refuse a second time). */
const ran = new Map<string, { code: number; out: string }>();

beforeAll(() => {
  home = process.cwd();
  scratch = mkdtempSync(join(tmpdir(), 'balance-docs-'));
  for (const d of ['configs', 'test', 'schemas', 'templates']) symlinkSync(join(ROOT, d), join(scratch, d));
  process.chdir(scratch);
});

afterAll(() => {
  process.chdir(home);
  rmSync(scratch, { recursive: true, force: true });
});

/** `balance serve ...` as a process on a free port: it must print its address and answer. */
async function serve(args: readonly string[]): Promise<{ code: number; out: string }> {
  const rest = args.slice(1).filter((a, i, all) => a !== '--port' && all[i - 1] !== '--port');
  const child = spawn(process.execPath, [join(ROOT, 'dist/src/cli/main.js'), 'serve', ...rest, '--port', '0'], { cwd: scratch, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  try {
    const address = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`serve printed no address: ${out}`)), 240_000);
      const read = (d: Buffer): void => {
        out += d.toString();
        const m = /balance serve: (http:\/\/\S+?)\/ /.exec(out);
        if (m !== null) {
          clearTimeout(timer);
          done(m[1]!);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => fail(new Error(`serve exited ${String(code)}: ${out}`)));
    });
    const page = await fetch(`${address}/`);
    const examples = await fetch(`${address}/api/examples`);
    return { code: page.status === 200 && examples.status === 200 ? 0 : 1, out };
  } finally {
    child.kill('SIGTERM');
  }
}

async function runOne(c: DocCommand): Promise<{ code: number; out: string }> {
  const key = `${c.text} ${JSON.stringify(c.env)}`;
  const seen = ran.get(key);
  if (seen !== undefined) return seen;
  let result: { code: number; out: string };
  if (c.args[0] === 'serve') {
    result = await serve(c.args);
  } else {
    const saved = Object.fromEntries(Object.keys(c.env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, c.env);
    try {
      // In the main thread: the worker count never changes a result (determinism.test.ts), and
      // starting worker threads for each of some forty commands cost about ten seconds.
      const inMain = ['run', 'meta', 'solve'].includes(c.args[0]!) && !c.args.some((a) => a === '--workers' || a === '--queue');
      const r = await balanceIn(inMain ? [...c.args, '--workers', '0'] : c.args);
      if (c.stdoutTo !== null) writeFileSync(join(scratch, c.stdoutTo), r.stdout);
      result = { code: r.code ?? -1, out: `${r.stdout}${r.stderr}` };
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  }
  ran.set(key, result);
  return result;
}

describe('commands in README.md and docs/', () => {
  it('finds the commands of the README (the quick start and one example per mode)', () => {
    const readme = docCommands('README.md');
    expect(readme.filter((c) => c.kind === 'npm').map((c) => c.args[0])).toEqual(expect.arrayContaining(['ci', 'test']));
    const commands = new Set(readme.filter((c) => c.kind === 'balance').map((c) => c.args[0]));
    for (const command of ['run', 'exact', 'validate', 'init', 'meta', 'solve', 'trace', 'serve']) expect(commands).toContain(command);
  });

  it.each(pages)('%s: every command runs', async (page) => {
    for (const c of docCommands(page)) {
      const where = `${c.file}:${c.line}: ${c.text}`;
      if (c.kind === 'not-run') {
        expect(c.reason.length, where).toBeGreaterThan(5);
      } else if (c.kind === 'npm') {
        if (c.args[0] !== 'ci' && c.args[0] !== 'test') expect(scripts[c.args[0]!], where).toBeDefined();
      } else if (c.kind === 'bench') {
        expect(existsSync(join(ROOT, c.args[0]!.replace(/^dist\//, '').replace(/\.js$/, '.ts'))), where).toBe(true);
      } else {
        const r = await runOne(c);
        expect([r.code, where], r.out.slice(0, 2000)).toEqual([c.exit, where]);
        if (c.output !== null) expect(missingOutputLine(c.output, r.out), `${where}: a line of its output block is not printed`).toBeNull();
      }
    }
  });
});
