/** `balance validate`: load and check a study; print what it would run. */
import { formatProblem } from '../config/problems.js';
import { loadStudy } from '../config/study.js';
import { planStudy } from '../plan/plan.js';
import type { RunIo } from './run.js';
import { listTasks } from './trace.js';

/** With `list`, also one line per task of the expanded plan (the indices balance trace takes). */
export function validateCommand(file: string, io: RunIo, list = false): void {
  const study = loadStudy(file);
  for (const w of study.warnings) io.stderr.write(`${formatProblem(w)}\n`);
  const tasks = planStudy(study, study.data.trials);
  io.stdout.write(
    `${file}: ok (${study.plugin.system} ${study.plugin.mode}, ${tasks.length} matchup x variant tasks, ${study.data.trials} trials each, seed ${study.data.seed})\n`,
  );
  if (list) io.stdout.write(`${listTasks(tasks).join('\n')}\n`);
}
