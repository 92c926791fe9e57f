/** The tool's version, read from package.json once. */
import { readFileSync } from 'node:fs';

function readVersion(): string {
  const url = [new URL('../../package.json', import.meta.url), new URL('../../../package.json', import.meta.url)];
  for (const u of url) {
    try {
      const pkg = JSON.parse(readFileSync(u, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'tabletop-balance' && pkg.version) return pkg.version;
    } catch {
      // try the next location (src/ and dist/src/ sit at different depths)
    }
  }
  return 'unknown';
}

export const VERSION = readVersion();
