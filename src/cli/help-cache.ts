/**
 * yargs lays out the help text of every command it runs, right after starting the handler, and
 * keeps it for a later `showHelp()` or a failure that prints help. This CLI does neither (its
 * `.fail()` throws, and errors are one line each), so for `balance validate` that layout was pure
 * cost: ~10 ms of CPU, most of it ICU's start for `Intl.Segmenter` (string widths). Help that is
 * asked for (`--help`, `validate --help`) is laid out as before: yargs takes the uncached path.
 */
import type { Argv } from 'yargs';

/** The part of yargs' internals this touches (yargs 18: usage.cacheHelpMessage in command.js). */
interface WithUsage {
  getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void } };
}

export function skipHelpCache(cli: Argv): Argv {
  const usage = (cli as unknown as WithUsage).getInternalMethods().getUsageInstance();
  usage.cacheHelpMessage = (): void => {};
  return cli;
}
