/** Exchange fights as a kernel: one ExchangeFight per task, n fights per chunk into a tally of counts and sums. */
import { RngDice, type Dice } from '../../../dice/dice.js';
import { RecordingDice } from '../../../dice/recording-dice.js';
import { deriveStream, Xoshiro128ss } from '../../../dice/rng.js';
import { BROKE, COLLAPSED, IN_FIGHT } from '../combatant.js';
import type { Kernel } from '../../types.js';
import { ExchangeFight } from './engine.js';
import type { ExchangeFightSpec } from './spec.js';

/** Per character: collapsed, broke, Wounds dealt, Wounds taken, AD on attacks, on responses, on movement. */
export const CHAR_FIELDS = 7;

export function fightLayout(spec: ExchangeFightSpec) {
  const n = spec.fighters.length;
  const nA = spec.fighters.filter((f) => f.side === 0).length;
  const rounds = 6;
  const aStanding = rounds + spec.maxRounds + 1;
  const bStanding = aStanding + nA + 1;
  const chars = bStanding + (n - nA) + 1;
  return { winner: 0, end: 3, rounds, aStanding, bStanding, chars, nA, nB: n - nA, size: chars + n * CHAR_FIELDS };
}

export interface PreparedFight {
  readonly fight: ExchangeFight;
  readonly rng: Xoshiro128ss;
  readonly layout: ReturnType<typeof fightLayout>;
  /** The fight's own dice; a RecordingDice wraps them while a trace observes (the same draws). */
  readonly dice: Dice;
}

export const exchangeFightDice: Kernel<ExchangeFightSpec, PreparedFight> = {
  tallySize: (spec) => fightLayout(spec).size,
  warmup: 256,
  prepare(spec) {
    const rng = new Xoshiro128ss(deriveStream(0));
    const dice = new RngDice(rng);
    return { fight: new ExchangeFight(spec, dice), rng, layout: fightLayout(spec), dice };
  },
  observe(p, observer) {
    p.fight.observer = observer;
    p.fight.dice = observer === null ? p.dice : new RecordingDice(p.dice);
  },
  run(p, state, n, tally) {
    const { fight, rng, layout } = p;
    const count = fight.count;
    rng.setState(state);
    for (let i = 0; i !== n; ++i) {
      fight.play();
      tally[layout.winner + fight.winner]! += 1;
      tally[layout.end + fight.end]! += 1;
      tally[layout.rounds + fight.round]! += 1;
      let a = 0;
      let b = 0;
      for (let f = 0; f < count; f++) {
        const st = fight.chars[f]!.status;
        if (st === IN_FIGHT) {
          if (fight.sideOf[f] === 0) a++;
          else b++;
        }
        const at = layout.chars + f * CHAR_FIELDS;
        if (st === COLLAPSED) tally[at]! += 1;
        if (st === BROKE) tally[at + 1]! += 1;
        tally[at + 2]! += fight.dealt[f]!;
        tally[at + 3]! += fight.taken[f]!;
        tally[at + 4]! += fight.adAttack[f]!;
        tally[at + 5]! += fight.adResponse[f]!;
        tally[at + 6]! += fight.adMove[f]!;
      }
      tally[layout.aStanding + a]! += 1;
      tally[layout.bStanding + b]! += 1;
    }
    rng.saveState(state);
  },
};
