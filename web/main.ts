/**
 * The serve page: a CodeMirror 6 editor for the study (YAML, completion and hover from the study
 * JSON Schema, inline errors from the server's validator: the CLI's messages), exact answers as
 * you type, Monte Carlo runs with live progress (server-sent events) and a Stop button, results
 * as the summary table and the very report.html the CLI writes, and share links that carry the
 * study in the URL fragment (compressed; the fragment never leaves the browser).
 */
import { basicSetup, EditorView } from 'codemirror';
import { yaml, yamlLanguage } from '@codemirror/lang-yaml';
import { linter, type Diagnostic } from '@codemirror/lint';
import { hoverTooltip } from '@codemirror/view';
import { stateExtensions } from 'codemirror-json-schema';
import { yamlCompletion, yamlSchemaHover } from 'codemirror-json-schema/yaml';
import type { JSONSchema7 } from 'json-schema';
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';

interface ProblemJson { path: string; line: number; column: number; message: string }
interface Table { header: string[]; rows: (string | number)[][] }
interface PageResults { system: string; mode: string; exact: boolean; summary: Table; compare: Table | null; files: string[]; seconds: number }
interface Validated { ok: true; system: string; mode: string; exact: boolean; tasks: number; trials: number; seed: number; warnings: ProblemJson[] }

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const page = sessionStorage.getItem('page') ?? crypto.randomUUID();
sessionStorage.setItem('page', page);

let studyName = 'study.yaml';
let validated: Validated | null = null;
let exactTimer: number | undefined;
let exactSeq = 0;
let runId: string | null = null;
let events: EventSource | null = null;

function status(text: string): void {
  $('status').textContent = text;
}

async function post<T>(url: string, body: unknown): Promise<{ status: number; json: T }> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, json: (await r.json()) as T };
}

function showProblems(problems: readonly ProblemJson[]): void {
  $('problems').textContent = problems.map((p) => `${studyName}:${p.line}:${p.column} ${p.path ? `${p.path}: ` : ''}${p.message}`).join('\n');
}

/** Inline errors: the server validates with the CLI's loader; problems carry line and column. */
const serverLint = linter(async (view): Promise<Diagnostic[]> => {
  const text = view.state.doc.toString();
  const { status: code, json } = await post<Validated | { ok: false; problems: ProblemJson[] }>('/api/validate', { text, name: studyName });
  const doc = view.state.doc;
  const at = (p: ProblemJson): number => {
    if (p.line < 1 || p.line > doc.lines) return 0;
    const line = doc.line(p.line);
    return Math.min(line.to, line.from + Math.max(0, p.column - 1));
  };
  const diag = (p: ProblemJson, severity: 'error' | 'warning'): Diagnostic => {
    const from = at(p);
    const to = Math.max(from, doc.lineAt(from).to);
    return { from, to, severity, message: `${p.path ? `${p.path}: ` : ''}${p.message}` };
  };
  if (code !== 200 || !json.ok) {
    // 200 with ok: false is a study with problems; another status is a request the server refused.
    validated = null;
    const problems = (json as { problems: ProblemJson[] }).problems;
    showProblems(problems);
    status(`${problems.length} problem(s)`);
    return problems.map((p) => diag(p, 'error'));
  }
  validated = json;
  showProblems(json.warnings);
  status(`ok: ${json.system} ${json.mode}, ${json.tasks} task(s), ${json.trials} trials each, seed ${json.seed}`);
  scheduleExact(0);
  return json.warnings.map((p) => diag(p, 'warning'));
}, { delay: 400 });

function renderTable(t: Table): HTMLTableElement {
  const table = document.createElement('table');
  const head = table.createTHead().insertRow();
  for (const h of t.header) head.appendChild(document.createElement('th')).textContent = h;
  const body = table.createTBody();
  for (const r of t.rows) {
    const row = body.insertRow();
    for (const c of r) row.insertCell().textContent = typeof c === 'number' && !Number.isInteger(c) ? c.toPrecision(4) : String(c);
  }
  return table;
}

function showResults(results: PageResults, report: string | null, links: Record<string, string>): void {
  const summary = $('summary');
  summary.replaceChildren(renderTable(results.summary));
  const downloads = $('downloads');
  downloads.replaceChildren(...Object.entries(links).map(([name, href]) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = name;
    if (!name.endsWith('.html')) a.download = name;
    else a.target = '_blank';
    return a;
  }));
  const frame = $<HTMLIFrameElement>('report');
  if (report !== null) frame.srcdoc = report;
  else frame.src = links['report.html'] ?? 'about:blank';
}

function scheduleExact(delay: number): void {
  clearTimeout(exactTimer);
  if (!$<HTMLInputElement>('auto-exact').checked || validated === null || !validated.exact) return;
  exactTimer = window.setTimeout(() => void exact(), delay);
}

