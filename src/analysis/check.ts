/**
 * What `balance validate` checks of a study's `meta:` and `solve:` blocks: everything `balance
 * meta` / `balance solve` check before running (the block, the roster, every pair or candidate
 * study), without running anything.
 */
import { setPath } from '../config/sweep.js';
import { loadMetaStudy, planMeta } from './plan-meta.js';
import { candidateStudy, loadSolveStudy } from './solve-study.js';

/** One line per analysis block found (throws a ConfigError on the first block with problems). */
export function checkAnalysisBlocks(file: string, data: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  if (data['meta'] !== undefined) {
    const plan = planMeta(loadMetaStudy(file), {});
    out.push(`meta: ok (${plan.names.length} entries, ${plan.tasks.length} ordered pair x variant tasks)`);
  }
  if (data['solve'] !== undefined) {
    const s = loadSolveStudy(file);
    const path = s.study.block.vary.path;
    if (s.roster) candidateStudy(s, structuredClone(s.study.raw) as Record<string, unknown>, path);
    else {
      for (const v of s.candidates) {
        const d = structuredClone(s.study.raw) as Record<string, unknown>;
        setPath(d, path.split('.'), v);
        candidateStudy(s, d, `${path}=${String(v)}`);
      }
    }
    out.push(`solve: ok (${s.candidates.length} candidate values of ${path})`);
  }
  return out;
}
