import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The serve page: built by `npm run build` into dist/web, served by `balance serve`. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4096,
  },
});
