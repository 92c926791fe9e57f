// `node --import ./load-register.mjs ...`: registers load-hooks.mjs (see test/cli/startup.test.ts).
import { register } from 'node:module';

register('./load-hooks.mjs', import.meta.url);
