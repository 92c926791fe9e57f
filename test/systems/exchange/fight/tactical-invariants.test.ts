/**
 * Trace invariants of the `tactical` policy over a few hundred fights (issue 28): no turn without an
 * attack while a legal route to an attack Space fitted what the character could afford (checked by
 * a breadth-first search of this test's own); no Run or Sprint paid and then left unused; and the
 * fights issue 28 found stuck: two swords and a wall (draws < 5%), a bow behind partial cover
 * (decided by the shooting, not by the sword standing still).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStudy } from '../../../../src/config/load.js';
import { validate } from '../../../../src/config/validate.js';
import { deriveStream } from '../../../../src/dice/rng.js';
import { IN_FIGHT } from '../../../../src/systems/exchange/combatant.js';
import type { ExchangeFight } from '../../../../src/systems/exchange/fight/engine.js';
import { exchangeFightDice } from '../../../../src/systems/exchange/fight/kernel.js';
import { FightMap, spaces } from '../../../../src/systems/exchange/fight/map.js';
import { exchangeFight } from '../../../../src/systems/exchange/fight/mode.js';
import type { ExchangeFightStudy } from '../../../../src/systems/exchange/fight/schema.js';
import { FULL, PARTIAL, type ExchangeFightSpec } from '../../../../src/systems/exchange/fight/spec.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { tasks } from './helpers.js';

const ROOT = join(import.meta.dirname, '../../../..');

function fixture(name: string, policy = ''): ExchangeFightSpec {
  let text = readFileSync(join(ROOT, 'test/fixtures', name), 'utf8');
  if (policy !== '') text = text.replace(/\{ loadout: (\w+) \}/g, `{ loadout: $1, policy: ${policy} }`);
  return exchangeFight.plan(validate(parseStudy(name, text), exchangeFight.schema) as ExchangeFightStudy, 1)[0]!.spec;
}

/** Could f, as it stands, reach a Space it attacks from within an allowance it can pay with the attack after it? (This test's own search.) */
function attackFits(fight: ExchangeFight, f: number): boolean {
  const c = fight.chars[f]!;
  if (c.status !== IN_FIGHT || c.prone) return false;
  const atk = c.cost(c.baseCost);
  if (c.ready < atk) return false;
  const al = [0, 1, 2].map((m) => (m === 0 || c.ready - c.cost(m) >= atk ? fight.allowance[f * 3 + m]! : 0));
  const most = Math.max(...al);
  const w = fight.map.width;
  const seen = new Map<number, number>([[fight.y[f]! * w + fight.x[f]!, 0]]);
  const queue = [fight.y[f]! * w + fight.x[f]!];
  while (queue.length > 0) {
    const cell = queue.shift()!;
    const x = cell % w;
    const y = (cell - x) / w;
    for (let e = 0; e < fight.count; e++) {
      if (fight.sideOf[e] === fight.sideOf[f] || !fight.inFight(e)) continue;
      const d = spaces(x, y, fight.x[e]!, fight.y[e]!);
      const inRange = c.ranged ? d <= fight.maximum[f]! : d <= fight.reach[f]!;
      if (inRange && fight.map.path(x, y, fight.x[e]!, fight.y[e]!) !== FULL) return true;
    }
    const steps = seen.get(cell)!;
    if (steps >= most) continue;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const n = (y + dy) * w + x + dx;
        if ((dx !== 0 || dy !== 0) && fight.map.free(x + dx, y + dy) && !seen.has(n)) {
          seen.set(n, steps + 1);
          queue.push(n);
        }
      }
    }
  }
  return false;
}

interface Turn {
  f: number;
  key: number;
  fits: boolean;
  attacked: boolean;
  interrupted: boolean;
  paid: string;
  movesAfterPaying: number;
}

