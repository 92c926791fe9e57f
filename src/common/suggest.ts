/** "did you mean ...?" for misspelt names and keys. */

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = Math.min(up + 1, row[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length]!;
}

/** The closest candidate within a few edits (or sharing a prefix), or null. */
export function closest(word: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestScore = Infinity;
  const w = word.toLowerCase();
  for (const c of candidates) {
    const cl = c.toLowerCase();
    let score = distance(w, cl);
    if (cl.startsWith(w) || w.startsWith(cl)) score = Math.min(score, 1.5);
    if (score < bestScore) [best, bestScore] = [c, score];
  }
  const limit = Math.max(2, Math.floor(word.length / 3));
  return best !== null && bestScore <= limit ? best : null;
}

export function didYouMean(word: string, candidates: Iterable<string>): string {
  const c = closest(word, candidates);
  return c === null ? '' : ` (did you mean "${c}"?)`;
}
