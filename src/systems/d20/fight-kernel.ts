/** d20 fights as a kernel: one Fight per task, n fights per chunk into a tally of histograms. */
import { RngDice, type Dice } from '../../dice/dice.js';
import { RecordingDice } from '../../dice/recording-dice.js';
import { deriveStream, streamKeyOf, Xoshiro128ss } from '../../dice/rng.js';
import type { SearchPolicy } from '../../games/search.js';
import type { Kernel } from '../types.js';
import { d20Search, playWithSearch, type D20Action } from './game.js';
import { DEAD, Fight, HEROES, type FightSpec } from './fight.js';

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
  /** The search player, when a fighter plays `policy: search`. */
  readonly search: SearchPolicy<Fight, D20Action> | null;
  readonly rng: Xoshiro128ss;
  readonly dice: Dice;
  readonly layout: ReturnType<typeof fightLayout>;
}

export const d20FightDice: Kernel<FightSpec, Prepared> = {
  tallySize: (spec) => fightLayout(spec).size,
  warmup: 256,
  warmupFor: (spec) => (spec.search === undefined ? 256 : 0),
  prepare(spec) {
    const rng = new Xoshiro128ss(deriveStream(0));
    const dice = new RngDice(rng);
    const search = spec.fighters.some((f) => f.search === true) ? d20Search(spec) : null;
    return { fight: new Fight(spec, dice), search, rng, dice, layout: fightLayout(spec) };
  },
  run(p, state, n, tally) {
    const { fight, rng, layout, search } = p;
    rng.setState(state);
    for (let i = 0; i !== n; ++i) {
      let r: { winner: number; rounds: number };
      if (search === null) r = fight.play();
      else {
        playWithSearch(fight, search, streamKeyOf(rng));
        r = fight;
      }
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
