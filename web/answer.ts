/**
 * The answer pane: one answer at a time (its title and command, the summary table, the files and
 * the very report.html of that run), put in place as a whole, and a visible note whenever it is
 * not the answer to what the editor holds. `#answer`'s data-state says which:
 *   empty    no answer (a study was just opened): nothing from the previous study is left
 *   loading  a new answer's table is in and its report is loading (the report frame is hidden,
 *            so the old report never sits beside the new table)
 *   current  the answer to the editor's text
 *   stale    greyed, with the note saying why ("out of date — running…")
 * data-dropped counts answers that arrived too late and were never shown (their request was
 * superseded by a newer one or by a study switch).
 */
export interface Table { header: string[]; rows: (string | number)[][] }
export interface PageResults { title: string; command: string; system: string; mode: string; exact: boolean; summary: Table; compare: Table | null; files: string[]; seconds: number }

export interface Answer {
  readonly results: PageResults;
  /** report.html's text (null: still being rendered; `report()` puts it in place). */
  readonly report: string | null;
  /** File name -> link to download it. */
  readonly links: Readonly<Record<string, string>>;
  /** The editor version the answer was computed from. */
  readonly version: number;
  /** Links made with URL.createObjectURL, revoked when the answer goes. */
  readonly blobs: boolean;
}

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

export class AnswerPane {
  private answer: Answer | null = null;
  private loaded = false;
  private loads = 0;
  private note: string | null = null;
  private dropped = 0;

  get shown(): Answer | null {
    return this.answer;
  }

  /** Puts an answer in place (table, caption, downloads and report together). */
  show(answer: Answer, note: string | null): void {
    this.forget();
    this.answer = answer;
    this.note = note;
    this.loaded = false;
    const r = answer.results;
    $('answer-kind').textContent = r.exact ? 'exact' : 'Monte Carlo';
    $('answer-title').textContent = r.title;
    $('answer-command').textContent = r.command;
    $('summary').replaceChildren(renderTable(r.summary));
    this.links();
    ++this.loads;
    if (answer.report !== null) this.report(answer, answer.report, {});
    this.render();
  }

  /**
   * The report of the answer shown (the table came first: an exact answer's table is in before its
   * charts are drawn), with its files to download. Ignored if another answer has replaced it.
   */
  report(of: Answer, html: string, links: Readonly<Record<string, string>>): void {
    if (this.answer !== of && this.answer?.results !== of.results) {
      if (of.blobs) for (const href of Object.values(links)) URL.revokeObjectURL(href);
      return;
    }
    this.answer = { ...this.answer!, report: html, links: { ...this.answer!.links, ...links } };
    this.links();
    const frame = $<HTMLIFrameElement>('report');
    const load = ++this.loads;
    frame.addEventListener('load', () => {
      if (load !== this.loads) return;
      this.loaded = true;
      this.render();
    }, { once: true });
    frame.srcdoc = html;
  }

  private links(): void {
    $('downloads').replaceChildren(...Object.entries(this.answer!.links).map(([name, href]) => {
      const a = document.createElement('a');
      a.href = href;
      a.textContent = name;
      if (!name.endsWith('.html')) a.download = name;
      else a.target = '_blank';
      return a;
    }));
  }

  /** Removes the answer (a study switch): `note` says what comes next. */
  clear(note: string | null): void {
    this.forget();
    this.answer = null;
    this.note = note;
    ++this.loads;
    for (const id of ['answer-kind', 'answer-title', 'answer-command']) $(id).textContent = '';
    $('summary').replaceChildren();
    $('downloads').replaceChildren();
    $<HTMLIFrameElement>('report').srcdoc = '';
    this.render();
  }

  /** null: the answer is the editor's; else the note saying why it is not (or, empty, what comes). */
  mark(note: string | null): void {
    this.note = note;
    this.render();
  }

  /** An answer that arrived after its request was superseded, never shown. */
  drop(): void {
    this.dropped++;
    this.render();
  }

  private forget(): void {
    if (this.answer?.blobs) for (const href of Object.values(this.answer.links)) URL.revokeObjectURL(href);
  }

  private render(): void {
    const root = $('answer');
    root.dataset['state'] = this.answer === null ? 'empty' : !this.loaded ? 'loading' : this.note === null ? 'current' : 'stale';
    root.dataset['dropped'] = String(this.dropped);
    const note = $('answer-note');
    note.textContent = this.note ?? '';
    note.hidden = this.note === null;
  }
}

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
