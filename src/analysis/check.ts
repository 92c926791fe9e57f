/**
 * What `balance validate` checks of a study's `meta:` and `solve:` blocks: everything `balance
 * meta` / `balance solve` check before running (the block, the roster, every pair or candidate
 * study), without running anything.
 */
import { setPath } from '../config/sweep.js';
import { loadMetaStudy, planMeta } from './plan-meta.js';
import { candidateStudy, loadSolveStudy, rosterData, rosterStart, targetTask } from './solve-study.js';
import type { Study } from '../config/study.js';
import type { PlannedTask } from '../systems/types.js';

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
    const plan = (study: Study['data']): PlannedTask<unknown>[] => s.study.plugin.plan(study, 1) as PlannedTask<unknown>[];
    if (s.roster) {
      // The roster as the study has it, every loadout's field followed; the target's variant in it.
      const { names, assign } = rosterStart(s);
      const first = rosterData(s, names, assign);
      targetTask(s, plan(candidateStudy(s, first, path)));
    } else {
      for (const v of s.candidates) {
        const d = structuredClone(s.study.raw) as Record<string, unknown>;
        setPath(d, path.split('.'), v);
        // Each candidate's study, and the target's variant, matchup and metric in it.
        targetTask(s, plan(candidateStudy(s, d, `${path}=${String(v)}`)));
      }
    }
    out.push(`solve: ok (${s.candidates.length} candidate values of ${path})`);
  }
  return out;
}
