import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A hang detector, not a speed check: a test that takes 7 s on a quiet machine takes a minute
    // or more when another job keeps both cores busy, and must still pass (no test asserts a duration).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Vitest's default is one file at a time on 2 cores (cores - 1). Most files spend their time
    // waiting on a `balance` child process, so two at once keep both cores busy: the whole suite in
    // 391 s instead of 593 s on the 2-core reference machine (2026-12-02), every file passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Test files share their worker's module graph instead of importing src/ afresh each (about 45 s
    // of the 2-core machine's time). Tests keep no state between files: each makes its own temporary
    // directories, in-process CLI calls restore the environment and the working directory.
    isolate: false,
    // unpacks the npm Chromium once before the browser tests run in parallel
    globalSetup: ['test/helpers/chromium-setup.ts'],
    // The default reporter, then the ten slowest files (the suite's time budget in view).
    reporters: ['default', './test/helpers/slowest-reporter.ts'],
  },
});
