import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // unpacks the npm Chromium once before the browser tests run in parallel
    globalSetup: ['test/helpers/chromium-setup.ts'],
  },
});
