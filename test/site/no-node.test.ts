/**
 * The static site's build fails when a Node built-in or a Node-only package reaches it
 * (web/site-plugins.ts), naming the module and its importer; the page's own graph has none.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { isNodeOnly, noNodeBuiltins } from '../../web/site-plugins.js';
import { tempDir } from '../helpers/cli.js';

async function buildEntry(source: string): Promise<unknown> {
  const dir = tempDir();
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'helper.ts'), source);
  writeFileSync(join(dir, 'main.ts'), "import { f } from './src/helper.ts';\nconsole.log(f());\n");
  return build({
    root: dir, logLevel: 'silent', configFile: false, plugins: [noNodeBuiltins()],
    build: { outDir: join(dir, 'out'), write: false, lib: { entry: join(dir, 'main.ts'), formats: ['es'], fileName: 'main' } },
  });
}

describe('no Node module in the static site', () => {
  it('knows the built-ins (with and without node:) and the Node-only packages, not browser ones', () => {
    for (const id of ['node:fs', 'fs', 'fs/promises', 'worker_threads', 'node:crypto', 'os', 'piscina', 'fastify', '@fastify/static', 'ioredis', 'bullmq', 'highs']) expect(isNodeOnly(id), id).toBe(true);
    for (const id of ['yaml', 'vega', 'vega-lite', 'lz-string', 'csv-stringify/browser/esm/sync', './fs.js', '../src/api.js', 'codemirror']) expect(isNodeOnly(id), id).toBe(false);
  });

  it('fails the build naming the module and its importer', async () => {
    await expect(buildEntry("import { readFileSync } from 'node:fs';\nexport const f = () => readFileSync;\n")).rejects.toThrow(/may not import the Node-only module "node:fs" \(imported by src\/helper\.ts\)/);
    await expect(buildEntry("import { Piscina } from 'piscina';\nexport const f = () => Piscina;\n")).rejects.toThrow(/Node-only module "piscina"/);
  }, 60_000);

  it('builds a module with no Node import', async () => {
    await expect(buildEntry('export const f = () => 1;\n')).resolves.toBeDefined();
  }, 60_000);
});
