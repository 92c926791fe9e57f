/**
 * `balance trace --format jsonl` of an exchange fight (issue 28 item 5): `exchange` events carry
 * `cost`, `response`, `response_boost`, `margin` and the target's Ready AD (`target_ready`);
 * continuation checks their dice; the `end` event has fight, round, side (the winner, null for a
 * draw), actor (null) and action. One test per field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, studyFile } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const STUDY = readFileSync(join(ROOT, 'configs/exchange-fight-reach.yaml'), 'utf8');
const FACES = [0, 0, 0, 1, 1, 2];
type Event = Record<string, unknown>;
let events: Event[] = [];

describe('exchange fight trace fields', () => {
  beforeAll(async () => {
    const r = await balanceIn(['trace', studyFile(STUDY), '--matchup', '0', '--fights', '60', '--engine', 'dice', '--seed', '4', '--format', 'jsonl']);
    expect(r.code).toBe(0);
    events = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Event);
  });
  const exchanges = () => events.filter((e) => e['action'] === 'exchange' || e['action'] === 'opportunity-attack');
  const rolls = (e: Event, k: string) => ((e['rolls'] as Record<string, number[]>)[k] ?? []);

  it('cost: the AD the attack paid, Base Attack Cost + Boost (nobody is Slowed here)', () => {
    expect(exchanges().length).toBeGreaterThan(60);
    for (const e of exchanges()) expect(e['cost'], JSON.stringify(e)).toBe(1 + (e['boost'] as number));
  });

  it('response and response_boost: the answer and its Boost; the response dice are its base + Boost (+1 for an Edge die)', () => {
    for (const e of exchanges()) {
      expect(['none', 'full-guard', 'clash']).toContain(e['response']);
      const n = rolls(e, 'response').length;
      if (e['response'] === 'none') expect([n, e['response_boost']]).toEqual([0, 0]);
      else expect(n - 1 - (e['response_boost'] as number), JSON.stringify(e)).toBeGreaterThanOrEqual(0);
      if (e['response'] === 'full-guard') expect(n, JSON.stringify(e)).toBeLessThanOrEqual(2 + (e['response_boost'] as number));
    }
    expect(new Set(exchanges().map((e) => e['response'])).size).toBeGreaterThan(1);
  });

  it('margin: attack total minus response total when something lands, 0 for a tie or a guard that holds', () => {
    for (const e of exchanges()) {
      const a = e['attack_total'] as number;
      const d = e['response_total'] as number;
      const m = a > d ? a - d : d > a && e['response'] === 'clash' ? a - d : 0;
      expect(e['margin'], JSON.stringify(e)).toBe(m);
      if ((e['margin'] as number) > 0) expect(e['wounds_to_attacker']).toBe(0);
    }
  });

  it('target_ready: the target\'s Ready AD before it answered; a response never costs more than that', () => {
    for (const e of exchanges()) {
      expect(Number.isInteger(e['target_ready'])).toBe(true);
      expect(e['response_cost'] as number, JSON.stringify(e)).toBeLessThanOrEqual(e['target_ready'] as number);
    }
  });

  it('continuation checks show their Resilience dice, whose dots are the check\'s', () => {
    const checks = events.filter((e) => e['action'] === 'continuation-check');
    expect(checks.length).toBeGreaterThan(5);
    for (const e of checks) {
      const faces = e['rolls'] as number[];
      expect(faces.length, JSON.stringify(e)).toBe(2); // Resilience 2, no Edge
      expect(faces.reduce((s, f) => s + FACES[f - 1]!, 0)).toBe(e['dots']);
    }
  });

  it('end: fight, round, side (the winner, null for a draw), actor null, action', () => {
    const ends = events.filter((e) => e['action'] === 'end');
    expect(ends).toHaveLength(60);
    ends.forEach((e, i) => {
      expect(e['fight']).toBe(i + 1);
      expect(e['round']).toBe(e['rounds']);
      expect(e['side']).toBe(e['winner'] === 'draw' ? null : e['winner']);
      expect(e['actor']).toBeNull();
      const last = events.filter((x) => x['fight'] === i + 1 && x['action'] !== 'end').at(-1)!;
      expect(e['round']).toBe(last['round']);
    });
  });
});
