/**
 * Flags a designer should look at, for every variant: dominated options and (win rates) outliers.
 *
 * An option (a side-a loadout) is dominated when another option that meets all its opponents is
 * better against each of them with 95% confidence: the difference of the two estimates exceeds
 * 1.96 standard errors of the difference (each standard error read back from the row's 95%
 * interval). Requiring every opponent at 5% each is an intersection-union test, so the flag as a
 * whole is wrong at most 5% of the time without a multiplicity correction. Exact runs: strictly
 * better against every opponent.
 */
import { Z95 } from '../stats/histogram.js';
import { aLabel, estimate, opponentLabel, ordered, variants, type ReportData } from './data.js';

export interface Flag {
  readonly variant: string;
  readonly option: string;
  readonly kind: 'dominated' | 'outlier';
  readonly detail: string;
}

interface Cell {
  readonly value: number;
  /** Standard error (0 for exact values). */
  readonly se: number;
}

/** Whether `p` beats `o` beyond noise. */
export function clearlyBetter(p: Cell, o: Cell, exact: boolean): boolean {
  if (exact) return p.value > o.value;
  const se = Math.sqrt(p.se * p.se + o.se * o.se);
  return se === 0 ? p.value > o.value : (p.value - o.value) / se > Z95;
}

export function flags(d: ReportData): Flag[] {
  const out: Flag[] = [];
  for (const v of variants(d)) {
    const rows = d.summary.filter((r) => r['variant'] === v);
    const options = ordered(rows.map((r) => aLabel(d, r)));
    const cells = new Map<string, Map<string, Cell>>();
    for (const r of rows) {
      const e = estimate(d, r);
      const byOpponent = cells.get(aLabel(d, r)) ?? new Map<string, Cell>();
      byOpponent.set(opponentLabel(d, r), { value: e.value, se: d.exact ? 0 : (e.high - e.low) / (2 * Z95) });
      cells.set(aLabel(d, r), byOpponent);
    }
    for (const o of options) {
      const mine = cells.get(o)!;
      if (mine.size < 2) continue;
      const by = options.find((p) => {
        if (p === o) return false;
        const theirs = cells.get(p)!;
        return [...mine].every(([x, c]) => theirs.has(x) && clearlyBetter(theirs.get(x)!, c, d.exact));
      });
      if (by) {
        out.push({
          variant: v, option: o, kind: 'dominated',
          detail: `${by} is better against each of its ${mine.size} opponents${d.exact ? '' : ' (95% confidence)'}`,
        });
      }
    }
    if (d.metric !== 'a_win_rate') continue;
    for (const o of options) {
      const xs = [...cells.get(o)!.values()].map((c) => c.value);
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      if (xs.length > 1 && (mean < 0.4 || mean > 0.6)) out.push({ variant: v, option: o, kind: 'outlier', detail: `win rate against the field ${mean.toFixed(3)}` });
    }
  }
  return out;
}
