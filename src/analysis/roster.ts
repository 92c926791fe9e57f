/**
 * How a roster entry becomes one side of a task, per mode. `balance meta` plays every ordered pair
 * of the roster; each mode that can be played that way registers a RosterMode here saying what a
 * roster entry is and how two entries make a study whose only matchup is the pair. Adding a mode
 * (battles, say) = one entry in ROSTER_MODES.
 */
import { z } from 'zod';
import { MAX_TASKS } from '../config/limits.js';
import { didYouMean } from '../common/suggest.js';
import type { FieldPath } from '../common/field-path.js';

export interface RosterProblem {
  readonly path: FieldPath;
  readonly message: string;
}

/**
 * At most this many roster entries: every ordered pair is validated and played, so 400 entries
 * kept `balance validate` busy for minutes (160,000 pairs) before anything ran.
 */
export const MAX_ROSTER = 100;

/** A roster over MAX_ROSTER entries, or one whose ordered pairs x variants exceed MAX_TASKS, as a problem at meta.roster. */
export function rosterSizeProblem(names: readonly string[], raw: Readonly<Record<string, unknown>>): RosterProblem | null {
  if (names.length > MAX_ROSTER) return { path: ['meta', 'roster'], message: `${names.length} entries; a roster may have at most ${MAX_ROSTER}` };
  const v = raw['variants'];
  const variants = v !== null && typeof v === 'object' ? Math.max(1, Object.keys(v).length) : 1;
  const tasks = names.length * (names.length - 1) * variants;
  if (tasks > MAX_TASKS) return { path: ['meta', 'roster'], message: `the roster would plan ${tasks} ordered pair x variant tasks; at most ${MAX_TASKS} are allowed` };
  return null;
}

/** The `meta:` block as written (roster shape checked per mode). */
export const metaBlockSchema = z.strictObject({
  roster: z.union([z.array(z.string()).min(2), z.record(z.string(), z.array(z.unknown()).min(1))]),
  /** One policy for every entry, or one per entry name (modes whose matchups name policies). */
  policy: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
  /** Resampled payoff matrices behind the share intervals, p_in_support and dominance. */
  resamples: z.number().int().min(20).max(100_000).default(200),
});
export type MetaBlock = z.output<typeof metaBlockSchema>;

export interface RosterMode {
  /** The names of the roster's entries, or problems (paths inside the study). */
  names(raw: Readonly<Record<string, unknown>>, meta: MetaBlock): { names: string[]; problems: RosterProblem[] };
  /** The study (unvalidated) in which entry `x` is side a and entry `y` side b, and nothing else is played. */
  pair(raw: Readonly<Record<string, unknown>>, meta: MetaBlock, x: string, y: string): Record<string, unknown>;
}

function policyOf(meta: MetaBlock, name: string): string | undefined {
  return typeof meta.policy === 'string' ? meta.policy : meta.policy?.[name];
}

/** Duels: the roster lists loadouts; a pair is the matchup `{ a: x, b: y }` with the roster's policies. */
const duelRoster: RosterMode = {
  names(raw, meta) {
    const problems: RosterProblem[] = [];
    if (!Array.isArray(meta.roster)) return { names: [], problems: [{ path: ['meta', 'roster'], message: 'expected a list of loadout names' }] };
    const roster = meta.roster;
    const loadouts = Object.keys((raw['loadouts'] ?? {}) as object);
    roster.forEach((n, i) => {
      if (!loadouts.includes(n)) problems.push({ path: ['meta', 'roster', i], message: `unknown loadout "${n}"${didYouMean(n, loadouts)}` });
      if (roster.indexOf(n) !== i) problems.push({ path: ['meta', 'roster', i], message: `"${n}" is in the roster twice` });
    });
    if (meta.policy !== undefined && typeof meta.policy !== 'string') {
      for (const k of Object.keys(meta.policy)) {
        if (!roster.includes(k)) problems.push({ path: ['meta', 'policy', k], message: `"${k}" is not in the roster${didYouMean(k, roster)}` });
      }
    }
    return { names: roster, problems };
  },
  pair(raw, meta, x, y) {
    const pa = policyOf(meta, x);
    const pb = policyOf(meta, y);
    const matchup = { a: x, b: y, ...(pa !== undefined ? { policyA: pa } : {}), ...(pb !== undefined ? { policyB: pb } : {}) };
    return { ...structuredClone(raw), matchups: [matchup] };
  },
};

/**
 * d20 fights: the roster maps party names to lists of fighters; a pair is heroes x against enemies y.
 * `meta.policy` (one policy, or one per party name) replaces the policy of every fighter of the
 * party (`search`: the equilibrium of good players).
 */
const partyRoster: RosterMode = {
  names(_raw, meta) {
    if (Array.isArray(meta.roster)) {
      return { names: [], problems: [{ path: ['meta', 'roster'], message: 'expected a mapping of party name -> list of fighters (as in sides.heroes)' }] };
    }
    const problems: RosterProblem[] = [];
    const names = Object.keys(meta.roster);
    if (meta.policy !== undefined && typeof meta.policy !== 'string') {
      for (const k of Object.keys(meta.policy)) {
        if (!names.includes(k)) problems.push({ path: ['meta', 'policy', k], message: `"${k}" is not in the roster${didYouMean(k, names)}` });
      }
    }
    if (names.length < 2) problems.push({ path: ['meta', 'roster'], message: 'needs at least 2 parties' });
    return { names, problems };
  },
  pair(raw, meta, x, y) {
    const roster = meta.roster as Record<string, unknown[]>;
    const party = (name: string): unknown[] => {
      const policy = policyOf(meta, name);
      const list = structuredClone(roster[name]!);
      if (policy === undefined) return list;
      return list.map((e) => (e !== null && typeof e === 'object' && !Array.isArray(e) ? { ...e, policy } : { loadout: e, policy }));
    };
    return { ...structuredClone(raw), sides: { heroes: party(x), enemies: party(y) } };
  },
};

/** What run.json and the report say about the roster's policy: `meta.policy` as written, or that each entry plays its own. */
export function rosterPolicy(meta: MetaBlock): string {
  if (meta.policy === undefined) return "each entry's own (the study's, default tactical in fights)";
  if (typeof meta.policy === 'string') return meta.policy;
  return Object.entries(meta.policy).map(([k, v]) => `${k}: ${v}`).join(', ');
}

/** Modes `balance meta` can play, by `system.mode`. */
export const ROSTER_MODES: Readonly<Record<string, RosterMode>> = {
  'skirmish.duel': duelRoster,
  'exchange.duel': duelRoster,
  'd20.fight': partyRoster,
};
