/// <reference lib="dom" />
/**
 * The playground as a static site (dist/site) in a real headless Chromium, served by a plain
 * node:http file server on loopback with no API behind it: a share link opens its study and shows
 * the exact table and the report's charts; a Monte Carlo run in Web Workers gives a summary.csv
 * (downloaded from the page) byte for byte equal to `balance run` of the same study and seed; Stop
 * stops; a bad study lists the same `LINE:COL path: message` lines as `balance validate`; the page
 * asks no server for anything but its own files. Timings (keystroke to table, Monte Carlo rate) are
 * printed for the notes, never asserted.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressToEncodedURIComponent } from 'lz-string';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exactStudy, loadStudyText, renderReport } from '../../src/api.js';
import { balance, ROOT, tempDir } from '../helpers/cli.js';
import { docText, setDoc, summaryTable, waitStatus } from '../helpers/page.js';
import { openSite, startSite, stopSite, type StaticSite } from '../helpers/static-site.js';

let site: StaticSite;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await stopSite(site);
});

const template = (name: string): string => readFileSync(join(ROOT, 'templates', name), 'utf8').replaceAll('THIS_FILE', name);
const shareLink = (text: string): string => `${site.base}#study=${compressToEncodedURIComponent(text)}`;
/** The page's rendering of a summary cell (answer.ts). */
const cell = (c: string | number): string => (typeof c === 'number' && !Number.isInteger(c) ? c.toPrecision(4) : String(c));

async function download(page: Page, name: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`#downloads a:text-is("${name}")`)]);
  return readFileSync((await file.path())!, 'utf8');
}

