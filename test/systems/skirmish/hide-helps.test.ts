/**
 * Hide helps (policy-moves.ts hideHelps): one reading for the duel's and the battle's ranged
 * policies. The same situation is set up in both engines (a duel at a distance; a 1-v-1 battle
 * with the bases that far apart and cover terrain just behind the shooter) and both must choose
 * the same action: Hide only when the fighter may Hide and an Active enemy that shoots stands
 * beyond 6" but within a Move of its own range.
 */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/dice/dice.js';
import { Act, Battle } from '../../../src/systems/skirmish/battle/engine.js';
import { BATTLE_POLICIES, decide as battleDecide } from '../../../src/systems/skirmish/battle/policies.js';
import { BattleDice } from '../../../src/systems/skirmish/battle/roll.js';
import { PerDieDuelDice } from '../../../src/systems/skirmish/duel/dice.js';
import { Action, Duel } from '../../../src/systems/skirmish/duel/engine.js';
import { decide as duelDecide, DUEL_POLICY } from '../../../src/systems/skirmish/duel/policies.js';
import { AGGRESSIVE, SHOOTER } from '../../../src/systems/skirmish/duel/setup.js';
import { hideHelps } from '../../../src/systems/skirmish/policy-moves.js';
import type { Loadout } from '../../../src/systems/skirmish/profile.js';
import { battleAxe, keen, loadout, stout, weapon } from '../../helpers/skirmish.js';
import { battleSpec, KNOBS } from './battle/harness.js';

const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4', range: [3, 24] });
const rifle = weapon('rifle', { type: 'ranged', class: 'firearm', might: '4', range: [3, 36], keywords: ['heavy'] });
const javelin = weapon('javelin', { type: 'ranged', class: 'other', might: '+1', range: [3, 6] });
const archer = loadout(keen, bow);
const rifleman = loadout(keen, rifle);
const thrower = loadout(keen, javelin);
const stoutAxe = loadout(stout, battleAxe, { armor: 'medium' });

interface Situation {
  readonly distance: number;
  /** Terrain to Hide in: the duel's `terrain`; in the battle a cover wall 0.5" behind the shooter. */
  readonly terrain: boolean;
  /** Actions left after this one (0: the activation's last action). */
  readonly actionsLeft: number;
  /** The shooter has moved this activation (a heavy weapon cannot fire). */
  readonly moved?: boolean;
  readonly hidden?: boolean;
}

/** What side a (a shooter) does in each engine against b (Active; b's own policy does not matter). */
function choose(a: Loadout, b: Loadout, s: Situation): { duel: Action; battle: number } {
  const d = new Duel(
    { a, b, policies: [SHOOTER, AGGRESSIVE], knobs: KNOBS, settings: { distance: s.distance, maxRounds: 20, cover: 'none', terrain: s.terrain } },
    new PerDieDuelDice(new ScriptedDice([])),
    DUEL_POLICY,
  );
  d.fighters[0].reset();
  d.fighters[1].reset();
  d.distance = s.distance;
  d.actionsLeft = s.actionsLeft;
  d.fighters[0].moved = s.moved ?? false;
  d.fighters[0].hidden = s.hidden ?? false;
  // Side a stands at y = 24 - distance/2 - 0.5 (base 1", board 48"); the wall's top edge is 1" below its centre.
  const wall = { at: [20, 24 - s.distance / 2 - 2.5] as [number, number], size: [8, 1] as [number, number], kind: 'cover' as const };
  const spec = battleSpec([a], [b], { fighterPolicy: SHOOTER, settings: { distance: s.distance, terrain: s.terrain ? [wall] : [] } });
  const bt = new Battle(spec, new BattleDice(new ScriptedDice([])), BATTLE_POLICIES);
  bt.reset();
  bt.actionsLeft = s.actionsLeft;
  bt.moved[0] = s.moved === true ? 1 : 0;
  bt.hidden[0] = s.hidden === true ? 1 : 0;
  expect(bt.gap(0, 1)).toBeCloseTo(s.distance, 9);
  expect(bt.nearTerrain(0)).toBe(s.terrain);
  return { duel: duelDecide(d, 0, false), battle: battleDecide(bt, 0, false) };
}

describe('Hide helps alike in the duel and the battle (policy-moves.ts hideHelps)', () => {
  it('the reading: not Hidden, may Hide, an Active enemy that shoots, beyond 6" and within a Move of its range', () => {
    expect(hideHelps(false, true, true, 12, 4, 24)).toBe(true);
    expect(hideHelps(true, true, true, 12, 4, 24)).toBe(false); // already Hidden
    expect(hideHelps(false, false, true, 12, 4, 24)).toBe(false); // no terrain, or a Ranged action earlier
    expect(hideHelps(false, true, false, 12, 4, 24)).toBe(false); // the enemy does not shoot
    expect(hideHelps(false, true, true, 6, 4, 24)).toBe(false); // Hidden does not protect within 6"
    expect(hideHelps(false, true, true, 28, 4, 24)).toBe(true); // one Move brings it to 24"
    expect(hideHelps(false, true, true, 28.5, 4, 24)).toBe(false); // out of its reach this turn
  });

  it('in range but unable to fire (a heavy weapon after moving): Hide where it helps, else Brace', () => {
    const at = (b: Loadout, distance: number, extra: Partial<Situation> = {}) => choose(rifleman, b, { distance, terrain: true, actionsLeft: 1, moved: true, ...extra });
    expect(at(archer, 12)).toEqual({ duel: Action.Hide, battle: Act.Hide });
    expect(at(archer, 5)).toEqual({ duel: Action.Brace, battle: Act.Brace }); // within 6": Hiding does not stop the shot
    expect(at(archer, 30)).toEqual({ duel: Action.Brace, battle: Act.Brace }); // the archer cannot shoot it next turn anyway
    expect(at(stoutAxe, 12)).toEqual({ duel: Action.Brace, battle: Act.Brace }); // nothing to hide from
    expect(at(archer, 12, { terrain: false })).toEqual({ duel: Action.Brace, battle: Act.Brace });
    expect(at(archer, 12, { hidden: true })).toEqual({ duel: Action.Brace, battle: Act.Brace });
  });

  it('out of its own range: the last action of an activation Hides where it helps; an earlier one moves in', () => {
    expect(choose(thrower, archer, { distance: 12, terrain: true, actionsLeft: 0 })).toEqual({ duel: Action.Hide, battle: Act.Hide });
    expect(choose(thrower, archer, { distance: 12, terrain: true, actionsLeft: 1 })).toEqual({ duel: Action.MoveToward, battle: Act.Move });
    expect(choose(thrower, stoutAxe, { distance: 12, terrain: true, actionsLeft: 0 })).toEqual({ duel: Action.MoveToward, battle: Act.Move });
  });
});
