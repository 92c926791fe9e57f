/**
 * Matchup entries name two sides, each either once (`attacker: x`) or as a list (`attackers: [...]`:
 * every pair). The same expansion and reference checks serve every system and mode.
 */
import { didYouMean } from '../common/suggest.js';
import type { StudyProblem } from './types.js';

/** The key pairs of one side: e.g. ['attacker', 'attackers'] or ['a', 'sides']. */
export type SideKeys = readonly [one: string, many: string];

export const ATTACK_SIDES: readonly [SideKeys, SideKeys] = [['attacker', 'attackers'], ['defender', 'defenders']];
export const DUEL_SIDES: readonly [SideKeys, SideKeys] = [['a', 'sides'], ['b', 'opponents']];

type Entry = object;

function names(entry: Entry, [one, many]: SideKeys): string[] {
  const e = entry as Record<string, unknown>;
  const list = e[many];
  if (Array.isArray(list)) return list as string[];
  return typeof e[one] === 'string' ? [e[one]] : [];
}

export interface Pair<M> {
  readonly index: number;
  readonly first: string;
  readonly second: string;
  readonly entry: M;
}

/** Every first x second pair of every entry, in the order written. */
export function expandPairs<M extends Entry>(entries: readonly M[], sides: readonly [SideKeys, SideKeys]): Pair<M>[] {
  return entries.flatMap((entry, index) =>
    names(entry, sides[0]).flatMap((first) => names(entry, sides[1]).map((second) => ({ index, first, second, entry }))));
}

/** Each side given once (one key or the other) and naming loadouts that exist. */
export function checkPairs(entries: readonly Entry[], sides: readonly [SideKeys, SideKeys], loadouts: Readonly<Record<string, unknown>>): StudyProblem[] {
  const problems: StudyProblem[] = [];
  const known = Object.keys(loadouts);
  entries.forEach((entry, i) => {
    const e = entry as Record<string, unknown>;
    for (const [one, many] of sides) {
      if (e[one] !== undefined && e[many] !== undefined) problems.push({ path: ['matchups', i, many], message: `give either ${one} or ${many}, not both` });
      if (e[one] === undefined && e[many] === undefined) problems.push({ path: ['matchups', i], message: `missing ${one} (or ${many}: a list)` });
      const refs: [string, (string | number)[]][] = typeof e[one] === 'string' ? [[e[one], ['matchups', i, one]]] : [];
      if (Array.isArray(e[many])) (e[many] as string[]).forEach((n, j) => refs.push([n, ['matchups', i, many, j]]));
      for (const [name, path] of refs) {
        if (!(name in loadouts)) problems.push({ path, message: `unknown loadout "${name}"${didYouMean(name, known)}` });
      }
    }
  });
  return problems;
}