async function exact(): Promise<void> {
  const seq = ++exactSeq;
  const text = editor.state.doc.toString();
  status('exact...');
  const { status: code, json } = await post<{ ok: boolean; results: PageResults; report: string; files: Record<string, string>; problems?: ProblemJson[] }>('/api/exact', { text, name: studyName });
  if (seq !== exactSeq) return;
  if (code !== 200) {
    showProblems(json.problems ?? []);
    status('exact: not available');
    return;
  }
  const links = Object.fromEntries(Object.entries(json.files).map(([n, c]) => [n, URL.createObjectURL(new Blob([c], { type: n.endsWith('.html') ? 'text/html' : 'text/plain' }))]));
  showResults(json.results, json.report, links);
  status(`exact: ${json.results.summary.rows.length} row(s) in ${(json.results.seconds * 1000).toFixed(0)} ms`);
}

async function run(): Promise<void> {
  events?.close();
  const trialsText = $<HTMLInputElement>('trials').value;
  const body: Record<string, unknown> = { text: editor.state.doc.toString(), name: studyName, page };
  if (trialsText !== '') body['trials'] = Number(trialsText);
  const { status: code, json } = await post<{ ok: boolean; id: string; problems?: ProblemJson[] }>('/api/runs', body);
  if (code !== 202) {
    showProblems(json.problems ?? []);
    status('cannot run: see the problems');
    return;
  }
  runId = json.id;
  const id = json.id;
  $<HTMLButtonElement>('stop').disabled = false;
  const bar = $<HTMLProgressElement>('progress');
  bar.hidden = false;
  bar.value = 0;
  status('running...');
  events = new EventSource(`/api/runs/${id}/events`);
  const finish = (text: string): void => {
    events?.close();
    $<HTMLButtonElement>('stop').disabled = true;
    status(text);
  };
  events.addEventListener('progress', (e) => {
    const { done, total } = JSON.parse((e as MessageEvent<string>).data) as { done: number; total: number };
    bar.value = total > 0 ? done / total : 0;
    $('progress-text').textContent = `${done.toLocaleString()} / ${total.toLocaleString()}`;
  });
  events.addEventListener('done', (e) => {
    const { results } = JSON.parse((e as MessageEvent<string>).data) as { results: PageResults };
    bar.value = 1;
    const links = Object.fromEntries(results.files.map((n) => [n, `/api/runs/${id}/files/${encodeURIComponent(n)}`]));
    showResults(results, null, links);
    finish(`done in ${results.seconds.toFixed(1)} s`);
  });
  events.addEventListener('cancelled', (e) => finish(`stopped: ${(JSON.parse((e as MessageEvent<string>).data) as { message: string }).message}`));
  events.addEventListener('failed', (e) => finish(`run failed: ${(JSON.parse((e as MessageEvent<string>).data) as { message: string }).message}`));
}

async function stop(): Promise<void> {
  if (runId !== null) await post(`/api/runs/${runId}/stop`, {});
}

async function open(name: string): Promise<void> {
  const r = await fetch(`/api/study?name=${encodeURIComponent(name)}`);
  if (!r.ok) return;
  studyName = name.split('/').pop() ?? 'study.yaml';
  $<HTMLSelectElement>('examples').value = name;
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: await r.text() } });
}

function share(): void {
  const link = `${location.origin}${location.pathname}#study=${compressToEncodedURIComponent(editor.state.doc.toString())}`;
  history.replaceState(null, '', link);
  void navigator.clipboard?.writeText(link).then(() => status('share link copied'), () => status('share link in the address bar'));
}

const schema = (await (await fetch('/api/schema')).json()) as JSONSchema7;
const fromLink = /^#study=(.+)$/.exec(location.hash);
const shared = fromLink ? decompressFromEncodedURIComponent(fromLink[1]!) : null;

const editor = new EditorView({
  parent: $('editor'),
  doc: shared ?? '',
  extensions: [
    basicSetup,
    EditorView.lineWrapping,
    yaml(),
    yamlLanguage.data.of({ autocomplete: yamlCompletion() }),
    hoverTooltip(yamlSchemaHover()),
    stateExtensions(schema),
    serverLint,
    EditorView.updateListener.of((u) => {
      if (u.docChanged) clearTimeout(exactTimer);
    }),
  ],
});

const { examples } = (await (await fetch('/api/examples')).json()) as { examples: string[] };
const select = $<HTMLSelectElement>('examples');
select.replaceChildren(...(shared !== null ? ['(shared link)'] : []).concat(examples).map((n) => new Option(n, n)));
select.addEventListener('change', () => void open(select.value));
$('exact').addEventListener('click', () => void exact());
$('run').addEventListener('click', () => void run());
$('stop').addEventListener('click', () => void stop());
$('share').addEventListener('click', share);
$<HTMLInputElement>('auto-exact').addEventListener('change', () => scheduleExact(0));
if (shared === null && examples[0] !== undefined) await open(examples.includes('templates/skirmish-attack.yaml') ? 'templates/skirmish-attack.yaml' : examples[0]);
(window as unknown as { balanceEditor: EditorView }).balanceEditor = editor;
