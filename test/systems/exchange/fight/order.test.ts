/** Turn order (seed 001, Who Goes Next, NPC Groups, Four Heroes Against Fifteen Monsters) with a scripted order policy. */
import { describe, expect, it } from 'vitest';
import { TurnOrder, type TurnTaker } from '../../../../src/systems/exchange/fight/order.js';
import { formUnits } from '../../../../src/systems/exchange/fight/setup.js';

/** Logs turns by name; `picks` scripts each side's choices (names of a unit's first member), else the first candidate. */
class Table implements TurnTaker {
  readonly log: string[] = [];
  constructor(readonly names: string[], readonly units: number[][][], readonly picks: string[][] = [[], []], readonly out = new Set<number>()) {}
  onMap(f: number): boolean {
    return !this.out.has(f);
  }
  takeTurn(f: number): void {
    this.log.push(this.names[f]!);
  }
  fightOver(): boolean {
    return false;
  }
  pickUnit(side: number, candidates: Int32Array, n: number): number {
    const want = this.picks[side]!.shift();
    if (want === undefined) return 0;
    for (let i = 0; i < n; i++) if (this.names[this.units[side]![candidates[i]!]![0]!] === want) return i;
    throw new Error(`${want} is not a candidate`);
  }
}

function rounds(t: Table, opener: number, firstSide: number, count: number): string[][] {
  const order = new TurnOrder(t.units, t.names.length);
  order.reset(opener);
  const out: string[][] = [];
  let due = firstSide;
  for (let r = 1; r <= count; r++) {
    t.log.length = 0;
    due = order.playRound(due, r === 1 ? opener : -1, t);
    out.push([...t.log]);
  }
  return out;
}

describe('Who Goes Next: the bridge', () => {
  // bandits (side 0): Rook 0, Sable 1; heroes (side 1): Mira 2, Orin 3
  const names = ['Rook', 'Sable', 'Mira', 'Orin'];
  const units = [[[0], [1]], [[2], [3]]];

  it('the seed\'s rounds: Rook -> Orin -> Sable -> Mira, then Sable -> Mira -> Rook -> Orin', () => {
    const t = new Table(names, units, [['Sable', 'Sable'], ['Orin', 'Mira', 'Mira']]);
    expect(rounds(t, 0, 0, 2)).toEqual([['Rook', 'Orin', 'Sable', 'Mira'], ['Sable', 'Mira', 'Rook', 'Orin']]);
  });

  it('with no change of order each side follows the order it used, and the side due next stays due across the Round', () => {
    const t = new Table(names, units, [[], ['Orin']]);
    expect(rounds(t, 0, 0, 3)).toEqual([['Rook', 'Orin', 'Sable', 'Mira'], ['Rook', 'Orin', 'Sable', 'Mira'], ['Rook', 'Orin', 'Sable', 'Mira']]);
    // Sable opens and so goes first among the bandits; Round 1 ends with a hero, so the bandits open Round 2
    const s = new Table(names, units);
    expect(rounds(s, 1, 0, 2)).toEqual([['Sable', 'Mira', 'Rook', 'Orin'], ['Sable', 'Mira', 'Rook', 'Orin']]);
  });

  it('a side with no turns left is skipped; a lone foe gains no extra turns', () => {
    // one hero (side 1) against three monsters acting alone
    const t = new Table(['M1', 'M2', 'M3', 'Hero'], [[[0], [1], [2]], [[3]]]);
    expect(rounds(t, 3, 1, 2)).toEqual([['Hero', 'M1', 'M2', 'M3'], ['Hero', 'M1', 'M2', 'M3']]);
  });

  it('a character out of the fight takes no turn', () => {
    const t = new Table(names, units, [[], []], new Set([1]));
    expect(rounds(t, 0, 0, 1)).toEqual([['Rook', 'Mira', 'Orin']]);
  });
});

describe('NPC Groups: four heroes against fifteen monsters', () => {
  // monsters 0..14 in groups Gate 4, Cart 4, Wall 4, Steps 3 (side 0); heroes 15..18 (side 1)
  const monsters = Array.from({ length: 15 }, (_, i) => `${['Gate', 'Cart', 'Wall', 'Steps'][i < 12 ? Math.floor(i / 4) : 3]}${i < 12 ? (i % 4) + 1 : i - 11}`);
  const names = [...monsters, 'Mira', 'Orin', 'Sera', 'Tomas'];
  const units = [[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14]], [[15], [16], [17], [18]]];

  it('Mira starts: each hero, then one whole group, members one after another', () => {
    const [r1] = rounds(new Table(names, units), 15, 1, 1);
    expect(r1).toEqual([
      'Mira', 'Gate1', 'Gate2', 'Gate3', 'Gate4', 'Orin', 'Cart1', 'Cart2', 'Cart3', 'Cart4',
      'Sera', 'Wall1', 'Wall2', 'Wall3', 'Wall4', 'Tomas', 'Steps1', 'Steps2', 'Steps3',
    ]);
  });

  it('a monster starts: only it opens; the rest of its group acts when the monsters go again', () => {
    const [r1] = rounds(new Table(names, units), 0, 0, 1);
    expect(r1).toEqual([
      'Gate1', 'Mira', 'Gate2', 'Gate3', 'Gate4', 'Orin', 'Cart1', 'Cart2', 'Cart3', 'Cart4',
      'Sera', 'Wall1', 'Wall2', 'Wall3', 'Wall4', 'Tomas', 'Steps1', 'Steps2', 'Steps3',
    ]);
  });

  it('groups formed as the seed says: as many as the opposing characters, roughly even, in listed order', () => {
    const members = Array.from({ length: 15 }, (_, i) => ({ name: `m${i}`, entry: 0, group: undefined }));
    expect(formUnits(members, 4, true).units.map((u) => u.length)).toEqual([4, 4, 4, 3]);
    expect(formUnits(members, 4, true).units[3]).toEqual([12, 13, 14]);
    // fewer NPCs than opposing characters, or grouping off: each acts alone
    expect(formUnits(members.slice(0, 3), 4, true).units).toEqual([[0], [1], [2]]);
    expect(formUnits(members, 4, false).units.length).toBe(15);
    // named groups win: members of a group in listed order, ungrouped characters alone
    const named = [{ name: 'a', entry: 0, group: 'gate' }, { name: 'b', entry: 1, group: undefined }, { name: 'c', entry: 2, group: 'gate' }];
    expect(formUnits(named, 1, true)).toEqual({ units: [[0, 2], [1]], names: ['gate', 'b'] });
  });
});
