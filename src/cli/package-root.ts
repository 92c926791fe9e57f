/** The package's root folder (src/ and dist/src/ sit at different depths below it). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'tabletop-balance') return dir;
      } catch {
        // not ours; keep climbing
      }
    }
    dir = dirname(dir);
  }
  throw new Error('cannot find the tabletop-balance package folder');
}
