/**
 * The second form of `balance solve`: balance a roster. The varied path has a `*` standing for
 * each roster loadout (`loadouts.*.fighter.wounds`); a reference met on the way (the loadout's
 * `fighter: veteran`) is followed into its own copy for that loadout (`fighters.veteran@sword`),
 * so each loadout's field moves alone. One field at a time (the loadout furthest from even, to a
 * neighbouring candidate value) is changed while that brings the scores closer to 1/2 (a smaller
 * sum of squared distances), until every score is within the tolerance or no change of a loadout
 * outside it improves (which is said).
 */
import { ConfigError } from '../config/problems.js';
import type { SweepValue } from '../config/sweep.js';
import type { SolveReport, SolveRow } from '../report/solve.js';
import { rosterScores, type EvalOptions } from './run-solve.js';
import { candidateStudy, type SolveStudy } from './solve-study.js';

type Obj = Record<string, unknown>;

/** Walks `parts` (with `*` = loadout) to the object holding the last field, giving the loadout its own copy of a referenced profile. */
function holder(data: Obj, parts: readonly string[], loadout: string, copy: boolean): Obj | null {
  let node: Obj = data;
  for (let k = 0; k < parts.length - 1; k++) {
    const part = parts[k] === '*' ? loadout : parts[k]!;
    const next = node[part];
    if (typeof next === 'string' && k > 0) {
      const table = data[`${part}s`] as Record<string, Obj> | undefined;
      if (table === undefined || !(next in table)) return null;
      const own = next.endsWith(`@${loadout}`) ? next : `${next}@${loadout}`;
      if (!copy) {
        node = table[next]!;
        continue;
      }
      table[own] ??= structuredClone(table[next]!);
      node[part] = own;
      node = table[own]!;
    } else if (next !== null && typeof next === 'object' && !Array.isArray(next)) {
      node = next as Obj;
    } else {
      return null;
    }
  }
  return node;
}

/** Sets the field `parts` (with `*` = loadout) for one loadout alone, copying a shared profile it references. */
export function setRosterField(data: Obj, parts: readonly string[], loadout: string, value: SweepValue): boolean {
  const h = holder(data, parts, loadout, true);
  if (h === null) return false;
  h[parts[parts.length - 1]!] = value;
  return true;
}

export async function balanceRoster(s: SolveStudy, e: EvalOptions, trials: number): Promise<SolveReport> {
  const a = s.study;
  const { target, vary } = a.block;
  const names = Array.isArray(s.meta!.roster) ? s.meta!.roster : null;
  const place = (message: string) => new ConfigError([a.loaded.problemAt(['solve', 'vary', 'path'], message)]);
  if (names === null) throw place('a path with * names roster loadouts: the roster must be a list of loadouts');
  const parts = vary.path.split('.');
  const field = parts[parts.length - 1]!;
  const key = (v: SweepValue): string => String(v);
  const assign = new Map<string, number>();
  for (const n of names) {
    const h = holder(a.raw as Obj, parts, n, false);
    if (h === null || !(field in h)) throw place(`cannot follow ${vary.path} for loadout ${n}`);
    const i = s.candidates.findIndex((c) => key(c) === key(h[field] as SweepValue));
    if (i < 0) throw place(`${n}'s current ${field} (${String(h[field])}) is not among the candidate values`);
    assign.set(n, i);
  }
  const dataFor = (as: ReadonlyMap<string, number>): Obj => {
    const d = structuredClone(a.raw) as Obj;
    for (const n of names) setRosterField(d, parts, n, s.candidates[as.get(n)!]!);
    candidateStudy(s, d, `${vary.path} = ${names.map((n) => `${n}:${String(s.candidates[as.get(n)!])}`).join(' ')}`);
    return d;
  };
  const rows: SolveRow[] = [];
  let step = 0;
  type Evaluation = { scores: { estimate: number }[]; distance: number; at: number };
  const seen = new Map<string, Evaluation>();
  const evaluate = async (as: ReadonlyMap<string, number>): Promise<Evaluation> => {
    const id = names.map((n) => as.get(n)).join(',');
    const known = seen.get(id);
    if (known !== undefined) return known;
    const r = await rosterScores(s, dataFor(as), trials, e, e.seed ?? 1);
    step++;
    const at = rows.length;
    names.forEach((n, k) => {
      const f = r.scores[k]!;
      rows.push({ step, loadout: n, path: vary.path.replace('*', n), value: s.candidates[as.get(n)!]!, metric: 'vs_field', estimate: f.estimate, low: f.low, high: f.high, trials: r.trials, role: '' });
    });
    // How far the roster is from even: the sum of squared distances of the scores from the target.
    const distance = r.scores.reduce((sum, f) => sum + (f.estimate - target.value) ** 2, 0);
    seen.set(id, { scores: r.scores, distance, at });
    return seen.get(id)!;
  };
  const mark = (at: number, role: string): void => {
    for (let k = 0; k < names.length; k++) rows[at + k] = { ...rows[at + k]!, role };
  };
  let current = await evaluate(assign);
  mark(current.at, 'start');
  const stuck = new Set<string>();
  const changes: string[] = [];
  for (let round = 0; round < names.length * s.candidates.length; round++) {
    const order = names.map((n, k) => ({ n, d: Math.abs(current.scores[k]!.estimate - target.value) }))
      .filter((x) => x.d > target.tolerance && !stuck.has(x.n)).sort((x, y) => y.d - x.d);
    const w = order[0];
    if (w === undefined) break;
    let best: { as: Map<string, number>; r: Evaluation } | null = null;
    for (const delta of [-1, 1]) {
      const i = assign.get(w.n)! + delta;
      if (i < 0 || i >= s.candidates.length) continue;
      const as = new Map(assign).set(w.n, i);
      const r = await evaluate(as);
      if (rows[r.at]!.role === '') mark(r.at, 'rejected');
      if (best === null || r.distance < best.r.distance) best = { as, r };
    }
    if (best !== null && best.r.distance < current.distance - 1e-12) {
      changes.push(`${w.n}: ${String(s.candidates[assign.get(w.n)!])} -> ${String(s.candidates[best.as.get(w.n)!])}`);
      for (const [n, i] of best.as) assign.set(n, i);
      current = best.r;
      mark(current.at, 'accepted');
      stuck.clear();
    } else {
      stuck.add(w.n);
    }
  }
  mark(current.at, 'final');
  const final = rows.slice(current.at, current.at + names.length);
  const off = final.filter((r) => Math.abs(r.estimate - target.value) > target.tolerance);
  const setting = final.map((r) => `${r.loadout} ${String(r.value)}`).join(', ');
  const recommendation = off.length === 0
    ? `Every loadout's vs-field score is within ${target.tolerance} of ${target.value} with ${field}: ${setting}${changes.length > 0 ? ` (changed ${changes.join('; ')})` : ' (as the study has it)'}.`
    : `No change of one ${field} by one step improves further; best found: ${setting}${changes.length > 0 ? ` (changed ${changes.join('; ')})` : ''}. Still outside ${target.value} ± ${target.tolerance}: ${off.map((r) => `${r.loadout} ${r.estimate.toFixed(3)}`).join(', ')}; another field (or a finer one) is needed.`;
  return {
    title: '', target: `every vs_field = ${target.value} ± ${target.tolerance}, varying ${vary.path}`, rows,
    curve: rows.filter((r) => r.role === 'start' || r.role === 'accepted' || r.role === 'final'), curveBy: 'step', recommendation,
    warnings: [], targetValue: target.value, tolerance: target.tolerance,
  };
}
