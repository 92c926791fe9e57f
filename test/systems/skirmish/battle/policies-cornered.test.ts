/**
 * A ranged fighter backed against the board's edge (policies.ts with escape.ts): it never spends an
 * action on a Move away, a Retreat or a Crawl that the edge stops where it stands. Too close to shoot
 * and not engaged: a sideways Move along the edge that ends in range; engaged: Melee with its melee
 * weapon rather than a Retreat that cannot leave; Downed:
 * Recover rather than crawl into the edge; a kite slides along the edge out of the charge, or shoots.
 * Scripted dice on a small board (24" x 24", bases 1"), plus an invariant over simulated battles of
 * configs/skirmish-battle.yaml.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { traceTask } from '../../../../src/batch/trace.js';
import { loadStudy } from '../../../../src/config/study-file.js';
import { planStudy } from '../../../../src/plan/plan.js';
import { Act, type Battle } from '../../../../src/systems/skirmish/battle/engine.js';
import { decide } from '../../../../src/systems/skirmish/battle/policies.js';
import { KITE, SHOOTER } from '../../../../src/systems/skirmish/duel/setup.js';
import { ACTIVE, DOWNED } from '../../../../src/systems/skirmish/profile.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { ROOT, studyFile } from '../../../helpers/cli.js';
import { fighter, loadout, weapon } from '../../../helpers/skirmish.js';
import { battle, place } from './harness.js';

const bow = weapon('shortbow', { type: 'ranged', class: 'bow', might: '+1', skill: '4', range: [3, 24] });
const dagger = weapon('dagger', { class: 'other', skill: '+1' });
const archer = loadout(fighter('archer', { skill: 4 }), [bow, dagger]);
const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
const SMALL = { board: [24, 24] as [number, number] };
const decision = (bt: Battle, i: number, reaction = false): [number, number] => [decide(bt, i, reaction), bt.target];
const moved = (bt: Battle, i: number, x: number, y: number): number => Math.sqrt((bt.x[i]! - x) ** 2 + (bt.y[i]! - y) ** 2);

describe('a shooter backed against the edge, too close to shoot', () => {
  // The archer's centre is 0.5" from the right edge; the grunt 1.5" away, straight inwards: directly
  // away is into the edge (0" of travel).
  const cornered = (faces: number[] = []) => {
    const { bt, events } = battle([archer], [grunt], faces, { fighterPolicy: SHOOTER, settings: SMALL });
    place(bt, 0, 23.5, 4.5);
    place(bt, 1, 21, 4.5);
    return { bt, events };
  };

  it('its last action: a sideways Move along the edge that ends in range, not a Move into the edge', () => {
    const { bt, events } = cornered();
    bt.actionsLeft = 0;
    expect(decision(bt, 0)).toEqual([Act.MoveAway, 1]);
    expect([bt.dirX, bt.dirY]).toEqual([0, 1]); // 90 degrees from directly away: along the edge
    bt.perform(0, Act.MoveAway, false);
    expect(moved(bt, 0, 23.5, 4.5)).toBeCloseTo(4, 9);
    expect(bt.gap(0, 1)).toBeGreaterThanOrEqual(3);
    expect(events.map((e) => [e.action, e.x, e.y])).toEqual([['move', 23.5, 8.5]]);
    // Now in range: the next decision is the shot (Aim first with an action left).
    bt.actionsLeft = 1;
    expect(decision(bt, 0)).toEqual([Act.Aim, 1]);
  });

  it('in a Ranged Reaction too (no Charge there): the sideways Move', () => {
    const { bt } = cornered();
    bt.actionsLeft = 1;
    expect(decision(bt, 0, true)).toEqual([Act.MoveAway, 1]);
    expect([bt.dirX, bt.dirY]).toEqual([0, 1]);
  });

  it('with another action left too: the sideways Move (a Charge would only be undone by a Retreat), then the shot', () => {
    const { bt } = cornered();
    bt.actionsLeft = 1;
    expect(decision(bt, 0)).toEqual([Act.MoveAway, 1]);
    expect([bt.dirX, bt.dirY]).toEqual([0, 1]);
  });

  it('in the open the same distance still means a straight Move away (directly away, no direction set)', () => {
    const { bt } = battle([archer], [grunt], [], { fighterPolicy: SHOOTER, settings: SMALL });
    place(bt, 0, 12, 4.5);
    place(bt, 1, 9.5, 4.5);
    bt.actionsLeft = 1;
    expect(decision(bt, 0)).toEqual([Act.MoveAway, 1]);
    expect([bt.dirX, bt.dirY]).toEqual([0, 0]);
    bt.perform(0, Act.MoveAway, false);
    expect([bt.x[0], bt.y[0]]).toEqual([16, 4.5]);
  });

  it('a sideways line that ends within 1" of another Active enemy is not taken: the other way along the edge', () => {
    // A wall hides the second grunt (no shot at it) without standing in the way up the edge.
    const terrain = [{ at: [22.6, 12] as [number, number], size: [0.3, 0.6] as [number, number], kind: 'block' as const }];
    const { bt } = battle([archer], [grunt, grunt], [], { fighterPolicy: SHOOTER, settings: { ...SMALL, terrain } });
    place(bt, 0, 23.5, 10);
    place(bt, 1, 21, 10);
    place(bt, 2, 22.2, 14.9); // 4" up the edge would end 0.58" from it
    expect(bt.lineOfSight(0, 2)).toBe(false);
    bt.actionsLeft = 0;
    expect(decision(bt, 0)).toEqual([Act.MoveAway, 1]);
    expect([bt.dirX, bt.dirY]).toEqual([0, -1]);
  });

  it('a sideways line shorter than 0.5" is not taken, even when it would just reach the minimum range', () => {
    // 0.3" from the edge, 2.7" from the grunt; walls 0.25" above and below the base. Only the line
    // 30 degrees off "directly away" ends 3" from the grunt, after 0.35" (the edge stops it).
    const wall = (y: number) => ({ at: [22, y] as [number, number], size: [2, 0.75] as [number, number], kind: 'block' as const });
    const { bt } = battle([archer], [grunt], [], { fighterPolicy: SHOOTER, settings: { ...SMALL, terrain: [wall(10.75), wall(8.5)] } });
    place(bt, 0, 23.2, 10);
    place(bt, 1, 19.5, 10);
    bt.actionsLeft = 0;
    expect(decision(bt, 0)).toEqual([Act.Brace, -1]);
  });

  it('in a corner with nowhere in range to go and no Charge: no Move at all (Brace)', () => {
    const { bt } = battle([archer], [grunt], [], { fighterPolicy: SHOOTER, settings: SMALL });
    place(bt, 0, 23.5, 23.5);
    place(bt, 1, 22, 22); // 1.12" diagonal: every line out stays within 3" or runs into an edge
    expect(bt.gap(0, 1)).toBeGreaterThan(1);
    expect(decision(bt, 0, true)).toEqual([Act.Brace, -1]);
  });
});

describe('engaged against the edge', () => {
  it('Melee the enemy with its dagger rather than a Retreat that cannot leave its 1"; in the open, Retreat', () => {
    // The dagger: 3 Might + 5 Skill dice (unarmed would be 3 + 4), all hitting; the grunt's 6 defence dice all fail.
    const { bt, events, script } = battle([archer], [grunt], [6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1], { fighterPolicy: SHOOTER, settings: SMALL });
    place(bt, 0, 23.5, 10);
    place(bt, 1, 22.2, 10); // 0.3"
    bt.actionsLeft = 1;
    expect(decision(bt, 0)).toEqual([Act.Melee, 1]);
    bt.perform(0, Act.Melee, false);
    expect(script.used).toBe(14);
    expect(events.map((e) => [e.action, e.target, e.wounds])).toEqual([['melee', 'b0', 8]]);
    bt.state[1] = ACTIVE;
    place(bt, 0, 12, 10);
    place(bt, 1, 10.7, 10);
    expect(decision(bt, 0)).toEqual([Act.Retreat, -1]);
  });

  it('a passed Retreat that does leave (half-blocked, still more than 1" out) is still taken', () => {
    const { bt } = battle([archer], [grunt], [4], { fighterPolicy: SHOOTER, settings: SMALL });
    place(bt, 0, 21.5, 10);
    place(bt, 1, 20.2, 10); // 0.3"; 2" of room to the edge: the Retreat ends 2.3" away
    bt.actionsLeft = 1;
    expect(decision(bt, 0)).toEqual([Act.Retreat, -1]);
    bt.perform(0, Act.Retreat, false);
    expect(bt.gap(0, 1)).toBeCloseTo(2.3, 9);
  });
});

describe('Downed against the edge', () => {
  it('Recover rather than Crawl into the edge; in the open, Crawl out of the 1"', () => {
    const { bt } = battle([archer], [grunt], [], { fighterPolicy: SHOOTER, settings: SMALL });
    place(bt, 0, 23.5, 10);
    place(bt, 1, 21.5, 10); // exactly 1"
    bt.state[0] = DOWNED;
    expect(decide(bt, 0, false)).toBe(Act.Recover);
    place(bt, 0, 12, 10);
    place(bt, 1, 10, 10);
    expect(decision(bt, 0)).toEqual([Act.Crawl, 1]);
  });
});

describe('a kite against the edge within the threat\'s charge reach', () => {
  it('slides along the edge out of it rather than Move into the edge', () => {
    const { bt } = battle([archer], [grunt], [], { fighterPolicy: KITE, settings: SMALL });
    place(bt, 0, 23.5, 12);
    place(bt, 1, 19, 12); // 3.5": in range, within 4 + 1"
    bt.actionsLeft = 1;
    expect(decision(bt, 0)).toEqual([Act.MoveAway, 1]);
    expect([bt.dirX, bt.dirY]).toEqual([0, 1]);
    bt.perform(0, Act.MoveAway, false);
    expect([bt.x[0], bt.y[0]]).toEqual([23.5, 16]);
    expect(bt.gap(0, 1)).toBeGreaterThan(3.5 + 0.5);
  });

  it('in a corner where no line gets it further: it shoots instead', () => {
    const { bt } = battle([archer], [grunt], [], { fighterPolicy: KITE, settings: SMALL });
    place(bt, 0, 23.5, 23.5);
    place(bt, 1, 19.5, 19.5); // 4.66" diagonal
    bt.actionsLeft = 1;
    expect(decision(bt, 0)).toEqual([Act.Aim, 1]);
    bt.actionsLeft = 0;
    expect(decision(bt, 0)).toEqual([Act.Ranged, 1]);
  });
});

describe('the engine\'s Move away along a policy\'s direction', () => {
  it('slides along (dirX, dirY) once, then clears it: the next Move away is directly away again', () => {
    const { bt } = battle([archer], [grunt], [], { fighterPolicy: SHOOTER, settings: SMALL });
    place(bt, 0, 12, 12);
    place(bt, 1, 9, 12);
    bt.target = 1;
    bt.amount = 2;
    bt.dirX = 0;
    bt.dirY = -1;
    bt.perform(0, Act.MoveAway, false);
    expect([bt.x[0], bt.y[0], bt.dirX, bt.dirY]).toEqual([12, 10, 0, 0]);
    bt.target = 1;
    bt.amount = 2;
    bt.perform(0, Act.MoveAway, false);
    expect(bt.x[0]).toBeGreaterThan(12);
    expect(bt.state[0]).toBe(ACTIVE);
  });
});

describe('over simulated battles of configs/skirmish-battle.yaml', () => {
  it('no shooter moves, retreats out of a passed check or crawls less than 0.01"', () => {
    const study = loadStudy(join(ROOT, 'configs/skirmish-battle.yaml'));
    const tasks = planStudy(study, 300);
    const short: string[] = [];
    let checked = 0;
    for (const m of [0, 1, 2]) {
      let pos = new Map<string, [number, number]>();
      const event = (e: TraceEvent): void => {
        const p = pos.get(e.actor);
        const shooter = e.actor.startsWith('archer') || e.actor.startsWith('crossbowman');
        const moving = e.action === 'move' || e.action === 'crawl' || (e.action === 'retreat' && e.result === 'Skill check passes');
        if (shooter && moving && p !== undefined && e.x !== undefined) {
          checked++;
          const d = Math.sqrt((e.x - p[0]) ** 2 + (e.y! - p[1]) ** 2);
          if (d < 0.01) short.push(`${m} R${e.round} ${e.actor} ${e.action} ${d}`);
        }
        if (e.x !== undefined) pos.set(e.actor, [e.x, e.y!]);
        if (e.target !== undefined && typeof e['target_x'] === 'number') pos.set(e.target, [e['target_x'], e['target_y'] as number]);
      };
      traceTask(study.plugin, tasks[m]!, { seed: 5, engine: 'dice', fights: 300 }, { begin: () => void (pos = new Map()), event, end: () => undefined });
    }
    expect(checked).toBeGreaterThan(150);
    expect(short).toEqual([]);
  });
});

describe('duels have no board edge: their ranged policies\' moves always go somewhere', () => {
  it('every Move, passed Retreat and Crawl of a shooter or kite changes the distance (dice engine, fixed seed)', () => {
    const text = readFileSync(join(ROOT, 'test/fixtures/keen-stout-duel.yaml'), 'utf8').replace(/matchups:[\s\S]*?variants:/, `matchups:
  - { a: archer, b: stout-axe-medium, policyA: shooter }
  - { a: archer, b: stout-axe-medium, policyA: kite }
  - { a: archer, b: keen-sword, policyA: kite }
variants:`);
    const study = loadStudy(studyFile(text));
    const tasks = planStudy(study, 500);
    const short: TraceEvent[] = [];
    let checked = 0;
    for (const m of [0, 1, 2]) {
      const event = (e: TraceEvent): void => {
        const moving = e.action === 'move' || e.action === 'crawl' || (e.action === 'retreat' && e.result === 'Skill check passes');
        if (e.side !== 'a' || !moving || e.distance_before === undefined) return;
        checked++;
        if (Math.abs(e.distance_after! - e.distance_before) < 0.01) short.push(e);
      };
      traceTask(study.plugin, tasks[m]!, { seed: 7, engine: 'dice', fights: 500 }, { begin: () => undefined, event, end: () => undefined });
    }
    expect(checked).toBeGreaterThan(500);
    expect(short).toEqual([]);
  });
});
