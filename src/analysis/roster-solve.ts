/**
 * The second form of `balance solve`: balance a roster. The varied path has a `*` standing for
 * each roster loadout (`loadouts.*.fighter.wounds`); a reference met on the way (the loadout's
 * `fighter: veteran`) is followed into its own copy for that loadout (`fighters.veteran@sword`),
 * so each loadout's field moves alone. One field at a time (the loadout furthest from even, to a
 * neighbouring candidate value) is changed while that brings the scores closer to 1/2 (a smaller
 * sum of squared distances), until every score is within the tolerance or no change of a loadout
 * outside it improves (which is said).
 */
import type { SolveReport, SolveRow } from '../report/solve.js';
import { rosterScores, type EvalOptions } from './run-solve.js';
import { rosterData, rosterStart, type SolveStudy } from './solve-study.js';

export async function balanceRoster(s: SolveStudy, e: EvalOptions, trials: number): Promise<SolveReport> {
  const a = s.study;
  const { target, vary } = a.block;
  const { names, assign } = rosterStart(s);
  const field = vary.path.split('.').at(-1)!;
  const rows: SolveRow[] = [];
  let step = 0;
  type Evaluation = { scores: { estimate: number }[]; distance: number; at: number };
  const seen = new Map<string, Evaluation>();
  const evaluate = async (as: ReadonlyMap<string, number>): Promise<Evaluation> => {
    const id = names.map((n) => as.get(n)).join(',');
    const known = seen.get(id);
    if (known !== undefined) return known;
    const r = await rosterScores(s, rosterData(s, names, as), trials, e, e.seed ?? 1);
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
