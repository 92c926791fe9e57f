/**
 * `compare:` and `baseline:` (study level, every attack and duel mode): what compare.csv compares
 * besides the variants. `compare: loadouts` (or naming a `baseline:` loadout) compares every
 * side-a loadout with the baseline loadout against each opponent; `compare: loadouts-b` every
 * side-b loadout (defender, b, opponents) with the baseline against each side-a loadout. The
 * baseline defaults to the first loadout of that side in the matchups.
 */
import type { FieldPath } from '../common/field-path.js';
import { didYouMean } from '../common/suggest.js';

export interface CompareOption {
  /** The side's loadouts against this one, or null (variants only). */
  readonly loadouts: { readonly baseline: string; readonly side: 'a' | 'b' } | null;
}

const SIDE_KEYS = { a: ['attacker', 'attackers', 'a', 'sides'], b: ['defender', 'defenders', 'b', 'opponents'] } as const;

/** One side's loadout names in the order the matchups list them. */
function sideNames(matchups: unknown, side: 'a' | 'b'): string[] {
  const out: string[] = [];
  if (!Array.isArray(matchups)) return out;
  for (const m of matchups) {
    if (typeof m !== 'object' || m === null) continue;
    for (const k of SIDE_KEYS[side]) {
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
  if (compare !== undefined && compare !== 'variants' && compare !== 'loadouts' && compare !== 'loadouts-b') {
    problems.push({ path: ['compare'], message: `expected variants, loadouts or loadouts-b, received ${JSON.stringify(compare)}` });
  }
  if (baseline !== undefined && typeof baseline !== 'string') problems.push({ path: ['baseline'], message: `expected a loadout name, received ${JSON.stringify(baseline)}` });
  if (problems.length > 0 || (compare !== 'loadouts' && compare !== 'loadouts-b' && baseline === undefined)) return none;
  if (compare === 'variants') {
    problems.push({ path: ['baseline'], message: 'a baseline loadout compares loadouts: remove it, or set compare: loadouts (or loadouts-b)' });
    return none;
  }
  const side = compare === 'loadouts-b' ? 'b' : 'a';
  const names = sideNames(data['matchups'], side);
  if (names.length === 0) {
    problems.push({ path: [baseline === undefined ? 'compare' : 'baseline'], message: `comparing loadouts needs matchups with side-${side} loadouts (attack and duel modes)` });
    return none;
  }
  const chosen = (baseline as string | undefined) ?? names[0]!;
  if (!names.includes(chosen)) {
    const other = side === 'a' && sideNames(data['matchups'], 'b').includes(chosen) ? ' (it is a side-b loadout: compare: loadouts-b compares those)' : '';
    problems.push({ path: ['baseline'], message: `"${chosen}" is not a side-${side} loadout of any matchup${other}${didYouMean(chosen, names)}; expected one of ${names.join(', ')}` });
    return none;
  }
  return { option: { loadouts: { baseline: chosen, side } }, problems };
}
