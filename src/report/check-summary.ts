/**
 * `balance report` reads CSVs a person may have edited: a number column holding text is one
 * clear line naming the file, line and column, instead of an error from deep in the charts.
 */
import { inputError } from '../config/problems.js';
import { parseCsv } from './data.js';

/** summary.csv columns that hold numbers (or nothing: exact runs leave counts empty). */
const NUMERIC = /^(trials|draws)$|_wins$|_rate$|_ci95_(low|high)$|^(mean|sd)_|_mean_|_win_(named|best_response|optimal)$/;

/** Throws an input error for the first number cell of `summary.csv` (in `file`) that is not a number. */
export function checkSummaryNumbers(file: string, text: string): void {
  let rows: Record<string, string>[];
  try {
    rows = parseCsv(text);
  } catch {
    return; // the report's own reader names a malformed CSV
  }
  rows.forEach((row, i) => {
    for (const [col, v] of Object.entries(row)) {
      // 'NaN' and 'Infinity' are what the writer prints for an undefined statistic.
      if (!NUMERIC.test(col) || v === '' || v === 'NaN' || !Number.isNaN(Number(v))) continue;
      throw inputError(`${file}:${i + 2}`, `column ${col}: expected a number, received ${JSON.stringify(v)}`);
    }
  });
}
