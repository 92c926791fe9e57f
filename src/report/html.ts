/**
 * report.html: self-contained (inline SVG charts and CSS, no scripts, no network), readable in any
 * browser and pasteable into a design document. Chart panels wrap to the page's width.
 */
import { renderSvg, sections } from './charts.js';
import type { ReportData } from './data.js';
import { runFacts } from './markdown.js';
import { tables } from './tables.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:1200px;color:#222;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left}
th{background:#f4f4f4}.panels{display:flex;flex-wrap:wrap;gap:1rem 1.5rem;align-items:flex-start}
figure{margin:.5rem 0;max-width:100%}figure svg{max-width:100%;height:auto;display:block}
.note{color:#555;font-size:.9rem}code{background:#f4f4f4;padding:0 .2rem}`;

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `<table><tr>${header.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</table>`;
}

export async function renderHtml(d: ReportData): Promise<{ html: string; charts: number }> {
  const parts: string[] = [`<h1>${esc(d.title)}</h1>`];
  if (d.description) parts.push(`<p>${esc(d.description)}</p>`);
  parts.push('<h2>Run</h2>', table(['', ''], runFacts(d.run).map(([k, v]) => [k, v.replace(/`/g, '')])));
  const list = sections(d);
  let charts = 0;
  for (const s of list) {
    parts.push(`<section class="chart" id="${s.id}"><h2>${esc(s.title)}</h2>`);
    if (s.legend) parts.push(`<figure class="legend">${await renderSvg(s.legend)}</figure>`);
    const panels: string[] = [];
    for (const p of s.panels) panels.push(`<figure class="panel">${await renderSvg(p)}</figure>`);
    charts += s.panels.length;
    const lines = s.lines === undefined || s.lines.length === 0 ? '' : `<ul>${s.lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`;
    parts.push(`<div class="panels">${panels.join('')}</div>${lines}<p class="note">${esc(s.note)}</p></section>`);
  }
  for (const t of tables(d)) {
    parts.push(`<h2>${esc(t.title)}</h2>`, `<p class="note">${esc(t.note)}</p>`);
    if (t.rows.length > 0) parts.push(table(t.header, t.rows));
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(d.title)}</title><style>${CSS}</style></head><body>${parts.join('\n')}</body></html>\n`;
  return { html, charts };
}
