/**
 * The package as a user gets it: `npm pack` makes a tarball (packed once for both tests) that
 * - installs globally (`npm install -g`, here into a temporary prefix): the `balance` command then
 *   works from a designer's own folder outside any npm project (init prints plain `balance`
 *   commands there; validate, run and serve work);
 * - installs in an empty project, where `npx balance` works and the typed ESM API imports and runs.
 * Both installs take the dependencies without the devDependencies, from npm's cache when it has
 * them (`npm ci` has just filled it). (npm test builds first; the pack skips the build scripts:
 * dist/ is inside the tarball, and npm runs no `prepare` for a tarball it installs.)
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectFolder } from '../../src/cli/command-name.js';
import { ROOT, tempDir } from '../helpers/cli.js';

const NPM_INSTALL = ['--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'];

let tarball = '';

beforeAll(() => {
  const dest = tempDir();
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dest], { cwd: ROOT, stdio: 'pipe' });
  tarball = join(dest, readdirSync(dest).find((f) => f.endsWith('.tgz'))!);
});

/** Starts `balance serve` in `cwd` on a free port; resolves with its address and a stop function. */
function startServe(cwd: string, env: NodeJS.ProcessEnv): Promise<{ url: string; stop: () => Promise<number | null> }> {
  const child = spawn('balance', ['serve', '.', '--port', '0', '--workers', '1'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /balance serve: (http:\/\/\S+?)\/ /.exec(out);
      if (m) resolve({ url: m[1]!, stop: () => (child.kill('SIGTERM'), exited) });
    });
    void exited.then((code) => reject(new Error(`balance serve exited (${String(code)}) before listening: ${out}${err}`)));
  });
}

describe('npm pack', () => {
  it('installs globally into a prefix; balance init, validate, run and serve work from a folder outside any project', async () => {
    const prefix = tempDir();
    execFileSync('npm', ['install', '-g', '--prefix', prefix, ...NPM_INSTALL, tarball], { stdio: 'pipe' });
    const home = join(tempDir(), 'designer');
    mkdirSync(home);
    expect(projectFolder(home)).toBeNull();
    // The installed command found through PATH, as a shell would.
    const env = { ...process.env, PATH: `${join(prefix, 'bin')}${delimiter}${process.env['PATH'] ?? ''}` };
    const balance = (args: string[]) => spawnSync('balance', args, { cwd: home, encoding: 'utf8', env });
    const init = balance(['init', 'mine.yaml', '--system', 'd20', '--mode', 'attack']);
    expect(init.status, init.stderr).toBe(0);
    expect(init.stdout).toMatch(/^wrote mine\.yaml \(d20 attack\): edit it, then run {2}balance run mine\.yaml\n\(balance: this folder is in no npm project, /);
    const text = readFileSync(join(home, 'mine.yaml'), 'utf8');
    expect(text).toContain('balance run mine.yaml');
    expect(text).not.toContain('npx balance');
    const validate = balance(['validate', 'mine.yaml']);
    expect([validate.status, validate.stdout]).toEqual([0, expect.stringMatching(/^mine\.yaml: ok \(d20 attack, /)]);
    const run = balance(['run', 'mine.yaml', '--trials', '500', '--workers', '1']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('wrote reports/mine/summary.csv');
    expect(readFileSync(join(home, 'reports/mine/summary.csv'), 'utf8').split('\n').length).toBeGreaterThan(2);
    // serve: the page (the static site, dist/site, marked as served), the folder's study listed beside the templates, and a validation.
    const server = await startServe(home, env);
    try {
      const page = await fetch(`${server.url}/`);
      expect([page.status, await page.text()]).toEqual([200, expect.stringMatching(/<meta name="balance-api"[^]*<script/)]);
      const examples = (await (await fetch(`${server.url}/api/examples`)).json()) as { examples: string[] };
      expect(examples.examples).toEqual(expect.arrayContaining(['dir/mine.yaml', 'templates/d20-attack.yaml']));
      const checked = await fetch(`${server.url}/api/validate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'mine.yaml', text }) });
      expect([checked.status, await checked.json()]).toEqual([200, expect.objectContaining({ ok: true })]);
    } finally {
      expect(await server.stop()).not.toBe(1);
    }
  }, 300_000);

  it('installs in an empty project; npx balance run and the library API work there', () => {
    const app = join(tempDir(), 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), '{ "name": "app", "version": "1.0.0", "type": "module", "private": true }\n');
    execFileSync('npm', ['install', ...NPM_INSTALL, tarball], { cwd: app, stdio: 'pipe' });
    const run = spawnSync('npx', ['balance', 'run', 'node_modules/tabletop-balance/configs/skirmish-attack-example.yaml', '--trials', '2000', '--workers', '1', '--out', 'out'], { cwd: app, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('wrote out/summary.csv');
    writeFileSync(join(app, 'api.mjs'), [
      "import { loadStudy, runStudy, exactStudy } from 'tabletop-balance';",
      "const study = loadStudy('node_modules/tabletop-balance/configs/skirmish-attack-example.yaml');",
      'const r = await runStudy(study, { trials: 2000, workers: 0 });',
      'console.log(JSON.stringify({ header: r.summary.header, rows: r.summary.rows.length, exact: exactStudy(study).summary.rows.length }));',
    ].join('\n'));
    const api = spawnSync(process.execPath, ['api.mjs'], { cwd: app, encoding: 'utf8' });
    expect(api.status, api.stderr).toBe(0);
    const out = JSON.parse(api.stdout) as { header: string[]; rows: number; exact: number };
    expect(out.header.slice(0, 4)).toEqual(['variant', 'attacker', 'defender', 'trials']);
    expect([out.rows, out.exact]).toEqual([4, 4]);
    // Inside a project that installs the package, init's commands are npx balance ones.
    const init = spawnSync('npx', ['balance', 'init', 'mine.yaml', '--system', 'exchange'], { cwd: app, encoding: 'utf8' });
    expect(init.status, init.stderr).toBe(0);
    expect(init.stdout).toContain('then run  npx balance run mine.yaml\n(npx balance: this folder is inside ');
    expect(spawnSync('npx', ['balance', 'validate', 'mine.yaml'], { cwd: app, encoding: 'utf8' }).status).toBe(0);
    // The bin is the CommonJS launcher, with the --help text the build saved and the bundle with its
    // code cache (npm test builds first), though npm extracts the files in any order and time.
    const debug = { ...process.env, LC_ALL: '', LANG: 'en_US.UTF-8', BALANCE_DEBUG: '1' };
    const help = spawnSync('npx', ['balance', '--help'], { cwd: app, encoding: 'utf8', env: debug });
    expect([help.status, help.stderr]).toEqual([0, expect.stringContaining('balance: saved help text')]);
    expect(help.stdout).toContain('balance validate <study>');
    const validate = spawnSync('npx', ['balance', 'validate', 'mine.yaml'], { cwd: app, encoding: 'utf8', env: debug });
    expect([validate.status, validate.stderr]).toEqual([0, expect.stringMatching(/^balance: code cache used /m)]);
  }, 300_000);
});
