/** Exact totals of Exchange rolls (convolution, Edge included) and the exact outcome of one Exchange. */
import { exchangeCode, NO_RESPONSE, resolveTotals, type ExchangeKnobs, type ExchangeSpec } from './rules.js';

/** P(total = t) for n dice with the given Edge. */
export function totalDistribution(n: number, edge: number, knobs: ExchangeKnobs): Float64Array {
  const faces = knobs.faces;
  const p = 1 / faces.length;
  const maxFace = Math.max(...faces);
  if (n <= 0) return Float64Array.of(1);
  if (edge === 0) {
    let cur = Float64Array.of(1);
    for (let i = 0; i < n; i++) {
      const next = new Float64Array(cur.length + maxFace);
      cur.forEach((q, s) => faces.forEach((f) => (next[s + f] = next[s + f]! + q * p)));
      cur = next;
    }
    return cur;
  }
  // Track (sum, kept extreme): the lowest for Advantage, the highest for Disadvantage.
  const extra = knobs.edge === 'extra-die';
  const count = extra ? n + 1 : n;
  const width = maxFace + 1;
  let cur = new Map<number, number>([[-1, 1]]); // key: sum * width + extreme; -1 = no die yet
  for (let i = 0; i < count; i++) {
    const next = new Map<number, number>();
    for (const [key, q] of cur) {
      for (const f of faces) {
        const sum = key < 0 ? f : Math.floor(key / width) + f;
        const ext = key < 0 ? f : edge > 0 ? Math.min(key % width, f) : Math.max(key % width, f);
        const k = sum * width + ext;
        next.set(k, (next.get(k) ?? 0) + q * p);
      }
    }
    cur = next;
  }
  const out = new Float64Array(count * maxFace + maxFace + 1);
  for (const [key, q] of cur) {
    const base = Math.floor(key / width) - (key % width);
    if (extra) out[base] = out[base]! + q;
    else for (const f of faces) out[base + f] = out[base + f]! + q * p;
  }
  return out;
}

export function exchangeExact(spec: ExchangeSpec): Float64Array {
  const att = totalDistribution(spec.attDice, spec.attEdge, spec.knobs);
  const def = spec.response === NO_RESPONSE ? Float64Array.of(1) : totalDistribution(spec.defDice, spec.defEdge, spec.knobs);
  const out = new Float64Array((spec.maxAtt + spec.maxDef + 1) * 81);
  att.forEach((pa, a) => {
    if (pa === 0) return;
    def.forEach((pd, d) => {
      if (pd === 0) return;
      const code = exchangeCode(spec, resolveTotals(spec, a, d));
      out[code] = out[code]! + pa * pd;
    });
  });
  return out;
}
