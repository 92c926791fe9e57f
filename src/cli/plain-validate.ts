/**
 * `balance validate STUDY.yaml` with nothing else: the command line the launcher (launcher.ts) and
 * runCli (cli-run.ts) both recognise, and run without starting yargs (README "Cold start").
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
 * Studies up to this size are validated without V8's optimising compiler (launcher.ts): checking
 * one takes a few tens of milliseconds, too short for optimised code to pay back its compiling
 * (~25% of the command's instructions). A larger study keeps it: parsing megabytes of YAML
 * needs optimised code.
 */
export const QUICK_STUDY_BYTES = 256 * 1024;
