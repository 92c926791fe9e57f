/**
 * A Move or Charge at a fighter whose straight line another base blocks (board.ts moveToward ->
 * sidestep): it goes round the base (two straight legs, the path that ends nearest the target), and
 * a policy never spends an action on a Move that gets it no closer (board.ts towardGain, policies.ts:
 * aggressive takes the side policy's choice among the enemies it can get closer to, else no action;
 * shooter goes on to Hide or Brace). Small boards, bases 1", plus an invariant over simulated battles
 * of configs/skirmish-battle.yaml.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { traceTask } from '../../../../src/batch/trace.js';
import { loadStudy } from '../../../../src/config/study.js';
import { planStudy } from '../../../../src/plan/plan.js';
import { Act, type Battle } from '../../../../src/systems/skirmish/battle/engine.js';
import { decide } from '../../../../src/systems/skirmish/battle/policies.js';
import { baseGap } from '../../../../src/systems/skirmish/battle/geometry.js';
import { SHOOTER } from '../../../../src/systems/skirmish/duel/setup.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { ROOT } from '../../../helpers/cli.js';
import { fighter, loadout, weapon } from '../../../helpers/skirmish.js';
import { battle, place } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
const bow = weapon('shortbow', { type: 'ranged', class: 'bow', might: '+1', skill: '4', range: [3, 6] });
const archer = loadout(fighter('archer', { skill: 4 }), [bow, club]);
const SMALL = { board: [24, 24] as [number, number] };
const wall = (x: number, y: number, w: number, h: number) => ({ at: [x, y] as [number, number], size: [w, h] as [number, number], kind: 'block' as const });
/** Block walls 0.5" thick round the square x, y `at`..`at + size` (a fighter inside cannot be reached). */
const box = (at: number, size: number) => [wall(at, at, size, 0.5), wall(at, at + size - 0.5, size, 0.5), wall(at, at, 0.5, size), wall(at + size - 0.5, at, 0.5, size)];
const BOX = box(10, 4);
const decision = (bt: Battle, i: number): [number, number] => [decide(bt, i, false), bt.target];
const moved = (bt: Battle, i: number, x: number, y: number): number => Math.hypot(bt.x[i]! - x, bt.y[i]! - y);
/** No base overlaps another (a Move never ends on a base). */
const overlaps = (bt: Battle): number[][] => {
  const out: number[][] = [];
  for (let i = 0; i < bt.n; i++) for (let j = i + 1; j < bt.n; j++) if (bt.gap(i, j) < -1e-9) out.push([i, j]);
  return out;
};

describe('a base in the way is gone round', () => {
  it('a friend touching the target and the mover (skirmish-battle fight 74, keen-sword#2): the Move goes round it into contact, 1.12" -> within 1"', () => {
    // Straight at the target the Move would end on the friend's base: it used to stop where it stood.
    const { bt } = battle([grunt, grunt], [grunt], [], { settings: SMALL });
    place(bt, 0, 6.6, 12.7);
    place(bt, 1, 6.78, 13.68);
    place(bt, 2, 6, 14.73);
    const before = bt.gap(0, 2);
    expect(before).toBeCloseTo(1.117, 3);
    expect(bt.canCharge(0, 2)).toBe(true);
    expect(decision(bt, 0)).toEqual([Act.Charge, 2]);
    bt.moveToward(0, 2, 4, true);
    expect(bt.gap(0, 2)).toBeLessThanOrEqual(1);
    expect(before - bt.gap(0, 2)).toBeGreaterThan(0.1);
    expect(overlaps(bt)).toEqual([]);
  });

  it('an enemy base straight ahead: round it, ending at least 0.4" nearer than the old 30-degree line (5.84") and no more than Movement from the start', () => {
    const { bt } = battle([grunt], [grunt, grunt], []);
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 20);
    place(bt, 2, 20, 12.5);
    bt.moveToward(0, 1, 4, true);
    const old = baseGap(18, 10 + 4 * Math.cos(Math.PI / 6), 0.5, 20, 20, 0.5);
    expect(old).toBeCloseTo(5.84, 2);
    expect(bt.gap(0, 1)).toBeLessThan(old - 0.4);
    // A straight 4" Move would end 5" from it; hugging the base (tangent, arc) about 5.4": the two legs come as close.
    expect(bt.gap(0, 1)).toBeLessThan(5.4);
    expect(moved(bt, 0, 20, 10)).toBeLessThanOrEqual(4 + 1e-9);
    expect(bt.gap(0, 2)).toBeGreaterThanOrEqual(-1e-9);
    expect(overlaps(bt)).toEqual([]);
  });

  it('a line of enemy bases across the way: the detour never passes through one (it ends in the pocket between two of them, not beyond the line)', () => {
    // Enemies touching each other from x = 14 to 26 at y = 12.5: no gap to pass through within 4".
    const wallOfBases = Array.from({ length: 13 }, () => grunt);
    const { bt } = battle([grunt], [grunt, ...wallOfBases], []);
    place(bt, 0, 20, 10);
    place(bt, 1, 20, 20);
    for (let k = 0; k < 13; k++) place(bt, 2 + k, 14 + k, 12.5);
    bt.moveToward(0, 1, 4, true);
    // At most as far as the pocket touching two neighbours of the line: y = 12.5 - sin(60 degrees) = 11.63.
    expect(bt.y[0]).toBeGreaterThan(11.5);
    expect(bt.y[0]).toBeLessThanOrEqual(12.5 - Math.sqrt(0.75) + 1e-9);
    expect(overlaps(bt)).toEqual([]);
  });
});

