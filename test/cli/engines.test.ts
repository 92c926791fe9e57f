/**
 * `npm ci` prints an EBADENGINE warning for every installed package whose `engines.node` the Node
 * running it does not satisfy. No package the lock file installs may ask for more than the Node
 * the project names (package.json `engines`), nor more than the Node running the tests. The same
 * check as npm's, with npm's semver. And npm 11 runs no dependency's install script unless
 * package.json `allowScripts` allows it, and lists those it skipped: each needs a decision there.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const require = createRequire(import.meta.url);
const satisfies = require('semver/functions/satisfies') as (version: string, range: string) => boolean;
const minVersion = require('semver/ranges/min-version') as (range: string) => { version: string } | null;

interface Lock {
  packages: Record<string, { version?: string; engines?: { node?: string }; hasInstallScript?: boolean }>;
}

describe('engines', () => {
  it('every package in package-lock.json runs on the project\'s lowest Node and on this one', () => {
    const floor = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    const lowest = minVersion(floor)!.version;
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lock;
    const refused = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, p]) => [lowest, process.version]
        .filter((v) => p.engines?.node !== undefined && !satisfies(v, p.engines.node))
        .map((v) => `${path.replace(/^.*node_modules\//, '')}@${p.version ?? '?'} needs node ${p.engines!.node} (not ${v})`));
    expect(refused).toEqual([]);
  });

  it('every dependency with an install script has a decision in package.json allowScripts (npm 11 lists the others after npm ci)', () => {
    const allow = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lock;
    const undecided = Object.entries(lock.packages)
      .filter(([path, p]) => path !== '' && p.hasInstallScript === true)
      .map(([path]) => path.replace(/^.*node_modules\//, ''))
      .filter((name) => !(name in allow));
    expect(undecided).toEqual([]);
  });
});
