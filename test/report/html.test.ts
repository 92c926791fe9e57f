/**
 * report.html in a real headless browser (the Chromium of @sparticuz/chromium, driven by
 * playwright-core): every chart rendered as SVG with marks, nothing fetched, no console errors.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { balance, studyFile, tempDir } from '../helpers/cli.js';

const STUDY = `system: skirmish
mode: attack
trials: 20000
title: Report test
fighters:
  keen:  { cc: 3, rc: 3, might: 3, skill: 4, defense: 4, wounds: 3 }
  stout: { cc: 3, rc: 3, might: 4, skill: 3, defense: 4, wounds: 3 }
weapons:
  sword:      { type: melee, class: sword, might: "+1", skill: "+1" }
  battle-axe: { type: melee, class: axe, might: "+2", skill: "-" }
loadouts:
  keen-sword: { fighter: keen, weapon: sword }
  stout-axe:  { fighter: stout, weapon: battle-axe, armor: medium }
matchups:
  - { attackers: [keen-sword, stout-axe], defenders: [keen-sword, stout-axe] }
sweep: { "weapons.battle-axe.might": ["+1", "+2"], "rules.tieGoesTo": [attacker, defender] }
`;

describe('report.html', () => {
  it('renders every chart (heatmap, distributions, variant deltas, sweep) with marks and no console errors', async () => {
    const out = tempDir();
    expect(balance(['run', studyFile(STUDY), '--out', out, '--workers', '0']).code).toBe(0);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(`file://${join(out, 'report.html')}`);
      const figures = await page.locator('figure.chart').count();
      expect(figures).toBe(4);
      expect(await page.locator('figure.chart > svg').count()).toBe(figures);
      const marks = await page.locator('figure.chart').evaluateAll((fs) =>
        fs.map((f) => f.querySelectorAll('.mark-rect path, .mark-symbol path, .mark-rule line, .mark-text text').length));
      expect(marks.every((m) => m > 0)).toBe(true);
      // heatmap: 2 x 2 cells in each of the 4 sweep variants
      expect(await page.locator('figure.chart').nth(0).locator('.mark-rect.role-mark path').count()).toBe(16);
      expect(requests.every((u) => u.startsWith('file://'))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('balance report DIR rebuilds report.md and report.html from the CSVs', () => {
    const out = tempDir();
    expect(balance(['run', studyFile(STUDY), '--out', out, '--workers', '0', '--trials', '2000']).code).toBe(0);
    const before = readFileSync(join(out, 'report.md'), 'utf8');
    const r = balance(['report', out]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toBe(before);
    expect(before).toMatch(/## Variant deltas against weapons\.battle-axe\.might=\+1 rules\.tieGoesTo=attacker/);
    expect(before).toMatch(/## Flags/);
    const missing = balance(['report', tempDir()]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/summary\.csv: missing/);
  });
});
