/** The problem lines a call refuses with (a ConfigError), as the CLI prints them; any other outcome fails the test. */
import { ConfigError, formatProblem } from '../../src/config/problems.js';

export function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.map(formatProblem);
    throw err;
  }
  throw new Error('expected a ConfigError');
}
