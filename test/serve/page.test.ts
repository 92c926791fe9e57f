/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The serve page in a real headless Chromium (the report tests' browser): load an example, type a
 * change and see the exact answer update; run Monte Carlo, see progress, stop it; a share link
 * opened in a fresh page gives the same study; a bad study shows the CLI's message at its line;
 * no console errors.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/serve/server.js';
import { launchBrowser } from '../helpers/browser.js';
import { tempDir } from '../helpers/cli.js';

let app: FastifyInstance;
let browser: Browser;
let context: BrowserContext;
let base = '';
const consoleErrors: string[] = [];

beforeAll(async () => {
  app = await createServer({ dir: tempDir(), maxRunSeconds: 120, workers: 1 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
  // The packaged Chromium runs single-process: one context for every page, pages left open.
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function openPage(url = base): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('.cm-content');
  return page;
}

const docText = (page: Page): Promise<string> => page.evaluate(() => (window as unknown as { balanceEditor: { state: { doc: { toString(): string } } } }).balanceEditor.state.doc.toString());
const setDoc = (page: Page, text: string): Promise<void> =>
  page.evaluate((t) => {
    const ed = (window as unknown as { balanceEditor: { state: { doc: { length: number } }; dispatch(tr: unknown): void } }).balanceEditor;
    ed.dispatch({ changes: { from: 0, to: ed.state.doc.length, insert: t } });
  }, text);
const summaryCell = (page: Page, row: number, header: string): Promise<string> =>
  page.evaluate(([r, h]) => {
    const table = document.querySelector('#summary table')!;
    const col = [...table.querySelectorAll('th')].findIndex((th) => th.textContent === h);
    return table.querySelectorAll('tbody tr')[r as number]!.querySelectorAll('td')[col]!.textContent ?? '';
  }, [row, header] as const);

describe('balance serve: the page', () => {
  it('answers exactly as you type', async () => {
    const page = await openPage();
    await page.waitForFunction(() => document.querySelectorAll('#summary tbody tr').length > 0, undefined, { timeout: 60_000 });
    expect(await docText(page)).toContain('mode: attack');
    const before = await summaryCell(page, 0, 'mean_wounds');
    // Type a change in the editor: the sword gets one more Might die.
    const text = await docText(page);
    await setDoc(page, text.replace('sword:      { type: melee, class: sword, might: "+1"', 'sword:      { type: melee, class: sword, might: "+3"'));
    await page.waitForFunction((b) => {
      const table = document.querySelector('#summary table');
      if (!table) return false;
      const col = [...table.querySelectorAll('th')].findIndex((th) => th.textContent === 'mean_wounds');
      return table.querySelectorAll('tbody tr')[0]?.querySelectorAll('td')[col]?.textContent !== b;
    }, before, { timeout: 60_000 });
    expect(Number(await summaryCell(page, 0, 'mean_wounds'))).toBeGreaterThan(Number(before));
    // The report is the CLI's report.html, charts included.
    const frame = page.frameLocator('#report');
    await expect.poll(async () => frame.locator('svg').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  });

  it('runs Monte Carlo with live progress and stops on Stop', async () => {
    const page = await openPage();
    await page.selectOption('#examples', 'templates/skirmish-duel.yaml');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('ok: skirmish duel') === true, undefined, { timeout: 60_000 });
    await page.fill('#trials', '50000000');
    await page.click('#run');
    await page.waitForFunction(() => Number((document.querySelector('#progress') as HTMLProgressElement).value) > 0, undefined, { timeout: 60_000 });
    const shown = await page.textContent('#progress-text');
    expect(shown).toMatch(/\d[\d,]* \/ 900,000,000/);
    await page.click('#stop');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('stopped') === true, undefined, { timeout: 60_000 });
    expect(await page.isDisabled('#stop')).toBe(true);
    // A short run finishes and offers every file.
    await page.fill('#trials', '200');
    await page.click('#run');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('done') === true, undefined, { timeout: 60_000 });
    const links = await page.$$eval('#downloads a', (as) => as.map((a) => a.textContent));
    expect(links).toEqual(expect.arrayContaining(['summary.csv', 'distribution.csv', 'compare.csv', 'run.json', 'report.md', 'report.html']));
  });

  it('a share link opened in a fresh page gives the same study', async () => {
    const page = await openPage();
    await page.selectOption('#examples', 'templates/d20-fight.yaml');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('ok: d20 fight') === true, undefined, { timeout: 60_000 });
    const text = `${await docText(page)}# edited\n`;
    await setDoc(page, text);
    await page.click('#share');
    const link = page.url();
    expect(link).toContain('#study=');
    const fresh = await context.newPage();
    await fresh.goto(link);
    await fresh.waitForSelector('.cm-content');
    expect(await docText(fresh)).toBe(text);
  });

  it("a bad study shows the CLI's message at the right line", async () => {
    const page = await openPage();
    await page.waitForFunction(() => document.querySelectorAll('#summary tbody tr').length > 0, undefined, { timeout: 60_000 });
    const text = await docText(page);
    await setDoc(page, text.replace('keen-sword:       { fighter: keen,', 'keen-sword:       { fighter: kean,'));
    await page.waitForFunction(() => /unknown fighter "kean"/.test(document.querySelector('#problems')?.textContent ?? ''), undefined, { timeout: 60_000 });
    const line = (await docText(page)).split('\n').findIndex((l) => l.includes('fighter: kean')) + 1;
    expect(await page.textContent('#problems')).toContain(`:${line}:32 loadouts.keen-sword.fighter: unknown fighter "kean" (did you mean "keen"?)`);
    // The editor underlines that line.
    await page.waitForSelector('.cm-lintRange-error');
    const marked = await page.$$eval('.cm-lintRange-error', (els) => els.map((e) => e.closest('.cm-line')?.textContent ?? ''));
    expect(marked.some((l) => l.includes('fighter: kean'))).toBe(true);
  });

  it('printed no console errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
