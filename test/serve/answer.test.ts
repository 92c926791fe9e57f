/// <reference lib="dom" />
/**
 * The serve page never shows a wrong answer without saying so (a real headless Chromium): after
 * any run or study switch the report pane shows the report of exactly what the table shows (same
 * title, same command, same numbers), and whatever is no longer the editor's answer is cleared or
 * greyed under a visible note while a new one is on its way. An answer that comes back for a study
 * the user has left is never shown as the new study's.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerState, docText, openPage, setDoc, shownReport, startPlayground, stopPlayground, summaryTable, waitAnswer, waitStatus, type Playground } from '../helpers/page.js';

let pg: Playground;

beforeAll(async () => {
  pg = await startPlayground();
});

afterAll(async () => {
  await stopPlayground(pg);
});

const A = { name: 'templates/skirmish-attack.yaml', title: 'My first skirmish study', row: 'keen-sword' };
const B = { name: 'templates/d20-fight.yaml', title: 'My first d20 fight', ok: 'ok: d20 fight' };

/** A Monte Carlo run of `trials` per matchup, to its end. */
async function runMonteCarlo(page: Page, trials: number): Promise<void> {
  await page.fill('#trials', String(trials));
  await page.click('#run');
  await waitStatus(page, 'done');
}

/** The report pane and the table say the same: title, command, trials and (within the report's rounding) the numbers. */
async function expectReportMatchesTable(page: Page, trials: number | null): Promise<void> {
  await waitAnswer(page, 'current');
  const [answer, report, table] = await Promise.all([answerState(page), shownReport(page), summaryTable(page)]);
  expect(report.title).toBe(answer.title);
  expect(report.facts['command']).toBe(answer.command);
  const col = (name: string): string[] => table.rows.map((r) => r[table.header.indexOf(name)]!);
  if (trials === null) {
    expect(answer.command).toMatch(/^npx balance exact /);
    expect(col('trials').every((t) => t === '')).toBe(true);
  } else {
    expect(answer.command).toContain(`--trials ${trials}`);
    expect(report.facts['trials per matchup and variant']).toBe(String(trials));
    expect(col('trials').every((t) => t === String(trials))).toBe(true);
  }
  // Every row of the report's matchup table is a row of the summary table, rounded as the report rounds.
  const matchups = report.tables.find((t) => t.heading.startsWith('Matchups'))!;
  const m = matchups.header.indexOf('95% CI') - 1;
  const keys = matchups.header.slice(0, m).map((h) => table.header.indexOf(h));
  // The variant is a column of the table when there are several, else named in the heading.
  const variant = matchups.header.includes('variant') ? undefined : /\((.+)\)/.exec(matchups.heading)?.[1];
  expect(matchups.rows.length).toBeGreaterThan(0);
  for (const r of matchups.rows) {
    const row = table.rows.find((t) => (variant === undefined || t[table.header.indexOf('variant')] === variant)
      && keys.every((k, i) => k < 0 || t[k] === r[i]));
    expect(row, `${r.join(' ')} in the summary table`).toBeDefined();
    const decimals = r[m]!.split('.')[1]?.length ?? 0;
    expect(Math.abs(Number(row![table.header.indexOf(matchups.header[m]!)]) - Number(r[m]))).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 5e-4);
  }
}

