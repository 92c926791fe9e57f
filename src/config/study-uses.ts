/**
 * What a study is for, decided from its top-level blocks: the one rule every command follows
 * (validate, run, exact, trace, explain-policy, serve and the library through config/study.ts;
 * meta and solve through analysis/study.ts).
 * - `matchups:` makes a study for `balance run` (and exact, trace, serve);
 * - `meta:` for `balance meta`, `solve:` for `balance solve`;
 * - a study with none of these is taken as a run study, so its missing `matchups:` is reported.
 * A study may be for several: `balance validate` checks each use it has.
 */
import type { FieldPath } from './problems.js';

export type StudyUse = 'run' | 'meta' | 'solve';

const has = (data: unknown, key: string): boolean =>
  typeof data === 'object' && data !== null && (data as Record<string, unknown>)[key] !== undefined;

/** The uses of a parsed study, in the order run, meta, solve (never empty). */
export function studyUses(data: unknown): StudyUse[] {
  const uses: StudyUse[] = [];
  if (has(data, 'matchups') || (!has(data, 'meta') && !has(data, 'solve'))) uses.push('run');
  if (has(data, 'meta')) uses.push('meta');
  if (has(data, 'solve')) uses.push('solve');
  return uses;
}

const COMMAND: Record<StudyUse, string> = { run: 'balance run', meta: 'balance meta', solve: 'balance solve' };

/** Why the study cannot be used so (where in the file, and what to do), or null when it can. */
export function useProblem(data: unknown, use: StudyUse): { path: FieldPath; message: string } | null {
  const uses = studyUses(data);
  if (uses.includes(use)) return null;
  const others = uses.map((u) => COMMAND[u]).join(' or ');
  if (use === 'run') {
    const blocks = uses.map((u) => `${u}:`).join(' and ');
    return { path: ['matchups'], message: `missing: this study has no matchups: to play, only a ${blocks} block (run it with ${others})` };
  }
  return { path: [], message: `no ${use}: block; ${COMMAND[use]} needs one (this study is for ${others})` };
}
