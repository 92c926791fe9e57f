/**
 * The search of `balance solve`: over an ordered list of candidate values of one field, find the
 * two neighbours whose metric brackets the target (bisection, so a monotone metric needs about
 * log2(n) evaluations). Simulated metrics are refined (the trials doubled, up to a ceiling) while
 * their 95% interval still contains the target or either edge of the tolerance band, so each side
 * of the bracket, and whether a candidate is within tolerance, is known with 95% confidence when
 * the ceiling allows; whether the metric looked monotone over the values tried is checked.
 */

/** One evaluated candidate. */
export interface Point {
  readonly index: number;
  readonly value: string | number | boolean;
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  /** Trials behind the estimate, or null when exact. */
  readonly trials: number | null;
}

export type Evaluate = (index: number, trials: number) => Promise<Point>;

export interface SearchOptions {
  readonly target: number;
  readonly tolerance: number;
  /** Trials of a first evaluation. */
  readonly trials: number;
  /** Ceiling when refining near the crossing. */
  readonly maxTrials: number;
}

export interface SearchResult {
  /** Every candidate evaluated (its last evaluation), in the order of the values. */
  readonly points: Point[];
  /** Neighbouring candidates on either side of the target, or null when the target is not crossed. */
  readonly bracket: readonly [Point, Point] | null;
  /** Both ends of the bracket are on their side of the target with 95% confidence (always, when exact). */
  readonly confirmed: boolean;
  /** The candidate closest to the target. */
  readonly best: Point;
  /** The best candidate is within the tolerance of the target (by its estimate when undecided). */
  readonly hit: boolean;
  /**
   * Evaluated candidates whose 95% interval still straddles an edge of the tolerance band at the
   * trial ceiling: whether they are within tolerance is undecided (empty when exact).
   */
  readonly undecided: Point[];
  /** Change of the metric per step of the candidate list across the bracket (or the whole range). */
  readonly sensitivityPerStep: number;
  readonly monotone: boolean;
  readonly warnings: string[];
}

/** Which side of the target a point is on: +1 at or above, -1 below. */
export function side(p: Point, target: number): 1 | -1 {
  return p.estimate >= target ? 1 : -1;
}

/** The interval still contains `x`: more trials could move the point to the other side of it. */
function straddles(p: Point, x: number): boolean {
  return p.trials !== null && p.low <= x && x <= p.high;
}

/** More trials could change a verdict: the side of the target, or being within the tolerance. */
function ambiguous(p: Point, target: number, tolerance: number): boolean {
  return straddles(p, target) || straddles(p, target - tolerance) || straddles(p, target + tolerance);
}

/** First neighbouring pair of indices whose points lie on different sides (a scan; used by tests too). */
export function scanBracket(points: readonly Point[], target: number): [number, number] | null {
  for (let i = 0; i + 1 < points.length; i++) if (side(points[i]!, target) !== side(points[i + 1]!, target)) return [i, i + 1];
  return null;
}

/** Points (in order of value) that go against the overall direction by more than their intervals allow. */
export function monotoneViolations(points: readonly Point[]): [Point, Point][] {
  if (points.length < 3) return [];
  const up = points[points.length - 1]!.estimate >= points[0]!.estimate;
  const out: [Point, Point][] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i]!, points[i + 1]!];
    const against = up ? b.high < a.low : b.low > a.high;
    const exactAgainst = a.trials === null && b.trials === null && (up ? b.estimate < a.estimate - 1e-12 : b.estimate > a.estimate + 1e-12);
    if (against || exactAgainst) out.push([a, b]);
  }
  return out;
}

export async function bracketSearch(n: number, evaluate: Evaluate, o: SearchOptions): Promise<SearchResult> {
  const known = new Map<number, Point>();
  const warnings: string[] = [];
  const at = async (i: number): Promise<Point> => {
    let p = known.get(i) ?? (await evaluate(i, o.trials));
    while (ambiguous(p, o.target, o.tolerance) && p.trials !== null && p.trials * 2 <= o.maxTrials) p = await evaluate(i, p.trials * 2);
    known.set(i, p);
    return p;
  };
  let lo = 0;
  let hi = n - 1;
  const first = await at(lo);
  const last = await at(hi);
  const crossed = side(first, o.target) !== side(last, o.target);
  if (crossed) {
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (side(await at(mid), o.target) === side(first, o.target)) lo = mid;
      else hi = mid;
    }
  } else {
    warnings.push(`the target ${o.target} is not crossed between ${String(first.value)} (${first.estimate.toFixed(4)}) and ${String(last.value)} (${last.estimate.toFixed(4)})`);
  }
  const points = [...known.values()].sort((a, b) => a.index - b.index);
  const violations = monotoneViolations(points);
  for (const [a, b] of violations) {
    warnings.push(`the metric is not monotone over the values tried: ${String(a.value)} gives ${a.estimate.toFixed(4)}, ${String(b.value)} gives ${b.estimate.toFixed(4)}; the bracket may not be the only crossing`);
  }
  const bracket = crossed ? ([known.get(lo)!, known.get(hi)!] as const) : null;
  const open = bracket === null ? [] : bracket.filter((p) => straddles(p, o.target));
  if (open.length > 0) {
    const which = open.length === 1 ? `the interval of ${String(open[0]!.value)} still contains` : `the intervals of ${String(open[0]!.value)} and ${String(open[1]!.value)} still contain`;
    warnings.push(`at ${o.maxTrials} trials ${which} the target: raise --max-trials to tell which side ${open.length === 1 ? 'it' : 'each'} is on`);
  }
  const best = points.reduce((b, p) => (Math.abs(p.estimate - o.target) < Math.abs(b.estimate - o.target) ? p : b));
  const band = [o.target - o.tolerance, o.target + o.tolerance];
  const undecided = points.filter((p) => band.some((x) => straddles(p, x)));
  for (const p of undecided) {
    warnings.push(`at ${o.maxTrials} trials the interval of ${String(p.value)} (${p.low.toFixed(4)}-${p.high.toFixed(4)}) still straddles ${o.target} ± ${o.tolerance}: whether it is within tolerance is undecided; raise --max-trials`);
  }
  const [s0, s1] = bracket ?? [first, last];
  const steps = s1.index - s0.index;
  return {
    points, bracket, confirmed: bracket !== null && open.length === 0, best, hit: Math.abs(best.estimate - o.target) <= o.tolerance, undecided,
    sensitivityPerStep: steps > 0 ? (s1.estimate - s0.estimate) / steps : 0, monotone: violations.length === 0, warnings,
  };
}
