/** Report logic without a browser: dominance with noise, every variant; number formats; the colour scale. */
import { describe, expect, it } from 'vitest';
import { colourScale, fillOf, inkOn } from '../../src/report/charts/colour.js';
import { blocks } from '../../src/report/charts/heatmap.js';
import { fieldWords, parseSweep } from '../../src/report/charts/sweep.js';
import { reportData } from '../../src/report/data.js';
import { flags } from '../../src/report/flags.js';
import { decimalsFor, formatEstimate, formatP } from '../../src/report/format.js';
import { wilson } from '../../src/stats/wilson.js';

const HEADER = 'variant,side_a,side_b,trials,a_wins,b_wins,draws,a_win_rate,a_win_ci95_low,a_win_ci95_high,mean_rounds,policy_a,policy_b';

/** A duel summary.csv from win counts: [variant, a, b, wins, n, policy_a?]. */
function duels(rows: readonly (readonly [string, string, string, number, number, string?])[], engine = 'dice'): ReturnType<typeof reportData> {
  const lines = rows.map(([v, a, b, w, n, pa]) => {
    const ci = wilson(w, n);
    return [v, a, b, n, w, n - w, 0, w / n, ci.low, ci.high, 3, pa ?? 'aggressive', 'aggressive'].join(',');
  });
  return reportData({ summary: [HEADER, ...lines].join('\n'), distribution: 'variant,side_a,side_b,metric,value,count,probability\n', compare: null, run: JSON.stringify({ engine }) });
}

describe('dominated', () => {
  it('is not flagged for a loadout within noise of another (the identical sword and spear)', () => {
    const d = duels([['base', 'sword', 'x', 5030, 10000], ['base', 'sword', 'y', 4010, 10000], ['base', 'spear', 'x', 5000, 10000], ['base', 'spear', 'y', 3990, 10000]]);
    expect(flags(d).filter((f) => f.kind === 'dominated')).toEqual([]);
  });

  it('is flagged when another loadout is better against every opponent with 95% confidence, under every variant', () => {
    const d = duels([
      ['base', 'sword', 'x', 5000, 10000], ['base', 'sword', 'y', 5000, 10000], ['base', 'club', 'x', 4500, 10000], ['base', 'club', 'y', 4600, 10000],
      ['v2', 'sword', 'x', 5000, 10000], ['v2', 'sword', 'y', 5000, 10000], ['v2', 'club', 'x', 4500, 10000], ['v2', 'club', 'y', 5100, 10000],
      ['v3', 'sword', 'x', 5000, 10000], ['v3', 'sword', 'y', 5000, 10000], ['v3', 'club', 'x', 4400, 10000], ['v3', 'club', 'y', 4800, 10000],
    ]);
    expect(flags(d).filter((f) => f.kind === 'dominated').map((f) => [f.variant, f.option])).toEqual([['base', 'club'], ['v3', 'club']]);
  });

  it('needs every opponent: one opponent within noise clears the flag', () => {
    const d = duels([['base', 'sword', 'x', 5000, 10000], ['base', 'sword', 'y', 5000, 10000], ['base', 'club', 'x', 4000, 10000], ['base', 'club', 'y', 4900, 10000]]);
    expect(flags(d).filter((f) => f.kind === 'dominated')).toEqual([]);
  });

  it('exact runs: strictly worse against every opponent', () => {
    const d = duels([['base', 'sword', 'x', 5000, 10000], ['base', 'sword', 'y', 5001, 10000], ['base', 'club', 'x', 4999, 10000], ['base', 'club', 'y', 5000, 10000]], 'exact');
    expect(flags(d).filter((f) => f.kind === 'dominated').map((f) => f.option)).toEqual(['club']);
  });

  it('a loadout under two policies is two options', () => {
    const d = duels([
      ['base', 'bow', 'x', 5000, 10000, 'shooter'], ['base', 'bow', 'y', 5000, 10000, 'shooter'],
      ['base', 'bow', 'x', 3000, 10000, 'aggressive'], ['base', 'bow', 'y', 3000, 10000, 'aggressive'],
    ]);
    expect(flags(d).filter((f) => f.kind === 'dominated').map((f) => f.option)).toEqual(['bow (aggressive)']);
  });
});

describe('heatmap blocks', () => {
  it('follow the study order and never leave a blank cell: each block is a full grid', () => {
    const d = duels([
      ['base', 'zweihander', 'x', 1, 2], ['base', 'zweihander', 'y', 1, 2], ['base', 'axe', 'x', 1, 2], ['base', 'axe', 'y', 1, 2],
      ['base', 'bow', 'x', 1, 2],
    ]);
    expect(blocks(d)).toEqual([{ label: '', as: ['zweihander', 'axe'], bs: ['x', 'y'] }, { label: '', as: ['bow'], bs: ['x'] }]);
  });
});

describe('formats', () => {
  it('p-values: <1e-16 below what a double tells from 0, two digits otherwise; empty stays empty', () => {
    expect(formatP(0)).toBe('<1e-16');
    expect(formatP('3e-17')).toBe('<1e-16');
    expect(formatP(2.345e-9)).toBe('2.3e-9');
    expect(formatP(0.04567)).toBe('0.046');
    expect(formatP('')).toBe('');
  });

  it('estimates are rounded to the first significant digit of their interval half-width', () => {
    expect(decimalsFor(0.0047)).toBe(3);
    expect(decimalsFor(0.03)).toBe(2);
    expect(decimalsFor(0.4)).toBe(1);
    expect(formatEstimate(0.51234567, 0.50764567, 0.51704567, false)).toEqual({ value: '0.512', ci: '0.508 to 0.517' });
    expect(formatEstimate(1.23456, 1.23456, 1.23456, true)).toEqual({ value: '1.2346', ci: 'exact' });
  });
});

describe('colour scale', () => {
  it('rates: diverging, fixed at 0 - 0.5 - 1 (0.49 is near white), text by contrast', () => {
    const d = duels([['base', 'a', 'x', 49, 100], ['base', 'a', 'y', 45, 100]]);
    const s = colourScale(d);
    expect([s.domain, s.mid]).toEqual([[0, 1], 0.5]);
    const rgb = (c: string): number[] => c.match(/\d+/g)!.map(Number);
    expect(Math.min(...rgb(fillOf(s, 0.49)))).toBeGreaterThan(220);
    expect([inkOn(s, 0.49), inkOn(s, 0.02), inkOn(s, 0.98)]).toEqual(['black', 'white', 'white']);
  });
});

describe('sweep chart helpers', () => {
  it('names a swept field in words and splits a point from its declared variant', () => {
    expect(fieldWords('weapons.battle-axe.might')).toBe('might of weapon battle-axe');
    expect(fieldWords('rules.tieGoesTo')).toBe('rules knob tieGoesTo');
    expect(parseSweep(['w.a.m=+1 rules.t=x | base', 'w.a.m=+2 rules.t=x | base'])!.map((p) => [p.fields, p.declared])).toEqual([
      [[['w.a.m', '+1'], ['rules.t', 'x']], 'base'], [[['w.a.m', '+2'], ['rules.t', 'x']], 'base'],
    ]);
    expect(parseSweep(['base', 'crit-19'])).toBeNull();
  });
});
