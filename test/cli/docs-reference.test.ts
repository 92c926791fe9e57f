/**
 * The generated reference pages are fresh: docs/reference/study.md (from the zod schemas) and
 * docs/reference/cli.md (from the option table) equal what scripts/docs/ makes from the code now.
 * When this fails, run `npm run docs:gen` and commit the pages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED } from '../../scripts/docs/pages.js';
import { ROOT } from '../helpers/cli.js';

describe('generated reference pages', () => {
  it.each(Object.keys(GENERATED))('%s is what npm run docs:gen writes now', async (file) => {
    const committed = readFileSync(join(ROOT, file), 'utf8');
    const now = await GENERATED[file]!();
    // Not toBe: a stale page fails with one line, not a diff of hundreds of table rows.
    expect(committed === now, `${file} is stale: run npm run docs:gen and commit it`).toBe(true);
  });

  it('the study reference lists every key of every mode\'s JSON Schema', async () => {
    const { PLUGINS } = await import('../../src/systems/registry.js');
    const { modeJsonSchema } = await import('../../src/config/json-schema.js');
    const page = readFileSync(join(ROOT, 'docs/reference/study.md'), 'utf8');
    for (const p of PLUGINS) {
      const section = page.split(`\n## ${p.system} ${p.mode}\n`)[1]!.split('\n## ')[0]!;
      const keys = Object.keys((modeJsonSchema(p)['properties'] as Record<string, unknown>));
      const listed = keys.filter((k) => ['precision', 'maxTrials', 'compare', 'baseline', 'sweep', 'meta', 'solve'].includes(k) || section.includes(`| \`${k}\` |`));
      expect(listed, `${p.system} ${p.mode}`).toEqual(keys);
    }
  });

  it('the CLI reference has a section for every command of balance --help', () => {
    const page = readFileSync(join(ROOT, 'docs/reference/cli.md'), 'utf8');
    for (const command of ['run', 'meta', 'solve', 'exact', 'merge', 'report', 'worker', 'validate', 'trace', 'explain-policy', 'schema', 'serve', 'init']) {
      expect(page).toContain(`\n## balance ${command}\n`);
    }
    // The default worker count is written as what it is, not as this machine's core count.
    const workers = page.split('\n').filter((l) => l.startsWith('| `--workers` |'));
    expect(workers.length).toBeGreaterThan(0);
    for (const line of workers) expect(line).toContain('[default: the number of cores]');
  });

  it('the output columns page names every column each mode writes, in that mode\'s section', async () => {
    const { PLUGINS } = await import('../../src/systems/registry.js');
    const page = readFileSync(join(ROOT, 'docs/reference/outputs.md'), 'utf8');
    for (const p of PLUGINS) {
      const section = page.split(`\n## ${p.system} ${p.mode}\n`)[1]?.split('\n## ')[0] ?? '';
      const columns = [...p.summaryHeader, ...p.distributionHeader, ...Object.values(p.extraFiles ?? {}).flat(), ...(p.exactColumns?.header ?? [])];
      const missing = columns.filter((c) => !new RegExp(`(^|[^\\w])${c}([^\\w]|$)`).test(section));
      expect(missing, `docs/reference/outputs.md, ${p.system} ${p.mode}`).toEqual([]);
    }
  });
});
