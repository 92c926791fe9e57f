/**
 * The playground page, a static site (dist/site; `balance serve` serves the same page): a
 * CodeMirror 6 editor for the study (YAML, completion and hover from the study JSON Schema, inline
 * errors from the CLI's own loader, run in the page), exact answers as you type, Monte Carlo runs
 * in a pool of Web Workers with live progress and a Stop button, results as the summary table and
 * the very report.html the CLI writes, downloads of every file, and share links that carry the
 * study in the URL fragment (compressed; the fragment never leaves the browser). Nothing is sent
 * to any server: the page computes with the CLI's code (local.ts).
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
import { RunCancelled } from '../src/batch/schedule.js';
import schemaJson from '../schemas/study.schema.json';
import { AnswerPane, type Answer } from './answer.js';
import { studyCompletion } from './complete.js';
import { listExamples, readExample } from './examples.js';
import { schemaHover } from './hover.js';
import { exact as exactLocal, load, reports, simulate, validate, type ProblemJson, type Validated } from './local.js';

interface Running { readonly request: number; readonly version: number; readonly controller: AbortController }

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

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
/** A share link runs its study once it is valid: exactly where the mode has exact answers, else Monte Carlo. */
let runShared = /^#study=/.test(location.hash);

function status(text: string): void {
  $('status').textContent = text;
}

/** The downloads of an answer: every file as a blob link. */
function blobLinks(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([n, c]) => [n, URL.createObjectURL(new Blob([c], {
    type: n.endsWith('.html') ? 'text/html' : n.endsWith('.csv') ? 'text/csv' : n.endsWith('.json') ? 'application/json' : 'text/markdown',
  }))]));
}

/** Yields to the browser (a paint, a keystroke) before a long computation. */
const nextFrame = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

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

/** Inline errors: the page validates with the CLI's loader; problems carry line and column. */
const studyLint = linter((view): Diagnostic[] => {
  const text = view.state.doc.toString();
  const json = validate(studyName, text);
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
  if (!json.ok) {
    validated = null;
    problems = true;
    const list = json.problems;
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
  if (runShared) {
    runShared = false;
    if (!json.exact) setTimeout(() => void run(), 0);
  }
  scheduleExact(0);
  return json.warnings.map((p) => diag(p, 'warning'));
}, { delay: 120 });

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
  running.controller.abort();
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
  await nextFrame();
  // Tests hold an exact answer here (a slow answer arriving after the study changed).
  await (window as unknown as { balanceHoldExact?: Promise<void> }).balanceHoldExact;
  if (mine !== request || asked !== version) {
    // Superseded before it was computed: dropped, as an answer arriving late would be.
    if (exactPending === mine) exactPending = null;
    pane.drop();
    refresh();
    return;
  }
  const loaded = load(studyName, editor.state.doc.toString());
  let answer: ReturnType<typeof exactLocal> | null = null;
  let problemList: ProblemJson[] = [];
  if ('study' in loaded) {
    try {
      answer = exactLocal(loaded.study);
    } catch (err) {
      const problems = (err as { problems?: { path: string; line: number; col: number; message: string }[] }).problems;
      if (problems === undefined) throw err;
      problemList = problems.map((p) => ({ path: p.path, line: p.line, column: p.col, message: p.message }));
    }
  } else {
    problemList = loaded.problems;
  }
  if (exactPending === mine) exactPending = null;
  if (mine !== request || asked !== version) {
    // A newer request, a study switch or an edit came meanwhile: this answer is not the editor's.
    pane.drop();
    refresh();
    return;
  }
  if (answer === null) {
    showProblems(problemList);
    status('exact: not available');
    refresh();
    return;
  }
  // The table first, then the report and its charts (vega draws them a moment later).
  const shown: Answer = { results: answer.page, report: null, links: blobLinks(answer.results.files), version: asked, blobs: true };
  pane.show(shown, null);
  refresh();
  status(`exact: ${answer.page.summary.rows.length} row(s) in ${(answer.page.seconds * 1000).toFixed(0)} ms`);
  const files = await reports(answer.results);
  pane.report(shown, files['report.html']!, blobLinks(files));
}

async function run(): Promise<void> {
  clearTimeout(exactTimer);
  supersedeRun();
  exactPending = null;
  const mine = ++request;
  const me: Running = { request: mine, version, controller: new AbortController() };
  running = me;
  refresh();
  const trialsText = $<HTMLInputElement>('trials').value;
  const trials = trialsText === '' ? undefined : Number(trialsText);
  const loaded = load(studyName, editor.state.doc.toString());
  if (!('study' in loaded) || (trials !== undefined && !(Number.isInteger(trials) && trials >= 1 && trials <= 1e9))) {
    running = null;
    showProblems('study' in loaded ? [{ path: '', line: 0, column: 0, message: '"trials": expected an integer from 1 to 1000000000' }] : loaded.problems);
    status('cannot run: see the problems');
    refresh();
    return;
  }
  $<HTMLButtonElement>('stop').disabled = false;
  const bar = $<HTMLProgressElement>('progress');
  bar.hidden = false;
  bar.value = 0;
  status('running...');
  const finish = (text: string): void => {
    running = null;
    $<HTMLButtonElement>('stop').disabled = true;
    status(text);
    refresh();
    scheduleExact(0);
  };
  let shown = 0;
  try {
    const answer = await simulate(loaded.study, {
      trials, signal: me.controller.signal,
      onProgress: (done, total) => {
        const now = performance.now();
        if (running !== me || (now - shown < 100 && done !== total)) return;
        shown = now;
        bar.value = total > 0 ? done / total : 0;
        $('progress-text').textContent = `${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`;
      },
    });
    if (running !== me) {
      pane.drop();
      return;
    }
    bar.value = 1;
    pane.show({ results: answer.results, report: answer.report, links: blobLinks(answer.files), version: me.version, blobs: true }, null);
    finish(`done in ${answer.results.seconds.toFixed(1)} s`);
  } catch (err) {
    if (running !== me) return;
    if (err instanceof RunCancelled || me.controller.signal.aborted) finish('stopped');
    else finish(`run failed: ${(err as Error).message}`);
  }
}

function stop(): void {
  running?.controller.abort();
}

/** Another study: whatever answered the old one is cleared, and its answers still on their way dropped. */
function forgetStudy(): void {
  runShared = false;
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
  const text = await readExample(name);
  if (text === null || mine !== opening) return;
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

const schema = schemaJson as JSONSchema7;
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
    studyLint,
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

const examples = await listExamples();
const select = $<HTMLSelectElement>('examples');
select.replaceChildren(...(shared !== null ? ['(shared link)'] : []).concat(examples).map((n) => new Option(n, n)));
select.addEventListener('change', () => void open(select.value));
$('exact').addEventListener('click', () => void exact());
$('run').addEventListener('click', () => void run());
$('stop').addEventListener('click', stop);
$('share').addEventListener('click', share);
$<HTMLInputElement>('auto-exact').addEventListener('change', () => scheduleExact(0));
pane.clear('no answer yet');
if (shared === null && examples[0] !== undefined) await open(examples.includes('templates/skirmish-attack.yaml') ? 'templates/skirmish-attack.yaml' : examples[0]);
(window as unknown as { balanceEditor: EditorView }).balanceEditor = editor;
