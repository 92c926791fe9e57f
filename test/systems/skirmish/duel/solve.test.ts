/**
 * Solved duel policies: with both sides named the solver's value is the exact walker's; the
 * best-response and minimax inequalities hold on random duels; a mirror duel's optimal value is
 * exactly 1/2 with a fair roll-off; the action candidates follow the rules.
 */
import { describe, expect, it } from 'vitest';
import { duelSpec, scriptedDuel } from '../../../helpers/duel.js';
import { randomSpec } from '../../../helpers/duel-random.js';
import { keen, loadout, stout, sword, battleAxe, weapon } from '../../../helpers/skirmish.js';
import { Action } from '../../../../src/systems/skirmish/duel/actions.js';
import { exactDuel } from '../../../../src/systems/skirmish/duel/exact.js';
import { candidates, solveDuel } from '../../../../src/systems/skirmish/duel/solve.js';
import { AGGRESSIVE, KITE, SHOOTER } from '../../../../src/systems/skirmish/duel/setup.js';
import { DOWNED } from '../../../../src/systems/skirmish/profile.js';

const EPS = 1e-12;
const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4', range: [3, 24] });

describe('solved skirmish duels', () => {
  it('both sides named: the solver scores P(a) + P(draw)/2 of the exact walker', () => {
    for (let k = 0; k < 6; k++) {
      const spec = randomSpec(3000 + k, 5);
      const t = exactDuel(spec).tally;
      expect(solveDuel(spec, ['named', 'named']).value).toBeCloseTo(t[0]! + t[2]! / 2, 12);
    }
  });

  it('best response and minimax bracket the named value on random duels', () => {
    let strict = 0;
    for (let k = 0; k < 8; k++) {
      const spec = randomSpec(4000 + k, 3);
      const named = solveDuel(spec, ['named', 'named']).value;
      const brA = solveDuel(spec, ['solved', 'named']).value;
      const brB = solveDuel(spec, ['named', 'solved']).value;
      const opt = solveDuel(spec, ['solved', 'solved']).value;
      expect(brA).toBeGreaterThanOrEqual(named - EPS);
      expect(named).toBeGreaterThanOrEqual(brB - EPS);
      expect(opt).toBeGreaterThanOrEqual(brB - EPS);
      expect(opt).toBeLessThanOrEqual(brA + EPS);
      if (brA > named + 1e-6 || brB < named - 1e-6) strict++;
    }
    // The named policies are not optimal everywhere: solving must find better play somewhere.
    expect(strict).toBeGreaterThan(0);
  });

  it('a mirror duel with a fair roll-off has optimal value exactly 1/2', () => {
    const archer = loadout(keen, [bow, sword]);
    for (const [l, policy] of [[loadout(stout, battleAxe), AGGRESSIVE], [archer, SHOOTER], [archer, KITE]] as const) {
      // Archers: 1 round (their solved Ranged Reactions and Dodges make longer mirrors slow to solve).
      const spec = duelSpec(l, l, { policies: [policy, policy], settings: { maxRounds: policy === AGGRESSIVE ? 3 : 1, distance: 8 } });
      expect(solveDuel(spec, ['solved', 'solved']).value).toBeCloseTo(0.5, 12);
    }
  });

  it('candidates: what the rules allow (engaged melee; Downed Recover or Crawl; Aim and Ranged only when it can shoot)', () => {
    const engaged = scriptedDuel(loadout(keen, sword), loadout(stout, battleAxe), [], { settings: { distance: 0 } });
    expect(candidates(engaged, 0)).toEqual(expect.arrayContaining([Action.Melee, Action.MoveAway, Action.Brace]));
    expect(candidates(engaged, 0)).not.toContain(Action.Ranged);
    expect(candidates(engaged, 0)).not.toContain(Action.Charge);
    engaged.fighters[0].state = DOWNED;
    expect(candidates(engaged, 0).sort()).toEqual([Action.Recover, Action.CrawlAway].sort());
    const far = scriptedDuel(loadout(keen, [bow, sword]), loadout(stout, battleAxe), [], { settings: { distance: 10 }, policies: [SHOOTER, AGGRESSIVE] });
    expect(candidates(far, 0)).toEqual(expect.arrayContaining([Action.Ranged, Action.Aim, Action.MoveToward]));
    expect(candidates(far, 0)).not.toContain(Action.Melee);
    far.distance = 30;
    expect(candidates(far, 0)).not.toContain(Action.Ranged);
  });
});
