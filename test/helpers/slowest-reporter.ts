/**
 * Prints the ten slowest test files after the run (import and tests), so the suite's time budget
 * stays in view: npm test should take at most about four minutes on the 2-core machine.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules.map((m) => {
      const d = m.diagnostic();
      return { file: m.relativeModuleId, seconds: (d.collectDuration + d.duration) / 1000 };
    });
    rows.sort((a, b) => b.seconds - a.seconds);
    const total = rows.reduce((s, r) => s + r.seconds, 0);
    const lines = rows.slice(0, 10).map((r) => `  ${r.seconds.toFixed(1).padStart(6)} s  ${r.file}`);
    process.stdout.write(`\nThe 10 slowest test files (import + tests; all ${rows.length} files: ${total.toFixed(0)} s of worker time):\n${lines.join('\n')}\n`);
  }
}
