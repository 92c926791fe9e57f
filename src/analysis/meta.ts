/**
 * The meta of a roster: the Nash equilibrium of its payoff matrix (which loadouts good players
 * pick, and how often), with intervals from resampled matrices, each loadout's vs-field score,
 * best counter, dominance, the rock-paper-scissors cycles, and one sentence per loadout.
 *
 * Intervals: `resamples` matrices are drawn from the payoff matrix's sampling distribution (each
 * entry normal around its estimate with its standard error, clamped to [-1/2, 1/2], antisymmetry
 * kept), from streams derived from the seed; each is solved; the 2.5% and 97.5% quantiles of a
 * loadout's share are its interval and the fraction of resamples in which its share is positive
 * is p_in_support. Exact payoffs have no sampling error: intervals collapse to the point.
 */
import { deriveStream, hashKey, Xoshiro128ss } from '../dice/rng.js';
import { exploitability, solveSymmetricGame } from './lp.js';
import { payoffInterval, vsField, type PayoffMatrix } from './payoff.js';

/** Shares at or below this are 0 (out of the equilibrium's support). */
export const SUPPORT_EPS = 1e-9;
/** Exact comparisons allow this much rounding. */
const EXACT_EPS = 1e-12;

export interface LoadoutMeta {
  readonly name: string;
  readonly share: number;
  readonly shareLow: number;
  readonly shareHigh: number;
  readonly pInSupport: number;
  /** P(win) + 1/2 P(draw) against the rest of the roster, each opponent equally often. */
  readonly vsField: number;
  readonly vsFieldLow: number;
  readonly vsFieldHigh: number;
  /** The opponent that beats it by the most ('' when nothing beats it). */
  readonly bestCounter: string;
  /** A loadout that does strictly better against every opponent, with 95% confidence (strictly when exact). */
  readonly dominatedBy: string;
  /** Its payoff against the equilibrium mix (0 for loadouts in the support). */
  readonly vsEquilibrium: number;
  readonly sentence: string;
}

export interface MetaResult {
  readonly payoff: PayoffMatrix;
  readonly loadouts: LoadoutMeta[];
  /** Rock-paper-scissors triples, each as [x, y, z]: x beats y, y beats z, z beats x. */
  readonly cycles: [string, string, string][];
  /** How much the best pure strategy gains against the equilibrium found (0 up to rounding). */
  readonly exploitability: number;
  readonly resamples: number;
}

/** A resampled payoff matrix: each entry drawn from its sampling distribution. */
function resample(p: PayoffMatrix, rng: Xoshiro128ss): number[][] {
  const n = p.names.length;
  const out = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const u1 = (rng.nextU32() + 0.5) / 4294967296;
      const u2 = (rng.nextU32() + 0.5) / 4294967296;
      const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
      const v = Math.min(0.5, Math.max(-0.5, p.m[i]![j]! + p.se[i]![j]! * z));
      out[i]![j] = v;
      out[j]![i] = -v;
    }
  }
  return out;
}

/** j strictly better than i against every opponent (including each other). */
export function dominates(m: readonly (readonly number[])[], j: number, i: number, eps: number): boolean {
  if (i === j) return false;
  for (let k = 0; k < m.length; k++) if (!(m[j]![k]! > m[i]![k]! + eps)) return false;
  return true;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** i beats j: clearly (the interval excludes 0) for simulated payoffs, above rounding for exact ones. */
export function beats(p: PayoffMatrix, i: number, j: number): boolean {
  if (i === j) return false;
  return p.exact ? p.m[i]![j]! > EXACT_EPS : payoffInterval(p, i, j).low > 0;
}

/** Every rock-paper-scissors triple of clear wins, once, starting from its first roster member. */
export function findCycles(p: PayoffMatrix): [string, string, string][] {
  const n = p.names.length;
  const out: [string, string, string][] = [];
  const name = (k: number): string => p.names[k]!;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      for (let k = j + 1; k < n; k++) {
        if (beats(p, i, j) && beats(p, j, k) && beats(p, k, i)) out.push([name(i), name(j), name(k)]);
        if (beats(p, i, k) && beats(p, k, j) && beats(p, j, i)) out.push([name(i), name(k), name(j)]);
      }
    }
  }
  return out;
}

