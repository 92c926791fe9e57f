/** Cold start: `--help` and `validate` load no engine, worker pool, report or chart code (timing: bench/startup.ts). */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';

function modulesLoaded(args: readonly string[]): string[] {
  const log = join(tempDir(), 'loaded.log');
  const r = spawnSync(process.execPath, ['--import', join(ROOT, 'test/helpers/load-register.mjs'), join(ROOT, 'dist/src/cli/main.js'), ...args], {
    cwd: ROOT, encoding: 'utf8', env: { ...process.env, LOADED_LOG: log },
  });
  expect(r.status).toBe(0);
  return readFileSync(log, 'utf8').trim().split('\n');
}

const HEAVY = [/node_modules\/(vega|vega-lite|piscina|cli-progress|csv-stringify|csv-parse)\//, /dist\/src\/(report|batch\/engine|cli\/run)/];

describe('cold start', () => {
  it('balance --help loads yargs and nothing of the study, engine or reports', () => {
    const loaded = modulesLoaded(['--help']);
    expect(loaded.some((u) => u.includes('node_modules/yargs/'))).toBe(true);
    for (const heavy of [...HEAVY, /node_modules\/(zod|yaml)\//, /dist\/src\/(systems|config\/study)/]) expect(loaded.filter((u) => heavy.test(u))).toEqual([]);
  });

  it('balance validate loads the schemas but no engine, worker pool, report or chart code', () => {
    const loaded = modulesLoaded(['validate', 'configs/skirmish-attack-example.yaml']);
    expect(loaded.some((u) => u.includes('node_modules/zod/'))).toBe(true);
    for (const heavy of HEAVY) expect(loaded.filter((u) => heavy.test(u))).toEqual([]);
  });
});
