import { defineConfig } from 'vitest/config';

/**
 * Per-engine mutation runs of the fight engines (README, Mutation testing of the fight engines):
 * `FIGHT=duel npx stryker run stryker.fights.json --mutate src/systems/skirmish/duel/engine.ts`.
 * Only the scripted-dice tests of that engine run against each mutant (the statistical and
 * whole-study tests take seconds per mutant); `npm run mutation` still runs everything.
 */
const TESTS: Record<string, string[]> = {
  duel: [
    'test/systems/skirmish/duel/duel.test.ts', 'test/systems/skirmish/duel/fights.test.ts', 'test/systems/skirmish/duel/engine-clauses.test.ts',
    'test/systems/skirmish/shared-rules.test.ts', 'test/systems/skirmish/sequence.test.ts', 'test/systems/skirmish/worked-example.test.ts',
    'test/systems/skirmish/reference.test.ts',
  ],
  exchange: [
    'test/systems/exchange/duel.test.ts', 'test/systems/exchange/duel-fixes.test.ts', 'test/systems/exchange/duel-trace.test.ts',
    'test/systems/exchange/duel-clauses.test.ts', 'test/systems/exchange/combatant.test.ts',
  ],
  d20: ['test/systems/d20/fight.test.ts', 'test/systems/d20/fight-fixes.test.ts', 'test/systems/d20/fight-clauses.test.ts'],
  battle: [
    'test/systems/skirmish/battle/rules.test.ts', 'test/systems/skirmish/battle/engine-clauses.test.ts',
    'test/systems/skirmish/battle/actions-clauses.test.ts', 'test/systems/skirmish/battle/actions-shots.test.ts',
    'test/systems/skirmish/battle/policies-clauses.test.ts', 'test/systems/skirmish/battle/actions-retreat.test.ts',
    'test/systems/skirmish/battle/policies-details.test.ts',
    'test/systems/skirmish/battle/engine-perform.test.ts', 'test/systems/skirmish/battle/roll-clauses.test.ts',
    'test/systems/skirmish/battle/board-clauses.test.ts',
  ],
  'exchange-fight': [
    'test/systems/exchange/fight/order.test.ts', 'test/systems/exchange/fight/policies.test.ts', 'test/systems/exchange/fight/rules.test.ts',
    'test/systems/exchange/fight/setup.test.ts', 'test/systems/exchange/fight/exchange-clauses.test.ts',
    'test/systems/exchange/fight/core-clauses.test.ts', 'test/systems/exchange/fight/engine-turns.test.ts', 'test/systems/exchange/fight/engine-steps.test.ts',
  ],
};

const fight = process.env['FIGHT'] ?? '';
const include = TESTS[fight];
if (include === undefined) throw new Error(`FIGHT must be one of ${Object.keys(TESTS).join(', ')} (got "${fight}")`);

export default defineConfig({ test: { include, testTimeout: 60_000 } });
