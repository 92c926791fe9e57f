/**
 * report.md and report.html of an analysis (`balance meta`, `balance solve`): the title, how the
 * run was made (the same facts as a run's report), then the analysis's own sections.
 */
import { escape, runFacts, table } from './markdown.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:1200px;color:#222;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ddd}h3{font-size:1rem}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left}
th{background:#f4f4f4}figure{margin:1rem 0;overflow-x:auto}figcaption{color:#555;font-size:.9rem}
code{background:#f4f4f4;padding:0 .2rem}.warn{color:#a33}`;

export function analysisReport(
  title: string, run: Record<string, unknown>, body: { markdown: string; html: string },
): { markdown: string; html: string } {
  const facts = runFacts(run);
  const markdown = [`# ${escape(title)}`, '', '## Run', '', table(['', ''], facts), '', body.markdown].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${CSS}</style></head><body>`
    + `<h1>${esc(title)}</h1>\n<h2>Run</h2><table>${facts.map(([k, v]) => `<tr><td>${esc(k)}</td><td>${esc(v.replace(/`/g, ''))}</td></tr>`).join('')}</table>\n`
    + `${body.html}</body></html>\n`;
  return { markdown, html };
}
