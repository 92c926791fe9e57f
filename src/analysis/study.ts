/**
 * Loading a study for an analysis (`balance meta`, `balance solve`): the study's own fields are
 * validated by its mode's schema as for `run`, but once per point the analysis builds from it (one
 * per roster pair, one per candidate value); the analysis block has its own small schema. Every
 * problem is placed in the file (FILE:LINE:COL path: message).
 */
import type { z } from 'zod';
import { MAX_PROBLEMS } from '../config/limits.js';
import { parseStudy, type LoadedStudy } from '../config/load.js';
import { readStudyFile } from '../config/read-file.js';
import { formatPath, type FieldPath } from '../common/field-path.js';
import { ConfigError, type Problem } from '../config/problems.js';
import { pickPlugin, type Study } from '../config/study.js';
import { playKeyOf, useProblem } from '../config/study-uses.js';
import { validate } from '../config/validate.js';
import type { AnyModePlugin } from '../systems/types.js';

export interface AnalysisStudy<Block> {
  readonly file: string;
  readonly hash: string;
  readonly plugin: AnyModePlugin;
  readonly loaded: LoadedStudy;
  /** The study's fields without the analysis blocks (and without sweep / precision / maxTrials). */
  readonly raw: Readonly<Record<string, unknown>>;
  /** The validated analysis block. */
  readonly block: Block;
  readonly warnings: Problem[];
}

/** Reads STUDY and its `name:` block (validated by `schema`), or throws a ConfigError. */
export function loadAnalysisStudy<S extends z.ZodType>(file: string, name: 'meta' | 'solve', schema: S): AnalysisStudy<z.output<S>> {
  const text = readStudyFile(file);
  const loaded = parseStudy(file, text);
  const plugin = pickPlugin(loaded);
  const data = loaded.data as Record<string, unknown>;
  const { meta: _meta, solve: _solve, sweep, precision: _p, maxTrials: _m, ...raw } = data;
  const notFor = useProblem(data, name, playKeyOf(plugin.schema));
  if (notFor !== null) throw new ConfigError([loaded.problemAt(notFor.path, notFor.message)]);
  const warnings: Problem[] = [];
  if (sweep !== undefined) warnings.push(loaded.problemAt(['sweep'], `warning: balance ${name} ignores sweep:`, true));
  const inBlock: LoadedStudy = {
    ...loaded, data: data[name],
    problemAt: (path, message, atKey) => loaded.problemAt([name, ...path], message, atKey),
  };
  const block = validate(inBlock, schema);
  let hash: string | undefined;
  return {
    // sha256 on first use, as for a run's study (config/study.ts): `balance validate` checks these
    // blocks without reading it, and loading node:crypto costs its start ~3 ms.
    get hash(): string {
      return (hash ??= process.getBuiltinModule('node:crypto').createHash('sha256').update(text).digest('hex'));
    },
    file, plugin, loaded, raw, block, warnings,
  };
}

/**
 * Validates one point of the analysis (the study with some fields set) like `run` validates a
 * study. Problems are reported where the file has them; problems in the fields the analysis set
 * (`at.roots`, or all of them) are reported at `at.path`, prefixed with `at.what`.
 */
export function validatePoint<B>(
  a: AnalysisStudy<B>, data: Record<string, unknown>, at?: { path: FieldPath; what: string; roots?: readonly string[] },
): Study['data'] {
  const mine = (path: FieldPath): boolean => at !== undefined && (at.roots === undefined || at.roots.includes(String(path[0])));
  const place = (path: FieldPath, message: string, atKey = false): Problem =>
    !mine(path) ? a.loaded.problemAt(path, message, atKey) : a.loaded.problemAt(at!.path, `${at!.what}: ${path.length > 0 ? `${formatPath(path)}: ` : ''}${message}`, true);
  const loaded: LoadedStudy = { ...a.loaded, data, problemAt: place };
  const study = validate(loaded, a.plugin.schema) as Study['data'];
  const checked = a.plugin.check(study);
  const errors = checked.filter((p) => !p.warning);
  if (errors.length > 0) throw new ConfigError(errors.map((p) => place(p.path, p.message, p.atKey ?? false)));
  for (const w of checked.filter((p) => p.warning)) {
    // At most MAX_PROBLEMS warnings are kept (each point repeats the study's own).
    if (a.warnings.length >= MAX_PROBLEMS) break;
    const placed = place(w.path, w.message, w.atKey ?? false);
    if (!a.warnings.some((x) => x.message === `warning: ${placed.message}` && x.line === placed.line)) a.warnings.push({ ...placed, message: `warning: ${placed.message}` });
  }
  return study;
}
