/**
 * The package as a user gets it: `npm pack` makes a tarball that installs in an empty folder,
 * where `npx balance run` works on a shipped example and the typed ESM API imports and runs.
 * (npm test builds first; the pack skips the build scripts.)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';

describe('npm pack', () => {
  it('installs in an empty folder; npx balance run and the library API work there', () => {
    const dest = tempDir();
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dest], { cwd: ROOT, stdio: 'pipe' });
    const tarball = readdirSync(dest).find((f) => f.endsWith('.tgz'))!;
    const app = join(dest, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), '{ "name": "app", "version": "1.0.0", "type": "module", "private": true }\n');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', join(dest, tarball)], { cwd: app, stdio: 'pipe' });
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
    const init = spawnSync('npx', ['balance', 'init', 'mine.yaml', '--system', 'exchange'], { cwd: app, encoding: 'utf8' });
    expect(init.status, init.stderr).toBe(0);
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
