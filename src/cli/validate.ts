/** `balance validate`: load and check a study; print what it would run. */
import { parseStudy } from '../config/load.js';
import { readStudyFile } from '../config/read-file.js';
import { formatProblem, oneLine } from '../config/problems.js';
import { pickPlugin, studyOf } from '../config/study.js';
import { playKeyOf, studyUses } from '../config/study-uses.js';
import { planStudy } from '../plan/plan.js';
import type { RunIo } from './run.js';

/** With `list`, also one line per task of the expanded plan (the indices balance trace takes). */
export async function validateCommand(file: string, io: RunIo, list = false): Promise<void> {
  // Parsed once: the `meta:` and `solve:` blocks are looked at in the same parse.
  const loaded = parseStudy(file, readStudyFile(file));
  // Each use the study has is checked as its command would (study-uses.ts decides them for every command).
  const plugin = pickPlugin(loaded);
  const uses = studyUses(loaded.data, playKeyOf(plugin.schema));
  const data = loaded.data as Record<string, unknown>;
  let summary: string;
  let tasks: ReturnType<typeof planStudy> = [];
  if (uses.includes('run')) {
    const study = studyOf(loaded);
    for (const w of study.warnings) io.stderr.write(`${formatProblem(w)}\n`);
    tasks = planStudy(study, study.data.trials);
    summary = `${study.plugin.system} ${study.plugin.mode}, ${tasks.length} matchup x variant tasks, ${study.data.trials} trials each, seed ${study.data.seed}`;
  } else {
    summary = `${plugin.system} ${plugin.mode}, nothing to run; for ${uses.map((u) => `balance ${u}`).join(' and ')}`;
  }
  // The `meta:` and `solve:` blocks (balance meta / balance solve), checked as those commands would.
  // Loaded only for studies that have them: the solver pulls in the engine, which validate avoids.
  const analyses = data['meta'] !== undefined || data['solve'] !== undefined
    ? (await import('../analysis/check.js')).checkAnalysisBlocks(file, data)
    : [];
  io.stdout.write(`${oneLine(file)}: ok (${summary})\n`);
  for (const line of analyses) io.stdout.write(`${oneLine(`${file}: ${line}`)}\n`);
  if (list && tasks.length > 0) io.stdout.write(`${(await import('./trace.js')).listTasks(tasks).map(oneLine).join('\n')}\n`);
}
