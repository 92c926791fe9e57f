/**
 * The serve page: a CodeMirror 6 editor for the study (YAML, completion and hover from the study
 * JSON Schema, inline errors from the server's validator: the CLI's messages), exact answers as
 * you type, Monte Carlo runs with live progress (server-sent events) and a Stop button, results
 * as the summary table and the very report.html the CLI writes, and share links that carry the
 * study in the URL fragment (compressed; the fragment never leaves the browser).
 *
 * One answer is shown at a time, and only the answer to the latest request: every request (an
 * exact answer, a run) and every study switch takes a new number, and an answer that comes back
 * under an older number is dropped. Every edit of the study bumps its version; an answer to an
 * older version is shown only greyed, with a note (answer.ts).
 */
import { basicSetup, EditorView } from 'codemirror';
import { yaml, yamlLanguage } from '@codemirror/lang-yaml';
import { linter, type Diagnostic } from '@codemirror/lint';
import { stateExtensions } from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { AnswerPane, type PageResults } from './answer.js';
import { studyCompletion } from './complete.js';
import { schemaHover } from './hover.js';

interface ProblemJson { path: string; line: number; column: number; message: string }
interface Validated { ok: true; system: string; mode: string; exact: boolean; tasks: number; trials: number; seed: number; warnings: ProblemJson[] }
interface Running { readonly request: number; readonly version: number; id: string | null; events: EventSource | null }

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const page = sessionStorage.getItem('page') ?? crypto.randomUUID();
sessionStorage.setItem('page', page);

const pane = new AnswerPane();
let studyName = 'study.yaml';
/** Bumped on every change of the editor's text. */
let version = 0;
/** Bumped on every request for an answer and every study switch; only the latest request's answer is shown. */
let request = 0;
/** The validator's answer for the current version (null: not yet, or the study has problems). */
let validated: Validated | null = null;
let problems = false;
let exactTimer: number | undefined;
let exactPending: number | null = null;
let running: Running | null = null;
/** Bumped when a study is opened: a slower opening of an earlier choice gives way. */
let opening = 0;

function status(text: string): void {
  $('status').textContent = text;
}

async function post<T>(url: string, body: unknown): Promise<{ status: number; json: T }> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, json: (await r.json()) as T };
}

function showProblems(list: readonly ProblemJson[]): void {
  $('problems').textContent = list.map((p) => `${studyName}:${p.line}:${p.column} ${p.path ? `${p.path}: ` : ''}${p.message}`).join('\n');
}

/** Says whether the answer shown is the editor's, and if not why, from what is in flight and what changed. */
function refresh(): void {
  const coming = running !== null ? 'running…' : exactPending !== null ? 'exact answer on its way…' : null;
  const shown = pane.shown;
  if (shown === null) {
    pane.mark(coming ?? (problems ? 'no answer: the study has problems' : validated !== null && !validated.exact ? 'no answer yet: Run Monte Carlo' : 'no answer yet'));
  } else if (coming !== null) {
    pane.mark(`out of date — ${coming}`);
  } else if (shown.version !== version) {
    pane.mark(problems ? 'out of date — the study has changed and has problems' : `out of date — the study has changed${validated !== null && !validated.exact ? '; Run Monte Carlo for a new answer' : ''}`);
  } else {
    pane.mark(null);
  }
}

/** Inline errors: the server validates with the CLI's loader; problems carry line and column. */
const serverLint = linter(async (view): Promise<Diagnostic[]> => {
  const asked = version;
  const text = view.state.doc.toString();
  const { status: code, json } = await post<Validated | { ok: false; problems: ProblemJson[] }>('/api/validate', { text, name: studyName });
  // The text changed while the server answered: this answer is for a text no longer there.
  if (asked !== version) return [];
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
    problems = true;
    const list = (json as { problems: ProblemJson[] }).problems;
    showProblems(list);
    status(`${list.length} problem(s)`);
    refresh();
    return list.map((p) => diag(p, 'error'));
  }
  validated = json;
  problems = false;
  showProblems(json.warnings);
  status(`ok: ${json.system} ${json.mode}, ${json.tasks} task(s), ${json.trials} trials each, seed ${json.seed}`);
  refresh();
  scheduleExact(0);
  return json.warnings.map((p) => diag(p, 'warning'));
}, { delay: 400 });

function scheduleExact(delay: number): void {
  clearTimeout(exactTimer);
  // A run the user started is not replaced by an exact answer they did not ask for.
  if (!$<HTMLInputElement>('auto-exact').checked || validated === null || !validated.exact || running !== null) return;
  // The answer shown already answers this text (a run the user made, say): it stays.
  if (pane.shown?.version === version) return;
  exactTimer = window.setTimeout(() => void exact(), delay);
}

function hideProgress(): void {
  $<HTMLButtonElement>('stop').disabled = true;
  $<HTMLProgressElement>('progress').hidden = true;
  $('progress-text').textContent = '';
}

/** Stops the run in flight, if any: a newer request or another study replaces its answer. */
function supersedeRun(): void {
  if (running === null) return;
  running.events?.close();
  if (running.id !== null) void post(`/api/runs/${running.id}/stop`, {});
  running = null;
  hideProgress();
}

