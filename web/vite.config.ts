import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { noNodeBuiltins, versionModule } from './site-plugins.js';

/**
 * The playground as a static site: built by `npm run build:site` (and `npm run build`) into
 * dist/site, which any static host serves and `balance serve` serves too. Studies run in the
 * page (exact answers) and in Web Workers (Monte Carlo); no Node module may reach the bundle.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  // csv-stringify and csv-parse (the CLI's CSV writer and reader) in their browser builds: the same code with a Buffer shim.
  resolve: { alias: { 'csv-stringify/sync': 'csv-stringify/browser/esm/sync', 'csv-parse/sync': 'csv-parse/browser/esm/sync' } },
  plugins: [versionModule(new URL('../package.json', import.meta.url)), noNodeBuiltins()],
  worker: { format: 'es', plugins: () => [versionModule(new URL('../package.json', import.meta.url)), noNodeBuiltins()] },
  build: {
    outDir: fileURLToPath(new URL('../dist/site', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 8192,
  },
});