/** Plays n fights of spec with a watcher; returns the problems found and the tally. */
function audit(spec: ExchangeFightSpec, n: number, seed: number): { problems: string[]; tally: Float64Array; events: TraceEvent[]; turns: number } {
  const p = exchangeFightDice.prepare(spec);
  const fight = p.fight;
  const problems: string[] = [];
  const events: TraceEvent[] = [];
  let turn: Turn | null = null;
  let turns = 0;
  const close = () => {
    if (turn === null) return;
    const t = turn;
    if (t.fits && !t.attacked && !t.interrupted) problems.push(`fighter ${t.f} turn ${t.key}: an attack fitted, none made`);
    if (t.paid !== '' && !t.interrupted && t.movesAfterPaying <= fight.allowance[t.f * 3]!) problems.push(`fighter ${t.f} turn ${t.key}: paid ${t.paid}, moved ${t.movesAfterPaying}`);
    turn = null;
  };
  exchangeFightDice.observe!(p, {
    begin: () => {},
    event: (e) => {
      events.push(e);
      const key = e.round * 1000 + fight.active;
      if ((e.action === 'refresh' || e.action === 'stand-up') && (turn === null || turn.key !== key)) {
        close();
        turns++;
        turn = { f: fight.active, key, fits: fight.spec.fighters[fight.active]!.tactical && attackFits(fight, fight.active), attacked: false, interrupted: false, paid: '', movesAfterPaying: 0 };
        return;
      }
      if (turn === null) return;
      if (e.action === 'exchange') turn.attacked = true;
      if (e.action === 'opportunity-attack' || e.action === 'lingering-harm') turn.interrupted = true;
      if (e.action === 'run' || e.action === 'sprint') turn.paid = e.action;
      if (e.action === 'move' && turn.paid !== '') turn.movesAfterPaying++;
    },
    end: () => close(),
  });
  const tally = new Float64Array(exchangeFightDice.tallySize(spec));
  exchangeFightDice.run(p, Int32Array.from(deriveStream(seed)), n, tally);
  exchangeFightDice.observe!(p, null);
  return { problems, tally, events, turns };
}

const FOUR = `sides:
  heroes: [{ loadout: mira }, { loadout: spear }, { loadout: bow }, { loadout: sword }]
  bandits: [{ loadout: rook, count: 3 }, { loadout: bow }]
fight: { map: [20, 20], distance: 6, opener: random, cover: [{ at: [9, 8], size: [2, 1], kind: partial }, { at: [12, 6], size: [1, 6], kind: full }] }
matchups: [{ a: heroes, b: bandits }]
`;

describe('tactical trace invariants', () => {
  it('four against four round a wall and cover: no idle turn while an attack fitted, no paid Run or Sprint unused', () => {
    const r = audit(tasks(FOUR)[0]!.spec, 200, 3);
    expect(r.problems.slice(0, 5)).toEqual([]);
    expect(r.turns).toBeGreaterThan(600);
    expect(r.events.some((e) => e.action === 'run' || e.action === 'sprint')).toBe(true);
  });

  it('two swords and a wall: draws < 5% (greedy steps, named: all draws); the same invariants', () => {
    const t = audit(fixture('exchange-fight-wall.yaml'), 400, 5);
    expect(t.problems.slice(0, 5)).toEqual([]);
    expect(t.tally[2]! / 400).toBeLessThan(0.05);
    const named = audit(fixture('exchange-fight-wall.yaml', 'reserve-1'), 20, 5);
    expect(named.tally[2]).toBe(20);
  });

  it('a bow behind partial cover against a sword: decided by the shooting (the sword walks round and wins some; the bow\'s shots mostly clear)', () => {
    const spec = fixture('exchange-fight-cover.yaml');
    const t = audit(spec, 400, 7);
    expect(t.problems.slice(0, 5)).toEqual([]);
    const swordWins = t.tally[0]! / 400;
    expect(swordWins).toBeGreaterThan(0.2);
    expect(swordWins).toBeLessThan(0.8);
    expect(t.tally[2]! / 400).toBeLessThan(0.05);
    const shots = t.events.filter((e) => e.action === 'exchange' && e.actor === 'bow');
    const map = new FightMap(spec.width, spec.height, spec.cells);
    const covered = shots.filter((e) => map.path(e.x!, e.y!, e.target_x as number, e.target_y as number) === PARTIAL).length;
    expect(shots.length).toBeGreaterThan(200);
    expect(covered / shots.length).toBeLessThan(0.5);
    const named = audit(fixture('exchange-fight-cover.yaml', 'reserve-1'), 50, 7);
    expect(named.tally[0]).toBe(0); // the named sword never walks round
  });
});
