/**
 * `balance validate STUDY.yaml` with nothing else: the command line the launcher (launcher.ts) and
 * runCli (cli-run.ts) both recognise, and run without starting yargs (docs/development.md, "How the command line starts fast").
 */

/**
 * The study of `validate STUDY` with no other word and no flag, else null. The name must end in
 * .yaml or .yml (so that yargs could not read it as a flag or a number): yargs hands such a word
 * to the validate handler as it is.
 */
export function plainValidate(argv: readonly string[]): string | null {
  const [command, study, ...rest] = argv;
  if (command !== 'validate' || study === undefined || rest.length > 0) return null;
  return !study.startsWith('-') && /\.ya?ml$/i.test(study) ? study : null;
}

/**
 * Studies up to this size are validated by the validate bundle under QUICK_V8_FLAGS (launcher.ts):
 * without V8's optimising compiler, with a young generation that does not grow. A larger study
 * keeps the defaults: parsing megabytes of YAML needs optimised code.
 */
export const QUICK_STUDY_BYTES = 256 * 1024;

/**
 * The V8 flags of a quick validate (launcher.ts), which its code cache is written under (V8 keys a
 * cache to its flags):
 * - `--no-opt`: checking a small study takes a few tens of milliseconds, too short for optimised
 *   code to pay back its compiling (~25% of the command's instructions);
 * - `--semi-space-growth-factor=1`: the young generation keeps its first size instead of doubling
 *   as objects survive. The short process then touches ~2 MB less fresh memory (550 fewer page
 *   faults, at ~11 µs each on the reference machine) for the same instruction count.
 */
export const QUICK_V8_FLAGS = '--no-opt --semi-space-growth-factor=1';
