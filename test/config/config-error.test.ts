/** ConfigError is recognised across copies of its module (the bundled CLI has one, the command files another). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, inputError } from '../../src/config/problems.js';
import type * as Problems from '../../src/config/problems.js';
import { ROOT } from '../helpers/cli.js';

describe('ConfigError', () => {
  it('instanceof holds for a ConfigError of another copy of the module, and not for other errors', async () => {
    const other = (await import(join(ROOT, 'dist/src/config/problems.js'))) as typeof Problems;
    expect(other.ConfigError).not.toBe(ConfigError);
    const foreign = other.inputError('--out', 'expected a directory name');
    expect(foreign instanceof ConfigError).toBe(true);
    expect(inputError('--out', 'x') instanceof other.ConfigError).toBe(true);
    expect(new Error('x') instanceof ConfigError).toBe(false);
    expect(Object.assign(new Error('x'), { problems: [] }) instanceof ConfigError).toBe(false);
    expect((JSON.parse('null') as object) instanceof ConfigError).toBe(false);
  });
});
