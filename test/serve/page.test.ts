/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The serve page in a real headless Chromium (the report tests' browser): load an example, type a
 * change and see the exact answer update; run Monte Carlo, see progress, stop it; a share link
 * opened in a fresh page gives the same study; a bad study shows the CLI's message at its line,
 * a misspelt name with the schema's problems; Ctrl+Space completes with nothing typed; one hover
 * tooltip at a time; nothing fails to load (the icon included) and no console errors.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordsAfter, cursorAfter, docText, openPage as open, setDoc, startPlayground, stopPlayground, summaryCell, type Playground } from '../helpers/page.js';

let pg: Playground;

beforeAll(async () => {
  pg = await startPlayground();
});

afterAll(async () => {
  await stopPlayground(pg);
});

const openPage = (url?: string): Promise<Page> => open(pg, url);

describe('balance serve: the page', () => {
  it('answers exactly as you type', async () => {
    const page = await openPage();
    await page.waitForFunction(() => document.querySelectorAll('#summary tbody tr').length > 0, undefined, { timeout: 240_000 });
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
    }, before, { timeout: 240_000 });
    expect(Number(await summaryCell(page, 0, 'mean_wounds'))).toBeGreaterThan(Number(before));
    // The report is the CLI's report.html, charts included.
    const frame = page.frameLocator('#report');
    await expect.poll(async () => frame.locator('svg').count(), { timeout: 240_000 }).toBeGreaterThan(0);
  });

  it('runs Monte Carlo with live progress and stops on Stop', async () => {
    const page = await openPage();
    await page.selectOption('#examples', 'templates/skirmish-duel.yaml');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('ok: skirmish duel') === true, undefined, { timeout: 240_000 });
    await page.fill('#trials', '50000000');
    await page.click('#run');
    await page.waitForFunction(() => Number((document.querySelector('#progress') as HTMLProgressElement).value) > 0, undefined, { timeout: 240_000 });
    const shown = await page.textContent('#progress-text');
    expect(shown).toMatch(/\d[\d,]* \/ 900,000,000/);
    await page.click('#stop');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('stopped') === true, undefined, { timeout: 240_000 });
    expect(await page.isDisabled('#stop')).toBe(true);
    // A short run finishes and offers every file.
    await page.fill('#trials', '200');
    await page.click('#run');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('done') === true, undefined, { timeout: 240_000 });
    const links = await page.$$eval('#downloads a', (as) => as.map((a) => a.textContent));
    expect(links).toEqual(expect.arrayContaining(['summary.csv', 'distribution.csv', 'compare.csv', 'run.json', 'report.md', 'report.html']));
  });

  it('a share link opened in a fresh page gives the same study', async () => {
    const page = await openPage();
    await page.selectOption('#examples', 'templates/d20-fight.yaml');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('ok: d20 fight') === true, undefined, { timeout: 240_000 });
    const text = `${await docText(page)}# edited\n`;
    await setDoc(page, text);
    await page.click('#share');
    const link = page.url();
    expect(link).toContain('#study=');
    const fresh = await pg.context.newPage();
    await fresh.goto(link);
    await fresh.waitForSelector('.cm-content');
    expect(await docText(fresh)).toBe(text);
  });

  it("a bad study shows the CLI's message at the right line", async () => {
    const page = await openPage();
    await page.waitForFunction(() => document.querySelectorAll('#summary tbody tr').length > 0, undefined, { timeout: 240_000 });
    const text = await docText(page);
    await setDoc(page, text.replace('keen-sword:       { fighter: keen,', 'keen-sword:       { fighter: kean,'));
    await page.waitForFunction(() => /unknown fighter "kean"/.test(document.querySelector('#problems')?.textContent ?? ''), undefined, { timeout: 240_000 });
    const line = (await docText(page)).split('\n').findIndex((l) => l.includes('fighter: kean')) + 1;
    expect(await page.textContent('#problems')).toContain(`:${line}:32 loadouts.keen-sword.fighter: unknown fighter "kean" (did you mean "keen"?)`);
    // The editor underlines that line.
    await page.waitForSelector('.cm-lintRange-error');
    const marked = await page.$$eval('.cm-lintRange-error', (els) => els.map((e) => e.closest('.cm-line')?.textContent ?? ''));
    expect(marked.some((l) => l.includes('fighter: kean'))).toBe(true);
  });

  it('reports a misspelt weapon together with a schema problem, both underlined', async () => {
    const page = await openPage();
    await page.waitForFunction(() => document.querySelectorAll('#summary tbody tr').length > 0, undefined, { timeout: 240_000 });
    const text = await docText(page);
    await setDoc(page, text.replace('{ fighter: keen, weapon: sword }', '{ fighter: keen, weapon: war-ax }').replace('armor: medium', 'armor: heavvy'));
    await page.waitForFunction(() => /heavvy/.test(document.querySelector('#problems')?.textContent ?? ''), undefined, { timeout: 240_000 });
    const problems = await page.textContent('#problems');
    expect(problems).toContain('loadouts.stout-axe-medium.armor: expected one of "none", "light", "medium", "heavy", received "heavvy"');
    expect(problems).toContain('loadouts.keen-sword.weapon: unknown weapon "war-ax"');
    await page.waitForFunction(() => document.querySelectorAll('.cm-lintRange-error').length >= 2, undefined, { timeout: 240_000 });
    const marked = await page.$$eval('.cm-lintRange-error', (els) => els.map((e) => e.closest('.cm-line')?.textContent ?? ''));
    expect(marked.some((l) => l.includes('war-ax'))).toBe(true);
    expect(marked.some((l) => l.includes('heavvy'))).toBe(true);
  });

  it("Ctrl+Space with nothing typed offers the block's keys and an enum's values", async () => {
    const page = await openPage();
    await page.waitForFunction(() => document.querySelectorAll('#summary tbody tr').length > 0, undefined, { timeout: 240_000 });
    const text = (await docText(page))
      .replace('  stout-axe-medium: { fighter: stout, weapon: battle-axe, armor: medium }', '  stout-axe-medium:\n    fighter: stout\n    weapon: battle-axe\n    armor: \n    \n')
      .replace('- { attacker: keen-sword, defender: stout-axe-medium }', '- { attacker: keen-sword, defender: stout-axe-medium, situation: { cover:  } }');
    await setDoc(page, text);
    const offered = async (marker: string): Promise<string[]> => {
      await cursorAfter(page, marker);
      await page.keyboard.press('Control+Space');
      await page.waitForSelector('.cm-tooltip-autocomplete .cm-completionLabel', { timeout: 240_000 });
      const labels = await page.$$eval('.cm-tooltip-autocomplete .cm-completionLabel', (els) => els.map((e) => e.textContent ?? ''));
      await page.keyboard.press('Escape');
      await page.waitForSelector('.cm-tooltip-autocomplete', { state: 'detached' });
      return labels.sort();
    };
    expect(await offered('    armor: ')).toEqual(['heavy', 'light', 'medium', 'none']);
    expect(await offered('situation: { cover: ')).toEqual(['close', 'cover', 'none']);
    // A new line of the loadout: the keys it may still take (fighter and weapon are written).
    const keys = await offered('    armor: \n    ');
    expect(keys).toEqual(expect.arrayContaining(['armour', 'shield', 'weapons']));
    expect(keys).not.toContain('fighter');
    expect(keys).not.toContain('weapon');
  });

  it("shows one hover tooltip at a time: a problem's where one is underlined, else the schema's", async () => {
    const page = await openPage();
    await page.waitForFunction(() => document.querySelectorAll('#summary tbody tr').length > 0, undefined, { timeout: 240_000 });
    const text = (await docText(page)).replace('  stout-axe-medium: { fighter: stout, weapon: battle-axe, armor: medium }', '  stout-axe-medium:\n    fighter: stout\n    weapon: battle-axe\n    armor: heavvy');
    await setDoc(page, text);
    await page.waitForSelector('.cm-lintRange-error', { timeout: 240_000 });
    const visible = (selector: string): Promise<number> =>
      page.$$eval(selector, (els) => els.filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden').length);
    const frames = (): Promise<unknown> => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    // Over a key with no problem: the schema's tooltip alone.
    const key = await coordsAfter(page, '    ar');
    await page.mouse.move(key.x, key.y);
    await page.waitForSelector('.cm6-json-schema-hover', { state: 'visible', timeout: 240_000 });
    await frames();
    expect(await visible('.cm-tooltip-lint')).toBe(0);
    // Over the underlined value: the problem's tooltip alone.
    const value = await coordsAfter(page, 'armor: hea');
    await page.mouse.move(value.x, value.y);
    await page.waitForSelector('.cm-tooltip-lint', { state: 'visible', timeout: 240_000 });
    await frames();
    expect(await visible('.cm6-json-schema-hover')).toBe(0);
    expect(await visible('.cm-tooltip-lint')).toBe(1);
  });

  it('has an icon: nothing the page asks for is missing', async () => {
    const page = await openPage();
    await page.waitForFunction(() => document.querySelectorAll('#summary tbody tr').length > 0, undefined, { timeout: 240_000 });
    const icon = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
      return link === null ? 'no <link rel="icon">' : (await fetch(link.href)).ok;
    });
    expect(icon).toBe(true);
    // A report opened in its own tab has no icon link: the browser asks for /favicon.ico.
    expect(await page.evaluate(async () => (await fetch('/favicon.ico')).status)).toBe(200);
  });

  it('printed no console errors and nothing failed to load', () => {
    expect(pg.consoleErrors).toEqual([]);
    expect(pg.badResponses).toEqual([]);
  });
});
