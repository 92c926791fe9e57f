/** From a study to a fight: names, NPC groups from config or formed, start Spaces, the opener. */
import { describe, expect, it } from 'vitest';
import { RngDice } from '../../../../src/dice/dice.js';
import { deriveStream, Xoshiro128ss } from '../../../../src/dice/rng.js';
import { ExchangeFight } from '../../../../src/systems/exchange/fight/engine.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { tasks } from './helpers.js';

const ISSUE_SIDES = `sides:
  heroes:
    - { loadout: mira, policy: reserve-1 }
    - { loadout: spear, policy: reserve-1 }
  bandits:
    - { loadout: rook, policy: reserve-1, count: 2, group: gate }
    - { loadout: bow, policy: reserve-1, group: wall }
`;

describe('set-up', () => {
  it('names, groups from config and start Spaces (side a on its column, b `distance` to the right, from the middle row out)', () => {
    const spec = tasks(`${ISSUE_SIDES}fight: { map: [20, 20], distance: 6, opener: bandits }\nmatchups: [{ a: heroes, b: bandits }]\n`)[0]!.spec;
    expect(spec.fighters.map((f) => f.name)).toEqual(['mira', 'spear', 'rook#1', 'rook#2', 'bow']);
    expect(spec.units).toEqual([[[0], [1]], [[2, 3], [4]]]);
    expect(spec.unitNames[1]).toEqual(['gate', 'wall']);
    expect(spec.fighters.map((f) => [f.x, f.y])).toEqual([[6, 9], [6, 10], [12, 9], [12, 10], [12, 8]]);
    expect([spec.openerSide, spec.openerFighter]).toEqual([1, -1]);
  });

  it('a side larger than the other with no group named forms groups (5 against 2: 3 and 2); groups: none keeps them alone', () => {
    const body = `sides:\n  few: [{ loadout: sword, policy: reserve-1, count: 2 }]\n  many: [{ loadout: rook, policy: reserve-1, count: 5 }]\nmatchups: [{ a: few, b: many }]\n`;
    expect(tasks(`${body}fight: { distance: 4 }\n`)[0]!.spec.units[1]).toEqual([[2, 3, 4], [5, 6]]);
    expect(tasks(`${body}fight: { distance: 4, groups: none }\n`)[0]!.spec.units[1]!.length).toBe(5);
  });

  it('the opener: a character by name opens alone; the rest of its group acts when its side goes again', () => {
    const spec = tasks(`${ISSUE_SIDES}fight: { map: [20, 20], distance: 12, opener: rook#2 }\nmatchups: [{ a: heroes, b: bandits }]\n`)[0]!.spec;
    expect([spec.openerSide, spec.openerFighter]).toEqual([1, 3]);
    const f = new ExchangeFight({ ...spec, maxRounds: 1 }, new RngDice(new Xoshiro128ss(deriveStream(9))));
    const turns: string[] = [];
    f.observer = { begin: () => {}, event: (e: TraceEvent) => { if (e.action === 'refresh') turns.push(e.actor); }, end: () => {} };
    f.play();
    expect(turns.slice(0, 3)).toEqual(['rook#2', 'mira', 'rook#1']);
  });
});
