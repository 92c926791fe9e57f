/** `balance validate`: load and check a study; print what it would run. */
import { checkAnalysisBlocks } from '../analysis/check.js';
import { parseStudy, readStudyFile } from '../config/load.js';
import { formatProblem } from '../config/problems.js';
import { loadStudy } from '../config/study.js';
import { planStudy } from '../plan/plan.js';
import type { RunIo } from './run.js';

export function validateCommand(file: string, io: RunIo): void {
  const study = loadStudy(file);
  for (const w of study.warnings) io.stderr.write(`${formatProblem(w)}\n`);
  const tasks = planStudy(study, study.data.trials);
  // The `meta:` and `solve:` blocks (balance meta / balance solve), checked as those commands would.
  const analyses = checkAnalysisBlocks(file, parseStudy(file, readStudyFile(file)).data as Record<string, unknown>);
  io.stdout.write(
    `${file}: ok (${study.plugin.system} ${study.plugin.mode}, ${tasks.length} matchup x variant tasks, ${study.data.trials} trials each, seed ${study.data.seed})\n`,
  );
  for (const line of analyses) io.stdout.write(`${file}: ${line}\n`);
}