describe('balance serve: the answer shown is the answer to the study', () => {
  it('after an exact answer, a Monte Carlo run shows its own report beside its own table', async () => {
    const page = await openPage(pg);
    await page.waitForFunction(() => document.querySelectorAll('#summary tbody tr').length > 0, undefined, { timeout: 240_000 });
    await expect.poll(async () => (await shownReport(page)).title, { timeout: 240_000 }).toBe(A.title);
    await runMonteCarlo(page, 200);
    // The report pane follows the table: the run's own report, not the exact one before it.
    await expect.poll(async () => (await shownReport(page)).facts['command'], { timeout: 240_000 }).toContain('--trials 200');
    await expectReportMatchesTable(page, 200);
    expect((await shownReport(page)).title).toBe(A.title);
  });

  it("switching study leaves none of the old study's answer unmarked, and its run shows its own report", async () => {
    const page = await openPage(pg);
    await page.waitForFunction(() => document.querySelectorAll('#summary tbody tr').length > 0, undefined, { timeout: 240_000 });
    await page.selectOption('#examples', B.name);
    await waitStatus(page, B.ok);
    // B has no exact answer: until it is run, A's rows are gone (or greyed under a note).
    const table = await summaryTable(page);
    const report = await shownReport(page);
    const shown = await answerState(page);
    const old = table.rows.some((r) => r.includes(A.row)) || report.title === A.title;
    if (old) {
      expect(shown.state).toBe('stale');
      expect(shown.note).toMatch(/out of date/);
    }
    await runMonteCarlo(page, 200);
    await expectReportMatchesTable(page, 200);
    expect((await shownReport(page)).title).toBe(B.title);
    expect((await answerState(page)).command).toContain('d20-fight.yaml');
  });

  it('greys the answer under "out of date — running…" while a run is in flight', async () => {
    const page = await openPage(pg);
    // The exact answer is in place (its report loaded; a page without an answer pane goes straight on).
    await page.waitForFunction(() => document.querySelectorAll('#summary tbody tr').length > 0
      && ['current', undefined].includes(document.getElementById('answer')?.dataset['state']), undefined, { timeout: 240_000 });
    await page.fill('#trials', '50000000');
    await page.click('#run');
    await page.waitForFunction(() => Number((document.querySelector('#progress') as HTMLProgressElement).value) > 0, undefined, { timeout: 240_000 });
    const shown = await answerState(page);
    expect(shown.state).toBe('stale');
    expect(shown.note).toBe('out of date — running…');
    const opacity = await page.evaluate(() => Number(getComputedStyle(document.getElementById('summary')!).opacity));
    expect(opacity).toBeLessThan(1);
    await page.click('#stop');
    await waitStatus(page, 'stopped');
    // Nothing replaced the exact answer, and it still answers the study: no longer greyed.
    await expectReportMatchesTable(page, null);
    expect((await answerState(page)).note).toBeNull();
  });

  it("a slow exact answer for study A arriving after the switch to B is not shown as B's", async () => {
    const page = await openPage(pg);
    await page.waitForFunction(() => document.querySelectorAll('#summary tbody tr').length > 0, undefined, { timeout: 240_000 });
    // Hold A's next exact answer (the page computes it; window.balanceHoldExact holds it) until the page has switched to B.
    await page.evaluate(() => {
      const w = window as unknown as { balanceHoldExact?: Promise<void>; balanceRelease?: () => void };
      w.balanceHoldExact = new Promise<void>((r) => (w.balanceRelease = r));
    });
    await setDoc(page, (await docText(page)).replace('might: "+1"', 'might: "+3"'));
    await waitStatus(page, 'exact...');
    await page.selectOption('#examples', B.name);
    await waitStatus(page, B.ok);
    await page.evaluate(() => (window as unknown as { balanceRelease: () => void }).balanceRelease());
    // The page dropped it, or (the fault this guards against) put A's rows under B.
    await page.waitForFunction((row) => Number(document.getElementById('answer')?.getAttribute('data-dropped') ?? 0) > 0
      || [...document.querySelectorAll('#summary td')].some((td) => td.textContent === row), A.row, { timeout: 240_000 });
    expect((await summaryTable(page)).rows.some((r) => r.includes(A.row))).toBe(false);
    expect((await shownReport(page)).title).not.toBe(A.title);
    expect((await answerState(page)).state).toBe('empty');
  });

  it('printed no console errors', () => {
    expect(pg.consoleErrors).toEqual([]);
  });
});
