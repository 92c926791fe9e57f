/** The trials ceiling of a `--precision` run (`balance run`, `balance meta`), checked against the flags. */
import { inputError } from '../config/problems.js';

/**
 * `--max-trials`, else the study's `maxTrials:`, else 10 x trials. `--max-trials` only means
 * something with a precision target (it was silently ignored without one), and a ceiling below the
 * trials every matchup starts with would run fewer trials than asked: both are input errors.
 */
export function precisionCeiling(precision: number | null, flag: number | undefined, fromStudy: number | null, trials: number): number {
  if (flag !== undefined && precision === null) {
    throw inputError('--max-trials', 'is the ceiling of a --precision run: give --precision too (or precision: in the study)');
  }
  if (flag !== undefined && flag < trials) {
    throw inputError('--max-trials', `(${flag}) is below the trials every matchup starts with (${trials}); raise it or lower --trials`);
  }
  return flag ?? fromStudy ?? 10 * trials;
}
