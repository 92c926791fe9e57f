/**
 * setV8Flags (launcher.ts): the flags take effect through process.binding('v8') without its
 * deprecation warning, and through node:v8 where process.binding is gone.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const LAUNCHER = join(ROOT, 'dist/src/cli/launcher.js');

/** Sets --allow-natives-syntax in a child (a later `new Function` may then use %-calls) and says whether it took. */
function trySet(removeBinding: boolean): { status: number | null; stdout: string; stderr: string } {
  const script = [
    removeBinding ? 'delete process.binding;' : '',
    `import(${JSON.stringify(LAUNCHER)}).then(({ setV8Flags }) => {`,
    "  setV8Flags('--allow-natives-syntax');",
    "  try { new Function('return %IsSmi(1)')(); console.log('set'); } catch { console.log('not set'); }",
    '});',
  ].join('\n');
  return spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

describe('setV8Flags', () => {
  it('sets the flags through the binding, without a deprecation warning', () => {
    const r = trySet(false);
    expect([r.status, r.stdout.trim(), r.stderr]).toEqual([0, 'set', '']);
  });

  it('sets them through node:v8 where process.binding is gone', () => {
    const r = trySet(true);
    expect([r.status, r.stdout.trim(), r.stderr]).toEqual([0, 'set', '']);
  });
});
