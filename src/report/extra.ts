/**
 * Files a mode writes beside summary.csv (ModePlugin.extraFiles, rows in TaskRows.extra; battles:
 * fighters.csv), and what they add to report.md. Two calls wherever a run's files are put together.
 */
import type { AnyModePlugin, TaskRows } from '../systems/types.js';
import { toCsv } from './csv.js';
import { fightersMarkdown } from './fighters.js';

/** The mode's extra CSV files, by file name. */
export function extraCsvFiles(plugin: AnyModePlugin, rows: readonly TaskRows[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [name, header] of Object.entries(plugin.extraFiles ?? {})) files[name] = toCsv(header, rows.flatMap((r) => r.extra?.[name] ?? []));
  return files;
}

/** report.md with the sections the extra files call for (battles: survivors and fighters). */
export function withExtraSections(markdown: string, summaryCsv: string, files: Readonly<Record<string, string | null | undefined>>): string {
  const fighters = files['fighters.csv'];
  return fighters === undefined || fighters === null ? markdown : markdown + fightersMarkdown(summaryCsv, fighters);
}