describe('a mover that nothing gets closer does not waste the action on a Move', () => {
  it('aggressive: its chosen target walled in (no way round gets closer): the Move goes at the enemy it can reach', () => {
    const { bt } = battle([grunt], [grunt, grunt], [], { settings: { ...SMALL, terrain: BOX } });
    place(bt, 0, 12, 14.5);
    place(bt, 1, 12, 12);
    place(bt, 2, 20, 20);
    expect(bt.gap(0, 1)).toBeLessThan(bt.gap(0, 2)); // `nearest` chooses the walled-in one
    expect(bt.towardGain(0, 1, 4)).toBeLessThan(0.01);
    expect(decision(bt, 0)).toEqual([Act.Move, 2]);
  });

  it('aggressive: no enemy a Move gets closer to: no action (no Move that stays put), its activation makes no move', () => {
    const { bt, events } = battle([grunt], [grunt], [], { settings: { ...SMALL, terrain: BOX } });
    place(bt, 0, 12, 14.5);
    place(bt, 1, 12, 12);
    expect(decision(bt, 0)).toEqual([Act.None, -1]);
    bt.activate(0);
    expect(events.filter((e) => e.action === 'move' || e.action === 'charge')).toEqual([]);
    expect([bt.x[0], bt.y[0]]).toEqual([12, 14.5]);
  });

  it('shooter: out of range of a walled-in target, no Move that gets nowhere: Brace', () => {
    const { bt } = battle([archer], [grunt], [], { fighterPolicy: SHOOTER, settings: { board: [24, 30], terrain: box(2, 20) } });
    place(bt, 0, 12, 25);
    place(bt, 1, 12, 5);
    bt.actionsLeft = 1;
    // 19" away, range 6": it walks up to the wall first (that Move gets closer) ...
    expect(decision(bt, 0)).toEqual([Act.Move, 1]);
    // ... but from the wall no Move gets it closer (round the corners is further).
    place(bt, 0, 12, 22.5);
    expect(bt.towardGain(0, 1, 4)).toBeLessThan(0.01);
    expect(decision(bt, 0)).toEqual([Act.Brace, -1]);
  });
});

describe('over simulated battles of configs/skirmish-battle.yaml', () => {
  it('no Move or Charge of any policy goes less than 0.01", except a step from within 1.01" of its target into its 1"', () => {
    const study = loadStudy(join(ROOT, 'configs/skirmish-battle.yaml'));
    const tasks = planStudy(study, 300);
    const short: string[] = [];
    let checked = 0;
    let steps = 0;
    for (const m of [0, 1, 2]) {
      let pos = new Map<string, [number, number]>();
      let fight = 0;
      // Keyed by side and label (matchup 2 puts the same labels on both sides); a Move or Charge targets an enemy.
      const other = (side: string): string => (side === 'a' ? 'b' : 'a');
      const event = (e: TraceEvent): void => {
        const me = `${e.side}:${e.actor}`;
        const them = e.target === undefined ? '' : `${e.action === 'help' || e.action === 'friendly-fire' ? e.side : other(e.side)}:${e.target}`;
        const p = pos.get(me);
        if ((e.action === 'move' || e.action === 'charge') && p !== undefined && e.x !== undefined) {
          checked++;
          const d = Math.hypot(e.x - p[0], e.y! - p[1]);
          if (d < 0.01) {
            // Every base in this study is 1" across: the gap before is the centres' distance less 1".
            const q = pos.get(them);
            const before = q === undefined ? Infinity : Math.hypot(q[0] - p[0], q[1] - p[1]) - 1;
            if (before <= 1.01 && (e['distance_after'] as number) <= 1 + 1e-6) steps++;
            else short.push(`matchup ${m} fight ${fight} R${e.round} ${e.actor} ${e.action} -> ${e.target} moved ${d}`);
          }
        }
        if (e.x !== undefined) pos.set(me, [e.x, e.y!]);
        if (e.target !== undefined && typeof e['target_x'] === 'number') pos.set(them, [e['target_x'], e['target_y'] as number]);
      };
      traceTask(study.plugin, tasks[m]!, { seed: 5, engine: 'dice', fights: 300 }, { begin: () => void ((pos = new Map()), fight++), event, end: () => undefined });
    }
    expect(checked).toBeGreaterThan(10000);
    expect(short).toEqual([]);
    expect(steps).toBeLessThan(20);
  });
});