export async function analyseMeta(p: PayoffMatrix, opts: { readonly resamples: number; readonly seed: number; readonly key: string }): Promise<MetaResult> {
  const n = p.names.length;
  const eq = await solveSymmetricGame(p.m);
  const shares = eq.shares;
  const resamples = p.exact ? 0 : opts.resamples;
  const drawn: number[][] = Array.from({ length: n }, () => []);
  const dominatedCount = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let b = 0; b < resamples; b++) {
    const rng = new Xoshiro128ss(deriveStream(opts.seed, hashKey(`meta.resample|${opts.key}`), b));
    const m = resample(p, rng);
    const s = (await solveSymmetricGame(m)).shares;
    for (let i = 0; i < n; i++) {
      drawn[i]!.push(s[i]!);
      for (let j = 0; j < n; j++) if (dominates(m, j, i, 0)) dominatedCount[i]![j]!++;
    }
  }
  const vsEq = p.m.map((row) => row.reduce((s, v, j) => s + v * shares[j]!, 0));
  const loadouts = p.names.map((name, i): LoadoutMeta => {
    const sorted = [...drawn[i]!].sort((a, b) => a - b);
    const others = p.names.map((_, j) => j).filter((j) => j !== i);
    const vs = vsField(p, i);
    let counter = -1;
    for (const j of others) if (p.m[j]![i]! > EXACT_EPS && (counter < 0 || p.m[j]![i]! > p.m[counter]![i]!)) counter = j;
    const dominators = others.filter((j) => dominates(p.m, j, i, p.exact ? EXACT_EPS : 0) && (p.exact || dominatedCount[i]![j]! >= 0.95 * resamples));
    dominators.sort((a, b) => shares[b]! - shares[a]! || dominatedCount[i]![b]! - dominatedCount[i]![a]!);
    const share = shares[i]!;
    const inSupport = (x: number): number => (x > SUPPORT_EPS ? 1 : 0);
    return {
      name, share,
      shareLow: resamples > 0 ? quantile(sorted, 0.025) : share,
      shareHigh: resamples > 0 ? quantile(sorted, 0.975) : share,
      pInSupport: resamples > 0 ? sorted.filter((x) => x > SUPPORT_EPS).length / resamples : inSupport(share),
      vsField: vs.estimate, vsFieldLow: vs.low, vsFieldHigh: vs.high,
      bestCounter: counter < 0 ? '' : p.names[counter]!,
      dominatedBy: dominators.length > 0 ? p.names[dominators[0]!]! : '',
      vsEquilibrium: vsEq[i]!,
      sentence: '',
    };
  });
  const result = { payoff: p, loadouts, cycles: findCycles(p), exploitability: exploitability(p.m, shares), resamples };
  return { ...result, loadouts: loadouts.map((l, i) => ({ ...l, sentence: advice(result, i) })) };
}

const pct = (x: number): string => `${(100 * x).toFixed(0)}%`;

/** One sentence a designer can act on, for loadout i. */
export function advice(r: Omit<MetaResult, 'loadouts'> & { loadouts: readonly LoadoutMeta[] }, i: number): string {
  const p = r.payoff;
  const l = r.loadouts[i]!;
  const n = p.names.length;
  const idx = Array.from({ length: n }, (_, k) => k);
  const beaten = idx.filter((k) => beats(p, i, k)).map((k) => p.names[k]!);
  if (l.share > SUPPORT_EPS) {
    const ci = r.resamples > 0 ? ` (95% CI ${pct(l.shareLow)}-${pct(l.shareHigh)})` : '';
    const parts = [`${pct(l.share)} of the equilibrium${ci}`];
    parts.push(beaten.length > 0 ? `beats ${beaten.join(', ')}` : 'beats nothing clearly');
    if (l.bestCounter !== '') parts.push(`countered by ${l.bestCounter}`);
    const tail = l.share >= 1 - SUPPORT_EPS ? ' The only equilibrium pick: nerf it before anything else.' : l.share >= 0.5 ? ' Over half of the meta: the first candidate for a nerf.' : beaten.length === 0 ? ' It is in the mix only because nothing beats it clearly.' : '';
    return `${l.name}: ${parts.join('; ')}.${tail}`;
  }
  if (l.dominatedBy !== '') {
    return `${l.name}: never in the equilibrium; ${l.dominatedBy} does better against every loadout. Give it something ${l.dominatedBy} lacks, or cut it.`;
  }
  const edge = r.resamples > 0 && l.pInSupport >= 0.05 ? ` (but in it in ${pct(l.pInSupport)} of resamples: on the edge)` : '';
  // "loses to everything the axe beats": an equilibrium loadout whose victims all beat this one.
  const cover = idx.find((j) => r.loadouts[j]!.share > SUPPORT_EPS && j !== i && idx.some((k) => beats(p, j, k)) && idx.every((k) => !beats(p, j, k) || k === i || beats(p, k, i)));
  if (cover !== undefined) return `${l.name}: never in the equilibrium${edge}; loses to everything ${p.names[cover]} beats, and ${p.names[cover]} does that job.`;
  const best = idx.filter((k) => k !== i).sort((a, b) => p.m[i]![b]! - p.m[i]![a]!)[0];
  const bestText = best !== undefined ? `; its best matchup is ${p.names[best]} (${(p.m[i]![best]! + 0.5).toFixed(2)})` : '';
  return `${l.name}: never in the equilibrium${edge}; scores ${(l.vsEquilibrium + 0.5).toFixed(2)} against the equilibrium mix${bestText}; it needs ${(-l.vsEquilibrium).toFixed(2)} more against that mix to enter.`;
}
