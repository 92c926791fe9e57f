/** d20 fights as a kernel: one Fight per task, n fights per chunk into a tally of histograms. */
import { RngDice, type Dice } from '../../../dice/dice.js';
import { RecordingDice } from '../../../dice/recording-dice.js';
import { deriveStream, Xoshiro128ss } from '../../../dice/rng.js';
import type { Kernel } from '../../types.js';
import { DEAD, Fight, HEROES, type FightSpec } from './engine.js';

export function fightLayout(spec: FightSpec) {
  const heroes = spec.fighters.filter((f) => f.side === HEROES);
  const maxHp = heroes.reduce((s, f) => s + f.creature.hp, 0);
  const winner = 0;
  const rounds = 3;
  const heroesDead = rounds + spec.maxRounds + 1;
  const heroDead = heroesDead + heroes.length + 1;
  const hpLeft = heroDead + heroes.length;
  return { winner, rounds, heroesDead, heroDead, hpLeft, heroes: heroes.length, maxHp, size: hpLeft + maxHp + 1 };
}

interface Prepared {
  readonly fight: Fight;
  readonly rng: Xoshiro128ss;
  readonly dice: Dice;
  readonly layout: ReturnType<typeof fightLayout>;
}

export const d20FightDice: Kernel<FightSpec, Prepared> = {
  tallySize: (spec) => fightLayout(spec).size,
  warmup: 256,
  prepare(spec) {
    const rng = new Xoshiro128ss(deriveStream(0));
    const dice = new RngDice(rng);
    return { fight: new Fight(spec, dice), rng, dice, layout: fightLayout(spec) };
  },
  run(p, state, n, tally) {
    const { fight, rng, layout } = p;
    rng.setState(state);
    for (let i = 0; i !== n; ++i) {
      const r = fight.play();
      tally[layout.winner + r.winner]! += 1;
      tally[layout.rounds + r.rounds]! += 1;
      let dead = 0;
      let hp = 0;
      let h = 0;
      for (const c of fight.creatures) {
        if (c.spec.side !== HEROES) continue;
        if (c.state === DEAD) {
          dead++;
          tally[layout.heroDead + h]! += 1;
        }
        hp += c.hp;
        h++;
      }
      tally[layout.heroesDead + dead]! += 1;
      tally[layout.hpLeft + hp]! += 1;
    }
    rng.saveState(state);
  },
  observe(p, observer) {
    p.fight.observer = observer;
    p.fight.dice = observer === null ? p.dice : new RecordingDice(p.dice);
  },
};
