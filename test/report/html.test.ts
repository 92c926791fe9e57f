/**
 * report.html in a real headless browser (the Chromium of @sparticuz/chromium, driven by
 * playwright-core): every chart rendered as SVG with marks, nothing fetched, no console errors.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/report/data.js';
import { launchBrowser } from '../helpers/browser.js';
import { measure } from '../helpers/measure.js';
import { studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

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
  it('renders every section (heatmap, distributions, variant deltas, sweep) with marks and no console errors', async () => {
    const out = tempDir();
    expect((await balanceIn(['run', studyFile(STUDY), '--out', out, '--workers', '0'])).code).toBe(0);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
    const summary = parseCsv(readFileSync(join(out, 'summary.csv'), 'utf8'));
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
      const layout = await page.evaluate(measure);
      expect(layout.tooWide).toEqual([]);
      expect(layout.overlaps).toEqual([]);
      const ids = await page.locator('section.chart').evaluateAll((s) => s.map((x) => x.id));
      expect(ids).toEqual(['heatmap', 'distribution', 'variant-deltas', 'sweep']);
      const marks = await page.locator('section.chart').evaluateAll((s) =>
        s.map((f) => f.querySelectorAll('.mark-rect path, .mark-symbol path, .mark-rule line, .mark-text text, .mark-line path').length));
      expect(marks.every((m) => m > 0)).toBe(true);
      // heatmap: 2 x 2 cells in each of the 4 sweep variants, one panel each, one legend for all
      expect(await page.locator('section#heatmap figure.panel').count()).toBe(4);
      expect(await page.locator('section#heatmap figure.panel .mark-rect.role-mark path').count()).toBe(16);
      expect(await page.locator('figure.legend').count()).toBe(1);
      // sweep: the swept might on x, one line per tieGoesTo, each point the mean over the variant's matchups (never a sum)
      const points = await page.locator('section#sweep .mark-symbol.role-mark path').evaluateAll((ps) => ps.map((p) => p.getAttribute('aria-label') ?? ''));
      expect(points).toHaveLength(4);
      for (const p of points) {
        const variant = /variant: ([^;]+);/.exec(p)![1]!;
        const xs = summary.filter((r) => r['variant'] === variant).map((r) => Number(r['mean_wounds']));
        expect(Number(/mean: ([-\d.e]+)/.exec(p)![1])).toBeCloseTo(xs.reduce((a, b) => a + b, 0) / xs.length, 12);
      }
      expect(await page.locator('section#sweep .mark-line.role-mark path').count()).toBe(2);
      expect(await page.locator('section#sweep .note').textContent()).toMatch(/x: might of weapon battle-axe .*one line per rules knob tieGoesTo/);
      expect(requests.every((u) => u.startsWith('file://'))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('balance report DIR rebuilds report.md and report.html from the CSVs', async () => {
    const out = tempDir();
    expect((await balanceIn(['run', studyFile(STUDY), '--out', out, '--workers', '0', '--trials', '2000'])).code).toBe(0);
    const before = readFileSync(join(out, 'report.md'), 'utf8');
    const r = await balanceIn(['report', out]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toBe(before);
    expect(before).toMatch(/## Variant deltas against weapons\.battle-axe\.might=\+1 rules\.tieGoesTo=attacker/);
    expect(before).toMatch(/## Flags/);
    const missing = await balanceIn(['report', tempDir()]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/summary\.csv: missing/);
  });
});
