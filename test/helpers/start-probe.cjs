// `node --require ./start-probe.cjs ...` (test/cli/startup.test.ts): at exit, writes to $PROBE_LOG
// how many Intl.Segmenter objects the process built and which Node built-in modules it loaded.
'use strict';
const { writeFileSync } = process.getBuiltinModule('node:fs');

let segmenters = 0;
const Real = Intl.Segmenter;
Intl.Segmenter = class extends Real {
  constructor(...args) {
    super(...args);
    segmenters++;
  }
};
process.on('exit', () => {
  const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
  writeFileSync(process.env.PROBE_LOG, JSON.stringify({ segmenters, builtins }));
});
