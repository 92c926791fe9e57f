import { rolldown } from 'rolldown';
import { writeFileSync } from 'node:fs';
const ENTRY = '\0v';
const b = await rolldown({
  input: ENTRY, platform: 'node', logLevel: 'silent',
  plugins: [{ name: 'ext', resolveId(source, importer, options) {
      if (options.kind !== 'dynamic-import' || importer === undefined || !source.startsWith('.')) return null;
      return { id: source, external: true };
    } }, { name: 's', resolveId: (s) => (s === ENTRY ? ENTRY : null), load: (id) => id === ENTRY ? `
import { validateCommand } from '/work/main/dist/src/cli/validate.js';
import { ConfigError, formatProblem } from '/work/main/dist/src/config/problems.js';
validateCommand(process.argv[3], { stdout: process.stdout, stderr: process.stderr }).then(() => { process.exitCode = 0; }, (err) => {
  if (err instanceof ConfigError) { for (const p of err.problems) process.stderr.write(formatProblem(p) + '\\n'); process.exitCode = 2; } else { process.stderr.write(String(err) + '\\n'); process.exitCode = 1; } });
` : null }],
});
const { output } = await b.generate({ format: 'cjs', codeSplitting: false, comments: { legal: true, annotation: false, jsdoc: false } });
writeFileSync('/tmp/snap/v.cjs', '// balance-cli 0123456789abcdef\n' + output[0].code.replace(/\bimport\("(\.{1,2}\/[^"]+)"\)/g, '__balanceImport("$1")'));
console.log(output.length, output[0].code.length);
