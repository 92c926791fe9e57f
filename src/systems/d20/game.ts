/**
 * d20 fights as a game (src/games/game.ts): the decision is one creature's declaration in its
 * side's phase (declarations come before anything resolves, seed 003); `apply` records it and plays
 * on: the next creature declares, or the phase resolves (attacks, opportunity attacks, Death &
 * Dying) and the next phases open, up to the next declaration or the end. The same steps as
 * Fight.play(), which the Monte Carlo kernel runs; only who chooses differs.
 */
import type { Dice } from '../../dice/dice.js';
import type { Game, GamePolicy } from '../../games/game.js';
import { DEFAULT_SEARCH_BUDGET, searchPolicy, type SearchPolicy } from '../../games/search.js';
import { Act, ACT_WORDS, DYING, STANDING, type FightSpec } from './creature.js';
import { Fight } from './fight.js';
import { declare } from './policies.js';
import { POLICIES } from './schema.js';

/** One declaration: an Action (creature.ts Act) and its target (a creature index, -1 for none). */
export interface D20Action {
  readonly act: number;
  readonly target: number;
}

/**
 * What the rules let creature i declare (the engine's reading of seed 003, docs/rules/d20.md):
 * - taking its heroic action: an attack on a standing foe in reach (melee: one that did not get
 *   away), or nothing when there is none;
 * - otherwise: an attack on each standing foe in reach and on each foe at 0 HP not yet dead (a hit
 *   kills it), unless its weapon is dropped (then Pick up); Dodge; Dash away, or after any standing
 *   foe; Disengage when next to a foe; Help a standing ally; Stabilize a dying ally (1 Supply; not
 *   one taking its heroic action).
 */
export function legalActions(f: Fight, i: number): D20Action[] {
  const c = f.creatures[i]!;
  const out: D20Action[] = [];
  const side = c.spec.side;
  if (c.heroic) {
    for (const o of f.creatures) {
      if (o.spec.side !== side && o.state === STANDING && (!c.melee || !o.away)) out.push({ act: Act.Attack, target: o.index });
    }
    if (out.length === 0) out.push({ act: Act.None, target: -1 });
    return out;
  }
  let nextToFoe = false;
  for (const o of f.creatures) {
    if (o.spec.side === side) continue;
    if (f.adjacent(i, o.index)) nextToFoe = true;
    if (c.dropped) continue;
    if ((o.state === STANDING && (!c.melee || !o.away)) || o.down) out.push({ act: Act.Attack, target: o.index });
  }
  if (c.dropped) out.push({ act: Act.PickUp, target: -1 });
  out.push({ act: Act.Dodge, target: -1 }, { act: Act.Dash, target: -1 });
  for (const o of f.creatures) if (o.spec.side !== side && o.state === STANDING) out.push({ act: Act.Dash, target: o.index });
  if (nextToFoe) out.push({ act: Act.Disengage, target: -1 });
  for (const o of f.creatures) if (o.spec.side === side && o !== c && o.state === STANDING) out.push({ act: Act.Help, target: o.index });
  if (c.supply > 0) {
    for (const o of f.creatures) if (o.spec.side === side && o !== c && o.state === DYING && !o.heroic) out.push({ act: Act.Stabilize, target: o.index });
  }
  return out;
}

export function describeAction(f: Fight, a: D20Action): string {
  return `${ACT_WORDS[a.act] ?? String(a.act)}${a.target >= 0 ? ` -> ${f.creatures[a.target]?.spec.name ?? String(a.target)}` : ''}`;
}

export const d20Game: Game<Fight, D20Action> = {
  actor: (f) => (f.finished ? -1 : f.phaseSide),
  fighter: (f) => f.cursor,
  legalActions: (f) => legalActions(f, f.cursor),
  same: (a, b) => a.act === b.act && a.target === b.target,
  apply(f, a, dice) {
    f.dice = dice;
    const d = f.declared[f.cursor]!;
    d.act = a.act;
    d.target = a.target;
    // An attack declared on a creature already at 0 HP means to finish it (the engine resolves it so).
    d.finish = a.act === Act.Attack && f.creatures[a.target]!.down;
    f.next();
  },
  clone: (f) => f.clone(),
  isTerminal: (f) => f.finished,
  returns: (f) => (f.winner === 0 ? [1, 0] : f.winner === 1 ? [0, 1] : [0.5, 0.5]),
  evaluate: evaluateFight,
};

/**
 * A fight not over, scored per side for truncated play-outs (search.ts): each side's strength is
 * the sum over its standing creatures of hit points left / maximum; a side's score is its share
 * of the two strengths (0.5 each when neither has any).
 */
export function evaluateFight(f: Fight): number[] {
  let a = 0;
  let b = 0;
  for (const c of f.creatures) {
    if (c.state !== STANDING) continue;
    const share = c.hp / c.spec.creature.hp;
    if (c.spec.side === 0) a += share;
    else b += share;
  }
  return a + b === 0 ? [0.5, 0.5] : [a / (a + b), b / (a + b)];
}

/**
 * The search player for the fighters of `spec` that play `policy: search`; play-outs play every
 * creature by its own policy (tactical for the searching ones).
 */
export function d20Search(spec: FightSpec): SearchPolicy<Fight, D20Action> {
  const own = d20Policy('own');
  return searchPolicy(d20Game, { rollout: [own, own], budget: spec.search ?? DEFAULT_SEARCH_BUDGET });
}

/**
 * A whole fight with searching fighters: as Fight.play(), but a creature with `search` declares
 * what `search` chooses among its legal actions. The search's play-outs are keyed by the fight's
 * stream as it stands at the start (`key`), and never roll the fight's dice.
 */
export function playWithSearch(f: Fight, search: SearchPolicy<Fight, D20Action>, key: number): void {
  search.reseed(key);
  f.begin();
  while (f.cursor >= 0) {
    const c = f.creatures[f.cursor]!;
    if (c.spec.search === true) {
      d20Game.apply(f, search.choose(d20Game, f, legalActions(f, f.cursor), f.dice), f.dice);
    } else {
      declare(f, c, f.declared[f.cursor]!);
      f.next();
    }
  }
}

/** A fight on its first decision (first contact rolled), ready for d20Game. */
export function startFight(spec: FightSpec, dice: Dice): Fight {
  const f = new Fight(spec, dice);
  f.begin();
  return f;
}

/**
 * A named policy (schema POLICIES) as a game policy: every creature it plays declares by that
 * policy; `own`: each by the policy its study entry names.
 */
export function d20Policy(name: (typeof POLICIES)[number] | 'own'): GamePolicy<Fight, D20Action> {
  const p = name === 'own' ? -1 : POLICIES.indexOf(name);
  const d = { act: Act.None as number, target: -1, finish: false };
  return {
    name,
    choose(_game, f, _legal, dice) {
      f.dice = dice;
      const c = f.creatures[f.cursor]!;
      declare(f, c, d, p < 0 ? c.spec.policy : p);
      return { act: d.act, target: d.target };
    },
  };
}
