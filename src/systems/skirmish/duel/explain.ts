/**
 * A solved policy as a readable decision list (`balance explain-policy`): the decision states of
 * one side that solved play reaches most often, with what the solved table does there. The
 * occupancy of a state is the probability that a duel reaches it (the exact walker, playing the
 * same table, reports every action boundary with its probability); states that differ only in
 * the round or the distance and share the decision are grouped into one line.
 */
import { Action } from './actions.js';
import { stopReason } from './choices.js';
import { contextCode, moveKind } from './decisions.js';
import { exactDuel } from './exact.js';
import { crawlAllowance } from '../fight-rules.js';
import type { SolvedTable } from './solved-table.js';
import type { DuelSpec } from './setup.js';
import { NAMED, solveModes, solvePlay } from './solved-policy.js';
import type { SideMode } from './solve.js';
import { FIGHTER_FIELDS } from './state.js';

export const ACTION_NAMES = [
  'nothing', 'Move toward', 'Move away', 'Charge', 'Melee', 'Ranged', 'Cast', 'Aim', 'Brace', 'Retreat', 'Hide', 'Mercy Kill', 'Recover', 'Crawl away',
] as const;
const STATE_WORDS = ['Active', 'Downed', 'Stunned', 'Out of Action'] as const;

export interface Explained {
  readonly side: number;
  /** What the listed side plays: its best response, or its part of the minimax solution. */
  readonly kind: 'best response' | 'optimal';
  /** The solver's value, P(a wins) + 1/2 P(draw), under the play explained. */
  readonly value: number;
  /** Decision states of the side reached with probability > 0. */
  readonly states: number;
  /** Groups of states with their decision, most likely first. */
  readonly lines: readonly string[];
  /** Each line's p: the probability a duel reaches the group's states, summed over them (the expected number of such decisions per duel). */
  readonly p: readonly number[];
}

/** Integers as ranges: 1, 2, 3, 5 -> "1-3, 5". */
export function ranges(xs: readonly number[]): string {
  const v = [...new Set(xs)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < v.length; i++) {
    let j = i;
    while (j + 1 < v.length && v[j + 1] === v[j]! + 1) j++;
    out.push(j === i ? `${v[i]}` : `${v[i]}-${v[j]}`);
    i = j;
  }
  return out.join(', ');
}

/** Distances: the values when few, else their span. */
function inches(xs: readonly number[]): string {
  const v = [...new Set(xs)].sort((a, b) => a - b);
  const f = (x: number): string => `${Number(x.toFixed(2))}"`;
  return v.length <= 3 ? v.map(f).join(', ') : `${f(v[0]!)}-${f(v[v.length - 1]!)}`;
}

function fighterWords(s: readonly number[], at: number, name: string): string {
  const flags = [s[at + 4] === 1 ? 'aimed' : '', s[at + 3] === 1 ? 'braced' : '', s[at + 7] === 1 ? 'hidden' : ''].filter((x) => x !== '');
  return `${name} ${STATE_WORDS[s[at]!]!} ${s[at + 1]!}W${flags.length > 0 ? ` ${flags.join(' ')}` : ''}`;
}

/**
 * The table's action at a boundary in words; a move with its length and where it stops (the
 * table's pick for the move's length, decisions.ts), e.g. `Move toward 3" (stop at 6": in its
 * range)`. A Move away from an engaged Active enemy is a Retreat (its length as when the check passes).
 */
function actionText(table: SolvedTable, r: number, s: number, which: number, st: readonly number[], a: Action): string {
  if (a !== Action.MoveToward && a !== Action.MoveAway && a !== Action.CrawlAway) return ACTION_NAMES[a]!;
  const duel = table.view(r, which, st);
  if (duel === null) return ACTION_NAMES[a]!;
  const moving = a === Action.MoveAway && duel.engagedWithActive(s) ? Action.Retreat : a;
  const f = duel.fighters[s]!;
  const allowance = a === Action.CrawlAway ? crawlAllowance(f.movement) : f.movement;
  const inches = table.innerPick(duel, contextCode(moveKind(moving), s, false, s, which, a));
  if (Number.isNaN(inches)) return ACTION_NAMES[moving]!;
  const to = a === Action.MoveToward ? Math.max(0, duel.distance - inches) : duel.distance + inches;
  const why = stopReason(duel, s, moving, allowance, inches);
  const where = why === 'full Movement' || why === '' ? (why === '' ? '' : ` (${why})`) : ` (stop at ${Number(to.toFixed(2))}": ${why})`;
  return `${ACTION_NAMES[moving]!} ${Number(inches.toFixed(2))}"${where}`;
}

/**
 * Which side to explain and how: a side the study solves (best-response / optimal) as the study
 * plays it (its solved sides play the table, the others their named policy); `side` if given,
 * else the first solved side. A side the study plays named, or a study without solved sides: the
 * minimax solution, both sides playing it.
 */
export function explainModes(spec: Pick<DuelSpec, 'solved'>, side: number | undefined): {
  side: number; modes: [SideMode, SideMode]; play: [boolean, boolean]; kind: Explained['kind'];
} {
  const solved = spec.solved ?? [NAMED, NAMED];
  const s = side ?? (solved[0] !== NAMED ? 0 : solved[1] !== NAMED ? 1 : 0);
  const modes = solveModes(solved);
  if (modes !== null && solved[s] !== NAMED) {
    return { side: s, modes, play: [solved[0] !== NAMED, solved[1] !== NAMED], kind: modes[1 - s] === 'named' ? 'best response' : 'optimal' };
  }
  return { side: s, modes: ['solved', 'solved'], play: [true, true], kind: 'optimal' };
}

export function explainPolicy(spec: DuelSpec, side: number | undefined, top: number): Explained {
  const { side: s, modes, play, kind } = explainModes(spec, side);
  const solvedPlay = solvePlay(spec, modes, play);
  const table = solvedPlay.policy.table;
  const names = [spec.a.name, spec.b.name];
  const groups = new Map<string, { p: number; rounds: number[]; distances: number[]; text: string }>();
  let states = 0;
  exactDuel(spec, solvedPlay.policy, undefined, (r, side2, which, st, p) => {
    if (side2 !== s || p <= 0) return;
    states++;
    const a = table.get(r, s, which, st);
    const left = st[2 * FIGHTER_FIELDS + 1]!;
    const what = `${fighterWords(st, 0, `a ${names[0]!}`)}, ${fighterWords(st, FIGHTER_FIELDS, `b ${names[1]!}`)}; ${left} action${left === 1 ? '' : 's'} left`;
    const decision = a === -1 ? '(named policy)' : actionText(table, r, s, which, st, a);
    const key = `${what}|${decision}`;
    const g = groups.get(key) ?? { p: 0, rounds: [], distances: [], text: `${what}: ${decision}` };
    g.p += p;
    g.rounds.push(r);
    g.distances.push(st[2 * FIGHTER_FIELDS]!);
    groups.set(key, g);
  });
  const sorted = [...groups.values()].sort((x, y) => y.p - x.p).slice(0, top);
  const lines = sorted.map((g) => {
    const rs = ranges(g.rounds);
    return `round${rs.includes('-') || rs.includes(',') ? 's' : ''} ${rs}; ${inches(g.distances)} apart; ${g.text} (p=${g.p.toFixed(3)})`;
  });
  return { side: s, kind, value: solvedPlay.value, states, lines, p: sorted.map((g) => g.p) };
}
