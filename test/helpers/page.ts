/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The serve page in a real headless Chromium, for test/serve/*: one server and one browser per
 * test file, pages opened in one context (the packaged Chromium runs single-process), every
 * console error, page error and failed response recorded. Waits are on DOM states, never timers.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createServer } from '../../src/serve/server.js';
import { launchBrowser } from './browser.js';
import { tempDir } from './cli.js';

export interface Playground {
  readonly app: FastifyInstance;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly base: string;
  /** Console errors and uncaught page errors, every page. */
  readonly consoleErrors: string[];
  /** Responses with status >= 400 and requests that failed, every page ("404 http://..."). */
  readonly badResponses: string[];
}

export async function startPlayground(): Promise<Playground> {
  const app = await createServer({ dir: tempDir(), maxRunSeconds: 120, workers: 1 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`;
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  return { app, browser, context, base, consoleErrors: [], badResponses: [] };
}

export async function stopPlayground(pg: Playground | undefined): Promise<void> {
  await pg?.browser.close();
  await pg?.app.close();
}

/** A new page at `url`, once its editor is up. */
export async function openPage(pg: Playground, url = pg.base): Promise<Page> {
  const page = await pg.context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') pg.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => pg.consoleErrors.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) pg.badResponses.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    // A run's event stream closed by the page, or a stopped request, is not a failure to load.
    if (!/\/api\/runs\//.test(r.url())) pg.badResponses.push(`failed ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  await page.goto(url);
  await page.waitForSelector('.cm-content');
  return page;
}

type Editor = { state: { doc: { length: number; toString(): string } }; dispatch(tr: unknown): void; focus(): void; coordsAtPos(pos: number): { left: number; right: number; top: number; bottom: number } | null };

export const docText = (page: Page): Promise<string> => page.evaluate(() => (window as unknown as { balanceEditor: Editor }).balanceEditor.state.doc.toString());

export const setDoc = (page: Page, text: string): Promise<void> =>
  page.evaluate((t) => {
    const ed = (window as unknown as { balanceEditor: Editor }).balanceEditor;
    ed.dispatch({ changes: { from: 0, to: ed.state.doc.length, insert: t } });
  }, text);

/** Puts the cursor right after the first `marker` in the study (after `offset` more characters) and focuses the editor. */
export const cursorAfter = (page: Page, marker: string, offset = 0): Promise<void> =>
  page.evaluate(([m, o]) => {
    const ed = (window as unknown as { balanceEditor: Editor }).balanceEditor;
    const at = ed.state.doc.toString().indexOf(m as string);
    if (at < 0) throw new Error(`no ${m as string} in the study`);
    ed.dispatch({ selection: { anchor: at + (m as string).length + (o as number) } });
    ed.focus();
  }, [marker, offset] as const);

/** Viewport coordinates of the middle of the character after `marker` + `offset`, scrolled into view. */
export const coordsAfter = (page: Page, marker: string, offset = 0): Promise<{ x: number; y: number }> =>
  page.evaluate(async ([m, o]) => {
    const ed = (window as unknown as { balanceEditor: Editor }).balanceEditor;
    const pos = ed.state.doc.toString().indexOf(m as string) + (m as string).length + (o as number);
    ed.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
    // The editor scrolls when it next draws.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const c = ed.coordsAtPos(pos)!;
    const next = ed.coordsAtPos(pos + 1) ?? c;
    return { x: (c.left + next.left) / 2 + 1, y: (c.top + c.bottom) / 2 };
  }, [marker, offset] as const);

export const waitStatus = (page: Page, prefix: string): Promise<unknown> =>
  page.waitForFunction((p) => document.querySelector('#status')?.textContent?.startsWith(p) === true, prefix, { timeout: 240_000 });

/** The summary table as header and rows of cell text. */
export const summaryTable = (page: Page): Promise<{ header: string[]; rows: string[][] }> =>
  page.evaluate(() => {
    const table = document.querySelector('#summary table');
    if (!table) return { header: [], rows: [] };
    return {
      header: [...table.querySelectorAll('th')].map((th) => th.textContent ?? ''),
      rows: [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    };
  });

export const summaryCell = async (page: Page, row: number, column: string): Promise<string> => {
  const t = await summaryTable(page);
  return t.rows[row]?.[t.header.indexOf(column)] ?? '';
};

/** What the report pane shows: its heading, its Run facts and its tables (each as header and rows). */
export interface ShownReport {
  readonly title: string;
  readonly facts: Record<string, string>;
  readonly tables: { readonly heading: string; readonly header: string[]; readonly rows: string[][] }[];
}

export const shownReport = (page: Page): Promise<ShownReport> =>
  page.evaluate(() => {
    const doc = (document.getElementById('report') as HTMLIFrameElement).contentDocument;
    const title = doc?.querySelector('h1')?.textContent ?? '';
    const tables = [...(doc?.querySelectorAll('table') ?? [])].map((t) => {
      let h: Element | null = t.previousElementSibling;
      while (h && h.tagName !== 'H2') h = h.previousElementSibling;
      const trs = [...t.querySelectorAll('tr')];
      return {
        heading: h?.textContent ?? '',
        header: [...(trs[0]?.querySelectorAll('th') ?? [])].map((c) => c.textContent ?? ''),
        rows: trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((c) => c.textContent ?? '')),
      };
    });
    const run = tables.find((t) => t.heading === 'Run');
    const facts: Record<string, string> = Object.fromEntries((run?.rows ?? []).map((r) => [r[0] ?? '', r[1] ?? '']));
    return { title, facts, tables };
  });

/** The answer pane's state attribute and its note, when shown. */
export const answerState = (page: Page): Promise<{ state: string | null; note: string | null; title: string; command: string; dropped: number }> =>
  page.evaluate(() => {
    const root = document.getElementById('answer');
    const note = document.getElementById('answer-note');
    return {
      state: root?.getAttribute('data-state') ?? null,
      note: note && !note.hidden && note.getClientRects().length > 0 ? note.textContent : null,
      title: document.getElementById('answer-title')?.textContent ?? '',
      command: document.getElementById('answer-command')?.textContent ?? '',
      dropped: Number(root?.getAttribute('data-dropped') ?? 0),
    };
  });

export const waitAnswer = (page: Page, state: string): Promise<unknown> =>
  page.waitForFunction((s) => document.getElementById('answer')?.getAttribute('data-state') === s, state, { timeout: 240_000 });
