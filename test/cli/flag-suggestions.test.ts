/** A misspelt flag gets "did you mean --X?" from the command's own options, as misspelt study keys do. */
import { describe, expect, it } from 'vitest';
import { createCli, UsageError, withSuggestions } from '../../src/cli/args.js';
import type { RunIo } from '../../src/cli/run.js';

const io = { stdout: process.stdout, stderr: process.stderr } as unknown as RunIo;

/** The UsageError message yargs' strict mode ends in, without running any command. */
async function usage(argv: string[]): Promise<string> {
  try {
    await createCli(argv, io).parseAsync();
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  return '';
}

describe('unknown flags', () => {
  it('withSuggestions: each unknown flag gets the closest option, others are left alone', () => {
    expect(withSuggestions('Unknown argument: trails', ['trials', 'workers', 'seed'])).toBe('Unknown argument: trails (did you mean --trials?)');
    expect(withSuggestions('Unknown arguments: trails, zzzzzzz', ['trials', 'workers'])).toBe('Unknown arguments: trails (did you mean --trials?), zzzzzzz');
    expect(withSuggestions('Unknown arguments: max-trails, maxTrails', ['max-trials', 'maxTrials'])).toBe('Unknown argument: max-trails (did you mean --max-trials?)');
    expect(withSuggestions('Not enough non-option arguments', ['trials'])).toBe('Not enough non-option arguments');
  });

  it('balance run x.yaml --trails 100 suggests --trials; trace --fight suggests --fights (each command its own options)', async () => {
    expect(await usage(['run', 'x.yaml', '--trails', '100'])).toBe('Unknown argument: trails (did you mean --trials?)');
    expect(await usage(['trace', 'x.yaml', '--fight', '2'])).toBe('Unknown argument: fight (did you mean --fights?)');
    expect(await usage(['run', 'x.yaml', '--wrokers', '2'])).toBe('Unknown argument: wrokers (did you mean --workers?)');
  });
});
