/**
 * `tactical` fixes (issue 34): scripted positions that reproduced a fault of the default player.
 *
 * Stale targets: a threatened shooter looks for a Move out of every threat's charge reach that keeps
 * a shot (pickDestination), trying the shot from each destination (shotFrom, which marks the legal
 * targets from there). When none is found it shoots from where it stands; it used to read the
 * marks of the last destination tried (no target: chooseTarget -1, and aimBetter threw on it).
 */
import { describe, expect, it } from 'vitest';
import { Act } from '../../../../src/systems/skirmish/battle/engine.js';
import { TACTICAL } from '../../../../src/systems/skirmish/battle/setup.js';
import { DOWNED, STUNNED } from '../../../../src/systems/skirmish/profile.js';
import { inReach, tactical } from '../../../../src/systems/skirmish/battle/tactical.js';
import { fighter, loadout, weapon } from '../../../helpers/skirmish.js';
import { battle, place } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
// Range 3"-5": every spot out of the grunt's charge reach (Movement 4 + 1") is out of range too.
const shortBow = weapon('short-bow', { type: 'ranged', class: 'other', might: '1', skill: '1', range: [3, 5] });
const archer = loadout(fighter('archer', { skill: 4 }), [shortBow, club]);

describe('tactical: a threatened shooter with no safe destination shoots from where it stands', () => {
  it('reads its own targets, not those of the last destination it tried', () => {
    const { bt } = battle([archer], [grunt], [], { fighterPolicy: TACTICAL });
    place(bt, 0, 10, 10);
    place(bt, 1, 15, 10); // gap 4": in range, within the grunt's charge reach
    bt.beginActivation(0);
    bt.actionsLeft = 1; // the first action of its activation is being chosen
    expect(inReach(bt, 0, 10, 10, false)).toBe(true);
    const a = tactical(bt, 0, false);
    expect([Act.Aim, Act.Ranged]).toContain(a);
    expect(bt.target).toBe(1);
  });
});

describe('tactical: Mercy Kill with a Stunned and a Downed enemy both in contact', () => {
  // The Downed enemy keeps the Stunned one from the Mercy Kill (board.ts mercyAllowed); not the other way round.
  function fallen(stunnedNearer: boolean) {
    const { bt } = battle([grunt], [grunt, grunt], [], { fighterPolicy: TACTICAL });
    place(bt, 0, 10, 10);
    place(bt, 1, 10, stunnedNearer ? 11.2 : 11.8);
    place(bt, 2, 11.5, 10.6);
    bt.state[1] = STUNNED;
    bt.state[2] = DOWNED;
    bt.beginActivation(0);
    bt.actionsLeft = 1;
    return bt;
  }

  it('the Stunned one nearer (the side policy\'s choice): it Mercy Kills the Downed one instead of doing nothing', () => {
    const bt = fallen(true);
    expect(bt.gap(0, 1)).toBeLessThan(bt.gap(0, 2));
    expect([bt.mercyAllowed(0, 1), bt.mercyAllowed(0, 2)]).toEqual([false, true]);
    expect(tactical(bt, 0, false)).toBe(Act.MercyKill);
    expect(bt.target).toBe(2);
  });

  it('the Downed one nearer: it Mercy Kills it', () => {
    const bt = fallen(false);
    expect(bt.gap(0, 2)).toBeLessThan(bt.gap(0, 1));
    expect(tactical(bt, 0, false)).toBe(Act.MercyKill);
    expect(bt.target).toBe(2);
  });
});

describe('tactical: a melee fighter that is shot at and cannot Charge moves into cover on its way', () => {
  const bow = weapon('bow', { type: 'ranged', class: 'other', might: '1', skill: '1', range: [3, 24] });
  const bowman = loadout(fighter('bowman', {}), [bow, club]);
  const cover = { at: [12.2, 12.5] as [number, number], size: [2, 2] as [number, number], kind: 'cover' as const };
  function approaching(withCover: boolean, shooter: boolean) {
    const { bt } = battle([grunt], [shooter ? bowman : grunt], [], { fighterPolicy: TACTICAL, settings: { terrain: withCover ? [cover] : [] } });
    place(bt, 0, 10, 10);
    place(bt, 1, 10, 30);
    bt.beginActivation(0);
    bt.actionsLeft = 1;
    return bt;
  }
  const toCover = (x: number, y: number) => Math.hypot(Math.max(12.2 - x, 0, x - 14.2), Math.max(12.5 - y, 0, y - 14.5));

  it('shot at: it ends within 1" of the cover (base edge), no further than 1" beyond its straight stop from the bowman', () => {
    const open = approaching(false, true);
    expect(tactical(open, 0, false)).toBe(Act.MoveTo);
    const straight = [open.destX, open.destY] as const;
    const bt = approaching(true, true);
    expect(tactical(bt, 0, false)).toBe(Act.MoveTo);
    expect(toCover(bt.destX, bt.destY) - bt.r[0]!).toBeLessThanOrEqual(1 + 1e-9);
    expect(toCover(...straight) - bt.r[0]!).toBeGreaterThan(1);
    expect(Math.hypot(bt.destX - 10, bt.destY - 30)).toBeLessThanOrEqual(Math.hypot(straight[0] - 10, straight[1] - 30) + 1 + 1e-9);
  });

  it('not shot at (a melee enemy): the straight approach, as before', () => {
    const open = approaching(false, false);
    tactical(open, 0, false);
    const bt = approaching(true, false);
    tactical(bt, 0, false);
    expect([bt.destX, bt.destY]).toEqual([open.destX, open.destY]);
  });
});
