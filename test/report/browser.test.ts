/**
 * report.html of one small study per mode, opened in one headless Chromium (several pages):
 * no SVG wider than its container, no two visible text elements of a chart overlapping, every
 * matchup x policy x situation x variant its own labelled heatmap mark, no probability above 1,
 * nothing fetched and no console errors; and an exact exchange duel report with its policy gap chart.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, type Row } from '../../src/report/data.js';
import { launchBrowser } from '../helpers/browser.js';
import { measure } from '../helpers/measure.js';
import { ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const DUEL = readFileSync(join(ROOT, 'test/fixtures/keen-stout-duel.yaml'), 'utf8')
  // the same pair once more under other policies: must stay apart everywhere
  .replace('matchups:\n', 'matchups:\n  - { a: keen-sword, b: stout-axe-medium, policyA: kite, policyB: aggressive }\n');

const EXCHANGE_DUEL = `system: exchange
mode: duel
seed: 4
characters:
  mira: { vitality: 6, strength: 2, agility: 3, resilience: 2, melee: 3, acrobatics: 1 }
  rook: { vitality: 5, strength: 3, agility: 1, resilience: 2, melee: 2, acrobatics: 0 }
weapons:
  arming-sword: { kind: melee, baseAttackCost: 1, damage: 2, vitalCap: 3, reach: 1 }
  greataxe:     { kind: melee, baseAttackCost: 2, damage: 4, vitalCap: 3, heavy: true, reach: 1 }
armours:
  leather: { soak: 1 }
loadouts:
  mira-sword: { character: mira, weapon: arming-sword }
  rook-axe:   { character: rook, weapon: greataxe, armour: leather }
matchups:
  - { sides: [mira-sword, rook-axe], opponents: [mira-sword, rook-axe] }
  - { a: mira-sword, b: rook-axe, policyA: all-in }
  - { a: mira-sword, b: rook-axe, policyA: all-in, conditionsA: [slowed] }
variants: { base: {}, no-continuation: { continuation: false } }
`;

interface Case {
  readonly name: string;
  readonly study: string;
  readonly trials: number;
}

const CASES: Case[] = [
  { name: 'skirmish attack', study: join(ROOT, 'configs/skirmish-attack-example.yaml'), trials: 2000 },
  { name: 'skirmish duel', study: studyFile(DUEL), trials: 400 },
  { name: 'exchange attack', study: join(ROOT, 'configs/exchange-weapons-vs-armour.yaml'), trials: 1000 },
  { name: 'exchange duel', study: studyFile(EXCHANGE_DUEL), trials: 400 },
  { name: 'd20 attack', study: join(ROOT, 'configs/d20-attacks.yaml'), trials: 2000 },
  { name: 'd20 fight', study: join(ROOT, 'configs/d20-party-vs-monsters.yaml'), trials: 300 },
];

/** The heatmap mark of a summary row: its variant, both sides and every identity field named in its label. */
function markOf(row: Row, marks: readonly string[], sides: readonly [string, string], ids: readonly string[]): string[] {
  const want = [`variant: ${row['variant']!}`, `${sides[0]}: ${row[sides[0]]!}`, `${sides[1]}: ${row[sides[1]]!}`, ...ids.map((c) => `${c}: ${row[c]!}`)];
  return marks.filter((m) => want.every((w) => m.split('; ').includes(w)));
}

// configs/exchange-policy-gap.yaml made small (as in test/cli/exchange-policy.test.ts): exact, with the policy gap chart.
const GAP = readFileSync(join(ROOT, 'configs/exchange-policy-gap.yaml'), 'utf8').replace('vitality: 4', 'vitality: 3').replace('maxRounds: 6', 'maxRounds: 3');

describe('report.html in a browser, one study per mode', () => {
  let browser: Browser;
  // One page for all (@sparticuz/chromium runs single-process: closing the last page ends the browser).
  let page: Page;
  const errors: string[] = [];
  const requests: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (q) => requests.push(q.url()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const c of CASES) {
    it(`${c.name}: fits, no overlapping text, every matchup its own mark, probabilities <= 1, no errors`, async () => {
      const out = tempDir();
      const r = await balanceIn(['run', c.study, '--out', out, '--trials', String(c.trials), '--workers', '0']);
      expect(r.code, r.stderr).toBe(0);
      const summary = parseCsv(readFileSync(join(out, 'summary.csv'), 'utf8'));
      errors.length = 0;
      requests.length = 0;
      await page.goto(`file://${join(out, 'report.html')}`);
      const m = await page.evaluate(measure);
      expect(m.tooWide).toEqual([]);
      expect(m.scrollWidth).toBeLessThanOrEqual(m.viewport);
      expect(m.overlaps).toEqual([]);
      expect(m.untitledPanels).toBe(0);
      // one mark per summary row (matchup x policy x situation x variant), each labelled with all of it
      expect(m.heatmapMarks).toHaveLength(summary.length);
      expect(new Set(m.heatmapMarks).size).toBe(summary.length);
      const header = Object.keys(summary[0]!);
      const sides: [string, string] = header.includes('side_a') ? ['side_a', 'side_b'] : ['attacker', 'defender'];
      const ids = ['situation', 'policy_a', 'policy_b', 'conditions'].filter((x) => header.includes(x));
      for (const row of summary) expect(markOf(row, m.heatmapMarks, sides, ids), JSON.stringify(row)).toHaveLength(1);
      expect(m.probabilities.length).toBeGreaterThan(0);
      expect(m.probabilities.every((p) => p >= 0 && p <= 1)).toBe(true);
      expect(m.percentTicks.every((p) => p <= 100)).toBe(true);
      expect(requests.every((u) => u.startsWith('file://'))).toBe(true);
      expect(errors).toEqual([]);
    });
  }

  it('exchange duel exact with the policy gap chart: fits, no overlapping text (axis labels included), no errors', async () => {
    const out = tempDir();
    const r = await balanceIn(['exact', studyFile(GAP), '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    errors.length = 0;
    await page.goto(`file://${join(out, 'report.html')}`);
    expect(await page.locator('#policy-gap svg').count()).toBe(4);
    const m = await page.evaluate(measure);
    expect(m.tooWide).toEqual([]);
    expect(m.overlaps).toEqual([]);
    // The plays under each panel ("named", "best response", "optimal") stand apart, not run together.
    const gaps = await page.locator('#policy-gap svg').evaluateAll((svgs) => svgs.map((svg) => {
      // The x axis's labels: the y axis's are percentages.
      const row = [...svg.querySelectorAll('.role-axis-label text')].filter((t) => !(t.textContent ?? '').endsWith('%'))
        .map((t) => t.getBoundingClientRect()).sort((a, b) => a.left - b.left);
      return row.length === 3 ? Math.min(...row.slice(1).map((r, i) => r.left - row[i]!.right)) : -Infinity;
    }));
    expect(gaps).toHaveLength(4);
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(4);
    expect(errors).toEqual([]);
  });
});
