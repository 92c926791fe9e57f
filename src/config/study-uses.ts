/**
 * What a study is for, decided from its top-level blocks: the one rule every command follows
 * (validate, run, exact, trace, explain-policy, serve and the library through config/study.ts;
 * meta and solve through analysis/study.ts).
 * - `matchups:` (d20 fights: `sides:`) makes a study for `balance run` (and exact, trace, serve);
 * - `meta:` for `balance meta`, `solve:` for `balance solve`;
 * - a study with none of these is taken as a run study, so its missing `matchups:` is reported.
 * A study may be for several: `balance validate` checks each use it has.
 */
import type { FieldPath } from '../common/field-path.js';

export type StudyUse = 'run' | 'meta' | 'solve';

const has = (data: unknown, key: string): boolean =>
  typeof data === 'object' && data !== null && (data as Record<string, unknown>)[key] !== undefined;

export type PlayKey = 'matchups' | 'sides';

/** What a mode's study lists to play: `matchups`, or `sides` for modes without matchups (d20 fights). */
export function playKeyOf(schema: unknown): PlayKey {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape === undefined || shape['matchups'] !== undefined ? 'matchups' : 'sides';
}

/** The uses of a parsed study, in the order run, meta, solve (never empty); `playKey`: playKeyOf the mode's schema. */
export function studyUses(data: unknown, playKey: PlayKey = 'matchups'): StudyUse[] {
  const uses: StudyUse[] = [];
  if (has(data, playKey) || (!has(data, 'meta') && !has(data, 'solve'))) uses.push('run');
  if (has(data, 'meta')) uses.push('meta');
  if (has(data, 'solve')) uses.push('solve');
  return uses;
}

const COMMAND: Record<StudyUse, string> = { run: 'balance run', meta: 'balance meta', solve: 'balance solve' };

/**
 * Why the study cannot be used so (where in the file, and what to do), or null when it can.
 * `playKey`: what the mode plays (`matchups`, or `sides` for d20 fights).
 */
export function useProblem(data: unknown, use: StudyUse, playKey: PlayKey = 'matchups'): { path: FieldPath; message: string } | null {
  const uses = studyUses(data, playKey);
  if (uses.includes(use)) return null;
  const others = uses.map((u) => COMMAND[u]).join(' or ');
  if (use === 'run') {
    const blocks = uses.map((u) => `${u}:`).join(' and ');
    return { path: [playKey], message: `missing: this study has no ${playKey}: to play, only a ${blocks} block (run it with ${others})` };
  }
  return { path: [], message: `no ${use}: block; ${COMMAND[use]} needs one (this study is for ${others})` };
}
