/**
 * `compare:` and `baseline:` (study level, every attack and duel mode): what compare.csv compares
 * besides the variants. `compare: loadouts` (or naming a `baseline:` loadout) compares every
 * side-a loadout with the baseline loadout against each opponent; the baseline defaults to the
 * first side-a loadout of the matchups.
 */
import type { FieldPath } from './problems.js';
import { didYouMean } from './suggest.js';

export interface CompareOption {
  /** Side-a loadouts against this one, or null (variants only). */
  readonly loadouts: { readonly baseline: string } | null;
}

const SIDE_A = ['attacker', 'attackers', 'a', 'sides'] as const;

/** Side-a loadout names in the order the matchups list them. */
function sideA(matchups: unknown): string[] {
  const out: string[] = [];
  if (!Array.isArray(matchups)) return out;
  for (const m of matchups) {
    if (typeof m !== 'object' || m === null) continue;
    for (const k of SIDE_A) {
      const v = (m as Record<string, unknown>)[k];
      for (const name of Array.isArray(v) ? v : [v]) if (typeof name === 'string' && !out.includes(name)) out.push(name);
    }
  }
  return out;
}

export function readCompareOption(data: Record<string, unknown>): { option: CompareOption; problems: { path: FieldPath; message: string }[] } {
  const { compare, baseline } = data;
  const problems: { path: FieldPath; message: string }[] = [];
  const none = { option: { loadouts: null }, problems };
  if (compare !== undefined && compare !== 'variants' && compare !== 'loadouts') {
    problems.push({ path: ['compare'], message: `expected variants or loadouts, received ${JSON.stringify(compare)}` });
  }
  if (baseline !== undefined && typeof baseline !== 'string') problems.push({ path: ['baseline'], message: `expected a loadout name, received ${JSON.stringify(baseline)}` });
  if (problems.length > 0 || (compare !== 'loadouts' && baseline === undefined)) return none;
  if (compare === 'variants') {
    problems.push({ path: ['baseline'], message: 'a baseline loadout compares loadouts: remove it, or set compare: loadouts' });
    return none;
  }
  const names = sideA(data['matchups']);
  if (names.length === 0) {
    problems.push({ path: [baseline === undefined ? 'compare' : 'baseline'], message: 'comparing loadouts needs matchups with side-a loadouts (attack and duel modes)' });
    return none;
  }
  const chosen = (baseline as string | undefined) ?? names[0]!;
  if (!names.includes(chosen)) {
    problems.push({ path: ['baseline'], message: `"${chosen}" is not a side-a loadout of any matchup${didYouMean(chosen, names)}; expected one of ${names.join(', ')}` });
    return none;
  }
  return { option: { loadouts: { baseline: chosen } }, problems };
}
