/**
 * fd-writer.ts, the output of the validate bundle: every byte written before write() returns,
 * also to a pipe that another part of the process made non-blocking (EAGAIN), and a closed
 * stdout ends the process with 0.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const WRITER = join(ROOT, 'dist/src/cli/fd-writer.js');

describe('fdWriter', () => {
  it('writes a megabyte whole to a non-blocking pipe, waiting out EAGAIN', () => {
    // Touching process.stdout opens the pipe through libuv, which sets O_NONBLOCK on fd 1.
    const script = `process.stdout; import(${JSON.stringify(WRITER)}).then(({ fdWriter }) => { fdWriter(1).write('x'.repeat(1 << 20) + '\\nend\\n'); });`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', maxBuffer: 4 << 20 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.length).toBe((1 << 20) + 5);
    expect(r.stdout.endsWith('x\nend\n')).toBe(true);
  });

  it('ends the process with 0 when stdout is closed (balance validate x.yaml | true)', () => {
    const main = join(ROOT, 'dist/src/cli/main.js');
    const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${main}" validate configs/d20-attacks.yaml | true`], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
