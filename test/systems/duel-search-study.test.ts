/**
 * `policy: search` in duel studies (skirmish and exchange): the schema takes it and `search:
 * { rollouts, depth }`; the plan marks the searching side (its play-outs play the loadout's
 * default: aggressive / shooter in skirmish, tactical in exchange) with the study's budget; a run
 * is the same for 0, 1 and 2 workers; `balance exact` refuses it (one input line); bad input
 * (search against a solved side, search farther apart than distance 1 in exchange) is one
 * problem at its field; traces show the search choices.
 */
import { describe, expect, it } from 'vitest';
import { exactStudy, loadStudyText, planRun, simulateStudy } from '../../src/api.js';
import { planStudy } from '../../src/plan/plan.js';
import { traceTask } from '../../src/batch/trace.js';
import type { DuelSpec } from '../../src/systems/skirmish/duel/setup.js';
import type { ExchangeDuelSpec } from '../../src/systems/exchange/duel/engine.js';
import type { TraceEvent } from '../../src/systems/trace.js';

const SKIRMISH = `system: skirmish
mode: duel
seed: 5
trials: 40
search: { rollouts: 4 }
fighters:
  vet: { cc: 3, rc: 3, might: 3, skill: 3, defense: 4, wounds: 2, movement: 4 }
weapons:
  hammer: { type: melee, class: hammer, might: "+2", keywords: [impact] }
  spear: { type: melee, class: spear, might: "+1", skill: "+1" }
loadouts:
  hammer: { fighter: vet, weapon: hammer }
  spear: { fighter: vet, weapon: spear }
duel: { distance: 6, maxRounds: 6 }
matchups:
  - { a: hammer, b: spear, policyA: search }
`;

const EXCHANGE = `system: exchange
mode: duel
seed: 5
trials: 40
search: { rollouts: 4, depth: 0 }
characters:
  duelist: { vitality: 4, strength: 2, agility: 3, resilience: 2, melee: 1, ranged: 1, acrobatics: 1 }
weapons:
  sword: { kind: melee, baseAttackCost: 1, damage: 2, vitalCap: 3 }
loadouts:
  sword: { character: duelist, weapon: sword }
duel: { maxRounds: 6 }
matchups:
  - { a: sword, b: sword, policyA: all-in, policyB: search }
`;

function problems(file: string, text: string): string[] {
  try {
    loadStudyText(file, text);
    return [];
  } catch (e) {
    return String((e as Error).message).split('\n');
  }
}

describe('policy: search in duel studies', () => {
  it('plans the searching side with the study\'s budget and its play-out policy', () => {
    const sk = planStudy(loadStudyText('s.yaml', SKIRMISH), 40)[0]!.spec as DuelSpec;
    expect(sk.searching).toEqual([true, false]);
    expect(sk.search).toEqual({ rollouts: 4, depth: 0 });
    const ex = planStudy(loadStudyText('e.yaml', EXCHANGE), 40)[0]!.spec as ExchangeDuelSpec;
    expect(ex.searching).toEqual([false, true]);
    expect(ex.b.policy.tactical).toBe(true);
    expect(ex.search).toEqual({ rollouts: 4, depth: 0 });
    // --search-rollouts overrides the study's rollouts.
    expect((planRun(loadStudyText('e.yaml', EXCHANGE), { searchRollouts: 9 }).tasks[0]!.spec as ExchangeDuelSpec).search).toEqual({ rollouts: 9, depth: 0 });
  });

  for (const [name, text] of [['skirmish', SKIRMISH], ['exchange', EXCHANGE]] as const) {
    it(`${name}: a run gives the same tallies for 0, 1 and 2 workers`, async () => {
      const study = loadStudyText(`${name}.yaml`, text);
      const runs = [];
      for (const workers of [0, 1, 2]) runs.push((await simulateStudy(study, { workers })).tallies.map((t) => Array.from(t)));
      expect(runs[1]).toEqual(runs[0]);
      expect(runs[2]).toEqual(runs[0]);
      const t = runs[0]![0]!;
      expect(t[0]! + t[1]! + t[2]!).toBe(40);
    });

    it(`${name}: balance exact refuses a search side (one input problem)`, () => {
      expect(() => exactStudy(loadStudyText(`${name}.yaml`, text))).toThrow(/policy search is a Monte Carlo player/);
    });

    it(`${name}: the trace shows the searching side's choices`, () => {
      const study = loadStudyText(`${name}.yaml`, text);
      const task = planStudy(study, 3)[0]!;
      const events: TraceEvent[] = [];
      traceTask(study.plugin, task, { fights: 3, seed: 5, engine: 'dice' }, { begin: () => undefined, event: (e) => events.push(e), end: () => undefined });
      const search = events.filter((e) => e.action === 'search');
      expect(search.length).toBeGreaterThan(0);
      expect(search.every((e) => e.side === (name === 'skirmish' ? 'a' : 'b'))).toBe(true);
    });
  }

  it('bad input: search against a solved side; exchange search farther apart than distance 1', () => {
    expect(problems('s.yaml', SKIRMISH.replace('policyA: search }', 'policyA: search, policyB: optimal }'))).toEqual([
      expect.stringMatching(/^s\.yaml:\d+:\d+ matchups\[0\]\.policyB: a search side plays against named policies/),
    ]);
    expect(problems('e.yaml', EXCHANGE.replace('duel: { maxRounds: 6 }', 'duel: { maxRounds: 6, distance: 3 }'))).toEqual([
      expect.stringMatching(/^e\.yaml:\d+:\d+ matchups\[0\]\.policyB: exchange duels play search only at duel\.distance 1/),
    ]);
  });
});
