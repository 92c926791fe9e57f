import { oneLine } from '../config/problems.js';

/**
 * The one-screen summary table printed on stdout. Control characters in a cell (a newline or a
 * terminal escape in a name) are printed escaped (`\n`), so a row stays one line.
 */
export function textTable(header: readonly string[], rawRows: readonly (readonly string[])[], maxRows = 30): string {
  const rows = rawRows.map((r) => r.map(oneLine));
  const shown = rows.slice(0, maxRows);
  const widths = header.map((h, i) => Math.max(h.length, ...shown.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]): string => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  const out = [line(header), line(widths.map((w) => '-'.repeat(w))), ...shown.map(line)];
  if (rows.length > maxRows) out.push(`... ${rows.length - maxRows} more rows in summary.csv`);
  return out.join('\n');
}
