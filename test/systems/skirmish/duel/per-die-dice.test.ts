/**
 * The per-die duel engine rolls attacks with rollCode (nothing kept) while no tracer is attached
 * and with rollAttack (every face) while one is: both paths must play the very same duels from the
 * same stream, so a trace shows exactly the fights `run` counts.
 */
import { describe, expect, it } from 'vitest';
import { deriveStream } from '../../../../src/dice/rng.js';
import { perDieDice } from '../../../../src/systems/skirmish/duel/dice.js';
import { Duel } from '../../../../src/systems/skirmish/duel/engine.js';
import { DUEL_POLICY } from '../../../../src/systems/skirmish/duel/policies.js';
import type { DuelSpec } from '../../../../src/systems/skirmish/duel/setup.js';
import { randomSpec } from '../../../helpers/duel-random.js';

/** n duels of `spec` from stream `key`: each duel's winner, rounds, states and Wounds, then the stream's end state. */
function play(spec: DuelSpec, key: number, n: number, traced: boolean): { duels: string[]; state: readonly number[] } {
  const dice = perDieDice(deriveStream(77, key));
  const duel = new Duel(spec, dice, DUEL_POLICY);
  let attacks = 0;
  if (traced) {
    duel.observe({
      begin: () => undefined,
      event: (e) => {
        if (e.rolls !== undefined) attacks++;
      },
      end: () => undefined,
    });
  }
  const duels: string[] = [];
  for (let i = 0; i < n; i++) {
    const w = duel.playOut();
    const [a, b] = duel.fighters;
    duels.push(`${w} ${duel.round} ${a.state}/${a.woundsLeft} ${b.state}/${b.woundsLeft}`);
  }
  if (traced) expect(attacks).toBeGreaterThan(0);
  return { duels, state: dice.rng.state() };
}

describe('per-die duel dice: untraced (rollCode) and traced (rollAttack) play the same duels', () => {
  it('on 12 random duels (policies, knobs, ranged weapons, terrain), 100 duels each', () => {
    for (let k = 0; k < 12; k++) {
      const spec = randomSpec(500 + k, 12);
      const run = play(spec, k, 100, false);
      const traced = play(spec, k, 100, true);
      expect(traced.duels, `spec ${k}`).toEqual(run.duels);
      expect(traced.state, `spec ${k}`).toEqual(run.state);
      // not all alike: the duels really differ from one another
      expect(new Set(run.duels).size, `spec ${k}`).toBeGreaterThan(1);
    }
  });
});
