/** The bundle loader (src/cli/bundle-loader.ts): code cache states, stale caches, imports beside the bundle. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { cacheFileOf, runBundle, wrapBundle } from '../../src/cli/bundle-loader.js';
import { ROOT, tempDir } from '../helpers/cli.js';

let serial = 0;

/**
 * A bundle in a fresh folder, written as the build writes one (the build line, then the code
 * wrapped as a function); its body records that it ran (a unique text, so V8 caches nothing across tests).
 */
function makeBundle(id = '0123456789abcdef', body = '', name = 'balance-cli.cjs'): { dir: string; file: string; source: string } {
  const dir = tempDir();
  const file = join(dir, name);
  const source = `// balance-cli ${id}\n${wrapBundle(`"use strict";\nmodule.exports.ran = ${++serial} + ${Date.now()};\n${body}\n`)}`;
  writeFileSync(file, source);
  return { dir, file, source };
}

describe('bundle loader', () => {
  it('names the cache after the build id on the first line, and nothing for other texts', () => {
    expect(cacheFileOf('/x/balance-cli.cjs', '// balance-cli 00ff00ff00ff00ff\ncode')).toBe('/x/balance-cli.00ff00ff00ff00ff.v8cache');
    expect(cacheFileOf('/x/balance-cli.cjs', 'code\n// balance-cli 00ff00ff00ff00ff\n')).toBeNull();
    expect(cacheFileOf('/x/balance-cli.cjs', '// balance-cli 00FF\ncode')).toBeNull();
    expect(cacheFileOf('/x/balance-validate.cjs', '// balance-cli 00ff00ff00ff00ff\ncode')).toBe('/x/balance-validate.00ff00ff00ff00ff.v8cache');
  });

  it('compiles the file\'s text as it is: a cache made for that very text is used, one for another text is not', () => {
    const b = makeBundle('0a0a0a0a0a0a0a0a', '', 'balance-validate.cjs');
    writeFileSync(cacheFileOf(b.file, b.source)!, new Script(b.source, { filename: b.file }).createCachedData());
    expect(readdirSync(b.dir).filter((f) => f.endsWith('.v8cache'))).toEqual(['balance-validate.0a0a0a0a0a0a0a0a.v8cache']);
    expect(runBundle(b.file, {})).toMatchObject({ state: 'used', exports: { ran: expect.any(Number) } });
    // The loader wrapping the text again (as it once did) would compile another script, whose cache this is not.
    const w = makeBundle('0b0b0b0b0b0b0b0b');
    writeFileSync(cacheFileOf(w.file, w.source)!, new Script(wrapBundle(w.source), { filename: w.file }).createCachedData());
    expect(runBundle(w.file, {}).state).toBe('rejected');
  });

  it('runs the bundle without a cache file (absent) and with BALANCE_CODE_CACHE=off (off)', () => {
    const b = makeBundle();
    const absent = runBundle(b.file, {});
    expect(absent.state).toBe('absent');
    expect(absent.exports).toMatchObject({ ran: expect.any(Number) });
    expect(runBundle(makeBundle().file, { BALANCE_CODE_CACHE: 'off' }).state).toBe('off');
    expect(runBundle(makeBundle('').file, {}).state).toBe('off');
  });

  it('uses a cache made for the same text, and runs from source when V8 rejects a cache', () => {
    const good = makeBundle();
    const cache = new Script(good.source, { filename: good.file }).createCachedData();
    writeFileSync(cacheFileOf(good.file, good.source)!, cache);
    expect(runBundle(good.file, {})).toMatchObject({ state: 'used', exports: { ran: expect.any(Number) } });

    const bad = makeBundle();
    writeFileSync(cacheFileOf(bad.file, bad.source)!, Buffer.from('not a V8 code cache'));
    expect(runBundle(bad.file, {})).toMatchObject({ state: 'rejected', exports: { ran: expect.any(Number) } });
  });

  it('does not read the cache of another build (a rebuilt bundle)', () => {
    const b = makeBundle('1111111111111111');
    writeFileSync(join(b.dir, 'balance-cli.2222222222222222.v8cache'), Buffer.from('stale'));
    expect(runBundle(b.file, {}).state).toBe('absent');
  });

  it('resolves __balanceImport beside the bundle file', async () => {
    const b = makeBundle('abcdefabcdefabcd', 'module.exports.dep = __balanceImport("./dep.mjs");');
    writeFileSync(join(b.dir, 'dep.mjs'), 'export const answer = 42;\n');
    const { exports } = runBundle(b.file, {});
    await expect((exports as { dep: Promise<{ answer: number }> }).dep).resolves.toMatchObject({ answer: 42 });
  });

  it('BALANCE_CODE_CACHE=write writes the cache at exit, which the next process uses', () => {
    const b = makeBundle('feedfacefeedface');
    const loader = join(ROOT, 'dist/src/cli/bundle-loader.js');
    const script = `import(${JSON.stringify(loader)}).then((m) => console.log(m.runBundle(${JSON.stringify(b.file)}, process.env).state))`;
    const run = (env: Record<string, string>) => spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, ...env } });
    expect(run({ BALANCE_CODE_CACHE: 'write' }).stdout.trim()).toBe('off');
    expect(readdirSync(b.dir).filter((f) => f.endsWith('.v8cache'))).toEqual(['balance-cli.feedfacefeedface.v8cache']);
    expect(existsSync(cacheFileOf(b.file, b.source)!)).toBe(true);
    expect(run({}).stdout.trim()).toBe('used');
  });
});
