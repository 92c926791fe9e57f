/** Builds battles with placed fighters and scripted dice for the battle rules tests. */
import { ScriptedDice } from '../../../../src/dice/dice.js';
import { Battle, type BattlePolicies } from '../../../../src/systems/skirmish/battle/engine.js';
import { BATTLE_POLICIES } from '../../../../src/systems/skirmish/battle/policies.js';
import { BattleDice } from '../../../../src/systems/skirmish/battle/roll.js';
import type { BattleKnobs, BattleSettings, BattleSpec } from '../../../../src/systems/skirmish/battle/setup.js';
import { AGGRESSIVE } from '../../../../src/systems/skirmish/duel/setup.js';
import { resolveDuelKnobs } from '../../../../src/systems/skirmish/duel/mode.js';
import type { Loadout } from '../../../../src/systems/skirmish/profile.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';

export interface Options {
  readonly policies?: BattlePolicies;
  readonly knobs?: Partial<BattleKnobs>;
  readonly settings?: Partial<BattleSettings>;
  readonly fighterPolicy?: number;
  readonly sidePolicies?: [number, number];
}

export const KNOBS: BattleKnobs = { ...resolveDuelKnobs({}), multipleEngagement: 'focus' };

export function battleSpec(a: readonly Loadout[], b: readonly Loadout[], o: Options = {}): BattleSpec {
  const side = (ls: readonly Loadout[], s: string) => ls.map((loadout, k) => ({ loadout, policy: o.fighterPolicy ?? AGGRESSIVE, base: 1, label: `${s}${k}` }));
  return {
    sides: [side(a, 'a'), side(b, 'b')],
    sidePolicies: o.sidePolicies ?? [0, 0],
    knobs: { ...KNOBS, ...o.knobs },
    settings: { board: [48, 48], distance: 12, maxRounds: 12, terrain: [], ...o.settings },
  };
}

/** A battle reset for round 1, its scripted dice and the events it reports. */
export function battle(a: readonly Loadout[], b: readonly Loadout[], faces: number[], o: Options = {}) {
  const script = new ScriptedDice(faces);
  const bt = new Battle(battleSpec(a, b, o), new BattleDice(script), o.policies ?? BATTLE_POLICIES);
  bt.reset();
  bt.round = 1;
  const events: TraceEvent[] = [];
  bt.observer = { begin: () => undefined, event: (e) => events.push(e), end: () => undefined };
  return { bt, script, events };
}

export function place(bt: Battle, i: number, x: number, y: number): void {
  bt.x[i] = x;
  bt.y[i] = y;
  bt.placed(i);
}
