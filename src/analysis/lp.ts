/**
 * The Nash equilibrium of a symmetric zero-sum game, by linear programming with HiGHS (the `highs`
 * npm package: the HiGHS solver compiled to WebAssembly, shipped inside the package).
 *
 * For a payoff matrix M (M[i][j] = what strategy i scores against j, M[j][i] = -M[i][j]) the row
 * player's maximin mix x solves: maximise v subject to sum_i x_i M[i][j] >= v for every column j,
 * sum_i x_i = 1, x >= 0. The game's value is 0; x is an equilibrium strategy for both players.
 */
import highsImport, { type Highs } from 'highs';

// The package is CommonJS with an ES module build: Node loads build/highs.mjs, whose default export
// is the loader; its types describe the CommonJS side, so TypeScript needs to be told.
type Solver = Highs;
const highsLoader = highsImport as unknown as () => Promise<Solver>;
let solver: Promise<Solver> | null = null;

/** Loads the WebAssembly solver once per process. */
function highs(): Promise<Solver> {
  solver ??= highsLoader();
  return solver;
}

/** One coefficient in CPLEX LP text: full precision, sign written apart. */
function term(coef: number, name: string): string {
  const sign = coef < 0 ? '-' : '+';
  return `${sign} ${String(Math.abs(coef))} ${name}`;
}

/** The LP in CPLEX LP format (what HiGHS reads). */
export function equilibriumLp(m: readonly (readonly number[])[]): string {
  const n = m.length;
  const rows: string[] = [];
  for (let j = 0; j < n; j++) {
    const terms = m.map((row, i) => term(row[j]!, `x${i}`)).join(' ');
    rows.push(` c${j}: ${terms} - v >= 0`);
  }
  const sum = Array.from({ length: n }, (_, i) => `+ x${i}`).join(' ');
  return ['Maximize', ' obj: v', 'Subject To', ...rows, ` s: ${sum} = 1`, 'Bounds', ' v free', 'End', ''].join('\n');
}

export interface Equilibrium {
  /** The mix: share of each strategy, summing to 1. */
  readonly shares: number[];
  /** The game's value found by the solver (0 for a symmetric game, up to rounding). */
  readonly value: number;
}

/** Solves the symmetric zero-sum game `m` (square, antisymmetric) for an equilibrium mix. */
export async function solveSymmetricGame(m: readonly (readonly number[])[]): Promise<Equilibrium> {
  const n = m.length;
  if (n === 0) throw new Error('solveSymmetricGame: empty matrix');
  if (n === 1) return { shares: [1], value: 0 };
  const h = await highs();
  const result = h.solve(equilibriumLp(m), { presolve: 'off', solver: 'simplex' });
  if (result.Status !== 'Optimal') throw new Error(`the equilibrium LP was not solved: ${result.Status}`);
  const cols = result.Columns as Record<string, { Primal: number }>;
  const raw = Array.from({ length: n }, (_, i) => Math.max(0, cols[`x${i}`]?.Primal ?? 0));
  const total = raw.reduce((s, x) => s + x, 0);
  return { shares: raw.map((x) => x / total), value: result.ObjectiveValue };
}

/**
 * How much the best pure strategy gains against the mix: max_i sum_j M[i][j] x_j. At an
 * equilibrium of a symmetric zero-sum game this is 0 (up to rounding); an independent check of
 * whatever the solver returned.
 */
export function exploitability(m: readonly (readonly number[])[], mix: readonly number[]): number {
  let best = -Infinity;
  for (const row of m) {
    let s = 0;
    for (let j = 0; j < row.length; j++) s += row[j]! * mix[j]!;
    best = Math.max(best, s);
  }
  return best;
}
