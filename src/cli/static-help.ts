/**
 * `balance --help` without starting the command line: `npm run build` (scripts/build-cli.mjs)
 * saves the text yargs prints for it, `balance-help.txt` beside main.js, and main.js prints that
 * file when yargs would print the very same bytes. yargs' text depends on three things besides
 * the commands: the language (LC_ALL, LC_MESSAGES, LANG, LANGUAGE, as yargs picks it), the width
 * (`.wrap(min(100, terminal columns))`) and YARGS_DISABLE_WRAP. The file is saved in English at
 * width 100, so it is used only when yargs would choose those too; anything else (another
 * language, a narrower terminal, other arguments) runs yargs as before.
 * test/cli/startup.test.ts compares both outputs byte for byte.
 */

/** The arguments (after `node main.js`) that the saved text answers. */
const HELP_ARGS = ['--help'];

/** The width the text was laid out for (args.ts: `.wrap(Math.min(100, columns || 100))`). */
export const HELP_WIDTH = 100;

/** The locale yargs would pick (yargs-factory.js, kGuessLocale), without encoding or modifier. */
export function yargsLocale(env: NodeJS.ProcessEnv): string {
  const locale = env['LC_ALL'] || env['LC_MESSAGES'] || env['LANG'] || env['LANGUAGE'] || 'en_US';
  return locale.replace(/[.:].*/, '');
}

/**
 * Whether yargs would print exactly the saved text: `balance --help` alone, an English locale
 * (or C/POSIX, which yargs has no translation for and so prints its English keys), wrapping on,
 * and output that is not a terminal narrower than HELP_WIDTH (`columns` is asked only for such a
 * command line: it is process.stdout's, which costs that stream).
 */
export function savedHelpApplies(args: readonly string[], env: NodeJS.ProcessEnv, columns: () => number | undefined): boolean {
  if (args.length !== HELP_ARGS.length || args.some((a, i) => a !== HELP_ARGS[i])) return false;
  if (env['YARGS_DISABLE_WRAP']) return false;
  const width = columns();
  if (width !== undefined && width > 0 && width < HELP_WIDTH) return false;
  return /^(en(_.*)?|C|POSIX)$/.test(yargsLocale(env));
}
