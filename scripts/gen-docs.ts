/**
 * `npm run docs:gen`: writes the generated reference pages, docs/reference/study.md (from the zod
 * schemas) and docs/reference/cli.md (from the option table). `--check` writes nothing and exits 1
 * when a committed page differs from what the code gives now (test/docs/reference.test.ts checks
 * the same in the test suite).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED } from './docs/pages.js';

const root = process.cwd();
const check = process.argv.includes('--check');
let stale = 0;
for (const [file, make] of Object.entries(GENERATED)) {
  const path = join(root, file);
  const text = await make();
  const old = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (old === text) continue;
  if (check) {
    process.stderr.write(`${file} is stale: run npm run docs:gen\n`);
    stale += 1;
  } else {
    writeFileSync(path, text);
    process.stdout.write(`wrote ${file}\n`);
  }
}
process.exitCode = stale > 0 ? 1 : 0;