describe('the static site (no server code)', () => {
  it('opens a share link, answers exactly and shows the exact table and the report charts', async () => {
    const text = template('skirmish-attack.yaml');
    const page = await openSite(site, shareLink(text));
    expect(await docText(page)).toBe(text);
    await page.waitForFunction(() => document.querySelector('#answer')?.getAttribute('data-state') === 'current', undefined, { timeout: 240_000 });
    const results = exactStudy(loadStudyText('study.yaml', text));
    const shown = await summaryTable(page);
    expect(shown.header).toEqual(results.summary.header);
    expect(shown.rows).toEqual(results.summary.rows.map((r) => r.map(cell)));
    // The report's charts: as many as the CLI's report.html draws, from the same chart specs.
    const cli = (await renderReport(results)).html;
    const frame = page.frameLocator('#report');
    expect(await frame.locator('figure svg').count()).toBe((cli.match(/<figure/g) ?? []).length);
    expect(await frame.locator('h2').allTextContents()).toEqual([...cli.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1]!.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>')));
    // The downloads are the CLI's files: summary.csv equals `balance exact`'s.
    const dir = tempDir();
    writeFileSync(join(dir, 'study.yaml'), text);
    expect(balance(['exact', 'study.yaml', '--out', 'out'], {}, dir).code).toBe(0);
    expect(await download(page, 'summary.csv')).toBe(readFileSync(join(dir, 'out', 'summary.csv'), 'utf8'));
    expect(await download(page, 'distribution.csv')).toBe(readFileSync(join(dir, 'out', 'distribution.csv'), 'utf8'));
  });

  it("runs Monte Carlo in Web Workers: summary.csv byte for byte the CLI's for the same seed", async () => {
    const text = template('skirmish-duel.yaml').replace(/^seed: \d+/m, 'seed: 4242');
    const trials = 30_000;
    const page = await openSite(site, site.base);
    await page.selectOption('#examples', 'templates/skirmish-duel.yaml');
    await waitStatus(page, 'ok: skirmish duel');
    await setDoc(page, text);
    await waitStatus(page, 'ok: skirmish duel');
    await page.fill('#trials', String(trials));
    const started = Date.now();
    await page.click('#run');
    await waitStatus(page, 'done');
    const pageSeconds = (Date.now() - started) / 1000;
    const files = await page.$$eval('#downloads a', (as) => as.map((a) => a.textContent));
    expect(files).toEqual(expect.arrayContaining(['summary.csv', 'distribution.csv', 'compare.csv', 'run.json', 'report.md', 'report.html']));
    const summary = await download(page, 'summary.csv');
    const compare = await download(page, 'compare.csv');
    const dir = tempDir();
    writeFileSync(join(dir, 'skirmish-duel.yaml'), text);
    const cliStarted = Date.now();
    const cli = balance(['run', 'skirmish-duel.yaml', '--seed', '4242', '--trials', String(trials), '--out', 'out'], {}, dir);
    const cliSeconds = (Date.now() - cliStarted) / 1000;
    expect(cli.code, cli.stderr).toBe(0);
    expect(summary).toBe(readFileSync(join(dir, 'out', 'summary.csv'), 'utf8'));
    expect(compare).toBe(readFileSync(join(dir, 'out', 'compare.csv'), 'utf8'));
    const runJson = JSON.parse(await download(page, 'run.json')) as Record<string, unknown>;
    expect(runJson['study_sha256']).toBe((JSON.parse(readFileSync(join(dir, 'out', 'run.json'), 'utf8')) as Record<string, unknown>)['study_sha256']);
    const tasks = summary.trim().split('\n').length - 1;
    const workers = await page.evaluate(() => navigator.hardwareConcurrency);
    console.log(`note: Monte Carlo ${tasks} x ${trials} duels: page ${pageSeconds.toFixed(2)} s (${workers} Web Workers, click to table), CLI ${cliSeconds.toFixed(2)} s (balance run, process start included)`);
  });

  it.each(['skirmish-battle.yaml', 'exchange-fight.yaml', 'd20-fight.yaml'])('%s: Monte Carlo summary.csv byte for byte the CLI\'s', async (name) => {
    const trials = 200;
    const page = await openSite(site, site.base);
    await page.selectOption('#examples', `templates/${name}`);
    await waitStatus(page, 'ok: ');
    await page.fill('#trials', String(trials));
    await page.click('#run');
    await waitStatus(page, 'done');
    const summary = await download(page, 'summary.csv');
    const dir = tempDir();
    writeFileSync(join(dir, name), template(name));
    const cli = balance(['run', name, '--trials', String(trials), '--out', 'out'], {}, dir);
    expect(cli.code, cli.stderr).toBe(0);
    expect(summary).toBe(readFileSync(join(dir, 'out', 'summary.csv'), 'utf8'));
  });

  it('a share link of a study without exact answers runs it by Monte Carlo', async () => {
    const text = template('d20-fight.yaml').replace(/^trials: \d+/m, 'trials: 300');
    const page = await openSite(site, shareLink(text));
    await waitStatus(page, 'done');
    expect((await summaryTable(page)).rows.length).toBeGreaterThan(0);
    expect(await page.textContent('#answer-kind')).toBe('Monte Carlo');
  });

  it('Stop stops a run and leaves the page ready', async () => {
    const page = await openSite(site, site.base);
    await page.selectOption('#examples', 'templates/skirmish-duel.yaml');
    await waitStatus(page, 'ok: skirmish duel');
    await page.fill('#trials', '50000000');
    await page.click('#run');
    await page.waitForFunction(() => Number((document.querySelector('#progress') as HTMLProgressElement).value) > 0, undefined, { timeout: 240_000 });
    expect(await page.textContent('#progress-text')).toMatch(/\d[\d,]* \/ 900,000,000/);
    await page.click('#stop');
    await waitStatus(page, 'stopped');
    expect(await page.isDisabled('#stop')).toBe(true);
    const done = await page.textContent('#progress-text');
    // Nothing runs on after Stop: the progress stays where it stopped.
    await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
    expect(await page.textContent('#progress-text')).toBe(done);
    await page.fill('#trials', '300');
    await page.click('#run');
    await waitStatus(page, 'done');
  });

  it('a bad study lists the same problems as balance validate', async () => {
    const text = template('skirmish-attack.yaml')
      .replace('{ fighter: keen, weapon: sword }', '{ fighter: kean, weapon: war-ax }')
      .replace('armor: medium', 'armor: heavvy');
    const page = await openSite(site, shareLink(text));
    await page.waitForFunction(() => /heavvy/.test(document.querySelector('#problems')?.textContent ?? ''), undefined, { timeout: 240_000 });
    const dir = tempDir();
    writeFileSync(join(dir, 'study.yaml'), text);
    const cli = balance(['validate', 'study.yaml'], {}, dir);
    expect(cli.code).toBe(2);
    const shown = (await page.textContent('#problems'))!.split('\n');
    expect(shown).toEqual(cli.stderr.trim().split('\n'));
    expect(shown.length).toBeGreaterThanOrEqual(2);
  });

  it('keystroke to updated exact table and charts, skirmish attack template (median of 20, a note)', async () => {
    const page = await openSite(site, shareLink(template('skirmish-attack.yaml')));
    await page.waitForFunction(() => document.querySelector('#answer')?.getAttribute('data-state') === 'current', undefined, { timeout: 240_000 });
    const times = await page.evaluate(async () => {
      type Ed = { state: { doc: { toString(): string } }; dispatch(tr: unknown): void };
      const ed = (window as unknown as { balanceEditor: Ed }).balanceEditor;
      const out: { table: number; charts: number }[] = [];
      for (let i = 0; i < 20; i++) {
        const text = ed.state.doc.toString();
        const at = text.indexOf('might: "+') + 'might: "+'.length;
        const next = text[at] === '1' ? '2' : '1';
        const before = document.querySelector('#summary table');
        const t0 = performance.now();
        ed.dispatch({ changes: { from: at, to: at + 1, insert: next } });
        let table = 0;
        await new Promise<void>((done) => {
          const tick = (): void => {
            if (table === 0 && document.querySelector('#summary table') !== before) table = performance.now() - t0;
            if (table > 0 && document.querySelector('#answer')?.getAttribute('data-state') === 'current') {
              out.push({ table, charts: performance.now() - t0 });
              done();
            } else {
              requestAnimationFrame(tick);
            }
          };
          tick();
        });
      }
      return out;
    });
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(times).toHaveLength(20);
    console.log(`note: keystroke -> exact table ${median(times.map((t) => t.table)).toFixed(0)} ms, -> table and charts ${median(times.map((t) => t.charts)).toFixed(0)} ms (median of 20; includes the 120 ms lint pause)`);
  });

  it('asked no server for anything but its own files, and printed no errors', () => {
    expect(site.requests.filter((p) => !(p === '/' || p.startsWith('/assets/')))).toEqual([]);
    expect(site.consoleErrors).toEqual([]);
  });
});
