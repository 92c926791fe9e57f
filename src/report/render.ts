/** report.md and report.html from a run's CSVs and run.json (what `balance report` rebuilds). */
import { reportData } from './data.js';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';

export async function renderReports(csv: { summary: string; distribution: string; compare: string | null; run: string; policyGap?: string | null | undefined }): Promise<{ markdown: string; html: string }> {
  const data = reportData(csv);
  return { markdown: renderMarkdown(data), html: (await renderHtml(data)).html };
}
