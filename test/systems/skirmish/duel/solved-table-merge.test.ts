/**
 * The fast solver (graph.ts: nodes shared by every round, canonical merges, the quiet cut) records
 * the solved table per (round, node), and the exact walker plays it per round: its score equals
 * the solver's value and the plain solver's (1e-12) on duels where the merges and the quiet cut
 * are active. A live state whose dead fields are set finds the decision of its merged node, and
 * the only boundaries without a decision are quiet ones (a draw whatever anyone does).
 */
import { describe, expect, it } from 'vitest';
import { duelSpec } from '../../../helpers/duel.js';
import { randomSpec } from '../../../helpers/duel-random.js';
import { fighter, keen, loadout, stout, sword, battleAxe, weapon } from '../../../helpers/skirmish.js';
import { exactDuel } from '../../../../src/systems/skirmish/duel/exact.js';
import { solveDuelPlain } from '../../../../src/systems/skirmish/duel/plain.js';
import { quietDistances, restOfRound } from '../../../../src/systems/skirmish/duel/quiet.js';
import { solveDuel, type SideMode } from '../../../../src/systems/skirmish/duel/solve.js';
import { solvePlay } from '../../../../src/systems/skirmish/duel/solved-policy.js';
import { Duel } from '../../../../src/systems/skirmish/duel/engine.js';
import { scriptedDuelDice } from '../../../../src/systems/skirmish/duel/dice.js';
import { DUEL_POLICY } from '../../../../src/systems/skirmish/duel/policies.js';
import { SHOOTER, AGGRESSIVE, type DuelSpec } from '../../../../src/systems/skirmish/duel/setup.js';
import { FIGHTER_FIELDS } from '../../../../src/systems/skirmish/duel/state.js';
import { FULL } from '../../../helpers/sample.js';

const MODES: readonly (readonly [SideMode, SideMode])[] = [['solved', 'named'], ['named', 'solved'], ['solved', 'solved']];
const score = (t: Float64Array): number => t[0]! + t[2]! / 2;
const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4', range: [3, 24] });
const quick = fighter('quick', { cc: 3, might: 3, skill: 3, defense: 4, wounds: 2, movement: 6 });

/** Duels far apart for few rounds (the quiet cut), without terrain or heavy weapons (merged `moved`, Ranged this activation), an archer. */
const SPECS: readonly [string, DuelSpec][] = [
  ['melee far apart', duelSpec(loadout(keen, sword), loadout(stout, battleAxe), { settings: { distance: 20, maxRounds: 3 } })],
  ['quick vs stout, 30" over 4 rounds', duelSpec(loadout(quick, sword), loadout(stout, battleAxe), { settings: { distance: 30, maxRounds: 4 } })],
  ['archer vs melee', duelSpec(loadout(keen, [bow, sword]), loadout(stout, battleAxe), { policies: [SHOOTER, AGGRESSIVE], settings: { distance: 14, maxRounds: 3 } })],
  ['random 1', randomSpec(4100, 4)],
  ['random 2', randomSpec(4101, 4)],
];

describe('a solved table recorded on the game graph, walked per round', () => {
  it('the exact walk under the table scores the fast and the plain solver value (1e-12), with no miss outside quiet states', () => {
    let quietMisses = 0;
    let merged = 0;
    // The archer's solves take half the time of all five: the full suite only.
    for (const [label, spec] of FULL ? SPECS : SPECS.filter(([l]) => l !== 'archer vs melee')) {
      const duel = new Duel(spec, scriptedDuelDice(), DUEL_POLICY);
      const later = quietDistances(duel.fighters, spec.settings.maxRounds);
      for (const modes of MODES) {
        const play = solvePlay(spec, modes);
        const table = play.policy.table;
        const t = exactDuel(spec, play.policy, undefined, (r, side, which, st, p) => {
          if (modes[side] !== 'solved' || p <= 0) return;
          const left = st[2 * FIGHTER_FIELDS + 1]!;
          const found = table.get(r, side, which, st) >= 0;
          if (!found) {
            // Only a quiet boundary (quiet.ts) may lack a decision.
            expect(st[2 * FIGHTER_FIELDS]!, `${label}: a missing decision in round ${r}`).toBeGreaterThan(later[r]! + restOfRound(duel.fighters, false, side, which, left));
            quietMisses++;
          } else if (st[5] === 1 || st[FIGHTER_FIELDS + 5] === 1 || st[6] === 1 || st[FIGHTER_FIELDS + 6] === 1) merged++;
        });
        expect(Math.abs(score(t.tally) - play.value), `${label} ${modes.join('/')}`).toBeLessThan(1e-12);
        expect(Math.abs(play.value - solveDuel(spec, modes).value)).toBeLessThan(1e-12);
        expect(Math.abs(play.value - solveDuelPlain(spec, modes).value), `${label} ${modes.join('/')} vs plain`).toBeLessThan(1e-12);
        expect(play.policy.misses, `${label} ${modes.join('/')}`).toBe(0);
        // The tally is a distribution: the winners sum to 1.
        expect(Math.abs(t.tally[0]! + t.tally[1]! + t.tally[2]! - 1)).toBeLessThan(1e-12);
      }
    }
    // Both mechanisms were exercised: quiet boundaries without a decision, and live states with dead fields set found in the table.
    expect(quietMisses).toBeGreaterThan(0);
    expect(merged).toBeGreaterThan(0);
  });
});
