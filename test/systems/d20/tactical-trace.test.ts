/**
 * The default d20 player over a few hundred traced fights of the shipped party study (every fighter
 * `tactical`, two variants): what a player would never do does not happen, and what the trace of
 * `focus-weakest` showed (attacks wasted on a foe already down, steps out of reach into
 * opportunity attacks) happens less.
 */
import { describe, expect, it } from 'vitest';
import { deriveStream } from '../../../src/dice/rng.js';
import { FOCUS_WEAKEST, HEROES, TACTICAL, type FightSpec } from '../../../src/systems/d20/fight/engine.js';
import { d20FightDice } from '../../../src/systems/d20/fight/kernel.js';
import { quickOr } from '../../helpers/sample.js';
import { Collector, type Traced } from '../../helpers/trace.js';
import { allPlay, studySpecs } from './players.js';

const N = quickOr(250, 3000);
const [base, rollDeath] = studySpecs('configs/d20-party-vs-monsters.yaml');

function traced(spec: FightSpec, seed: number): Collector {
  const p = d20FightDice.prepare(spec);
  const col = new Collector();
  d20FightDice.observe!(p, col);
  d20FightDice.run(p, Int32Array.from(deriveStream(seed)), N, new Float64Array(d20FightDice.tallySize(spec)));
  return col;
}

const runs = [['base', base!], ['enemies-roll-death', rollDeath!]] as const;

describe.each(runs)('tactical traced (%s)', (_name, spec0) => {
  const spec = allPlay(spec0, TACTICAL);
  const col = traced(spec, 31);
  const fights = col.fights();
  const ranged = new Set(spec.fighters.filter((f) => f.weapon.kind === 'ranged').map((f) => f.name));
  const supply = new Map(spec.fighters.map((f) => [f.name, f.creature.supply]));
  const attacks = (es: Traced[]) => es.filter((e) => e.action === 'attack' || e.action === 'heroic-action');
  const wasted = (e: Traced) => e.result === 'wasted: target already down';

  it('never Dodge, Disengage, Help, a random target or a Dash that does not chase a foe', () => {
    const actions = new Set(col.events.map((e) => e.action));
    for (const a of ['dodge', 'disengage', 'help', 'random-target']) expect(actions.has(a), a).toBe(false);
    for (const e of col.events.filter((x) => x.action === 'dash')) expect([e.target !== undefined, e.result]).toEqual([true, 'chases']);
    expect(attacks(col.events).length).toBeGreaterThan(20 * N);
  });

  it('an attack is wasted only on a foe that fell (or died) earlier in the same phase: never declared on one already down', () => {
    let n = 0;
    for (const fe of fights) {
      fe.forEach((e, i) => {
        if (!wasted(e)) return;
        n++;
        const fell = fe.slice(0, i).some((x) => x.phase === e.phase && x.target === e.target && x.target_state_after !== undefined && x.target_state_after !== x.target_state_before);
        expect(fell, `${e.fight} ${String(e.phase)} ${e.actor} -> ${String(e.target)}`).toBe(true);
      });
    }
    expect(n).toBeGreaterThan(0);
  });

  it('ranged creatures never step; a melee step is always part of an attack or a chase, never a step for nothing', () => {
    for (const fe of fights) {
      fe.forEach((e, i) => {
        if (e.action !== 'move') return;
        expect(ranged.has(e.actor), e.actor).toBe(false);
        const after = fe.slice(i + 1).filter((x) => x.phase === e.phase);
        const own = after.find((x) => x.actor === e.actor);
        const dropped = after.some((x) => x.action === 'opportunity-attack' && x.target === e.actor && x.target_state_after !== 'standing');
        const last = i === fe.length - 1 || after.every((x) => x.actor !== e.actor);
        expect(own?.action === 'attack' || own?.action === 'heroic-action' || dropped || last, `${e.fight} ${e.actor}`).toBe(true);
      });
    }
  });

  it('Stabilize: only heroes, only on a dying ally (it ends stable), at most once per target per phase, never beyond the actor\'s Supply', () => {
    const stab = col.events.filter((e) => e.action === 'stabilize');
    expect(stab.length).toBeGreaterThan(N / 10);
    const seen = new Set<string>();
    const used = new Map<string, number>();
    for (const e of stab) {
      expect(e.side).toBe('heroes');
      expect(e.target_state_after).toBe('stable');
      const key = `${e.fight}|${String(e.phase)}|${String(e.target)}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      const k = `${e.fight}|${e.actor}`;
      used.set(k, (used.get(k) ?? 0) + 1);
      expect(used.get(k)!).toBeLessThanOrEqual(supply.get(e.actor)!);
    }
  });

  it('fewer attacks wasted and fewer opportunity attacks drawn than focus-weakest in the same fights (rates 4 SE apart)', () => {
    const named = traced(allPlay(spec0, FOCUS_WEAKEST), 31);
    const share = (c: Collector, pick: (e: Traced) => boolean, of: (e: Traced) => boolean) => {
      const all = c.events.filter(of);
      return { p: all.filter(pick).length / all.length, n: all.length };
    };
    const isAttack = (e: Traced) => e.action === 'attack' || e.action === 'heroic-action';
    const t = share(col, wasted, isAttack);
    const f = share(named, wasted, isAttack);
    const se = Math.sqrt((t.p * (1 - t.p)) / t.n + (f.p * (1 - f.p)) / f.n);
    expect(f.p - t.p, `wasted ${t.p} vs ${f.p}`).toBeGreaterThan(4 * se);
    const oa = (c: Collector) => c.events.filter((e) => e.action === 'opportunity-attack').length / c.winners.length;
    expect(oa(col)).toBeLessThan(oa(named));
  });
});

describe('tactical wins more than focus-weakest, on either side of the shipped study (4 SE)', () => {
  const M = quickOr(1200, 20000);
  const winRate = (spec: FightSpec) => {
    const p = d20FightDice.prepare(spec);
    const tally = new Float64Array(d20FightDice.tallySize(spec));
    d20FightDice.run(p, Int32Array.from(deriveStream(77)), M, tally);
    return tally[0]! / M;
  };
  const sidePlays = (spec: FightSpec, side: number, policy: number): FightSpec => ({
    ...spec, fighters: spec.fighters.map((f) => (f.side === side ? { ...f, policy } : f)),
  });
  it.each(runs)('%s', (_name, spec0) => {
    const named = allPlay(spec0, FOCUS_WEAKEST);
    const p0 = winRate(named);
    const heroes = winRate(sidePlays(named, HEROES, TACTICAL));
    const enemies = winRate(sidePlays(named, 1 - HEROES, TACTICAL));
    const se = (a: number, b: number) => Math.sqrt((a * (1 - a) + b * (1 - b)) / M);
    expect(heroes - p0, `heroes ${p0} -> ${heroes}`).toBeGreaterThan(4 * se(heroes, p0));
    expect(p0 - enemies, `enemies ${1 - p0} -> ${1 - enemies}`).toBeGreaterThan(4 * se(enemies, p0));
  });
});