async function exact(): Promise<void> {
  clearTimeout(exactTimer);
  supersedeRun();
  const mine = ++request;
  const asked = version;
  exactPending = mine;
  refresh();
  status('exact...');
  const { status: code, json } = await post<{ ok: boolean; results: PageResults; report: string; files: Record<string, string>; problems?: ProblemJson[] }>('/api/exact', { text: editor.state.doc.toString(), name: studyName });
  if (exactPending === mine) exactPending = null;
  if (mine !== request || asked !== version) {
    // A newer request, a study switch or an edit came meanwhile: this answer is not the editor's.
    pane.drop();
    refresh();
    return;
  }
  if (code !== 200) {
    showProblems(json.problems ?? []);
    status('exact: not available');
    refresh();
    return;
  }
  const links = Object.fromEntries(Object.entries(json.files).map(([n, c]) => [n, URL.createObjectURL(new Blob([c], { type: n.endsWith('.html') ? 'text/html' : 'text/plain' }))]));
  pane.show({ results: json.results, report: json.report, links, version: asked, blobs: true }, null);
  refresh();
  status(`exact: ${json.results.summary.rows.length} row(s) in ${(json.results.seconds * 1000).toFixed(0)} ms`);
}

async function run(): Promise<void> {
  clearTimeout(exactTimer);
  supersedeRun();
  exactPending = null;
  const mine = ++request;
  const me: Running = { request: mine, version, id: null, events: null };
  running = me;
  refresh();
  const trialsText = $<HTMLInputElement>('trials').value;
  const body: Record<string, unknown> = { text: editor.state.doc.toString(), name: studyName, page };
  if (trialsText !== '') body['trials'] = Number(trialsText);
  const { status: code, json } = await post<{ ok: boolean; id: string; problems?: ProblemJson[] }>('/api/runs', body);
  if (running !== me) {
    // Superseded while it started: it runs for nobody.
    if (code === 202) void post(`/api/runs/${json.id}/stop`, {});
    return;
  }
  if (code !== 202) {
    running = null;
    showProblems(json.problems ?? []);
    status('cannot run: see the problems');
    refresh();
    return;
  }
  const id = json.id;
  me.id = id;
  $<HTMLButtonElement>('stop').disabled = false;
  const bar = $<HTMLProgressElement>('progress');
  bar.hidden = false;
  bar.value = 0;
  status('running...');
  const events = new EventSource(`/api/runs/${id}/events`);
  me.events = events;
  const finish = (text: string): void => {
    events.close();
    running = null;
    $<HTMLButtonElement>('stop').disabled = true;
    status(text);
    refresh();
    scheduleExact(0);
  };
  events.addEventListener('progress', (e) => {
    if (running !== me) return;
    const { done, total } = JSON.parse((e as MessageEvent<string>).data) as { done: number; total: number };
    bar.value = total > 0 ? done / total : 0;
    $('progress-text').textContent = `${done.toLocaleString()} / ${total.toLocaleString()}`;
  });
  events.addEventListener('done', (e) => {
    void (async () => {
      if (running !== me) return;
      const { results } = JSON.parse((e as MessageEvent<string>).data) as { results: PageResults };
      const links = Object.fromEntries(results.files.map((n) => [n, `/api/runs/${id}/files/${encodeURIComponent(n)}`]));
      const report = await (await fetch(links['report.html']!)).text();
      if (running !== me) {
        pane.drop();
        return;
      }
      bar.value = 1;
      pane.show({ results, report, links, version: me.version, blobs: false }, null);
      finish(`done in ${results.seconds.toFixed(1)} s`);
    })();
  });
  events.addEventListener('cancelled', (e) => {
    if (running === me) finish(`stopped: ${(JSON.parse((e as MessageEvent<string>).data) as { message: string }).message}`);
  });
  events.addEventListener('failed', (e) => {
    if (running === me) finish(`run failed: ${(JSON.parse((e as MessageEvent<string>).data) as { message: string }).message}`);
  });
}

async function stop(): Promise<void> {
  if (running?.id) await post(`/api/runs/${running.id}/stop`, {});
}

/** Another study: whatever answered the old one is cleared, and its answers still on their way dropped. */
function forgetStudy(): void {
  clearTimeout(exactTimer);
  supersedeRun();
  exactPending = null;
  ++request;
  validated = null;
  problems = false;
  // The last run's progress was the old study's.
  hideProgress();
  pane.clear('no answer yet');
}

async function open(name: string): Promise<void> {
  const mine = ++opening;
  forgetStudy();
  $<HTMLSelectElement>('examples').value = name;
  const r = await fetch(`/api/study?name=${encodeURIComponent(name)}`);
  if (!r.ok) return;
  const text = await r.text();
  if (mine !== opening) return;
  // Anything asked for the old text while the new one loaded is dropped too.
  forgetStudy();
  studyName = name.split('/').pop() ?? 'study.yaml';
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
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
    yamlLanguage.data.of({ autocomplete: studyCompletion(schema) }),
    schemaHover(),
    stateExtensions(schema),
    serverLint,
    EditorView.updateListener.of((u) => {
      if (!u.docChanged) return;
      version++;
      clearTimeout(exactTimer);
      // Until the validator has looked at the new text, nothing is known about it.
      validated = null;
      problems = false;
      refresh();
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
pane.clear('no answer yet');
if (shared === null && examples[0] !== undefined) await open(examples.includes('templates/skirmish-attack.yaml') ? 'templates/skirmish-attack.yaml' : examples[0]);
(window as unknown as { balanceEditor: EditorView }).balanceEditor = editor;
