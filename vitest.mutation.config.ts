import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (`npm run mutation`): the in-process tests of the
 * rules, dice, stats and engines. CLI tests spawn the built `dist/`, which a mutant never reaches.
 */
export default defineConfig({
  test: {
    include: ['test/systems/**/*.test.ts', 'test/dice/**/*.test.ts', 'test/stats/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
