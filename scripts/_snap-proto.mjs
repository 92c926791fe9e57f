import { rolldown } from 'rolldown';
import { writeFileSync } from 'node:fs';
const ENTRY = '\0snap';
const b = await rolldown({
  input: ENTRY, platform: 'node', logLevel: 'warn',
  plugins: [{ name: 'ext', resolveId(source, importer, options) {
      if (options.kind !== 'dynamic-import' || importer === undefined || !source.startsWith('.')) return null;
      if (/(validate|args|help-cache)\.js$/.test(source)) return null;
      return { id: source, external: true };
    } }, { name: 's', resolveId: (s) => (s === ENTRY ? ENTRY : null), load: (id) => id === ENTRY ? `
import { runCli } from '/work/main/dist/src/cli/cli-run.js';
const v8 = require('node:v8');
const sink = { write() { return true; } };
const train = ['skirmish-weapons-vs-armour.yaml','skirmish-duel-melee.yaml'];
(async () => { for (const f of process.env.TRAIN.split(',')) { const c = await runCli(['validate', f], { stdout: sink, stderr: sink }); } })();
v8.startupSnapshot.setDeserializeMainFunction(() => {
  void runCli(process.argv.slice(1), { stdout: process.stdout, stderr: process.stderr }).then((code) => { process.exitCode = code; });
});
` : null }],
});
const { output } = await b.generate({ format: 'cjs', codeSplitting: false });
writeFileSync('/tmp/snap/snap-entry.cjs', output[0].code);
console.log(output.length, output[0].code.length);
