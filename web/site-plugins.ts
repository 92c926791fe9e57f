/**
 * Vite plugins of the static site (web/vite.config.ts, `npm run build:site`):
 * - `noNodeBuiltins` fails the build when any module of the page or its workers imports a Node
 *   built-in (`node:fs`, `fs`, `worker_threads`, ...) or a Node-only package (piscina, fastify,
 *   ioredis, bullmq, highs), naming the importer: the page must run in any browser with no server
 *   code, so the Node-only parts stay behind the CLI (`config/read-file.ts`, `batch/engine.ts`,
 *   `api.ts`, `serve/`, `queue/`) and the page imports the core (`core.ts`, `batch/schedule.ts`).
 * - `versionModule` gives the page the package version as a constant, in place of
 *   `src/cli/version.ts` (which reads package.json from disk).
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import type { Plugin } from 'vite';

/** Packages that only run on Node (worker threads, servers, Redis, the LP solver's Node loader). */
export const NODE_ONLY_PACKAGES = ['piscina', 'fastify', '@fastify/static', 'ioredis', 'bullmq', 'highs', 'yargs', 'cli-progress'];

/** Whether an import specifier names a Node built-in or a Node-only package. */
export function isNodeOnly(id: string): boolean {
  if (id.startsWith('node:')) return true;
  const bare = id.split('/')[0]!;
  if (builtinModules.includes(id) || builtinModules.includes(bare)) return true;
  return NODE_ONLY_PACKAGES.some((p) => id === p || id.startsWith(`${p}/`));
}

export function noNodeBuiltins(): Plugin {
  return {
    name: 'balance:no-node-builtins',
    enforce: 'pre',
    resolveId(id, importer) {
      if (!isNodeOnly(id)) return null;
      const from = importer === undefined ? 'the entry' : importer.replace(/^.*?(?=(src|web|node_modules)\/)/, '');
      this.error(`the static site may not import the Node-only module "${id}" (imported by ${from}); keep it behind the CLI`);
    },
  };
}

export function versionModule(packageJson: URL): Plugin {
  const version = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
  const virtual = '\0balance:version';
  return {
    name: 'balance:version',
    enforce: 'pre',
    async resolveId(id, importer) {
      if (!/(^|\/)version\.js$/.test(id) || importer === undefined) return null;
      const resolved = await this.resolve(id, importer, { skipSelf: true });
      return resolved !== null && /[\\/]src[\\/]cli[\\/]version\.ts$/.test(resolved.id) ? virtual : null;
    },
    load(id) {
      return id === virtual ? `export const VERSION = ${JSON.stringify(version)};\n` : null;
    },
  };
}
