/**
 * report.html: self-contained (inline SVG charts and CSS, no scripts, no network), readable in any
 * browser and pasteable into a design document.
 */
import { charts, renderSvg } from './charts.js';
import { bLabel, flags, variants, type ReportData } from './data.js';
import { runFacts } from './markdown.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:1200px;color:#222;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left}
th{background:#f4f4f4}figure{margin:1rem 0;overflow-x:auto}figcaption{color:#555;font-size:.9rem}
code{background:#f4f4f4;padding:0 .2rem}.flag{color:#a33}`;

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `<table><tr>${header.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</table>`;
}

export async function renderHtml(d: ReportData): Promise<{ html: string; charts: number }> {
  const parts: string[] = [`<h1>${esc(d.title)}</h1>`];
  if (d.description) parts.push(`<p>${esc(d.description)}</p>`);
  parts.push('<h2>Run</h2>', table(['', ''], runFacts(d.run).map(([k, v]) => [k, v.replace(/`/g, '')])));
  const list = charts(d);
  for (const c of list) {
    const svg = await renderSvg(c.spec);
    parts.push(`<h2>${esc(c.title)}</h2>`, `<figure class="chart">${svg}<figcaption>${esc(c.note)}</figcaption></figure>`);
  }
  const fl = flags(d);
  parts.push('<h2>Flags</h2>');
  parts.push(fl.length === 0 ? `<p>No option is dominated${d.metric === 'a_win_rate' ? ' and none is an outlier' : ''} (${esc(variants(d)[0] ?? '')}).</p>` : table(['option', 'flag', 'why'], fl.map((f) => [f.option, f.kind, f.detail])));
  const v0 = variants(d)[0];
  parts.push(`<h2>Matchups (${esc(v0 ?? '')})</h2>`, table([d.aCol, d.bCol, d.metric], d.summary.filter((r) => r['variant'] === v0).map((r) => [r[d.aCol]!, bLabel(d, r), Number(r[d.metric]).toFixed(4)])));
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(d.title)}</title><style>${CSS}</style></head><body>${parts.join('\n')}</body></html>\n`;
  return { html, charts: list.length };
}
