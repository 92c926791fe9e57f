/** The fight engine's trace through the kernel (observe): positions in Spaces on every event, rules invariants over many fights. */
import { describe, expect, it } from 'vitest';
import { deriveStream } from '../../../../src/dice/rng.js';
import { exchangeFightDice } from '../../../../src/systems/exchange/fight/kernel.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { tasks } from './helpers.js';

const STUDY = `sides:
  heroes: [{ loadout: mira, policy: reserve-1 }, { loadout: spear, policy: reserve-1, move: protect }, { loadout: bow, policy: reserve-1 }]
  bandits: [{ loadout: rook, policy: reserve-1, count: 4, group: gate }, { loadout: bow, policy: reserve-1, count: 2, group: wall }, { loadout: dagger, policy: reserve-1 }]
fight: { map: [16, 12], distance: 5, opener: random, cover: [{ at: [7, 3], size: [1, 3], kind: partial }, { at: [8, 8], kind: full }] }
matchups: [{ a: heroes, b: bandits }]
`;

describe('trace', () => {
  it('every event carries integer positions on the map; melee attacks are within reach; OAs follow a step; the same tallies as untraced', () => {
    const spec = tasks(STUDY)[0]!.spec;
    const reach = new Map(spec.fighters.map((f) => [`${f.side}:${f.name}`, f.loadout.weapon.kind === 'melee' ? f.loadout.weapon.reach : 99]));
    const p = exchangeFightDice.prepare(spec);
    const events: TraceEvent[] = [];
    let begins = 0;
    let ends = 0;
    const problems: string[] = [];
    exchangeFightDice.observe!(p, {
      begin: () => begins++,
      event: (e) => events.push(e),
      end: () => {
        ends++;
        const fight = p.fight;
        const seen = new Set<number>();
        for (let f = 0; f < fight.count; f++) {
          if (!fight.onMap(f)) continue;
          const at = fight.y[f]! * spec.width + fight.x[f]!;
          if (seen.has(at) || fight.map.occupant[at] !== f + 1 || spec.cells[at] !== 0) problems.push(`fighter ${f} at ${fight.x[f]},${fight.y[f]}`);
          seen.add(at);
        }
      },
    });
    const traced = new Float64Array(exchangeFightDice.tallySize(spec));
    exchangeFightDice.run(p, Int32Array.from(deriveStream(5)), 300, traced);
    expect([begins, ends, problems]).toEqual([300, 300, []]);
    for (const e of events) {
      expect(Number.isInteger(e.x) && e.x! >= 0 && e.x! < spec.width && Number.isInteger(e.y) && e.y! >= 0 && e.y! < spec.height, JSON.stringify(e)).toBe(true);
    }
    const side = (name: string) => (spec.sideNames[0] === name ? 0 : 1);
    const attacks = events.filter((e) => e.action === 'exchange' || e.action === 'opportunity-attack');
    expect(attacks.length).toBeGreaterThan(1000);
    for (const e of attacks) expect(e.distance_after!, JSON.stringify(e)).toBeLessThanOrEqual(reach.get(`${side(e.side)}:${e.actor}`)!);
    // The rolls are die faces (as in duels), their dots add up to at least the total (Advantage and
    // Disadvantage drop a die), and a response's faces are there exactly when there is a response.
    const dots = (faces: readonly number[]): number => faces.reduce((sum, f) => sum + spec.knobs.faces[f - 1]!, 0);
    for (const e of attacks) {
      const rolls = e.rolls as Readonly<Record<string, readonly number[]>>;
      expect(rolls.attack!.length, JSON.stringify(e)).toBeGreaterThan(0);
      for (const f of [...rolls.attack!, ...(rolls.response ?? [])]) expect(Number.isInteger(f) && f >= 1 && f <= spec.knobs.faces.length).toBe(true);
      expect(e.attack_total as number).toBeLessThanOrEqual(dots(rolls.attack!));
      expect(rolls.response !== undefined, JSON.stringify(e)).toBe(e.response !== 'none');
      if (rolls.response !== undefined) expect(e.response_total as number).toBeLessThanOrEqual(dots(rolls.response));
    }
    expect(attacks.some((e) => (e.rolls as Record<string, readonly number[]>).attack!.length > 1)).toBe(true);
    events.forEach((e, i) => {
      if (e.action !== 'opportunity-attack') return;
      let k = i - 1;
      while (events[k]!.action === 'opportunity-attack') k--;
      expect(events[k]!.action).toBe('move');
      expect(events[k]!.actor).toBe(e.target);
    });
    exchangeFightDice.observe!(p, null);
    const plain = new Float64Array(exchangeFightDice.tallySize(spec));
    exchangeFightDice.run(p, Int32Array.from(deriveStream(5)), 300, plain);
    expect(Array.from(plain)).toEqual(Array.from(traced));
  });
});
