/** Scripted-dice skirmish duels for tests: a Duel set up mid-fight, and a recorder of its events. */
import { scriptedDuelDice } from '../../src/systems/skirmish/duel/dice.js';
import { Duel } from '../../src/systems/skirmish/duel/engine.js';
import { DUEL_POLICY } from '../../src/systems/skirmish/duel/policies.js';
import { AGGRESSIVE, type DuelKnobs, type DuelSettings, type DuelSpec } from '../../src/systems/skirmish/duel/setup.js';
import { DEFAULT_KNOBS, type Loadout } from '../../src/systems/skirmish/profile.js';
import type { TraceEvent } from '../../src/systems/trace.js';

export interface DuelOptions {
  policies?: [number, number];
  knobs?: Partial<DuelKnobs>;
  settings?: Partial<DuelSettings>;
}

export function duelSpec(a: Loadout, b: Loadout, o: DuelOptions = {}): DuelSpec {
  return {
    a, b, policies: o.policies ?? [AGGRESSIVE, AGGRESSIVE],
    knobs: { ...DEFAULT_KNOBS, initiative: 'roll-off', stunnedActs: false, failedRetreat: 'leaves', primer: 2, ...o.knobs },
    settings: { distance: 12, maxRounds: 20, cover: 'none', terrain: false, ...o.settings },
  };
}

/** A duel in round 1 with both fighters fresh, rolling exactly `faces` (more rolls throw). */
export function scriptedDuel(a: Loadout, b: Loadout, faces: number[], o: DuelOptions = {}): Duel {
  const spec = duelSpec(a, b, o);
  const d = new Duel(spec, scriptedDuelDice(...faces), DUEL_POLICY);
  d.fighters[0].reset();
  d.fighters[1].reset();
  d.distance = spec.settings.distance;
  d.round = 1;
  return d;
}

/** Attaches a recorder: every event the duel reports from now on. */
export function record(d: Duel): TraceEvent[] {
  const events: TraceEvent[] = [];
  d.observe({ begin: () => undefined, event: (e) => void events.push(e), end: () => undefined });
  return events;
}

/** `side action` of each event, `(r)` marking reactions: a compact script of what happened. */
export function script(events: readonly TraceEvent[]): string[] {
  return events.map((e) => `${e.side} ${e.action}${e['reaction'] === true ? ' (r)' : ''}`);
}
